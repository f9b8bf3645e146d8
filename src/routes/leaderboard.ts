import { createRoute, z } from "@hono/zod-openapi";
import { SCORING_MODES } from "../benchmarks/repoqa/scorer";
import { LANGUAGES } from "../code/languages";
import { COMMENT_MODES, type CommentMode } from "../benchmarks/repoqa/dataset/context";
import { ProblemError } from "../errors";
import { THRESHOLD_KEYS } from "../leaderboard/aggregate";
import { cachedRead } from "../leaderboard/http-cache";
import { DEFAULT_N_PER_LANGUAGE, LeaderboardImportSchema, importReported } from "../leaderboard/import";
import { DATASET_ID, LEADERBOARD_BENCHMARKS, LEADERBOARD_DEFAULTS, LEADERBOARD_SORTS, canonicalQuery, modelBreakdown, normalizeQuery, queryLeaderboard } from "../leaderboard/queries";
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark } from "../leaderboard/positional";
import { BUCKET_KEYS, LONGCODEU_BENCHMARK, LONGCODEU_BUCKET_FILTERS, LONGCODEU_METRICS, LONGCODEU_TASKS, isLongCodeUBenchmark } from "../leaderboard/longcodeu";
import { LEADERBOARD_KINDS, type LeaderboardResponse } from "../leaderboard/types";
import { requireAdmin } from "../middleware/admin";
import { LIMITS, limitBody, requireJson } from "../middleware/body";
import { ADMIN_SECURITY, createRouter, jsonBody, jsonResponse, problemResponses, queryDecimal } from "./common";

const d = LEADERBOARD_DEFAULTS;
const Threshold = queryDecimal(
  z.number().refine((t) => THRESHOLD_KEYS.includes(t.toFixed(1)) && Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, { message: `one of ${THRESHOLD_KEYS.join(", ")}` }),
)
  .default(d.threshold)
  .openapi({ description: "Similarity threshold of the reference's sweep", example: 0.8 });

const Scope = {
  benchmark: z
    .enum(LEADERBOARD_BENCHMARKS)
    .default(d.benchmark as (typeof LEADERBOARD_BENCHMARKS)[number])
    .openapi({
      description: `\`${d.benchmark}\` (RepoQA), a positional benchmark of "Sense and Sensitivity": ${POSITIONAL_BENCHMARKS.map((b) => `\`${b}\``).join(", ")}, or \`${LONGCODEU_BENCHMARK}\` (LongCodeU's eight tasks)`,
    }),
  // No zod default: the default depends on the benchmark (normalizeQuery, defaultDataset).
  dataset: z
    .string()
    .regex(DATASET_ID, "a dataset id (1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit)")
    .optional()
    .openapi({
      description: `Default \`${d.dataset}\` for RepoQA. For a positional benchmark or LongCodeU: the dataset with the most entries of that benchmark (ties: the most recently updated, then by name); for one model, among the datasets it has an entry of that benchmark in.`,
    }),
  threshold: Threshold,
  mode: z.enum(SCORING_MODES).default(d.mode).openapi({ description: "Scoring mode" }),
  comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).default("original"),
  kind: z.enum(["all", ...LEADERBOARD_KINDS] as const).default("all").openapi({ description: "`verified`: runs of this service (with a receipt); `reported`: imported published results" }),
};

