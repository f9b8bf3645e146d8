import { createRoute, z } from "@hono/zod-openapi";
import { LANGUAGES } from "../lib/code/languages";
import { notFound } from "../lib/errors";
import type { BenchmarkLeaderboard, LeaderboardSchemas, QueryParam, ReportedImport } from "../kit/leaderboard/family";
import { clearCutoff, cutoffOf, modelOfSlug, setCutoff } from "../kit/leaderboard/cutoffs";
import { cachedRead } from "../core/leaderboard/http-cache";
import {
  DATASET_ID,
  LEADERBOARD_BENCHMARKS,
  LEADERBOARD_DEFAULTS,
  LEADERBOARD_PARAMS,
  LEADERBOARD_SORTS,
  canonicalQuery,
  leaderboardOf,
  modelBreakdown,
  normalizeQuery,
  queryLeaderboard,
} from "../core/leaderboard/queries";
import { PAGE_LIMIT } from "../kit/leaderboard/ranks";
import { MIN_UNSEEN } from "../core/leaderboard/unseen";
import { PASS_RATE_BREAKDOWN } from "../kit/leaderboard/pass-rate";
import { CutoffSchema, RateSchema } from "../kit/leaderboard/schemas";
import { LEADERBOARD_KINDS, type LeaderboardQuery, type LeaderboardResponse } from "../kit/leaderboard/types";
import { requireAdmin } from "../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import {
  ADMIN_SECURITY,
  createRouter,
  jsonBody,
  jsonResponse,
  problemResponses,
  queryDecimal,
  queryInteger,
} from "../lib/middleware/openapi";

const d = LEADERBOARD_DEFAULTS;
/** Every leaderboard benchmark's leaderboard, in registry order. */
const BOARDS = LEADERBOARD_BENCHMARKS.map((id) => leaderboardOf(id)!);
/** The fields the benchmarks add to one of the schemas, in registry order (a field shared by several is described once). */
function added(part: keyof LeaderboardSchemas): z.ZodRawShape {
  const out: Record<string, z.ZodRawShape[string]> = {};
  for (const b of BOARDS) for (const [name, field] of Object.entries(b.schemas?.[part] ?? {})) out[name] ??= field;
  return out;
}
/** Backticked names grouped by a text (in first-seen order): how the descriptions list benchmarks and parameters. */
function grouped(pairs: readonly (readonly [string, string])[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const [text, name] of pairs) groups.set(text, [...(groups.get(text) ?? []), `\`${name}\``]);
  return [...groups];
}

/** The `benchmark` parameter's description: each group of benchmarks with the same `about`, in registry order. */
function benchmarksAbout(): string {
  const named = grouped(LEADERBOARD_BENCHMARKS.map((id) => [leaderboardOf(id)!.about, id] as const)).map(
    ([about, ids]) => about.replace("%s", ids.join(", ")),
  );
  return named.length > 1 ? `${named.slice(0, -1).join(", ")}, or ${named.at(-1)}` : named.join("");
}

/** Whose the extra parameters are, for the description: "`a` and `b` are X's (ignored elsewhere)." */
function paramsAbout(): string {
  return grouped(Object.entries(LEADERBOARD_PARAMS).map(([name, p]) => [p.owner, name] as const))
    .map(
      ([owner, names]) => ` ${names.join(" and ")} ${names.length > 1 ? "are" : "is"} ${owner}'s (ignored elsewhere).`,
    )
    .join("");
}

/** The benchmarks with a default dataset, for the description. */
const withDefault = LEADERBOARD_BENCHMARKS.filter((id) => leaderboardOf(id)!.defaultDataset !== undefined);

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
  })
  .openapi("UnseenView", {
    description:
      "The unseen view (unseen=1): rows are scored only on units born after each model's cutoff; `born` is evidence, not proof (docs/contamination.md)",
  });

