/** The query and answer schemas of the leaderboard routes: each benchmark's board adds its own fields and parameters. */
import { z } from "@hono/zod-openapi";
import { LANGUAGES } from "../../lib/code/languages";
import type { LeaderboardSchemas, QueryParam } from "../../kit/leaderboard/family";
import {
  DATASET_ID,
  LEADERBOARD_BENCHMARKS,
  LEADERBOARD_DEFAULTS,
  LEADERBOARD_PARAMS,
  LEADERBOARD_SORTS,
} from "../../core/leaderboard/queries";
import { PAGE_LIMIT } from "../../kit/leaderboard/ranks";
import { MIN_UNSEEN } from "../../core/leaderboard/unseen";
import { PASS_RATE_BREAKDOWN } from "../../kit/leaderboard/pass-rate";
import { CutoffSchema, RateSchema } from "../../kit/leaderboard/schemas";
import { LEADERBOARD_KINDS } from "../../kit/leaderboard/types";
import { queryDecimal, queryInteger } from "../../lib/middleware/openapi";
import { BOARDS } from "./boards";
import { DATASET_ABOUT, benchmarksAbout } from "./descriptions";

const d = LEADERBOARD_DEFAULTS;
/** The fields the benchmarks add to one of the schemas, in registry order (a field shared by several is described once). */
function added(part: keyof LeaderboardSchemas): z.ZodRawShape {
  const out: Record<string, z.ZodRawShape[string]> = {};
  for (const b of BOARDS) for (const [name, field] of Object.entries(b.schemas?.[part] ?? {})) out[name] ??= field;
  return out;
}
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a UTC day, YYYY-MM-DD");

/** The unseen view's parameters (docs/contamination.md#the-unseen-view). */
const UnseenParams = {
  unseen: z
    .enum(["0", "1"])
    .optional()
    .openapi({
      description: `1: the unseen view, each model scored only on the units born on or after the first day after its training cutoff (within \`since\` and \`until\` when given); models without a stated cutoff, or with fewer than ${MIN_UNSEEN} such units, are set apart (\`unseen.set_apart\`), not ranked`,
    }),
  since: Day.optional().openapi({ description: "With unseen=1: only units born on or after this UTC day" }),
  until: Day.optional().openapi({ description: "With unseen=1: only units born on or before this UTC day" }),
};

const SetApartSchema = z.object({
  model: z.string(),
  model_slug: z.string(),
  kind: z.enum(LEADERBOARD_KINDS),
  reason: z.enum(["no cutoff", "too few unseen units"]),
  n: z.number().int().openapi({ description: "Units born on or after its first unseen day, within the window" }),
  cutoff: CutoffSchema.nullable(),
});

const UnseenSchema = z
  .object({
    since: z.string().nullable(),
    until: z.string().nullable(),
    min_n: z.number().int().openapi({ description: "Unseen units a model needs to be ranked" }),
    metric: z.enum(["pass", "score"]).openapi({
      description:
        "`pass`: a row's rate is passed / n over its unseen units, with a Wilson interval; `score`: the mean score (graded benchmarks), no interval",
    }),
    set_apart: z.array(SetApartSchema).openapi({ description: "The first models not ranked, by name" }),
    set_apart_total: z.number().int(),
    births: z
      .object({
        units: z.number().int(),
        undated: z.number().int(),
        years: z.array(z.object({ year: z.string(), units: z.number().int() })),
      })
      .nullable()
      .openapi({
        description:
          "The dataset's units by the year their code was born (ascending) and the undated ones: a year's units are unseen by every model whose cutoff is the year before or earlier. Null without a dataset",
      }),
  })
  .openapi("UnseenView", {
    description:
      "The unseen view (unseen=1): rows are scored only on units born after each model's cutoff; `born` is evidence, not proof (docs/contamination.md)",
  });

export const Scope = {
  benchmark: z.enum(LEADERBOARD_BENCHMARKS).default(d.benchmark).openapi({ description: benchmarksAbout() }),
  // No zod default: the default depends on the benchmark (normalizeQuery, defaultDataset).
  dataset: z
    .string()
    .regex(
      DATASET_ID,
      "a dataset id (1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit)",
    )
    .optional()
    .openapi({
      description: DATASET_ABOUT,
    }),
  kind: z
    .enum(["all", ...LEADERBOARD_KINDS] as const)
    .default("all")
    .openapi({
      description: "`verified`: runs of this service (with a receipt); `reported`: imported published results",
    }),
};

/** A benchmark's parameter as a query string field: one of its values (a numeric one: any spelling of one). */
function paramField(p: QueryParam) {
  if (!p.numeric) return z.enum(p.values as [string, ...string[]]);
  return queryDecimal(
    z.number().refine((n) => p.values.some((v) => Math.abs(Number(v) - n) <= 1e-9), {
      message: `one of ${p.values.join(", ")}`,
    }),
  );
}

/**
 * The benchmarks' own query parameters: no zod defaults (normalizeQuery fills them in for the
 * benchmark asked for, drops them elsewhere), each described with its default.
 */
