/**
 * What a model page links to, read for the core around a benchmark's model view: the leaderboard
 * entry shown (its kind, whether it has per-task rows, a verified entry's run), the model's runs,
 * and one page of an entry's per-task rows. Each is one indexed D1 query: the entries' slug index,
 * `leaderboard_samples`' primary key (entry first), the run list's `runs_by_created` order.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import { scopeValues } from "../../../kit/leaderboard/options";
import { defaultDataset, leaderboardOf, normalizeQuery } from "../../leaderboard/queries";
import type { LeaderboardKind, LeaderboardQuery, ParamValue } from "../../../kit/leaderboard/types";
import { invalidParam } from "../query";

/** The entry a model page shows. */
export interface ModelEntry {
  id: string;
  model: string;
  slug: string;
  kind: LeaderboardKind;
  benchmark: string;
  dataset: string;
  /** Its scope options, every one (defaults included), in its benchmark's order. */
  options: Record<string, ParamValue>;
  hasSamples: boolean;
  /** Scored, error and context-exceeded per-task rows. */
  rows: number;
  /** A verified entry's run (its receipt's `run`); null for a reported one. */
  run: string | null;
}

const e = schema.leaderboardEntries;

/**
 * The entry of `slug` in the query's scope (benchmark, dataset — its default when none is given —
 * options and kind; `all` picks the verified entry, as the model page does); undefined when none.
 */
export async function entryOf(
  env: Env,
  slug: string,
  query: Partial<LeaderboardQuery>,
): Promise<ModelEntry | undefined> {
  const q = normalizeQuery(query);
  const dataset = q.dataset || (await defaultDataset(env, q, slug));
  if (!dataset) return undefined;
  const rows = await db(env)
    .select()
    .from(e)
    .where(
      and(
        eq(e.modelSlug, slug),
        eq(e.benchmark, q.benchmark),
        eq(e.dataset, dataset),
        eq(e.options, q.options),
        q.kind === "all" ? undefined : eq(e.kind, q.kind),
      ),
    )
    .orderBy(desc(e.kind)); // "verified" > "reported"
  const row = rows[0];
  if (!row) return undefined;
  const run = row.kind === "verified" && typeof row.receipt?.run === "string" ? row.receipt.run : null;
  return {
    id: row.id,
    model: row.model,
    slug,
    kind: row.kind,
    benchmark: row.benchmark,
    dataset: row.dataset,
    options: scopeValues(leaderboardOf(row.benchmark)?.params, row.options),
    hasSamples: row.hasSamples,
    rows: row.n + row.errors + row.contextExceeded,
    run,
  };
}

/** Runs a model page lists. */
export const MODEL_RUNS_LISTED = 10;

/** A model's newest runs (by its label, as runs publish under it) and how many it has. */
export async function runsOfModel(env: Env, label: string) {
  const r = schema.runs;
  const d = db(env);
  const [rows, counted] = await Promise.all([
    d
      .select({ id: r.id, benchmark: r.benchmark, datasetId: r.datasetId, status: r.status, createdAt: r.createdAt })
      .from(r)
      .where(eq(r.modelLabel, label))
      .orderBy(desc(r.createdAt))
      .limit(MODEL_RUNS_LISTED),
    d.select({ total: sql<number>`count(*)` }).from(r).where(eq(r.modelLabel, label)),
  ]);
  // (Not a batch: the start-up warm-up's stand-in database renders this page too, and answers a batch with nothing.)
  return { rows, total: counted[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// An entry's per-task rows (`/models/{slug}/samples`)
// ---------------------------------------------------------------------------------------------

/** Per-task rows per page. */
export const ENTRY_SAMPLES_PER_PAGE = 50;

export const ENTRY_STATUSES = ["scored", "error", "context_exceeded"] as const;
export const ENTRY_SORTS = ["task", "score", "-score"] as const;

export interface EntrySampleFilters {
  status?: (typeof ENTRY_STATUSES)[number];
  /** A task id or its beginning. */
  task?: string;
  sort: (typeof ENTRY_SORTS)[number];
  page: number;
}

/** The filters of an entry's per-task page; a malformed one is a 400 page naming it. */
export function parseEntrySampleFilters(params: Record<string, string | undefined>, page: number): EntrySampleFilters {
  const out: EntrySampleFilters = { sort: "task", page };
  const { status, task, sort } = params;
  if (status) {
    if (!(ENTRY_STATUSES as readonly string[]).includes(status))
      invalidParam("status", `one of ${ENTRY_STATUSES.join(", ")}`);
    out.status = status as EntrySampleFilters["status"];
  }
  if (task) {
    if (task.length > 300) invalidParam("task", "a task id or its beginning, at most 300 characters");
    out.task = task;
  }
  if (sort) {
    if (!(ENTRY_SORTS as readonly string[]).includes(sort)) invalidParam("sort", `one of ${ENTRY_SORTS.join(", ")}`);
    out.sort = sort as EntrySampleFilters["sort"];
  }
  return out;
}

const ls = schema.leaderboardSamples;

/** One page of an entry's per-task rows under `f`, with how many match; a page past the last is a 400 page. */
export async function entrySamplePage(env: Env, entryId: string, f: EntrySampleFilters) {
  const d = db(env);
  const where: SQL | undefined = and(
    eq(ls.entryId, entryId),
    f.status ? eq(ls.status, f.status) : undefined,
    f.task ? sql`substr(${ls.taskId}, 1, ${f.task.length}) = ${f.task}` : undefined,
  );
  const order =
    f.sort === "task" ? [asc(ls.taskId)] : [f.sort === "score" ? asc(ls.score) : desc(ls.score), asc(ls.taskId)];
  const [rows, [{ total }]] = await d.batch([
    d
      .select()
      .from(ls)
      .where(where)
      .orderBy(...order, asc(ls.contextSize), asc(ls.position))
      .limit(ENTRY_SAMPLES_PER_PAGE)
      .offset((f.page - 1) * ENTRY_SAMPLES_PER_PAGE),
    d.select({ total: sql<number>`count(*)` }).from(ls).where(where),
  ]);
  const pages = Math.max(1, Math.ceil(total / ENTRY_SAMPLES_PER_PAGE));
  if (f.page > pages) invalidParam("page", `at most ${pages} (${total} rows match)`);
  return { rows, total, pages };
}

export type EntrySampleRow = typeof ls.$inferSelect;
