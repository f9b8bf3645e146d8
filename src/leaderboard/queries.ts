/**
 * Reading the leaderboard. The API routes and the HTML page both call these, and both get the
 * public shapes of `types.ts`.
 *
 * The default read is one indexed query: `leaderboard_entries` is searched by its unique index
 * (benchmark, dataset, scoring_mode, comment_mode[, kind]) and each entry's aggregates at the
 * threshold by the primary key of `leaderboard_aggregates` (entry_id, threshold, group_type).
 * `test/leaderboard/api.test.ts` checks the plan.
 *
 * Positional benchmarks (lexical-recall, cruxeval-o, semtrace) read the same rows (see aggregate.ts);
 * their leaderboard rows add `median_drop` (the materialised `drop` aggregate, read by the same
 * query) and their breakdowns add `positional`. Without a `dataset` they default to the dataset
 * with the most entries of the benchmark (`defaultDataset`).
 *
 * LongCodeU (longcodeu.ts) reads its own groups, stored once under threshold "-", with the same
 * single indexed query (`longcodeuStatement`); its queries add `bucket` and `metric`, default to
 * the busiest dataset like the positional ones, and its breakdowns add `longcodeu`.
 */
import { and, asc, count, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DEFAULT_THRESHOLD, SCORING_MODES, thresholdKey } from "../benchmarks/repoqa/scorer";
import { LANGUAGES } from "../code/languages";
import { COMMENT_MODES } from "../benchmarks/repoqa/dataset/context";
import * as schema from "../db/schema";
import { db } from "../datasets/store";
import type { Env } from "../env";
import { ProblemError } from "../errors";
import { THRESHOLD_KEYS, depthBucket, lengthBucket } from "./aggregate";
import {
  LONGCODEU_BUCKET_FILTERS,
  LONGCODEU_METRICS,
  LONGCODEU_TASKS,
  LONGCODEU_THRESHOLD,
  PAPER_REFERENCE,
  LONGCODEU_BENCHMARK,
  isLongCodeUBenchmark,
  leaderboardGroups,
  longcodeuBreakdown,
  rowPart,
} from "./longcodeu";
import { PAPER_MEDIAN_DROP, POSITIONAL_BENCHMARKS, isPositionalBenchmark, relativeAccuracy } from "./positional";
import { scopeWhere } from "./store";
import {
  LEADERBOARD_KINDS,
  type BucketRate,
  type LeaderboardKind,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type LeaderboardRow,
  type ModelBreakdown,
  type PositionalBreakdown,
  type Rate,
} from "./types";

/** The entry columns every leaderboard row read selects. */
function entryColumns() {
  const e = schema.leaderboardEntries;
  return {
    id: e.id,
    model: e.model,
    slug: e.modelSlug,
    kind: e.kind,
    trainSize: e.trainSize,
    evalDate: e.evalDate,
    source: e.source,
    license: e.license,
    hasSamples: e.hasSamples,
    receipt: e.receipt,
    updatedAt: e.updatedAt,
  };
}

export const LEADERBOARD_SORTS = ["-rate", "rate", "model", "-model"] as const;

/**
 * Every benchmark the leaderboard has rows of: RepoQA (imports and runs), the three positional
 * tasks of "Sense and Sensitivity" and LongCodeU (runs). Anything else is a 400, not an empty board.
 */
export const LEADERBOARD_BENCHMARKS = ["repoqa-snf", ...POSITIONAL_BENCHMARKS, LONGCODEU_BENCHMARK] as const;
export const isLeaderboardBenchmark = (id: string): boolean => (LEADERBOARD_BENCHMARKS as readonly string[]).includes(id);

/** Dataset ids, as the datasets API spells them. */
export const DATASET_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const LEADERBOARD_DEFAULTS: LeaderboardQuery = {
  benchmark: "repoqa-snf",
  dataset: "repoqa-2024-04-20",
  threshold: DEFAULT_THRESHOLD,
  language: "all",
  mode: "official",
  comment_mode: "original",
  kind: "all",
  sort: "-rate",
};