const Scope = {
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
      description: `${withDefault.map((id) => `Default \`${leaderboardOf(id)!.defaultDataset}\` for \`${id}\`.`).join(" ")} For another benchmark: among the datasets with entries of that benchmark, a loaded one first, then the one with the most entries (ties: the most recently updated, then by name); without any entry, the most recently loaded dataset that benchmark reads (its board is empty). For one model: among the datasets it has an entry of that benchmark in.`,
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
const Params = Object.fromEntries(
  Object.entries(LEADERBOARD_PARAMS).map(([name, p]) => [
    name,
    paramField(p)
      .optional()
      .openapi({ description: p.description, default: p.numeric ? Number(p.default) : p.default }),
  ]),
);

const LeaderboardQuerySchema = z.object({
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

const LeaderboardSchema = z
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

const BreakdownSchema = z
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

/** The benchmark whose published results files the import reads (the first with `reported`). */
const importer = BOARDS.find((b) => b.reported) as BenchmarkLeaderboard & { reported: ReportedImport };

/** Why the import refuses a benchmark's file: any benchmark but the importer's is published by runs. */
const refusal = (benchmark: string): string | undefined => {
  const board = leaderboardOf(benchmark);
  return board === importer ? undefined : (board?.notImported ?? "is published by runs of this service");
};

const CACHING =
  "Cached: `Cache-Control: public, max-age=60, s-maxage=300` and an `ETag` that changes with every leaderboard write (`If-None-Match` answers 304).";
const notModified = { 304: { description: "Not modified: the If-None-Match ETag is current" } };

const list = createRoute({
  method: "get",
  path: "/v1/leaderboard",
  tags: ["leaderboard"],
  summary: "The leaderboard: pass@1 per model at one threshold, with 95 % Wilson intervals",
  description: `${CACHING} One page of at most \`limit\` rows (default and most ${PAGE_LIMIT.max}); \`next\` and \`prev\` (and the \`Link\` header, rel next and prev) are the \`cursor\` of the pages on either side, \`total\` (and \`X-Total-Count\`) the rows of the whole board. \`format=csv\` answers text/csv (rank, model, kind, rate, ci_low, ci_high, n, passed, errors, context_exceeded, then one column per language${[...new Set(BOARDS.flatMap((b) => (b.csvAbout ? [`; ${b.csvAbout}`] : [])))].join("")}; last, every benchmark's \`cutoff\`: the model's stated training cutoff, empty when unknown).${paramsAbout()}`,
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
    params: z.object({
      model: z
        .string()
        .min(1)
        .max(300)
        .openapi({ param: { name: "model", in: "path" }, example: "Qwen--Qwen1.5-72B-Chat" }),
    }),
    query: z.object({ ...Scope, ...Params }),
  },
  responses: {
    200: jsonResponse(BreakdownSchema, "The model's breakdown"),
    ...notModified,
    ...problemResponses(400, 404),
  },
});

const importRoute = createRoute({
  method: "post",
  path: "/v1/leaderboard/import",
  tags: ["leaderboard"],
  summary: "Import published results (a <model>-SCORES.json or COMBINED-RESULTS.json) as reported entries",
  description: importer.reported.description,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.leaderboardImportBody), requireJson] as const,
  request: jsonBody(importer.reported.schema(LEADERBOARD_BENCHMARKS)),
  responses: {
    200: jsonResponse(importer.reported.result, "Imported"),
    ...problemResponses(400, 401, 403, 413, 415, 422),
  },
});

const ModelParam = z.object({
  model: z
    .string()
    .min(1)
    .max(300)
    .openapi({ param: { name: "model", in: "path" }, example: "Qwen--Qwen1.5-72B-Chat" }),
});

const CutoffResult = z.object({
  model: z.string(),
  model_slug: z.string(),
  cutoff: CutoffSchema.nullable(),
});

const putCutoff = createRoute({
  method: "put",
  path: "/v1/leaderboard/models/{model}/cutoff",
  tags: ["leaderboard"],
  summary: "Set or correct a model's training cutoff (the model of a leaderboard entry, by its slug)",
  description:
    "The cutoff as the model's provider states it, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, stored with source `admin` and an optional `note` (where it comes from, e.g. the model card's URL); it replaces any earlier statement, and every board answers anew. The unseen view scores the model only on units born on or after the first day after the cutoff's period (docs/contamination.md#cutoffs).",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: {
    params: ModelParam,
    ...jsonBody(
      z
        .object({
          cutoff: z.string().max(10).openapi({ example: "2025-03" }),
          note: z.string().max(500).optional().openapi({ example: "https://example.org/model-card" }),
        })
        .strict(),
    ),
  },
  responses: {
    200: jsonResponse(CutoffResult, "The model's cutoff"),
    ...problemResponses(400, 401, 403, 404, 413, 415),
  },
});

