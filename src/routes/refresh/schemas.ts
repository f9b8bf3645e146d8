/**
 * The refresh's request, as the OpenAPI document describes it; its answers' schemas are the core's
 * (src/core/refresh/schemas.ts), shared with GET /v1/datasets/{id}.
 */
import { z } from "@hono/zod-openapi";
import { RefreshConfigSchema } from "../../core/refresh/config";
import { isDay } from "../../lib/born";

export {
  RefreshWindowRecordSchema,
  RefreshWindowsSchema,
  StepRecordSchema,
  WindowSummarySchema,
} from "../../core/refresh/schemas";

export const StartWindowSchema = z
  .object({
    config: RefreshConfigSchema.openapi({
      description: "The shape of wrangler.toml's [vars.REFRESH] (docs/refresh.md)",
    }),
    window_start: z
      .string()
      .refine(isDay, "a UTC day, YYYY-MM-DD")
      .optional()
      .openapi({ description: "The window's first day (default: the newest window of the schedule that has ended)" }),
  })
  .strict()
  .openapi("StartRefreshWindow");
