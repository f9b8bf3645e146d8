/**
 * What a comparison is asked with: the query schemas of `GET /v1/compare` and the comparison pages
 * (the same rules, the same messages), and the types the service reads, inferred from them. The
 * benchmarks' scope options are flat fields of the query; withScopeOptions gathers them under
 * `options` (ScopeFilters) before the service reads them.
 */
import { z } from "@hono/zod-openapi";
import { queryDecimal, queryInteger } from "../../lib/middleware/openapi";
import { SCOPE_OPTIONS } from "../leaderboard/queries";
import type { ScopeFilters } from "./sides";

/** Discordant pairs per page of an answer. */
export const DISCORDANT_PER_PAGE = 50;

const SideName = z.string().min(1).max(200);

/** The query of `GET /v1/compare`, read by the comparison page too. */
export const CompareQuerySchema = z.object({
  a: SideName.openapi({
    description: "Side A: a completed run's id, or a leaderboard entry's model slug (with stored samples)",
    example: "run-20261121120000-0123456789",
  }),
  b: SideName.openapi({ description: "Side B, as `a`. Differences are A − B.", example: "gpt-4o-2024-05-13" }),
  threshold: queryDecimal(z.number().min(0).max(1)).optional().openapi({
    description:
      "The similarity threshold a pass reads, for benchmarks whose pass rule has one (default: the benchmark's; otherwise ignored)",
    example: 0.8,
  }),
  benchmark: z.string().min(1).max(64).optional().openapi({
    description: "An entry's benchmark (default: a run's on the other side, else the only one the model has)",
  }),
  dataset: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ description: "An entry's dataset (default: a run's on the other side, else the only one)" }),
  ...Object.fromEntries(
    SCOPE_OPTIONS.map(([name, p]) => [
      name,
      z
        .string()
        .min(1)
        .max(64)
        .optional()
        .openapi({ description: `${p.owner}: an entry's ${name} (default: the only one). ${p.description}` }),
    ]),
  ),
  page: queryInteger(z.number().int().min(1).max(100_000))
    .optional()
    .openapi({
      description: `The page of the discordant list, ${DISCORDANT_PER_PAGE} tasks a page (default 1; past the last: 400)`,
      example: 1,
    }),
});

/** One task of a comparison (`GET /compare/task`): the comparison's query and the task's pair key. */
export const CompareTaskSchema = CompareQuerySchema.omit({ page: true }).extend({ key: z.string().min(1).max(1000) });

/** A comparison's query as the service reads it: the sides, threshold and page, the scope gathered. */
export type CompareQuery = Pick<z.infer<typeof CompareQuerySchema>, "a" | "b" | "threshold" | "page"> & ScopeFilters;

/** One task's query as the service reads it. */
export type TaskQuery = Pick<z.infer<typeof CompareTaskSchema>, "a" | "b" | "threshold" | "key"> & ScopeFilters;
