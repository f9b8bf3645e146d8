/**
 * The sample browser's reads: one filtered page of a run's samples in the chosen order with the
 * total it is a page of, a sample's neighbours in that order (previous / next on its page), the
 * languages and context sizes a run has (the filter form's choices), and one sample. Each is an
 * indexed D1 query on `run_samples` by run (its primary key, or `run_samples_by_outcome` for the
 * outcome filters), LIMIT/OFFSET paged, so a page costs the same at 20,000 samples as at 20; the
 * score orders sort the filtered rows in D1.
 *
 * The filters are data: `SAMPLE_FILTERS` says, per query parameter, how a value is read and what
 * it selects, and every link of the browser carries them through `filterParams`.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import { notFound } from "../../../lib/errors";
import { depthBucket } from "../../../kit/leaderboard/aggregate";
import type { RunSampleRow } from "../../../lib/db/schema";
import type { FacetMatch } from "../../../kit/pages/family";
import { invalidParam } from "../query";
import { facetWhere } from "./facets";

/** What a sample is, for the outcome filter: context exceeded and errors are neither passed nor failed. */
export const OUTCOMES = ["passed", "failed", "error", "context_exceeded"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Samples per page of the browser. */
export const SAMPLES_PER_PAGE = 50;

/** The depth buckets a filter may name ("0.0-0.1" ... "0.9-1.0"), as the results and the leaderboard key them. */
export const DEPTH_BUCKETS = Array.from({ length: 10 }, (_, i) => depthBucket(i / 10).key);

/**
 * The browser's requests a held-out dataset's run refuses, by query parameter, with what answering
 * would show (docs/api.md#held-out-datasets): its form offers none of them.
 */
export const HELD_OUT_REFUSALS = {
  q: "searching its runs' answers",
  depth: "filtering its samples by depth (where each target sits)",
} as const;
export type HeldOutRefused = keyof typeof HELD_OUT_REFUSALS;

/** The browser's orders: unit order (no parameter), or by score, lowest or highest first (unscored samples count as below every score). */
export const SAMPLE_SORTS = ["score", "-score"] as const;
export type SampleSort = (typeof SAMPLE_SORTS)[number];

/** The longest text a search in answers takes. */
export const SEARCH_MAX_CHARACTERS = 100;

/** The browser's filters, order, search and page, as parsed from its URL. */
export interface SampleFilters {
  outcome?: Outcome;
  language?: string;
  /** A depth bucket key ("0.3-0.4"). */
  depth?: string;
  /** A context size in tokens. */
  length?: number;
  /** A task id or unit, or its beginning (a language and repository, say). */
  task?: string;
  /** Absent: unit order. */
  sort?: SampleSort;
  /** Text to search for in the stored answers (case-insensitive; src/core/pages/runs/search.ts). */
  q?: string;
  /** Where a search goes on from: how many samples of the filtered order it has looked at. */
  from?: number;
  /**
   * The benchmark's own facets chosen in the URL (facets.ts, `BenchmarkViews.sampleFilters`): their
   * parameters, which every link carries, and what they select, all of them.
   */
  own?: { params: Record<string, string>; matches: FacetMatch[] };
  /** 1-based. */
  page: number;
}

const s = schema.runSamples;

/** One filter of the browser: how its parameter is read (a malformed value is a 400 page naming it) and what it selects. */
interface SampleFilter<T> {
  parse(value: string): T;
  where(value: T): SQL | undefined;
}

type FilterName = "outcome" | "language" | "depth" | "length" | "task";
type FilterValue<K extends FilterName> = NonNullable<SampleFilters[K]>;

/** Every filter of the browser by its query parameter, in the form's order. */
export const SAMPLE_FILTERS: { [K in FilterName]: SampleFilter<FilterValue<K>> } = {
  outcome: {
    parse: (v) =>
      (OUTCOMES as readonly string[]).includes(v)
        ? (v as Outcome)
        : invalidParam("outcome", `one of ${OUTCOMES.join(", ")}`),
    where: (v) =>
      ({
        passed: and(eq(s.status, "scored"), eq(s.passed, true)),
        // A scored sample with no pass flag does not happen; null is counted as failed all the same.
        failed: and(eq(s.status, "scored"), sql`(${s.passed} = 0 OR ${s.passed} IS NULL)`),
        error: eq(s.status, "error"),
        context_exceeded: eq(s.status, "context_exceeded"),
      })[v],
  },
  language: {
    parse: (v) => (/^[a-z][a-z0-9+#_-]{0,31}$/.test(v) ? v : invalidParam("language", "a language name")),
    where: (v) => eq(s.language, v),
  },
  depth: {
    parse: (v) => (DEPTH_BUCKETS.includes(v) ? v : invalidParam("depth", `one of ${DEPTH_BUCKETS.join(", ")}`)),
    where: (v) => {
      const bucket = depthBucket(Number(v.split("-")[0]));
      // The same bucketing as depthBucket's (1.0 falls in the last bucket; the epsilon keeps 0.3 in "0.3-0.4").
      return and(
        gte(s.position, bucket.lo - 1e-10),
        bucket.hi >= 1 ? lte(s.position, 1) : lt(s.position, bucket.hi - 1e-10),
      );
    },
  },
  length: {
    parse: (v) => (/^[1-9]\d{0,8}$/.test(v) ? Number(v) : invalidParam("length", "a context size in tokens")),
    where: (v) => eq(s.contextSize, v),
  },
  task: {
    parse: (v) =>
      v.length <= 300 ? v : invalidParam("task", "a task id or unit, or its beginning, at most 300 characters"),
    where: (v) => sql`(substr(${s.taskId}, 1, ${v.length}) = ${v} OR substr(${s.unit}, 1, ${v.length}) = ${v})`,
  },
};

const FILTER_NAMES = Object.keys(SAMPLE_FILTERS) as FilterName[];

/** The filters, order and search of a sample browser URL (a sample page's too); a malformed one is a 400 page naming it. */
export function parseSampleFilters(params: Record<string, string | undefined>): SampleFilters {
  const out: SampleFilters = { page: parsePage(params.page) };
  for (const name of FILTER_NAMES) {
    const value = params[name];
    if (value !== undefined && value !== "")
      (out as unknown as Record<string, unknown>)[name] = SAMPLE_FILTERS[name].parse(value);
  }
  const { sort, q, from } = params;
  if (sort !== undefined && sort !== "") {
    if (!(SAMPLE_SORTS as readonly string[]).includes(sort))
      invalidParam("sort", `one of ${SAMPLE_SORTS.join(", ")} (none: unit order)`);
    out.sort = sort as SampleSort;
  }
  if (q !== undefined && q.trim() !== "") {
    if (q.length > SEARCH_MAX_CHARACTERS) invalidParam("q", `a text of at most ${SEARCH_MAX_CHARACTERS} characters`);
    out.q = q;
  }
  if (from !== undefined && from !== "") {
    if (!/^(0|[1-9]\d{0,8})$/.test(from)) invalidParam("from", "a number of samples from 0");
    out.from = Number(from);
  }
  return out;
}

/**
 * The query parameters of the browser under `f`: its filters, order and search (empty ones left
 * out), then `extra` (a page, a search's `from`). Every link of the browser and of a sample page
 * carries these, so previous / next and the way back keep the filter and the order.
 */
export function filterParams(
  f: SampleFilters,
  extra: Record<string, string | number | undefined> = {},
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of FILTER_NAMES) out[name] = f[name]?.toString();
  Object.assign(out, f.own?.params);
  out.sort = f.sort;
  out.q = f.q;
  for (const [k, v] of Object.entries(extra)) out[k] = v === undefined ? undefined : String(v);
  return out;
}

/** The WHERE clause of a run's samples under `f`'s filters. */
function where(runId: string, f: SampleFilters): SQL | undefined {
  return and(
    eq(s.runId, runId),
    ...FILTER_NAMES.map((name) => (f[name] === undefined ? undefined : SAMPLE_FILTERS[name].where(f[name] as never))),
    ...(f.own?.matches ?? []).map(facetWhere),
  );
}

/** A sample's place in an order, as an SQL row value (the unit alone, or the score, unscored -1, then the unit) and the same of one sample. */
const scoreKey = sql`ifnull(${s.score}, -1)`;
function orderKey(sort: SampleSort | undefined) {
  if (sort === undefined)
    return { tuple: sql`${s.unit}`, of: (r: Pick<RunSampleRow, "unit" | "score">) => sql`${r.unit}` };
  const sign = sort === "score" ? 1 : -1;
  return {
    tuple: sql`(${sign === 1 ? scoreKey : sql`-${scoreKey}`}, ${s.unit})`,
    of: (r: Pick<RunSampleRow, "unit" | "score">) => sql`(${sign * (r.score ?? -1)}, ${r.unit})`,
  };
}

/** ORDER BY of `sort`, ascending or (for a previous neighbour) descending. */
function orderBy(sort: SampleSort | undefined, direction: "asc" | "desc" = "asc"): SQL[] {
  const by = direction === "asc" ? asc : desc;
  if (sort === undefined) return [by(s.unit)];
  return [by(sort === "score" ? scoreKey : sql`-${scoreKey}`), by(s.unit)];
}

/** The columns a list row shows (not the stored detail, which can be long). */
const LIST_COLUMNS = {
  unit: s.unit,
  taskId: s.taskId,
  language: s.language,
  position: s.position,
  contextSize: s.contextSize,
  status: s.status,
  passed: s.passed,
  score: s.score,
  promptTokens: s.promptTokens,
  completionTokens: s.completionTokens,
  cached: s.cached,
  calls: s.calls,
  latencyMs: s.latencyMs,
  error: s.error,
  outputKey: s.outputKey,
};

export type SampleListRow = Pick<RunSampleRow, keyof typeof LIST_COLUMNS>;

/** The two statements of a browser page: its rows (`limit` from `offset`), and how many match (exported for the query-plan test). */
export function samplePageStatements(
  env: Env,
  runId: string,
  f: SampleFilters,
  window = { offset: (f.page - 1) * SAMPLES_PER_PAGE, limit: SAMPLES_PER_PAGE },
) {
  const d = db(env);
  const filter = where(runId, f);
  return [
    d
      .select(LIST_COLUMNS)
      .from(s)
      .where(filter)
      .orderBy(...orderBy(f.sort))
      .limit(window.limit)
      .offset(window.offset),
    d.select({ total: sql<number>`count(*)` }).from(s).where(filter),
  ] as const;
}

/** One page of a run's samples under `f`, in its order, with how many match; a page past the last is a 400 page. */
export async function samplePageOf(
  env: Env,
  runId: string,
  f: SampleFilters,
): Promise<{ rows: SampleListRow[]; total: number; pages: number }> {
  const [rows, [{ total }]] = await db(env).batch(samplePageStatements(env, runId, f));
  const pages = Math.max(1, Math.ceil(total / SAMPLES_PER_PAGE));
  if (f.page > pages) invalidParam("page", `at most ${pages} (${total} samples match)`);
  return { rows, total, pages };
}

/** `limit` samples under `f` from `offset` in its order, and how many match (a search's window). */
export async function sampleWindowOf(
  env: Env,
  runId: string,
  f: SampleFilters,
  offset: number,
  limit: number,
): Promise<{ rows: SampleListRow[]; total: number }> {
  const [rows, [{ total }]] = await db(env).batch(samplePageStatements(env, runId, f, { offset, limit }));
  return { rows, total };
}

/**
 * Where `sample` sits among the samples under `f` in its order: its 0-based place (null when the
 * filters leave it out) and up to `near` samples before it (nearest first) and after it. One batch
 * of three statements on the run's index.
 */
export async function neighboursOf(
  env: Env,
  runId: string,
  f: SampleFilters,
  sample: Pick<RunSampleRow, "unit" | "score">,
  near = 1,
) {
  const d = db(env);
  const filter = where(runId, f);
  const key = orderKey(f.sort);
  const here = key.of(sample);
  const [before, after, [{ place, total, inside }]] = await d.batch([
    d
      .select(LIST_COLUMNS)
      .from(s)
      .where(and(filter, sql`${key.tuple} < ${here}`))
      .orderBy(...orderBy(f.sort, "desc"))
      .limit(near),
    d
      .select(LIST_COLUMNS)
      .from(s)
      .where(and(filter, sql`${key.tuple} > ${here}`))
      .orderBy(...orderBy(f.sort))
      .limit(near),
    d
      .select({
        place: sql<number>`count(CASE WHEN ${key.tuple} < ${here} THEN 1 END)`,
        total: sql<number>`count(*)`,
        inside: sql<number>`count(CASE WHEN ${s.unit} = ${sample.unit} THEN 1 END)`,
      })
      .from(s)
      .where(filter),
  ]);
  return { before, after, place: inside > 0 ? place : null, total };
}

/** The languages and context sizes of a run's samples, for the filter form. */
export async function sampleFacets(env: Env, runId: string): Promise<{ languages: string[]; lengths: number[] }> {
  const rows = await db(env)
    .selectDistinct({ language: s.language, contextSize: s.contextSize })
    .from(s)
    .where(eq(s.runId, runId));
  const languages = [...new Set(rows.map((r) => r.language))].sort();
  const lengths = [...new Set(rows.flatMap((r) => (r.contextSize === null ? [] : [r.contextSize])))].sort(
    (a, b) => a - b,
  );
  return { languages, lengths };
}

/**
 * Per-outcome counts, cached answers and error kinds of a run's stored samples, for its page. An
 * error's kind is its message up to the first ':' ("timed out", "network error", "internal",
 * "scoring", a provider's status), at most 40 characters.
 */
export async function sampleCounts(env: Env, runId: string) {
  const kind = sql<
    string | null
  >`CASE WHEN ${s.status} = 'error' THEN substr(${s.error}, 1, min(40, instr(${s.error} || ':', ':') - 1)) END`;
  const rows = await db(env)
    .select({ status: s.status, passed: s.passed, cached: s.cached, error: kind, n: sql<number>`count(*)` })
    .from(s)
    .where(eq(s.runId, runId))
    .groupBy(s.status, s.passed, s.cached, sql`4`);
  const counts: Record<Outcome, number> & { cached: number } = {
    passed: 0,
    failed: 0,
    error: 0,
    context_exceeded: 0,
    cached: 0,
  };
  const errors = new Map<string, number>();
  for (const r of rows) {
    const outcome: Outcome = r.status === "scored" ? (r.passed ? "passed" : "failed") : r.status;
    counts[outcome] += r.n;
    if (r.cached) counts.cached += r.n;
    if (r.status === "error") errors.set(r.error || "unknown", (errors.get(r.error || "unknown") ?? 0) + r.n);
  }
  return { counts, errors: [...errors].sort((a, b) => b[1] - a[1]) };
}

/** One sample of a run, or the not-found problem naming it. */
export async function getSample(env: Env, runId: string, unit: string): Promise<RunSampleRow> {
  const row = await db(env).query.runSamples.findFirst({ where: and(eq(s.runId, runId), eq(s.unit, unit)) });
  if (!row) notFound(`Run ${runId} has no sample "${unit}" (yet).`);
  return row;
}

/** Runs per page of the run list. */
export const RUNS_PER_PAGE = 25;

/** The run list's `model` filter (a model label, as runs record it); a malformed one is a 400 page. */
export function parseModelLabel(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (value.length > 200) invalidParam("model", "a model label of at most 200 characters");
  return value;
}

/**
 * One page of runs, newest first (`runs_by_created`), of one model label when given, with how many
 * there are; a page past the last is a 400 page.
 */
export async function runPageOf(env: Env, page: number, model?: string) {
  const d = db(env);
  const r = schema.runs;
  const filter = model === undefined ? undefined : eq(r.modelLabel, model);
  const [rows, [{ total }]] = await d.batch([
    d
      .select()
      .from(r)
      .where(filter)
      .orderBy(sql`${r.createdAt} DESC`)
      .limit(RUNS_PER_PAGE)
      .offset((page - 1) * RUNS_PER_PAGE),
    d.select({ total: sql<number>`count(*)` }).from(r).where(filter),
  ]);
  const pages = Math.max(1, Math.ceil(total / RUNS_PER_PAGE));
  if (page > pages) invalidParam("page", `at most ${pages} (${total} runs)`);
  return { rows, total, pages };
}

/** The `page` parameter of a list (1 when absent); a malformed one is a 400 page. */
export function parsePage(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) invalidParam("page", "a page number from 1");
  return Number(value);
}
