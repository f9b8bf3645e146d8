/** The request and answer of an import of published RepoQA results: the files' shapes as the API reads them. */
import { z } from "@hono/zod-openapi";
import type { WriteStatus } from "../../../kit/leaderboard/store";
import { COMMENT_MODES, type CommentMode } from "../dataset/context";
import { SCORING_MODES } from "../score/scorer";

/** Tasks per language when a published file gives only rates: RepoQA 2024-04-20 has 10 repositories x 10 needles. */
export const DEFAULT_N_PER_LANGUAGE: Record<string, number> = { "repoqa-2024-04-20": 100 };
const PassAt1 = z.object({ "pass@1": z.number().min(0).max(1) });
const ScoreRow = z.object({
  repo: z.string().min(1).max(200),
  name: z.string().min(1).max(500),
  needle_position: z.number().min(0).max(1),
  is_best_similar: z.boolean(),
  best_similar_score: z.number().min(0),
  best_target: z.string().max(500).nullable(),
  position: z.object({ token_start: z.number().int().nullable(), token_end: z.number().int().nullable() }),
});
const ModelResults = z.object({
  eval_date: z.string().max(100).nullable().optional(),
  train_size: z
    .union([z.string().max(50), z.number()])
    .nullable()
    .optional(),
  scores: z.record(z.string(), z.record(z.string(), PassAt1)),
  results: z.record(z.string(), z.array(ScoreRow)).optional(),
});

const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "lower-case letters, digits, '.', '_' and '-', at most 64");

/** The import's body; `benchmarks` are every leaderboard benchmark (the others' files are refused with 422, not 400). */
export function leaderboardImportSchema(benchmarks: readonly [string, ...string[]]) {
  return z
    .object({
      kind: z.literal("reported").openapi({
        description: "Imports are always `reported`; verified entries come only from runs of this service",
      }),
      dataset: Slug.openapi({ example: "repoqa-2024-04-20" }),
      benchmark: z.enum(benchmarks).default("repoqa-snf").openapi({
        description:
          "Only `repoqa-snf` results files can be imported; the other leaderboard benchmarks are published by runs (422)",
      }),
      scoring_mode: z.enum(SCORING_MODES).default("official"),
      comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).default("original"),
      context_size: z
        .number()
        .int()
        .min(1)
        .max(10_000_000)
        .default(16384)
        .openapi({ description: "Context length of the evaluation (length buckets)" }),
      source: z.string().min(1).max(500).openapi({ example: "RepoQA authors (https://github.com/evalplus/repoqa)" }),
      license: z.string().min(1).max(100).openapi({ example: "Apache-2.0" }),
      cutoffs: z
        .record(z.string().min(1).max(200), z.string().max(10))
        .optional()
        .openapi({
          description:
            "Training cutoffs of the file's models as their providers state them (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`), by model name, stored with source `import` (docs/contamination.md#cutoffs); a bad one is a 400 and nothing is imported",
          example: { "gpt-4o-2024-05-13": "2023-10" },
        }),
      n_per_language: z.number().int().min(1).max(1_000_000).optional().openapi({
        description:
          "Tasks per language behind an aggregates-only file (COMBINED-RESULTS.json). Default 100 for repoqa-2024-04-20 (10 repositories x 10 needles); required for other datasets",
      }),
      file: z.record(z.string().min(1).max(200), ModelResults).openapi({
        description: "The parsed JSON of a `<model>-SCORES.json` or of `COMBINED-RESULTS.json`",
      }),
    })
    .strict()
    .openapi("LeaderboardImport");
}

export type LeaderboardImport = z.infer<ReturnType<typeof leaderboardImportSchema>>;

export interface ImportResult {
  kind: "reported";
  file_type: "scores" | "combined";
  benchmark: string;
  dataset: string;
  generation: number;
  entries: { model: string; model_slug: string; status: WriteStatus; has_samples: boolean; n: number }[];
  warnings: string[];
}

export type ModelData = z.infer<typeof ModelResults>;

export const ImportResultSchema = z
  .object({
    kind: z.literal("reported"),
    file_type: z.enum(["scores", "combined"]),
    benchmark: z.string(),
    dataset: z.string(),
    generation: z.number().int(),
    entries: z.array(
      z.object({
        model: z.string(),
        model_slug: z.string(),
        status: z
          .enum(["created", "replaced", "unchanged", "kept"])
          .openapi({ description: "`kept`: a per-sample entry exists and wins over aggregates only" }),
        has_samples: z.boolean(),
        n: z.number().int(),
      }),
    ),
    warnings: z.array(z.string()),
  })
  .openapi("LeaderboardImportResult");
