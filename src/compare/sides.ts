/**
 * The two sides of a comparison (docs/compare.md): each a completed run's samples or a leaderboard
 * entry's stored per-task samples, read as CompareSample. An entry is named by its model slug; the
 * scope (benchmark, dataset, scoring mode, comment mode) comes from the query, else from a run on
 * the other side, else from the entries the model has: it must come down to one.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { CompareSample } from "../benchmarks/types";
import * as schema from "../db/schema";
import { db } from "../datasets/store";
import type { Env } from "../env";
import { invalid, notFound } from "../errors";

/** The leaderboard scope filters a query may give (the leaderboard's names). */
export interface ScopeFilters {
  benchmark?: string;
  dataset?: string;
  mode?: string;
  comment_mode?: string;
}

/** What a side is, as the answer describes it. */
export interface SideInfo {
  kind: "run" | "entry";
  /** The run id, or the entry's model slug. */
  id: string;
  model: string;
  benchmark: string;
  dataset: string;
  /** An entry's scoring and comment mode, and whether it is `verified` or `reported`; null for a run. */
  mode: string | null;
  comment_mode: string | null;
  entry_kind: "verified" | "reported" | null;
  /** A run side's id; a verified entry's run (its receipt's `run`), where its answers are; null for a reported entry. */
  run: string | null;
}

export interface Side extends SideInfo {
  samples: CompareSample[];
}

type EntryRow = typeof schema.leaderboardEntries.$inferSelect;

const unprocessable = (detail: string): never => {
  invalid(detail);
};

/** The run `id`, or undefined when there is none. A run that has not completed is refused (422). */
export async function readRun(env: Env, id: string): Promise<Side | undefined> {
  const d = db(env);
  const [run] = await d.select().from(schema.runs).where(eq(schema.runs.id, id)).limit(1);
  if (!run) return undefined;
  if (run.status !== "completed")
    unprocessable(`Run "${id}" is ${run.status}: only a completed run's samples are compared.`);
  const r = schema.runSamples;
  // Only what a CompareSample holds (not the prompt hashes, tokens, timings or output keys).
  const columns = {
    unit: r.unit,
    taskId: r.taskId,
    language: r.language,
    position: r.position,
    contextSize: r.contextSize,
    status: r.status,
    passed: r.passed,
    score: r.score,
    detail: r.detail,
  };
  const samples: CompareSample[] = await d.select(columns).from(r).where(eq(r.runId, id)).orderBy(asc(r.unit));
  return {
    kind: "run",
    id,
    model: run.modelLabel,
    benchmark: run.benchmark,
    dataset: run.datasetId,
    mode: null,
    comment_mode: null,
    entry_kind: null,
    run: id,
    samples,
  };
}

const scopeOf = (e: EntryRow) =>
  `benchmark=${e.benchmark} dataset=${e.dataset} mode=${e.scoringMode} comment_mode=${e.commentMode}`;

/** The model's entries within the filters given. */
async function entriesOf(env: Env, slug: string, f: ScopeFilters): Promise<EntryRow[]> {
  const e = schema.leaderboardEntries;
  const where: (SQL | undefined)[] = [
    eq(e.modelSlug, slug),
    f.benchmark === undefined ? undefined : eq(e.benchmark, f.benchmark),
    f.dataset === undefined ? undefined : eq(e.dataset, f.dataset),
    f.mode === undefined ? undefined : eq(e.scoringMode, f.mode),
    f.comment_mode === undefined ? undefined : eq(e.commentMode, f.comment_mode),
  ];
  return db(env)
    .select()
    .from(e)
    .where(and(...where));
}

/**
 * The one entry of `slug` within the filters: of one scope (else 422 listing the scopes, so the
 * caller can pick), the verified entry before a reported one, and with stored samples (else 422).
 * `others`: when the other side is an entry too, only scopes both models have are candidates.
 */
