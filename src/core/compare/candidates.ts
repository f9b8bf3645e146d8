/**
 * What can be compared, for the picker (`GET /compare` without both sides; docs/compare.md, "The
 * picker"): recent completed runs and leaderboard entries with stored samples, grouped by what pairs
 * (a benchmark and dataset; for entries also their scope options), and for one side `a`
 * the other sides it pairs with. Each read is one bounded query: the newest `RUNS_LISTED`
 * completed runs (`runs_by_created`), at most `ENTRIES_LISTED` entries.
 */
import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import { db } from "../../lib/db/client";
import * as schema from "../../lib/db/schema";
import type { Env } from "../../lib/env";
import { invalid, notFound } from "../../lib/errors";
import { optionsKey, scopeNames, scopeValues } from "../../kit/leaderboard/options";
import { leaderboardOf } from "../leaderboard/queries";
import { benchmarkOptions } from "../runs/store";
import { matchesOptions, type ScopeFilters } from "./sides";

/** Completed runs a picker lists at most (newest first). */
export const RUNS_LISTED = 200;
/** Leaderboard entries with samples a picker lists at most. */
export const ENTRIES_LISTED = 2000;

/** One side the picker offers: its `a`/`b` value (a run id or a model slug) and how it reads. */
export interface Candidate {
  value: string;
  label: string;
  kind: "run" | "entry";
}

/** What pairs: a benchmark and dataset, and for entries their scope options (a run group: none). */
export interface Scope {
  benchmark: string;
  dataset: string;
  /** Every scope option of an entry's benchmark (defaults included), in its order; empty for a run group. */
  options: Record<string, string>;
}

export interface CandidateGroup {
  scope: Scope;
  candidates: Candidate[];
}

/** Side `a` as the picker resolved it. */
export type PickedSide =
  | { found: "side"; side: Candidate; scope: Scope; others: Candidate[] }
  /** A model with entries in several scopes: the scopes to choose from. */
  | { found: "scopes"; slug: string; model: string; scopes: Scope[] };

const r = schema.runs;
const e = schema.leaderboardEntries;

const day = (iso: string) => iso.slice(0, 16).replace("T", " ");
const runLabel = (row: { modelLabel: string; id: string; createdAt: string }) =>
  `${row.modelLabel} — run of ${day(row.createdAt)} (${row.id})`;
const entryLabel = (row: { model: string; kind: string }) => `${row.model} — ${row.kind} leaderboard entry`;

/** A run's scope as its leaderboard entry would have it (its scope options, as publishing reads them). */
function runScope(row: typeof r.$inferSelect): Scope {
  const board = leaderboardOf(row.benchmark);
  const given = board?.runScope?.({ options: benchmarkOptions(row), receipt: row.receipt }) ?? {};
  return {
    benchmark: row.benchmark,
    dataset: row.datasetId,
    options: scopeValues(board?.params, optionsKey(board?.params, given)) as Record<string, string>,
  };
}

/** An entry's scope. */
const entryScope = (row: { benchmark: string; dataset: string; options: string }): Scope => ({
  benchmark: row.benchmark,
  dataset: row.dataset,
  options: scopeValues(leaderboardOf(row.benchmark)?.params, row.options) as Record<string, string>,
});

