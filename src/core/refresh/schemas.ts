/**
 * The refresh's answers as the OpenAPI document describes them (shapes: ./views.ts). Here, in the
 * core, because more than one resource answers them: the refresh's own routes, and a dataset's
 * `refresh` in GET /v1/datasets/{id}.
 */
import { z } from "@hono/zod-openapi";
import { defaultBenchmark } from "../../benchmarks/registry";
import { REFRESH_STEP_STATUSES, REFRESH_WINDOW_STATUSES } from "../../lib/db/schema";

const Dates = z.string().openapi({ description: "What the window's born dates are evidence of, and what they miss" });

export const WindowSummarySchema = z
  .object({
    id: z.string().openapi({ example: "w-2026-11-30" }),
    start: z.string().openapi({ description: "The window's first day (units born on or after it)" }),
    end: z.string().openapi({ description: "The day after its last (versions published before it)" }),
    status: z.enum(REFRESH_WINDOW_STATUSES),
    datasets: z.record(z.string(), z.string()).openapi({ description: "Benchmark id → the window's dataset" }),
    public_after: z.string(),
    published_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi("RefreshWindow");

export const StepRecordSchema = z
  .object({
    step: z.string().openapi({ example: `build/${defaultBenchmark().id}/000` }),
    status: z.enum(REFRESH_STEP_STATUSES),
    attempts: z.number().int(),
    reason: z.string().nullable(),
    record: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "What the step fetched (URLs, versions with their integrity), built or imported" }),
    output_key: z.string().nullable(),
    subrequests: z.number().int().nullable(),
    fetched_bytes: z.number().int().nullable(),
    stored_bytes: z.number().int().nullable(),
    cpu_ms: z.number().nullable(),
    peak_memory_bytes: z.number().int().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi("RefreshStep");

// `z.union` with null rather than `.nullable()`: the document then says "this window or null" where
// the field is, and the named window stays a window everywhere else it is used.
export const RefreshWindowsSchema = z
  .object({
    current: z.union([WindowSummarySchema, z.null()]).openapi({
      description: "The newest window whose datasets are imported (held out or public); null before the first",
    }),
    windows: z.array(WindowSummarySchema),
    dates: Dates,
  })
  .openapi("RefreshWindows");

export const RefreshWindowRecordSchema = z
  .object({ window: WindowSummarySchema, steps: z.array(StepRecordSchema), dates: Dates })
  .openapi("RefreshWindowRecord");