const invalid = (field: string, message: string): never => {
  throw new ProblemError("validation-error", `${field}: ${message}`, { errors: [{ path: field, message }] });
};

/**
 * Fills in defaults and checks every field (a ProblemError 400 names the first bad one). A
 * positional benchmark without a dataset gets dataset "" (resolved by the reads, `defaultDataset`),
 * so a cached answer is keyed by what was asked, not by a lookup.
 */
export function normalizeQuery(q: Partial<LeaderboardQuery>): LeaderboardQuery {
  const given = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Partial<LeaderboardQuery>;
  const longcodeu = typeof given.benchmark === "string" && isLongCodeUBenchmark(given.benchmark);
  // Benchmarks whose datasets are built here: no fixed default dataset.
  const positional = typeof given.benchmark === "string" && (isPositionalBenchmark(given.benchmark) || longcodeu);
  const out = { ...LEADERBOARD_DEFAULTS, ...(positional ? { dataset: "" } : {}), ...given } as LeaderboardQuery;
  if (longcodeu) {
    out.bucket ??= "all";
    out.metric ??= "recall";
    if (!(LONGCODEU_BUCKET_FILTERS as readonly string[]).includes(out.bucket)) invalid("bucket", `one of ${LONGCODEU_BUCKET_FILTERS.join(", ")}`);
    if (!(LONGCODEU_METRICS as readonly string[]).includes(out.metric)) invalid("metric", `one of ${LONGCODEU_METRICS.join(", ")}`);
  } else {
    // Meaningless elsewhere: dropped, so they neither echo nor split the cache.
    delete out.bucket;
    delete out.metric;
  }
  out.threshold = Number(out.threshold);
  if (!THRESHOLD_KEYS.includes(thresholdKey(out.threshold)) || Math.abs(out.threshold * 10 - Math.round(out.threshold * 10)) > 1e-9) {
    invalid("threshold", `one of ${THRESHOLD_KEYS.join(", ")}`);
  }
  out.threshold = Number(thresholdKey(out.threshold));
  if (out.language !== "all" && !(LANGUAGES as readonly string[]).includes(out.language)) invalid("language", `"all" or one of ${LANGUAGES.join(", ")}`);
  if (!(SCORING_MODES as readonly string[]).includes(out.mode)) invalid("mode", `one of ${SCORING_MODES.join(", ")}`);
  if (!COMMENT_MODES.includes(out.comment_mode as never)) invalid("comment_mode", `one of ${COMMENT_MODES.join(", ")}`);
  if (out.kind !== "all" && !LEADERBOARD_KINDS.includes(out.kind)) invalid("kind", `"all" or one of ${LEADERBOARD_KINDS.join(", ")}`);
  if (!(LEADERBOARD_SORTS as readonly string[]).includes(out.sort)) invalid("sort", `one of ${LEADERBOARD_SORTS.join(", ")}`);
  if (typeof out.benchmark !== "string" || !isLeaderboardBenchmark(out.benchmark)) invalid("benchmark", `one of ${LEADERBOARD_BENCHMARKS.join(", ")}`);
  // "" is left to the default (normalising twice keeps it so).
  if (!(positional && out.dataset === "") && (typeof out.dataset !== "string" || !DATASET_ID.test(out.dataset))) {
    invalid("dataset", "a dataset id (1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit)");
  }
  return out;
}

/**
 * The dataset a positional read without `dataset` shows: the one with the most entries of the
 * benchmark in the query's modes and kind, ties to the most recently updated, then by name. For one
 * model (`modelSlug`), only among the datasets where that model has an entry of the benchmark.
 * Undefined when there is none. One small query on the entries' unique index, made only then.
 */