const deleteCutoff = createRoute({
  method: "delete",
  path: "/v1/leaderboard/models/{model}/cutoff",
  tags: ["leaderboard"],
  summary: "Remove a model's stated cutoff (unknown again: set apart from the unseen view)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: ModelParam },
  responses: { 200: jsonResponse(CutoffResult, "The cutoff is gone"), ...problemResponses(400, 401, 403, 404) },
});

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The leaderboard as CSV, in its benchmark's columns (`BenchmarkLeaderboard.csv`), then each model's stated cutoff. */
export function leaderboardCsv(data: LeaderboardResponse): string {
  const [head, ...body] = leaderboardOf(data.query.benchmark)!.csv(data);
  const table = [[...head, "cutoff"], ...body.map((cells, i) => [...cells, data.rows[i]?.cutoff?.cutoff])];
  return table.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** The `Link` header of a page: the same request with the `cursor` of the next and of the previous page. */
function pageLinks(url: string, data: LeaderboardResponse): { Link?: string } {
  const link = (cursor: string | null, rel: string) => {
    if (cursor === null) return [];
    const u = new URL(url);
    u.searchParams.set("cursor", cursor);
    return [`<${u.href}>; rel="${rel}"`];
  };
  const links = [...link(data.next, "next"), ...link(data.prev, "prev")];
  return links.length ? { Link: links.join(", ") } : {};
}

/** The CSV's file name, from the resolved query. */
function csvName(q: LeaderboardResponse["query"]): string {
  const parts = [q.benchmark, q.dataset, ...leaderboardOf(q.benchmark)!.csvName(q)];
  return `leaderboard-${parts.join("-")}.csv`.replace(/[^A-Za-z0-9._-]/g, "_");
}

export const leaderboardRoutes = createRouter()
  .openapi(list, async (c) => {
    const { format, limit, cursor, ...query } = c.req.valid("query");
    const q = normalizeQuery(query as Partial<LeaderboardQuery>);
    const paging = `&limit=${limit}${cursor === undefined ? "" : `&cursor=${cursor}`}`;
    return cachedRead(c, `leaderboard?${canonicalQuery(q)}&format=${format}${paging}`, async () => {
      const data = await queryLeaderboard(c.env, q, { limit, cursor });
      const headers = { "X-Total-Count": String(data.total), ...pageLinks(c.req.url, data) };
      if (format === "json") return c.json(data, 200, headers);
      return c.body(leaderboardCsv(data), 200, {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvName(data.query)}"`,
      });
    });
  })
  .openapi(model, async (c) => {
    const { model: slug } = c.req.valid("param");
    const q = normalizeQuery(c.req.valid("query") as Partial<LeaderboardQuery>);
    return cachedRead(c, `model/${slug}?${canonicalQuery(q)}`, async () => {
      const data = await modelBreakdown(c.env, slug, q);
      if (!data) {
        const of = q.dataset === "" ? `any dataset of ${q.benchmark}` : q.dataset;
        notFound(
          `No model "${slug}" on the ${q.kind === "all" ? "" : `${q.kind} `}leaderboard of ${of}${q.options ? ` (${q.options})` : ""}.`,
        );
      }
      return c.json(data, 200);
    });
  })
  .openapi(importRoute, async (c) => c.json(await importer.reported.run(c.env, c.req.valid("json"), refusal), 200))
  .openapi(putCutoff, async (c) => {
    const { model: slug } = c.req.valid("param");
    const body = c.req.valid("json");
    const model = await modelOfSlug(c.env, slug);
    await setCutoff(c.env, model, body.cutoff, "admin", body.note ?? null);
    return c.json({ model, model_slug: slug, cutoff: (await cutoffOf(c.env, model))! }, 200);
  })
  .openapi(deleteCutoff, async (c) => {
    const { model: slug } = c.req.valid("param");
    const model = await modelOfSlug(c.env, slug);
    if (!(await clearCutoff(c.env, model))) notFound(`Model "${model}" has no stated cutoff.`);
    return c.json({ model, model_slug: slug, cutoff: null }, 200);
  });