function pickEntry(slug: string, entries: readonly EntryRow[], others?: readonly EntryRow[]): EntryRow {
  const shared = others ? entries.filter((e) => others.some((o) => scopeOf(o) === scopeOf(e))) : entries;
  const scopes = [...new Set(shared.map(scopeOf))].sort();
  if (scopes.length === 0) {
    const had = [...new Set(entries.map(scopeOf))].sort();
    unprocessable(
      `Model "${slug}" has no leaderboard entry ${others ? "in a scope the other model shares" : "in that scope"}; its entries: ${had.join("; ")}.`,
    );
  }
  if (scopes.length > 1)
    unprocessable(
      `Model "${slug}" has entries in ${scopes.length} scopes: ${scopes.join("; ")}. Choose one with benchmark, dataset, mode and comment_mode.`,
    );
  const entry = [...shared].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === "verified" ? -1 : 1))[0];
  if (!entry.hasSamples)
    unprocessable(
      `The ${entry.kind} entry of "${slug}" (${scopeOf(entry)}) has no stored per-task samples (has_samples false), so it cannot be paired.`,
    );
  return entry;
}

/** An entry's stored per-task row as a CompareSample (`unit` null: entries store none). */
export function entryCompareSample(r: typeof schema.leaderboardSamples.$inferSelect): CompareSample {
  return {
    unit: null,
    taskId: r.taskId,
    language: r.language,
    position: r.needlePosition,
    contextSize: r.contextSize,
    status: r.status,
    passed: r.isBest,
    score: r.bestSimilarity,
    detail: {
      is_best: r.isBest,
      best_similarity: r.bestSimilarity,
      precision: r.precision,
      unparseable: r.unparseable,
      bucket: r.bucket,
    },
  };
}

/** An entry's samples as CompareSample. */
async function entrySide(env: Env, slug: string, entry: EntryRow): Promise<Side> {
  const s = schema.leaderboardSamples;
  const rows = await db(env).select().from(s).where(eq(s.entryId, entry.id)).orderBy(asc(s.taskId));
  const samples = rows.map(entryCompareSample);
  return {
    kind: "entry",
    id: slug,
    model: entry.model,
    benchmark: entry.benchmark,
    dataset: entry.dataset,
    mode: entry.scoringMode,
    comment_mode: entry.commentMode,
    entry_kind: entry.kind,
    run: entry.kind === "verified" && typeof entry.receipt?.run === "string" ? entry.receipt.run : null,
    samples,
  };
}

/**
 * Reads both sides: each name is a run id when such a run exists, else a model slug of the
 * leaderboard (404 when it is neither). An entry's scope defaults to a run's benchmark and dataset
 * on the other side.
 */
export async function readSides(env: Env, nameA: string, nameB: string, filters: ScopeFilters): Promise<[Side, Side]> {
  const [runA, runB] = await Promise.all([readRun(env, nameA), readRun(env, nameB)]);
  const scopeFrom = (run: Side | undefined): ScopeFilters => ({
    benchmark: filters.benchmark ?? run?.benchmark,
    dataset: filters.dataset ?? run?.dataset,
    mode: filters.mode,
    comment_mode: filters.comment_mode,
  });
  const [entriesA, entriesB] = await Promise.all([
    runA ? undefined : entriesOf(env, nameA, scopeFrom(runB)),
    runB ? undefined : entriesOf(env, nameB, scopeFrom(runA)),
  ]);
  const missing = (name: string, entries: EntryRow[] | undefined, scope: ScopeFilters) => {
    if (entries?.length !== 0) return;
    const given = Object.entries(scope)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${v}`);
    notFound(
      `"${name}" is neither a run id nor the model slug of a leaderboard entry${given.length ? ` with ${given.join(", ")}` : ""}.`,
    );
  };
  missing(nameA, entriesA, scopeFrom(runB));
  missing(nameB, entriesB, scopeFrom(runA));
  const a = runA ?? (await entrySide(env, nameA, pickEntry(nameA, entriesA!, entriesB)));
  const b = runB ?? (await entrySide(env, nameB, pickEntry(nameB, entriesB!, entriesA)));
  return [a, b];
}
