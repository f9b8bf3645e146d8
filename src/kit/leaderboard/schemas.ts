/**
 * The OpenAPI schemas of the leaderboard's shared shapes that a benchmark's own schemas build on
 * (`BenchmarkLeaderboard.schemas`). A library module (no registry).
 */
import { z } from "@hono/zod-openapi";

/** A model's stated training cutoff (`ModelCutoffShape`). */
export const CutoffSchema = z
  .object({
    cutoff: z.string().openapi({ description: "As stated: YYYY, YYYY-MM or YYYY-MM-DD", example: "2025-03" }),
    precision: z.enum(["year", "month", "day"]),
    first_unseen: z.string().openapi({
      description: "The first UTC day after the cutoff's period: units born on or after it are unseen by the model",
    }),
    source: z.string().openapi({ description: "Who stated it: `run <id>`, `import`, `admin`" }),
    note: z.string().nullable().openapi({ description: "Where it comes from (a model card), if given" }),
    updated_at: z.string(),
  })
  .openapi("ModelCutoff");

/** A `Rate`: a rate with its 95 % Wilson interval and counts. */
export const RateSchema = z
  .object({
    rate: z.number(),
    ci_low: z.number().nullable().openapi({ description: "95 % Wilson score interval" }),
    ci_high: z.number().nullable(),
    n: z.number().int().nullable().openapi({ description: "Scored tasks (errors and context overflows excluded)" }),
    passed: z.number().int().nullable(),
  })
  .openapi("Rate");
