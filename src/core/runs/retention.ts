/**
 * Retention: a run can be deleted (DELETE /v1/runs/{id}, admin), and a scheduled prune deletes
 * unpublished runs older than RUN_RETENTION_DAYS (wrangler.toml `[vars]` and `[triggers]`).
 *
 * What a run owns: its row in `runs`, its rows in `run_samples` (removed with it: the foreign key
 * cascades), the objects under `runs/<id>/` in R2 (raw outputs, the run page's summary) and its
 * RunCoordinator's storage. What it does not own: the response cache (`cache/responses/`, keyed by
 * the request, shared by every run that asked the same thing) and a published leaderboard entry,
 * which keeps its own rows and receipt (docs/runs.md, "Deleting runs").
 *
 * Rows go first, in one statement, so a run is gone for every reader at once; its objects follow
 * in pages of R2_PAGE keys. One request deletes at most R2_PAGES_PER_CALL pages (a request's
 * subrequests are limited: 50 on the Free plan); what a very large run leaves behind is an orphan
 * prefix the next prune removes (`sweepOrphans`, hourly).
 */
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { conflict } from "../../lib/errors";
import { coordinatorOf } from "./consumer";
import { getRun } from "./store";

/** Keys per R2 list/delete call (R2's maximum for both). */
const R2_PAGE = 1000;
/** List + delete pairs one call may make (4 subrequests a page at most, inside the Free plan's 50). */
export const R2_PAGES_PER_CALL = 10;
/** Runs one prune deletes (each costs a few subrequests plus its objects' pages). */
export const PRUNE_RUNS_PER_CALL = 20;
/** Default age after which an unpublished, finished run is pruned. */
export const DEFAULT_RETENTION_DAYS = 30;

export const runPrefix = (id: string) => `runs/${id}/`;

/** What one deletion removed. `complete` is false when objects are left for the next prune. */
export interface Deleted {
  deleted: string;
  samples: number;
  objects: number;
  complete: boolean;
}

/** Deletes up to R2_PAGES_PER_CALL pages of objects under `prefix`; says whether any are left. */
export async function deleteObjects(
  env: Env,
  prefix: string,
  pages = R2_PAGES_PER_CALL,
): Promise<{ objects: number; complete: boolean }> {
  let objects = 0;
  for (let i = 0; i < pages; i++) {
    const page = await env.DATASETS.list({ prefix, limit: R2_PAGE });
    if (page.objects.length === 0) return { objects, complete: true };
    await env.DATASETS.delete(page.objects.map((o) => o.key));
    objects += page.objects.length;
    if (!page.truncated) return { objects, complete: true };
  }
  return { objects, complete: false };
}

/**
 * Deletes a finished run: refused (409) while it runs, since its consumers would write samples
 * for a run that no longer exists. Cancel it first.
 */
export async function deleteRun(env: Env, id: string): Promise<Deleted> {
  const run = await getRun(env, id);
  if (run.status === "running")
    conflict(`Run ${id} is still running; cancel it first (POST /v1/runs/${id}/cancel), then delete it.`);
  const d = db(env);
  const [{ n }] = await d
    .select({ n: sql<number>`count(*)` })
    .from(schema.runSamples)
    .where(eq(schema.runSamples.runId, id));
  // The samples are deleted explicitly as well as by the cascade, so a database opened without
  // foreign keys enforced leaves no orphans either.
  await d.batch([
    d.delete(schema.runSamples).where(eq(schema.runSamples.runId, id)),
    d.delete(schema.runs).where(eq(schema.runs.id, id)),
  ]);
  await coordinatorOf(env, id).purge();
  const { objects, complete } = await deleteObjects(env, runPrefix(id));
  return { deleted: id, samples: n, objects, complete };
}

/** `RUN_RETENTION_DAYS` as a number of days; 0 or "off" turns the prune off. */
export function retentionDays(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return DEFAULT_RETENTION_DAYS;
  if (value.trim() === "off" || value.trim() === "0") return null;
  const days = Number(value);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS;
}

/** Ids of finished runs created before `before` that no leaderboard entry was published from. */
export async function prunableRuns(env: Env, before: string, limit = PRUNE_RUNS_PER_CALL): Promise<string[]> {
  const d = db(env);
  const published = d
    .select({ source: schema.leaderboardEntries.source })
    .from(schema.leaderboardEntries)
    .where(sql`${schema.leaderboardEntries.source} LIKE 'needlework run %'`);
  const rows = await d
    .select({ id: schema.runs.id })
    .from(schema.runs)
    .where(
      and(
        lt(schema.runs.createdAt, before),
        ne(schema.runs.status, "running"),
        sql`'needlework run ' || ${schema.runs.id} NOT IN ${published}`,
      ),
    )
    .orderBy(schema.runs.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Objects under `runs/` whose run is gone (a deletion that ran out of pages, or a run deleted by
 * hand in D1): up to R2_PAGES_PER_CALL pages of them.
 */
export async function sweepOrphans(env: Env): Promise<number> {
  const listing = await env.DATASETS.list({ prefix: "runs/", delimiter: "/", limit: R2_PAGE });
  const ids = listing.delimitedPrefixes.map((p) => p.slice("runs/".length, -1));
  if (ids.length === 0) return 0;
  const known = new Set(
    (
      await db(env)
        .select({ id: schema.runs.id })
        .from(schema.runs)
        .where(inArray(schema.runs.id, ids.slice(0, 90)))
    ).map((r) => r.id),
  );
  let objects = 0;
  let pages = R2_PAGES_PER_CALL;
  for (const id of ids.slice(0, 90)) {
    if (known.has(id) || pages <= 0) continue;
    const done = await deleteObjects(env, runPrefix(id), 1);
    objects += done.objects;
    pages -= 1;
  }
  return objects;
}

export interface PruneReport {
  retention_days: number | null;
  before: string | null;
  runs: Deleted[];
  orphan_objects: number;
}

/** The scheduled prune: unpublished finished runs older than the retention age, then orphans. */
export async function pruneRuns(env: Env & { RUN_RETENTION_DAYS?: string }, now: Date): Promise<PruneReport> {
  const days = retentionDays(env.RUN_RETENTION_DAYS);
  if (days === null) return { retention_days: null, before: null, runs: [], orphan_objects: 0 };
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  const runs: Deleted[] = [];
  for (const id of await prunableRuns(env, before)) runs.push(await deleteRun(env, id));
  return { retention_days: days, before, runs, orphan_objects: await sweepOrphans(env) };
}