const LeaderboardQuerySchema = z.object({
  ...Scope,
  language: z.enum(["all", ...LANGUAGES] as const).default("all").openapi({ description: "Rank by the rate in this language" }),
  sort: z.enum(LEADERBOARD_SORTS).default("-rate").openapi({ description: "`-rate` best first (ties by model name), `rate`, `model`, `-model`" }),
  // No zod defaults: these exist only for LongCodeU (normalizeQuery fills them in there, drops them elsewhere).
  bucket: z
    .enum(LONGCODEU_BUCKET_FILTERS)
    .optional()
    .openapi({ description: `LongCodeU only: the context-length bucket (CodeLlama tokens) shown, \`all\` (default) or one of ${BUCKET_KEYS.map((b) => `\`${b}\``).join(", ")}` }),
  metric: z
    .enum(LONGCODEU_METRICS)
    .optional()
    .openapi({ description: "LongCodeU only: `recall` (default: EM-R, LCS-R, CodeBLEU, CB-R, BLEU) or `precision` (EM-P, LCS-P, CodeBLEU, CB-P, BLEU): fills the task columns and ranks by their average" }),
  format: z.enum(["json", "csv"]).default("json"),
});

const RateSchema = z
  .object({
    rate: z.number(),
    ci_low: z.number().nullable().openapi({ description: "95 % Wilson score interval" }),
    ci_high: z.number().nullable(),
    n: z.number().int().nullable().openapi({ description: "Scored tasks (errors and context overflows excluded)" }),
    passed: z.number().int().nullable(),
  })
  .openapi("Rate");

const QueryEcho = z.object({
  benchmark: z.string(),
  dataset: z.string(),
  threshold: z.number(),
  language: z.string(),
  mode: z.enum(SCORING_MODES),
  comment_mode: z.string(),
  kind: z.enum(["all", ...LEADERBOARD_KINDS] as const),
  sort: z.enum(LEADERBOARD_SORTS),
  bucket: z.enum(LONGCODEU_BUCKET_FILTERS).optional().openapi({ description: "LongCodeU only" }),
  metric: z.enum(LONGCODEU_METRICS).optional().openapi({ description: "LongCodeU only" }),
});

const TaskValues = z.object(Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number().nullable()])) as Record<(typeof LONGCODEU_TASKS)[number], z.ZodNullable<z.ZodNumber>>);

const PaperReferenceSchema = z
  .object({
    model: z.string(),
    tasks: z.object(Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number()])) as Record<(typeof LONGCODEU_TASKS)[number], z.ZodNumber>),
    average: z.number(),
  })
  .openapi("LongCodeUPaperReference");

const LeaderboardRowSchema = RateSchema.extend({
  rank: z.number().int().openapi({ description: "1 + the number of rows with a higher rate (ties share a rank)" }),
  model: z.string(),
  model_slug: z.string().openapi({ description: "For /v1/leaderboard/models/{model}" }),
  kind: z.enum(LEADERBOARD_KINDS),
  languages: z.record(z.string(), RateSchema),
  errors: z.number().int(),
  context_exceeded: z.number().int(),
  train_size: z.string().nullable(),
  eval_date: z.string().nullable(),
  source: z.string().nullable(),
  license: z.string().nullable(),
  has_samples: z.boolean(),
  receipt: z.record(z.string(), z.unknown()).nullable(),
  median_drop: z
    .number()
    .nullable()
    .optional()
    .openapi({
      description:
        "Positional benchmarks only: the median over D of drop(D) = 1 - min over interior positions (0 < p < 1) of accuracy(D, p) / max over positions of accuracy(D, ·); null when no D has one. Rows of positional benchmarks: `rate` is exact-match accuracy (the same at every threshold).",
    }),
  tasks: TaskValues.optional().openapi({
    description:
      "LongCodeU only, in the query's bucket and metric: the metric's mean per task (0..1; null: no scored example of the task there). LongCodeU rows: `rate` is the average over the tasks that have one (the paper's #Avg), `n` the scored examples, `passed` and the interval null, `languages` empty, `errors` and `context_exceeded` those of the bucket.",
  }),
  tasks_averaged: z.number().int().optional().openapi({ description: "LongCodeU only: how many tasks the average is over" }),
  unparseable: z.number().int().optional().openapi({ description: "LongCodeU only: outputs that could not be parsed (scored 0 and counted in n)" }),
}).openapi("LeaderboardRow");

const LeaderboardSchema = z
  .object({
    query: QueryEcho,
    interval: z.literal("wilson-95"),
    languages: z.array(z.string()),
    rows: z.array(LeaderboardRowSchema),
    updated_at: z.string().nullable(),
    paper_median_drop: z.number().optional().openapi({ description: "Positional benchmarks only: the paper's median relative drop for this task (reference figure)" }),
    tasks: z.array(z.enum(LONGCODEU_TASKS)).optional().openapi({ description: "LongCodeU only: the task columns, in the paper's order" }),
    paper_reference: z
      .array(PaperReferenceSchema)
      .optional()
      .openapi({ description: "LongCodeU only, with metric=recall and bucket=all: the paper's Table 3 (recall metrics over all lengths, its own data set), a reference apart from the rows" }),
  })
  .openapi("Leaderboard");

const BucketSchema = RateSchema.extend({ bucket: z.string(), lo: z.number(), hi: z.number() }).openapi("BucketRate");

const PositionalSchema = z
  .object({
    positions: z.array(z.string()).openapi({ description: 'Grid positions present, ascending, as keys: the position rounded to 6 decimals, shortest form ("0", "0.1", "0.25", "1")' }),
    distractors: z.array(z.number().int()).openapi({ description: "Distractor counts D present, ascending" }),
    cells: z
      .array(
        RateSchema.extend({
          position: z.string(),
          distractors: z.number().int(),
          mean_score: z.number().nullable().openapi({ description: "Mean partial score of the cell's scored samples (SemTrace: fraction of list positions right)" }),
          relative: z.number().nullable().openapi({ description: "rate / the best rate over positions at this D; null when that best is 0" }),
        }),
      )
      .openapi({ description: "One per (position, D) with scored samples, by D then position" }),
    drops: z.array(
      z.object({
        distractors: z.number().int(),
        best: z.number().openapi({ description: "Best accuracy over positions at this D" }),
        min_relative: z.number().nullable().openapi({ description: "Lowest relative accuracy at an interior position (0 < p < 1)" }),
        min_position: z.string().nullable(),
        drop: z.number().nullable().openapi({ description: "1 - min_relative" }),
      }),
    ),
    median_drop: z.number().nullable().openapi({ description: "Median over D of drop" }),
    mean_score: z.number().nullable().openapi({ description: "Mean partial score over all scored samples" }),
    errors: z.number().int().openapi({ description: "Samples whose model call failed (not in any n)" }),
    context_exceeded: z.number().int().openapi({ description: "Samples whose prompt exceeded the model's context window (not in any n)" }),
    paper_median_drop: z.number().openapi({ description: "The paper's median relative drop for this task (reference figure)" }),
  })
  .openapi("PositionalBreakdown");

const LongCodeUCellSchema = z
  .object({
    n: z.number().int().openapi({ description: "Scored examples" }),
    recall: z.number().nullable().openapi({ description: "Mean recall (EM-R, LCS-R, CodeBLEU, CB-R or BLEU); null without scored examples" }),
    precision: z.number().nullable().openapi({ description: "Mean precision (EM-P, LCS-P, CodeBLEU, CB-P or BLEU)" }),
    unparseable: z.number().int().openapi({ description: "Outputs that could not be parsed (scored 0, in n)" }),
    errors: z.number().int().openapi({ description: "Model calls that failed (not in n)" }),
    context_exceeded: z.number().int().openapi({ description: "Prompts over the model's context window (not in n)" }),
  })
  .openapi("LongCodeUCell");

const LongCodeUAverageSchema = LongCodeUCellSchema.extend({
  tasks: z.number().int().openapi({ description: "Tasks with scored examples: recall and precision are the means of their task means" }),
}).openapi("LongCodeUAverage");

const LongCodeUBreakdownSchema = z
  .object({
    task_order: z.array(z.enum(LONGCODEU_TASKS)),
    buckets: z.array(z.enum(BUCKET_KEYS)).openapi({ description: "Context-length buckets in CodeLlama tokens (1K = 1024)" }),
    tasks: z
      .record(z.string(), z.object({ all: LongCodeUCellSchema, buckets: z.record(z.string(), LongCodeUCellSchema) }))
      .openapi({ description: "Per task with examples: over all lengths, and per bucket with examples (an example of unknown length is in `all` only)" }),
    average: z.object({ all: LongCodeUAverageSchema, buckets: z.record(z.string(), LongCodeUAverageSchema) }).openapi({ description: "The average over tasks (the paper's #Avg), with the counts of all tasks" }),
    paper_reference: z.array(PaperReferenceSchema).openapi({ description: "The paper's Table 3 (recall, all lengths), reference figures" }),
  })
  .openapi("LongCodeUBreakdown");

const BreakdownSchema = z
  .object({
    model: z.string(),
    model_slug: z.string(),
    kind: z.enum(LEADERBOARD_KINDS),
    benchmark: z.string(),
    dataset: z.string(),
    mode: z.string(),
    comment_mode: z.string(),
    threshold: z.number(),
    interval: z.literal("wilson-95"),
    thresholds: z.record(z.string(), z.record(z.string(), RateSchema)).openapi({ description: 'thresholds["0.8"]["python"]; "all" included' }),
    depth: z.array(BucketSchema).openapi({ description: "By needle depth in tenths, at `threshold` (empty without samples)" }),
    length: z.array(BucketSchema).openapi({ description: "By context length, at `threshold`" }),
    heatmap: z.array(z.object({ depth: z.string(), length: z.string(), rate: z.number(), n: z.number().int() })),
    has_samples: z.boolean(),
    positional: PositionalSchema.optional().openapi({
      description: "Positional benchmarks only. There `depth` is keyed by exact grid position (lo = hi = the position), `length` by D, `heatmap` is position x D, and pass means exact match at every threshold.",
    }),
    longcodeu: LongCodeUBreakdownSchema.optional().openapi({
      description: "LongCodeU only: the task x length-bucket grid with recall and precision. There `thresholds`, `depth`, `length` and `heatmap` are empty (LongCodeU has no threshold).",
    }),
  })
  .openapi("ModelBreakdown");

const ImportResultSchema = z
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
        status: z.enum(["created", "replaced", "unchanged", "kept"]).openapi({ description: "`kept`: a per-sample entry exists and wins over aggregates only" }),
        has_samples: z.boolean(),
        n: z.number().int(),
      }),
    ),
    warnings: z.array(z.string()),
  })
  .openapi("LeaderboardImportResult");

const CACHING = "Cached: `Cache-Control: public, max-age=60, s-maxage=300` and an `ETag` that changes with every leaderboard write (`If-None-Match` answers 304).";
const notModified = { 304: { description: "Not modified: the If-None-Match ETag is current" } };

const list = createRoute({
  method: "get",
  path: "/v1/leaderboard",
  tags: ["leaderboard"],
  summary: "The leaderboard: pass@1 per model at one threshold, with 95 % Wilson intervals",
  description: `${CACHING} \`format=csv\` answers text/csv (rank, model, kind, rate, ci_low, ci_high, n, passed, errors, context_exceeded, then one column per language; LongCodeU: rank, model, kind, the eight tasks, average, n, unparseable, errors, context_exceeded, in the query's bucket and metric). \`bucket\` and \`metric\` are LongCodeU's (ignored elsewhere).`,
  request: { query: LeaderboardQuerySchema },
  responses: {
    200: {
      description: "The leaderboard",
      content: { "application/json": { schema: LeaderboardSchema }, "text/csv": { schema: z.string() } },
    },
    ...notModified,
    ...problemResponses(400),
  },
});

