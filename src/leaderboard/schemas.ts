/**
 * The OpenAPI schemas of the leaderboard's shared shapes that a benchmark's own schemas build on
 * (`BenchmarkLeaderboard.schemas`). A library module (no registry).
 */
import { z } from "@hono/zod-openapi";

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