export const Params = Object.fromEntries(
  Object.entries(LEADERBOARD_PARAMS).map(([name, p]) => [
    name,
    paramField(p)
      .optional()
      .openapi({ description: p.description, default: p.numeric ? Number(p.default) : p.default }),
  ]),
);

export const LeaderboardQuerySchema = z.object({
  ...Scope,
  ...Params,
  language: z
    .enum(["all", ...LANGUAGES] as const)
    .default("all")
    .openapi({ description: "Rank by the rate in this language" }),
  sort: z
    .enum(LEADERBOARD_SORTS)
    .default("-rate")
    .openapi({ description: "`-rate` best first (ties by model name), `rate`, `model`, `-model`" }),
  ...UnseenParams,
  format: z.enum(["json", "csv"]).default("json"),
  limit: queryInteger(z.number().int().min(1).max(PAGE_LIMIT.max))
    .default(PAGE_LIMIT.default)
    .openapi({ description: `Rows per page, 1 to ${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default})` }),
  cursor: z.string().max(2048).optional().openapi({
    description:
      "Which page: the `next` or `prev` of a response of the same sort (opaque); absent: the first page. A cursor that is not one is a 400.",
  }),
});

/** A benchmark's own parameter as answers echo it: a number for a numeric one. */
const echoField = (p: QueryParam) => (p.numeric ? z.number() : z.enum(p.values as [string, ...string[]]));

/** The benchmark's own parameters, as the answers about its board echo them (its own only). */
const EchoedParams = Object.fromEntries(
  Object.entries(LEADERBOARD_PARAMS).map(([name, p]) => [
    name,
    echoField(p)
      .optional()
      .openapi({ description: `${p.owner} only` }),
  ]),
);

const QueryEcho = z.object({
  benchmark: z.string(),
  dataset: z.string(),
  language: z.string(),
  kind: z.enum(["all", ...LEADERBOARD_KINDS] as const),
  sort: z.enum(LEADERBOARD_SORTS),
  unseen: z.literal(1).optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  options: z.string().openapi({
    description:
      "The entries' scope options as stored: the benchmark's scope parameters that differ from their defaults, as `key=value` joined by `&` (\"\" when none do)",
  }),
  ...EchoedParams,
});

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
  cutoff: CutoffSchema.nullable().openapi({
    description: "The model's training cutoff as stated (docs/contamination.md#cutoffs); null when nobody stated one",
  }),
  ...added("row"),
}).openapi("LeaderboardRow");

export const LeaderboardSchema = z
  .object({
    query: QueryEcho,
    interval: z.literal("wilson-95"),
    languages: z.array(z.string()),
    rows: z.array(LeaderboardRowSchema).openapi({ description: "One page of the board, in the query's sort" }),
    updated_at: z.string().nullable().openapi({ description: "The latest update of this page's rows" }),
    total: z.number().int().openapi({ description: "Rows of the whole board (every page)" }),
    limit: z.number().int().openapi({ description: "The most rows a page holds" }),
    next: z.string().nullable().openapi({ description: "The `cursor` of the next page; null on the last" }),
    prev: z.string().nullable().openapi({ description: "The `cursor` of the previous page; null on the first" }),
    unseen: UnseenSchema.optional(),
    ...added("response"),
  })
  .openapi("Leaderboard");

export const BreakdownSchema = z
  .object({
    model: z.string(),
    model_slug: z.string(),
    kind: z.enum(LEADERBOARD_KINDS),
    submitted_outputs: z.boolean().openapi({
      description:
        "A verified entry scored from outputs submitted to this service (no model called here; its receipt has their sha256)",
    }),
    benchmark: z.string(),
    dataset: z.string(),
    ...EchoedParams,
    cutoff: CutoffSchema.nullable().openapi({
      description: "The model's training cutoff as stated; null when unknown",
    }),
    interval: z.literal("wilson-95"),
    ...(BOARDS.some((b) => b.passRates) ? PASS_RATE_BREAKDOWN : {}),
    has_samples: z.boolean(),
    born_months: z
      .array(
        z.object({
          month: z.string(),
          n: z.number().int(),
          passed: z.number().int().nullable(),
          rate: z.number(),
          ci_low: z.number().nullable(),
          ci_high: z.number().nullable(),
        }),
      )
      .openapi({
        description:
          "The model's results by the month its units' code was born (dated units only, at the query's threshold; the unseen view's metric): a drop after its cutoff is evidence of contamination (docs/contamination.md)",
      }),
    ...added("breakdown"),
  })
  .openapi("ModelBreakdown");

export const ModelParam = z.object({
  model: z
    .string()
    .min(1)
    .max(300)
    .openapi({ param: { name: "model", in: "path" }, example: "Qwen--Qwen1.5-72B-Chat" }),
});

export const CutoffResult = z.object({
  model: z.string(),
  model_slug: z.string(),
  cutoff: CutoffSchema.nullable(),
});
