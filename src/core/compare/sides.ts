/**
 * The two sides of a comparison (docs/compare.md): each a completed run's samples or a leaderboard
 * entry's stored per-task samples, read as CompareSample. An entry is named by its model slug; the
 * scope (benchmark, dataset, the benchmark's scope options) comes from the query, else from a run
 * on the other side, else from the entries the model has: it must come down to one.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { CompareSample } from "../../benchmarks/types";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { invalid, notFound } from "../../lib/errors";
import { scopeNames, scopeValues } from "../../kit/leaderboard/options";
import { leaderboardOf } from "../leaderboard/queries";

/** The leaderboard scope filters a query may give (the leaderboard's names). */
export interface ScopeFilters {
  benchmark?: string;
  dataset?: string;
  /** Scope options asked for by name (`QueryParam.scope`: a scoring mode, a comment mode...). */
  options?: Record<string, string>;
}

/** What a side is, as the answer describes it. */
export interface SideInfo {
  kind: "run" | "entry";
  /** The run id, or the entry's model slug. */
  id: string;
  model: string;
  benchmark: string;
  dataset: string;
  /**
   * Its benchmark's scope options: an entry's values (defaults included), null each for a run
   * (answers show them as fields of the side: `sideFields`).
   */
  options: Record<string, string | null>;
  /** Whether an entry is `verified` or `reported`; null for a run. */
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
    options: Object.fromEntries(scopeNames(leaderboardOf(run.benchmark)?.params).map((n) => [n, null])),
    entry_kind: null,
    run: id,
    samples,
  };
}

/** An entry's scope options, every one (defaults included). */
const optionsOf = (e: Pick<EntryRow, "benchmark" | "options">) =>
  scopeValues(leaderboardOf(e.benchmark)?.params, e.options) as Record<string, string>;

const scopeOf = (e: EntryRow) =>
  [
    `benchmark=${e.benchmark}`,
    `dataset=${e.dataset}`,
    ...Object.entries(optionsOf(e)).map(([k, v]) => `${k}=${v}`),
  ].join(" ");

/** Whether an entry's scope options are those asked for (an option its benchmark lacks matches nothing). */
export const matchesOptions = (e: Pick<EntryRow, "benchmark" | "options">, asked: Record<string, string> = {}) => {
  const own = optionsOf(e);
  return Object.entries(asked).every(([k, v]) => own[k] === v);
};

/** The model's entries within the filters given (a model has few: its scope options are matched here). */
async function entriesOf(env: Env, slug: string, f: ScopeFilters): Promise<EntryRow[]> {
  const e = schema.leaderboardEntries;
  const where: (SQL | undefined)[] = [
    eq(e.modelSlug, slug),
    f.benchmark === undefined ? undefined : eq(e.benchmark, f.benchmark),
    f.dataset === undefined ? undefined : eq(e.dataset, f.dataset),
  ];
  const rows = await db(env)
    .select()
    .from(e)
    .where(and(...where));
  return rows.filter((row) => matchesOptions(row, f.options));
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
      `Model "${slug}" has entries in ${scopes.length} scopes: ${scopes.join("; ")}. Choose one with benchmark, dataset and the options that differ.`,
    );
  const entry = [...shared].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === "verified" ? -1 : 1))[0];
  if (!entry.hasSamples)
    unprocessable(
      `The ${entry.kind} entry of "${slug}" (${scopeOf(entry)}) has no stored per-task samples (has_samples false), so it cannot be paired.`,
    );
  return entry;
}

/** An entry's stored per-task row as a CompareSample (`unit` null: entries store none; its parts are its detail). */
export function entryCompareSample(r: typeof schema.leaderboardSamples.$inferSelect): CompareSample {
  return {
    unit: null,
    taskId: r.taskId,
    language: r.language,
    position: r.position,
    contextSize: r.contextSize,
    status: r.status,
    passed: r.passed,
    score: r.score,
    detail: r.parts,
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
    options: optionsOf(entry),
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
    options: filters.options,
  });
  const [entriesA, entriesB] = await Promise.all([
    runA ? undefined : entriesOf(env, nameA, scopeFrom(runB)),
    runB ? undefined : entriesOf(env, nameB, scopeFrom(runA)),
  ]);
  const missing = (name: string, entries: EntryRow[] | undefined, scope: ScopeFilters) => {
    if (entries?.length !== 0) return;
    const { options, ...rest } = scope;
    const given = Object.entries({ ...rest, ...options })
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

/** A side as answers show it: its scope options as fields of their own (`mode`, `comment_mode`...). */
export function sideFields({ options, ...side }: SideInfo): Record<string, unknown> {
  const { entry_kind, run, ...head } = side;
  return { ...head, ...options, entry_kind, run };
}