export async function defaultDataset(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<string | undefined> {
  const e = schema.leaderboardEntries;
  const own = alias(e, "own");
  const d = db(env);
  const mine = modelSlug
    ? inArray(e.dataset, d.select({ dataset: own.dataset }).from(own).where(and(eq(own.modelSlug, modelSlug), eq(own.benchmark, q.benchmark))))
    : undefined;
  const [row] = await d
    .select({ dataset: e.dataset })
    .from(e)
    .where(and(eq(e.benchmark, q.benchmark), eq(e.scoringMode, q.mode), eq(e.commentMode, q.comment_mode), q.kind === "all" ? undefined : eq(e.kind, q.kind), mine))
    .groupBy(e.dataset)
    .orderBy(desc(count()), desc(max(e.updatedAt)), asc(e.dataset))
    .limit(1);
  return row?.dataset;
}

/** The query with its dataset resolved when it was left to the default ("" when none exists). */
async function resolved(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<LeaderboardQuery> {
  if (q.dataset !== "") return q;
  return { ...q, dataset: (await defaultDataset(env, q, modelSlug)) ?? "" };
}

/** The query as a stable string (cache keys, ETags). */
export function canonicalQuery(q: LeaderboardQuery): string {
  const keys = [...(Object.keys(LEADERBOARD_DEFAULTS) as (keyof LeaderboardQuery)[]), ...(["bucket", "metric"] as const).filter((k) => q[k] !== undefined)];
  return keys.map((k) => `${k}=${encodeURIComponent(String(q[k]))}`).join("&");
}

function entryFilter(q: Pick<LeaderboardQuery, "benchmark" | "dataset" | "mode" | "comment_mode" | "kind">): SQL {
  return scopeWhere({ benchmark: q.benchmark, dataset: q.dataset, scoringMode: q.mode, commentMode: q.comment_mode, kind: q.kind })!;
}

const LANGUAGE_ORDER = new Map<string, number>(LANGUAGES.map((l, i) => [l, i]));
const byLanguage = (a: string, b: string) => (LANGUAGE_ORDER.get(a) ?? 99) - (LANGUAGE_ORDER.get(b) ?? 99) || (a < b ? -1 : a > b ? 1 : 0);
/** On equal rate and name, a verified row comes before a reported one. */
const byKind = (a: { kind: string }, b: { kind: string }) => (a.kind === b.kind ? 0 : a.kind === "verified" ? -1 : 1);
const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0);

type AggregateRow = Pick<typeof schema.leaderboardAggregates.$inferSelect, "n" | "passed" | "rate" | "ciLow" | "ciHigh">;
/** A heatmap aggregate with what positionalBreakdown needs. */
type GridRow = AggregateRow & Pick<typeof schema.leaderboardAggregates.$inferSelect, "groupKey" | "meanScore">;
const toRate = (a: AggregateRow): Rate => ({ rate: a.rate, ci_low: a.ciLow, ci_high: a.ciHigh, n: a.n, passed: a.passed });

/** The one query behind a leaderboard read: entries of the scope joined to their aggregates at the threshold. */
export function leaderboardStatement(env: Env, q: LeaderboardQuery) {
  const e = schema.leaderboardEntries;
  const a = schema.leaderboardAggregates;
  return db(env)
    .select({
      ...entryColumns(),
      errors: e.errors,
      contextExceeded: e.contextExceeded,
      groupType: a.groupType,
      groupKey: a.groupKey,
      n: a.n,
      passed: a.passed,
      rate: a.rate,
      ciLow: a.ciLow,
      ciHigh: a.ciHigh,
    })
    .from(e)
    // `drop` exists only for positional entries: their median drop comes with the same search.
    .innerJoin(a, and(eq(a.entryId, e.id), eq(a.threshold, thresholdKey(q.threshold)), inArray(a.groupType, ["all", "language", "drop"])))
    .where(entryFilter(q));
}

/**
 * The leaderboard at one threshold: one row per (model, kind) with its rate (overall, or in
 * `language`) and 95 % Wilson interval, and its rate in every language. Defaults: repoqa-snf,
 * repoqa-2024-04-20, 0.8, all languages, official mode, original comments, both kinds, best first
 * (ties by model name, then verified before reported). `rank` is 1 + the number of rows with a higher rate, whatever the sort.
 */
export async function queryLeaderboard(env: Env, query: Partial<LeaderboardQuery>): Promise<LeaderboardResponse> {
  const q = await resolved(env, normalizeQuery(query));
  if (isLongCodeUBenchmark(q.benchmark)) return queryLongCodeU(env, q);
  const positional = isPositionalBenchmark(q.benchmark);
  const rows = q.dataset === "" ? [] : await leaderboardStatement(env, q);

  const entries = new Map<string, { row: Omit<LeaderboardRow, "rank" | keyof Rate>; all?: Rate; updatedAt: string }>();
  const languages = new Set<string>();
  for (const r of rows) {
    let entry = entries.get(r.id);
    if (!entry) {
      entry = {
        row: {
          model: r.model,
          model_slug: r.slug,
          kind: r.kind as LeaderboardKind,
          languages: {},
          errors: r.errors,
          context_exceeded: r.contextExceeded,
          train_size: r.trainSize,
          eval_date: r.evalDate,
          source: r.source,
          license: r.license,
          has_samples: r.hasSamples,
          receipt: r.receipt ?? null,
          // Null until the entry's drop row is met (an entry without one has no drop).
          ...(positional ? { median_drop: null } : {}),
        },
        updatedAt: r.updatedAt,
      };
      entries.set(r.id, entry);
    }
    if (r.groupType === "all") entry.all = toRate(r);
    else if (r.groupType === "drop") {
      if (positional) entry.row.median_drop = r.rate;
    } else {
      entry.row.languages[r.groupKey] = toRate(r);
      languages.add(r.groupKey);
    }
  }

  const out: Omit<LeaderboardRow, "rank">[] = [];
  let updatedAt: string | null = null;
  for (const { row, all, updatedAt: u } of entries.values()) {
    const main = q.language === "all" ? all : row.languages[q.language];
    if (!main) continue;
    out.push({ ...row, ...main, languages: Object.fromEntries(Object.entries(row.languages).sort(([x], [y]) => byLanguage(x, y))) });
    if (updatedAt === null || u > updatedAt) updatedAt = u;
  }
  out.sort(ORDER[q.sort]);
  const rates = out.map((r) => r.rate);
  return {
    query: q,
    interval: "wilson-95",
    languages: [...languages].sort(byLanguage),
    rows: out.map((r) => ({ rank: 1 + rates.filter((x) => x > r.rate).length, ...r })),
    updated_at: updatedAt,
    ...(positional ? { paper_median_drop: PAPER_MEDIAN_DROP[q.benchmark as keyof typeof PAPER_MEDIAN_DROP] } : {}),
  };
}

type Unranked = Omit<LeaderboardRow, "rank">;
const ORDER: Record<LeaderboardQuery["sort"], (x: Unranked, y: Unranked) => number> = {
  "-rate": (x, y) => y.rate - x.rate || byName(x.model, y.model) || byKind(x, y),
  rate: (x, y) => x.rate - y.rate || byName(x.model, y.model) || byKind(x, y),
  model: (x, y) => byName(x.model, y.model) || byKind(x, y),
  "-model": (x, y) => byName(y.model, x.model) || byKind(x, y),
};

/**
 * The one query behind a LongCodeU leaderboard read: entries of the scope joined to exactly the
 * aggregates of the query's bucket (the average and the eight task cells), by the aggregates'
 * primary key (entry_id, threshold "-", group_type, group_key).
 */
export function longcodeuStatement(env: Env, q: LeaderboardQuery) {
  const e = schema.leaderboardEntries;
  const a = schema.leaderboardAggregates;
  const { types, keys } = leaderboardGroups(q.bucket ?? "all");
  return db(env)
    .select({
      ...entryColumns(),
      groupType: a.groupType,
      groupKey: a.groupKey,
      n: a.n,
      passed: a.passed,
      rate: a.rate,
      meanPrecision: a.meanPrecision,
      unparseable: a.unparseable,
      errors: a.errors,
      contextExceeded: a.contextExceeded,
    })
    .from(e)
    .innerJoin(a, and(eq(a.entryId, e.id), eq(a.threshold, LONGCODEU_THRESHOLD), inArray(a.groupType, types), inArray(a.groupKey, keys)))
    .where(entryFilter(q));
}

/**
 * The LongCodeU leaderboard in one bucket and metric: per entry the metric's mean per task and
 * their average (`rate`, which ranks), n, unparseable outputs, errors and overflows of the bucket.
 * An entry without a scored sample in the bucket has nothing to rank and is not listed.
 */
async function queryLongCodeU(env: Env, q: LeaderboardQuery): Promise<LeaderboardResponse> {
  const rows = q.dataset === "" ? [] : await longcodeuStatement(env, q);
  const entries = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const list = entries.get(r.id);
    if (list) list.push(r);
    else entries.set(r.id, [r]);
  }
  const out: Unranked[] = [];
  let updatedAt: string | null = null;
  for (const list of entries.values()) {
    const r = list[0];
    const part = rowPart(list, q.bucket!, q.metric!);
    if (part.average === null) continue;
    out.push({
      rate: part.average,
      ci_low: null,
      ci_high: null,
      n: part.n,
      passed: null,
      model: r.model,
      model_slug: r.slug,
      kind: r.kind as LeaderboardKind,
      languages: {},
      errors: part.errors,
      context_exceeded: part.context_exceeded,
      train_size: r.trainSize,
      eval_date: r.evalDate,
      source: r.source,
      license: r.license,
      has_samples: r.hasSamples,
      receipt: r.receipt ?? null,
      tasks: part.tasks,
      tasks_averaged: part.tasks_averaged,
      unparseable: part.unparseable,
    });
    if (updatedAt === null || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
  }
  out.sort(ORDER[q.sort]);
  const rates = out.map((r) => r.rate);
  return {
    query: q,
    interval: "wilson-95",
    languages: [],
    rows: out.map((r) => ({ rank: 1 + rates.filter((x) => x > r.rate).length, ...r })),
    updated_at: updatedAt,
    tasks: [...LONGCODEU_TASKS],
    ...(q.metric === "recall" && q.bucket === "all" ? { paper_reference: PAPER_REFERENCE } : {}),
  };
}

/**
 * One model's entry in detail: its rate at every threshold in every language, and at `threshold`
 * by needle depth (tenths), by context length and both. `kind: "all"` picks the verified entry
 * when there is one. Undefined when the model has no entry for the query's benchmark, dataset,
 * modes and kind. Entries without samples have empty depth, length and heatmap lists.
 */
export async function modelBreakdown(env: Env, modelSlug: string, query: Partial<LeaderboardQuery>): Promise<ModelBreakdown | undefined> {
  const q = await resolved(env, normalizeQuery(query), modelSlug);
  if (q.dataset === "") return undefined;
  const positional = isPositionalBenchmark(q.benchmark);
  const e = schema.leaderboardEntries;
  const a = schema.leaderboardAggregates;
  const d = db(env);
  const candidates = await d
    .select({ id: e.id, model: e.model, kind: e.kind, hasSamples: e.hasSamples, errors: e.errors, contextExceeded: e.contextExceeded })
    .from(e)
    .where(and(eq(e.modelSlug, modelSlug), entryFilter(q)))
    .orderBy(asc(e.kind)); // "reported" < "verified"
  const entry = candidates.at(-1);
  if (!entry) return undefined;
  const about = {
    model: entry.model,
    model_slug: modelSlug,
    kind: entry.kind as LeaderboardKind,
    benchmark: q.benchmark,
    dataset: q.dataset,
    mode: q.mode,
    comment_mode: q.comment_mode,
    threshold: q.threshold,
    interval: "wilson-95",
  } as const;
  if (isLongCodeUBenchmark(q.benchmark)) {
    const stored = await d.select().from(a).where(and(eq(a.entryId, entry.id), eq(a.threshold, LONGCODEU_THRESHOLD)));
    return {
      ...about,
      thresholds: {},
      depth: [],
      length: [],
      heatmap: [],
      has_samples: entry.hasSamples,
      longcodeu: longcodeuBreakdown(stored),
    };
  }
  const aggregates = await d.select().from(a).where(eq(a.entryId, entry.id));

  const threshold = thresholdKey(q.threshold);
  const thresholds: ModelBreakdown["thresholds"] = {};
  for (const t of THRESHOLD_KEYS) thresholds[t] = {};
  const depth: BucketRate[] = [];
  const length: BucketRate[] = [];
  const heatmap: ModelBreakdown["heatmap"] = [];
  const grid: GridRow[] = [];
  for (const r of aggregates) {
    if (r.groupType === "all" || r.groupType === "language") {
      (thresholds[r.threshold] ??= {})[r.groupKey] = toRate(r);
    } else if (r.groupType === "drop") {
      continue; // recomputed with its parts in positionalBreakdown
    } else if (r.threshold === threshold) {
      if (r.groupType === "depth") depth.push({ bucket: r.groupKey, ...(positional ? exact(r.groupKey) : bounds(r.groupKey)), ...toRate(r) });
      else if (r.groupType === "length") length.push({ bucket: r.groupKey, ...lengthBucket(Number(r.groupKey)), ...toRate(r) });
      else {
        const [depthKey, lengthKey] = r.groupKey.split("|");
        heatmap.push({ depth: depthKey, length: lengthKey, rate: r.rate, n: r.n });
        grid.push(r);
      }
    }
  }
  for (const t of THRESHOLD_KEYS) {
    thresholds[t] = Object.fromEntries(Object.entries(thresholds[t]).sort(([x], [y]) => (x === "all" ? -1 : y === "all" ? 1 : byLanguage(x, y))));
  }
  depth.sort((x, y) => x.lo - y.lo);
  length.sort((x, y) => x.lo - y.lo);
  heatmap.sort((x, y) => Number(x.length) - Number(y.length) || (positional ? Number(x.depth) - Number(y.depth) : x.depth.localeCompare(y.depth)));
  const all = aggregates.find((r) => r.groupType === "all" && r.threshold === threshold);
  return {
    ...about,
    thresholds,
    depth,
    length,
    heatmap,
    has_samples: entry.hasSamples,
    ...(positional ? { positional: { ...positionalBreakdown(q.benchmark, grid, all?.meanScore ?? null), errors: entry.errors, context_exceeded: entry.contextExceeded } } : {}),
  };
}

/**
 * The positional part of a breakdown from its heatmap aggregates (position x D): cells with their
 * relative accuracy and mean partial score, the drop per D and its median (`relativeAccuracy`).
 */
export function positionalBreakdown(benchmark: string, grid: readonly GridRow[], meanScore: number | null): Omit<PositionalBreakdown, "errors" | "context_exceeded"> {
  const cells = grid
    .map((r) => {
      const [position, distractors] = r.groupKey.split("|");
      return { position, distractors: Number(distractors), ...toRate(r), mean_score: r.meanScore };
    })
    .sort((x, y) => x.distractors - y.distractors || Number(x.position) - Number(y.position));
  const rel = relativeAccuracy(cells.map((c) => ({ position: Number(c.position), distractors: c.distractors, rate: c.rate })));
  return {
    positions: [...new Set(cells.map((c) => c.position))].sort((x, y) => Number(x) - Number(y)),
    distractors: [...new Set(cells.map((c) => c.distractors))].sort((x, y) => x - y),
    cells: cells.map((c) => ({ ...c, relative: rel.relative.get(`${c.position}|${c.distractors}`) ?? null })),
    drops: rel.drops,
    median_drop: rel.median_drop,
    mean_score: meanScore,
    paper_median_drop: PAPER_MEDIAN_DROP[benchmark as keyof typeof PAPER_MEDIAN_DROP],
  };
}

/** lo and hi of an exact grid position key ("0.25"): the position itself. */
function exact(key: string): { lo: number; hi: number } {
  return { lo: Number(key), hi: Number(key) };
}

/** lo and hi of a depth bucket key ("0.3-0.4"). */
function bounds(key: string): { lo: number; hi: number } {
  const { lo, hi } = depthBucket(Number(key.split("-")[0]));
  return { lo, hi };
}