const model = createRoute({
  method: "get",
  path: "/v1/leaderboard/models/{model}",
  tags: ["leaderboard"],
  summary: "One model: every threshold and language, and at `threshold` by needle depth, context length and both",
  description: `${CACHING} With kind=all the verified entry is shown when there is one.`,
  request: {
    params: z.object({ model: z.string().min(1).max(300).openapi({ param: { name: "model", in: "path" }, example: "Qwen--Qwen1.5-72B-Chat" }) }),
    query: z.object(Scope),
  },
  responses: { 200: jsonResponse(BreakdownSchema, "The model's breakdown"), ...notModified, ...problemResponses(400, 404) },
});

const importRoute = createRoute({
  method: "post",
  path: "/v1/leaderboard/import",
  tags: ["leaderboard"],
  summary: "Import published results (a <model>-SCORES.json or COMBINED-RESULTS.json) as reported entries",
  description: [
    "A SCORES file's per-task rows are stored and every aggregate is recomputed from them; a file whose own `scores` differ from its rows (tolerance 1e-12) is refused with 422 and nothing is stored.",
    `COMBINED-RESULTS.json has rates only: each model gets an entry without samples, with n = n_per_language per language (default ${DEFAULT_N_PER_LANGUAGE["repoqa-2024-04-20"]} for repoqa-2024-04-20: 10 repositories x 10 needles), passed = round(rate x n) and "all" n = the sum, so intervals exist. A model that already has a per-sample entry keeps it.`,
    "Importing the same content again changes nothing; changed content replaces the entry atomically.",
  ].join(" "),
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.leaderboardImportBody), requireJson] as const,
  request: jsonBody(LeaderboardImportSchema),
  responses: { 200: jsonResponse(ImportResultSchema, "Imported"), ...problemResponses(400, 401, 403, 413, 415, 422) },
});

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The leaderboard as CSV: one row per model, one rate column per language (and `median_drop` last
 * for positional benchmarks); for LongCodeU one column per task and the average.
 */
