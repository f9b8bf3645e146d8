/**
 * The sample browser's reads: one filtered page of a run's samples with the total it is a page of,
 * the languages and context sizes a run has (the filter form's choices), and one sample. Each is
 * one indexed D1 query (`run_samples` primary key, or `run_samples_by_outcome` for the outcome
 * filters), LIMIT/OFFSET paged, so a page costs the same at 20,000 samples as at 20.
 */
import { and, asc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import * as schema from "../../db/schema";
import { db } from "../../datasets/store";
import type { Env } from "../../env";
import { ProblemError } from "../../errors";
import { depthBucket } from "../../leaderboard/aggregate";
import type { RunSampleRow } from "../../db/schema";
import { invalid } from "../query";

/** What a sample is, for the outcome filter: context exceeded and errors are neither passed nor failed. */
export const OUTCOMES = ["passed", "failed", "error", "context_exceeded"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Samples per page of the browser. */
export const SAMPLES_PER_PAGE = 50;

/** The depth buckets a filter may name ("0.0-0.1" ... "0.9-1.0"), as the results and the leaderboard key them. */
export const DEPTH_BUCKETS = Array.from({ length: 10 }, (_, i) => depthBucket(i / 10).key);

/** The browser's filters and page, as parsed from its URL. */
export interface SampleFilters {
  outcome?: Outcome;
  language?: string;
  /** A depth bucket key ("0.3-0.4"). */
  depth?: string;
  /** A context size in tokens. */
  length?: number;
  /** A task id, or its beginning (a language and repository, say). */
  task?: string;
  /** 1-based. */
  page: number;
}

/** The filters of a sample browser URL; a malformed one is a 400 page naming it. */
export function parseSampleFilters(params: Record<string, string | undefined>): SampleFilters {
  const { outcome, language, depth, length, task } = params;
  const out: SampleFilters = { page: parsePage(params.page) };
  if (outcome !== undefined && outcome !== "") {
    if (!(OUTCOMES as readonly string[]).includes(outcome)) invalid("outcome", `one of ${OUTCOMES.join(", ")}`);
    out.outcome = outcome as Outcome;
  }
  if (language !== undefined && language !== "") {
    if (!/^[a-z][a-z0-9+#_-]{0,31}$/.test(language)) invalid("language", "a language name");
    out.language = language;
  }
  if (depth !== undefined && depth !== "") {
    if (!DEPTH_BUCKETS.includes(depth)) invalid("depth", `one of ${DEPTH_BUCKETS.join(", ")}`);
    out.depth = depth;
  }
  if (length !== undefined && length !== "") {
    if (!/^[1-9]\d{0,8}$/.test(length)) invalid("length", "a context size in tokens");
    out.length = Number(length);
  }
  if (task !== undefined && task !== "") {
    if (task.length > 300) invalid("task", "a task id or its beginning, at most 300 characters");
    out.task = task;
  }
  return out;
}

const s = schema.runSamples;

/** The WHERE clause of a run's samples under `f`. */
function where(runId: string, f: SampleFilters): SQL | undefined {
  const outcome: Record<Outcome, SQL | undefined> = {
    passed: and(eq(s.status, "scored"), eq(s.passed, true)),
    // A scored sample with no pass flag does not happen; null is counted as failed all the same.
    failed: and(eq(s.status, "scored"), sql`(${s.passed} = 0 OR ${s.passed} IS NULL)`),
    error: eq(s.status, "error"),
    context_exceeded: eq(s.status, "context_exceeded"),
  };
  const bucket = f.depth ? depthBucket(Number(f.depth.split("-")[0])) : undefined;
  return and(
    eq(s.runId, runId),
    f.outcome ? outcome[f.outcome] : undefined,
    f.language ? eq(s.language, f.language) : undefined,
    // The same bucketing as depthBucket's (1.0 falls in the last bucket; the epsilon keeps 0.3 in "0.3-0.4").
    bucket ? and(gte(s.position, bucket.lo - 1e-10), bucket.hi >= 1 ? lte(s.position, 1) : lt(s.position, bucket.hi - 1e-10)) : undefined,
    f.length !== undefined ? eq(s.contextSize, f.length) : undefined,
    f.task ? sql`substr(${s.taskId}, 1, ${f.task.length}) = ${f.task}` : undefined,
  );
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
};

export type SampleListRow = Pick<RunSampleRow, keyof typeof LIST_COLUMNS>;

/** The two statements of a browser page: its rows, and how many match (exported for the query-plan test). */
export function samplePageStatements(env: Env, runId: string, f: SampleFilters) {
  const d = db(env);
  const filter = where(runId, f);
  return [
    d.select(LIST_COLUMNS).from(s).where(filter).orderBy(asc(s.unit)).limit(SAMPLES_PER_PAGE).offset((f.page - 1) * SAMPLES_PER_PAGE),
    d.select({ total: sql<number>`count(*)` }).from(s).where(filter),
  ] as const;
}

/** One page of a run's samples under `f`, in unit order, with how many match; a page past the last is a 400 page. */
export async function samplePageOf(env: Env, runId: string, f: SampleFilters): Promise<{ rows: SampleListRow[]; total: number; pages: number }> {
  const [rows, [{ total }]] = await db(env).batch(samplePageStatements(env, runId, f));
  const pages = Math.max(1, Math.ceil(total / SAMPLES_PER_PAGE));
  if (f.page > pages) invalid("page", `at most ${pages} (${total} samples match)`);
  return { rows, total, pages };
}

/** The languages and context sizes of a run's samples, for the filter form. */
export async function sampleFacets(env: Env, runId: string): Promise<{ languages: string[]; lengths: number[] }> {
  const rows = await db(env).selectDistinct({ language: s.language, contextSize: s.contextSize }).from(s).where(eq(s.runId, runId));
  const languages = [...new Set(rows.map((r) => r.language))].sort();
  const lengths = [...new Set(rows.flatMap((r) => (r.contextSize === null ? [] : [r.contextSize])))].sort((a, b) => a - b);
  return { languages, lengths };
}

/**
 * Per-outcome counts, cached answers and error kinds of a run's stored samples, for its page. An
 * error's kind is its message up to the first ':' ("timed out", "network error", "internal",
 * "scoring", a provider's status), at most 40 characters.
 */
export async function sampleCounts(env: Env, runId: string) {
  const kind = sql<string | null>`CASE WHEN ${s.status} = 'error' THEN substr(${s.error}, 1, min(40, instr(${s.error} || ':', ':') - 1)) END`;
  const rows = await db(env)
    .select({ status: s.status, passed: s.passed, cached: s.cached, error: kind, n: sql<number>`count(*)` })
    .from(s)
    .where(eq(s.runId, runId))
    .groupBy(s.status, s.passed, s.cached, sql`4`);
  const counts: Record<Outcome, number> & { cached: number } = { passed: 0, failed: 0, error: 0, context_exceeded: 0, cached: 0 };
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
  if (!row) throw new ProblemError("not-found", `Run ${runId} has no sample "${unit}" (yet).`);
  return row;
}

/** Runs per page of the run list. */
export const RUNS_PER_PAGE = 25;

/** One page of runs, newest first (`runs_by_created`), with how many there are; a page past the last is a 400 page. */
export async function runPageOf(env: Env, page: number) {
  const d = db(env);
  const r = schema.runs;
  const [rows, [{ total }]] = await d.batch([
    d.select().from(r).orderBy(sql`${r.createdAt} DESC`).limit(RUNS_PER_PAGE).offset((page - 1) * RUNS_PER_PAGE),
    d.select({ total: sql<number>`count(*)` }).from(r),
  ]);
  const pages = Math.max(1, Math.ceil(total / RUNS_PER_PAGE));
  if (page > pages) invalid("page", `at most ${pages} (${total} runs)`);
  return { rows, total, pages };
}

/** The `page` parameter of a list (1 when absent); a malformed one is a 400 page. */
export function parsePage(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) invalid("page", "a page number from 1");
  return Number(value);
}