/** The newest completed runs, of one benchmark and dataset when given. */
async function completedRuns(env: Env, where?: { benchmark: string; dataset: string }, except?: string) {
  return db(env)
    .select({
      id: r.id,
      modelLabel: r.modelLabel,
      benchmark: r.benchmark,
      datasetId: r.datasetId,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(
      and(
        eq(r.status, "completed"),
        where ? and(eq(r.benchmark, where.benchmark), eq(r.datasetId, where.dataset)) : undefined,
        except ? ne(r.id, except) : undefined,
      ),
    )
    .orderBy(desc(r.createdAt))
    .limit(RUNS_LISTED);
}

/**
 * Entries with stored samples, in one scope when given: a whole scope (its `options` matched in SQL),
 * or filters that ask for some of the scope options only (matched on the rows read).
 */
async function sampledEntries(
  env: Env,
  scope?: Partial<Scope> | ScopeFilters,
  slug?: { only?: string; except?: string },
) {
  const whole = scope !== undefined && "options" in scope && scope.benchmark !== undefined && isWhole(scope);
  const filters: (SQL | undefined)[] = [
    eq(e.hasSamples, true),
    scope?.benchmark === undefined ? undefined : eq(e.benchmark, scope.benchmark),
    scope?.dataset === undefined ? undefined : eq(e.dataset, scope.dataset),
    whole ? eq(e.options, optionsKey(leaderboardOf(scope.benchmark!)?.params, scope.options ?? {})) : undefined,
    slug?.only === undefined ? undefined : eq(e.modelSlug, slug.only),
    slug?.except === undefined ? undefined : ne(e.modelSlug, slug.except),
  ];
  const rows = await db(env)
    .select({
      model: e.model,
      slug: e.modelSlug,
      kind: e.kind,
      benchmark: e.benchmark,
      dataset: e.dataset,
      options: e.options,
      receipt: e.receipt,
    })
    .from(e)
    .where(and(...filters))
    .orderBy(asc(e.benchmark), asc(e.dataset), asc(e.options), asc(e.model), desc(e.kind))
    .limit(ENTRIES_LISTED);
  return whole ? rows : rows.filter((row) => matchesOptions(row, scope?.options));
}

/** Whether a scope names every scope option of its benchmark (a picker's resolved scope), not some of them (a query's filters). */
function isWhole(scope: Partial<Scope> | ScopeFilters): boolean {
  const names = scopeNames(leaderboardOf(scope.benchmark ?? "")?.params);
  return names.every((n) => scope.options?.[n] !== undefined);
}

type EntryRow = Awaited<ReturnType<typeof sampledEntries>>[number];

/** Entries as candidates: one per model (the verified entry first, as the comparison picks it), none whose run is listed already. */
function entryCandidates(rows: readonly EntryRow[], listedRuns: ReadonlySet<string>): Candidate[] {
  const out: Candidate[] = [];
  for (const row of rows) {
    if (out.some((c) => c.value === row.slug)) continue;
    const run = row.receipt?.run;
    if (row.kind === "verified" && typeof run === "string" && listedRuns.has(run)) continue;
    out.push({ value: row.slug, label: entryLabel(row), kind: "entry" });
  }
  return out;
}

const scopeKey = (s: Scope) => `${s.benchmark}\u0000${s.dataset}\u0000${JSON.stringify(s.options)}`;

/** Everything the picker offers: runs grouped by benchmark and dataset, entries by scope; groups of at least two. */
export async function candidateGroups(env: Env): Promise<{ runs: CandidateGroup[]; entries: CandidateGroup[] }> {
  const [runs, entries] = await Promise.all([completedRuns(env), sampledEntries(env)]);
  const runGroups = new Map<string, CandidateGroup>();
  for (const row of runs) {
    const scope: Scope = { benchmark: row.benchmark, dataset: row.datasetId, options: {} };
    const key = scopeKey(scope);
    if (!runGroups.has(key)) runGroups.set(key, { scope, candidates: [] });
    runGroups.get(key)!.candidates.push({ value: row.id, label: runLabel(row), kind: "run" });
  }
  const entryGroups = new Map<string, EntryRow[]>();
  for (const row of entries) {
    const key = scopeKey(entryScope(row));
    if (!entryGroups.has(key)) entryGroups.set(key, []);
    entryGroups.get(key)!.push(row);
  }
  return {
    runs: [...runGroups.values()].filter((g) => g.candidates.length >= 2),
    entries: [...entryGroups.values()]
      .map((rows) => ({
        scope: entryScope(rows[0]),
        candidates: entryCandidates(rows, new Set()),
      }))
      .filter((g) => g.candidates.length >= 2),
  };
}

/**
 * Side `a` (a run id, else a model slug within the query's scope) and the sides it pairs with: the
 * completed runs of its benchmark and dataset, and the entries with samples in its scope. 404 when
 * `a` is neither; a model with entries in several scopes answers those scopes instead.
 */
export async function candidatesFor(env: Env, a: string, filters: ScopeFilters): Promise<PickedSide> {
  const [run] = await db(env).select().from(r).where(eq(r.id, a)).limit(1);
  if (run) {
    if (run.status !== "completed")
      invalid(`Run "${a}" is ${run.status}: only a completed run's samples are compared.`);
    const scope = runScope(run);
    const [runs, entries] = await Promise.all([completedRuns(env, scope, a), sampledEntries(env, scope)]);
    const listed = new Set([a, ...runs.map((x) => x.id)]);
    return {
      found: "side",
      side: { value: a, label: runLabel(run), kind: "run" },
      scope,
      others: [
        ...runs.map((x): Candidate => ({ value: x.id, label: runLabel(x), kind: "run" })),
        ...entryCandidates(entries, listed),
      ],
    };
  }
  const own = await sampledEntries(env, filters, { only: a });
  if (own.length === 0)
    notFound(
      `"${a}" is neither a run id nor the model slug of a leaderboard entry with stored samples${Object.values(filters).some((v) => v !== undefined) ? " in that scope" : ""}.`,
    );
  const scopes = [...new Map(own.map((x) => [scopeKey(entryScope(x)), entryScope(x)])).values()];
  if (scopes.length > 1) return { found: "scopes", slug: a, model: own[0].model, scopes };
  const scope = scopes[0];
  const [runs, entries] = await Promise.all([completedRuns(env, scope), sampledEntries(env, scope, { except: a })]);
  const ownRun = own.find((x) => x.kind === "verified")?.receipt?.run;
  const others = runs.filter((x) => x.id !== ownRun);
  return {
    found: "side",
    side: { value: a, label: entryLabel(own[0]), kind: "entry" },
    scope,
    others: [
      ...others.map((x): Candidate => ({ value: x.id, label: runLabel(x), kind: "run" })),
      ...entryCandidates(entries, new Set(others.map((x) => x.id))),
    ],
  };
}
