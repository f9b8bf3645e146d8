/** Which datasets a board shows: the default one of a read without `dataset`, and the choices of its picker. */
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { findBenchmark } from "../../benchmarks/registry";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import type { BoardDataset, LeaderboardQuery } from "../../kit/leaderboard/types";

/**
 * The dataset a read without `dataset` shows (benchmarks without a fixed default dataset):
 * 1. among the datasets with entries of the benchmark in the query's modes and kind (for one model,
 *    `modelSlug`, only those where that model has an entry of the benchmark): a loaded one (a ready
 *    dataset row) before one deleted since, then the one with the most entries, then the most
 *    recently updated entry, then by name;
 * 2. else, for a board (not a model), the most recently updated loaded dataset the benchmark reads
 *    (`Benchmark.datasetKind`) that has units of it: its board is empty and says how to publish a
 *    first entry;
 * 3. else undefined.
 * One small query on the entries' unique index; only when it finds none, one on `datasets` and
 * the benchmark's unit listing of at most five of them.
 */
export async function defaultDataset(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<string | undefined> {
  const e = schema.leaderboardEntries;
  const ds = schema.datasets;
  const own = alias(e, "own");
  const d = db(env);
  const kind = findBenchmark(q.benchmark)?.datasetKind ?? q.benchmark;
  const mine = modelSlug
    ? inArray(
        e.dataset,
        d
          .select({ dataset: own.dataset })
          .from(own)
          .where(and(eq(own.modelSlug, modelSlug), eq(own.benchmark, q.benchmark))),
      )
    : undefined;
  const [row] = await d
    .select({ dataset: e.dataset })
    .from(e)
    .leftJoin(ds, and(eq(ds.id, e.dataset), eq(ds.status, "ready"), eq(ds.benchmark, kind)))
    .where(
      and(
        eq(e.benchmark, q.benchmark),
        eq(e.options, q.options),
        q.kind === "all" ? undefined : eq(e.kind, q.kind),
        mine,
      ),
    )
    .groupBy(e.dataset)
    // Loaded first (a ready dataset row joined), then the most entries, the newest entry, the name.
    .orderBy(desc(sql`max(${ds.id}) IS NOT NULL`), desc(count()), desc(max(e.updatedAt)), asc(e.dataset))
    .limit(1);
  if (row || modelSlug) return row?.dataset;
  return loadedDataset(env, q.benchmark, kind);
}

/** Loaded datasets a board without entries looks at, newest first, for one with the benchmark's units. */
const LOADED_CANDIDATES = 5;

/**
 * The most recently updated ready dataset of `kind` that has units of `benchmark` (a family's
 * dataset may hold some of its benchmarks only), among the newest few; undefined when none has.
 */
async function loadedDataset(env: Env, benchmark: string, kind: string): Promise<string | undefined> {
  const ds = schema.datasets;
  const candidates = await db(env)
    .select({ id: ds.id })
    .from(ds)
    .where(and(eq(ds.benchmark, kind), eq(ds.status, "ready")))
    .orderBy(desc(ds.updatedAt), asc(ds.id))
    .limit(LOADED_CANDIDATES);
  const b = findBenchmark(benchmark);
  for (const { id } of candidates) {
    if (!b) return id;
    // The benchmark's own answer, as a run would get it (its default options, one unit).
    const units = await b.units(env, id, b.options.parse({}), { limit: 1 }).then(
      (r) => r.units.length,
      (e: unknown) => {
        if (e instanceof ProblemError) return 0;
        throw e;
      },
    );
    if (units > 0) return id;
  }
  return undefined;
}

/**
 * The datasets with entries of the query's benchmark (in its modes and kind), by name: the choices
 * of a board's dataset picker. One query on the entries' unique index.
 */
export async function boardDatasets(env: Env, q: LeaderboardQuery): Promise<BoardDataset[]> {
  const e = schema.leaderboardEntries;
  const ds = schema.datasets;
  const kind = findBenchmark(q.benchmark)?.datasetKind ?? q.benchmark;
  const rows = await db(env)
    .select({ dataset: e.dataset, entries: count(), loaded: max(ds.id) })
    .from(e)
    .leftJoin(ds, and(eq(ds.id, e.dataset), eq(ds.status, "ready"), eq(ds.benchmark, kind)))
    .where(
      and(eq(e.benchmark, q.benchmark), eq(e.options, q.options), q.kind === "all" ? undefined : eq(e.kind, q.kind)),
    )
    .groupBy(e.dataset)
    .orderBy(asc(e.dataset))
    .limit(BOARD_DATASETS_LIMIT);
  return rows.map((r) => ({ dataset: r.dataset, entries: r.entries, loaded: r.loaded !== null }));
}

/** A board's dataset picker lists at most this many datasets (by name). */
export const BOARD_DATASETS_LIMIT = 200;

/** The query with its dataset resolved when it was left to the default ("" when none exists). */
export async function resolved(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<LeaderboardQuery> {
  if (q.dataset !== "") return q;
  return { ...q, dataset: (await defaultDataset(env, q, modelSlug)) ?? "" };
}