export function leaderboardCsv(data: LeaderboardResponse): string {
  if (isLongCodeUBenchmark(data.query.benchmark)) return longcodeuCsv(data);
  const positional = isPositionalBenchmark(data.query.benchmark);
  const header = ["rank", "model", "kind", "rate", "ci_low", "ci_high", "n", "passed", "errors", "context_exceeded", ...data.languages, ...(positional ? ["median_drop"] : [])];
  const lines = data.rows.map((r) =>
    [r.rank, r.model, r.kind, r.rate, r.ci_low, r.ci_high, r.n, r.passed, r.errors, r.context_exceeded, ...data.languages.map((l) => r.languages[l]?.rate), ...(positional ? [r.median_drop] : [])]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

/** LongCodeU's CSV: the eight task columns (the query's metric, 0..1) and their average. */
function longcodeuCsv(data: LeaderboardResponse): string {
  const header = ["rank", "model", "kind", ...LONGCODEU_TASKS, "average", "n", "unparseable", "errors", "context_exceeded"];
  const lines = data.rows.map((r) =>
    [r.rank, r.model, r.kind, ...LONGCODEU_TASKS.map((t) => r.tasks?.[t]), r.rate, r.n, r.unparseable, r.errors, r.context_exceeded].map(csvCell).join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

/** The CSV's file name, from the resolved query. */
function csvName(q: LeaderboardResponse["query"]): string {
  const parts = isLongCodeUBenchmark(q.benchmark) ? [q.benchmark, q.dataset, q.bucket, q.metric] : [q.benchmark, q.dataset, q.threshold.toFixed(1), q.language];
  return `leaderboard-${parts.join("-")}.csv`.replace(/[^A-Za-z0-9._-]/g, "_");
}

export const leaderboardRoutes = createRouter()
  .openapi(list, async (c) => {
    const { format, ...query } = c.req.valid("query");
    const q = normalizeQuery(query);
    return cachedRead(c, `leaderboard?${canonicalQuery(q)}&format=${format}`, async () => {
      const data = await queryLeaderboard(c.env, q);
      if (format === "json") return c.json(data, 200);
      return c.body(leaderboardCsv(data), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvName(data.query)}"`,
      });
    });
  })
  .openapi(model, async (c) => {
    const { model: slug } = c.req.valid("param");
    const q = normalizeQuery(c.req.valid("query"));
    return cachedRead(c, `model/${slug}?${canonicalQuery(q)}`, async () => {
      const data = await modelBreakdown(c.env, slug, q);
      if (!data) {
        const of = q.dataset === "" ? `any dataset of ${q.benchmark}` : q.dataset;
        throw new ProblemError("not-found", `No model "${slug}" on the ${q.kind === "all" ? "" : `${q.kind} `}leaderboard of ${of} (${q.mode}, ${q.comment_mode}).`);
      }
      return c.json(data, 200);
    });
  })
  .openapi(importRoute, async (c) => c.json(await importReported(c.env, c.req.valid("json")), 200));
