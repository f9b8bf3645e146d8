/** Runs and their samples in D1, and their raw outputs and cached responses in R2. */
import { and, asc, eq, gt } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { notFound } from "../../lib/errors";
import type { RunRow, RunSampleRow as SampleRow } from "../../lib/db/schema";

export type { RunRow, SampleRow };
export type NewSample = typeof schema.runSamples.$inferInsert;

export async function getRun(env: Env, id: string): Promise<RunRow> {
  const row = await db(env).query.runs.findFirst({ where: eq(schema.runs.id, id) });
  if (!row) notFound(`No run "${id}".`);
  return row;
}

/** The benchmark options a run was created (or last re-scored) with, as its row stores them. */
export const benchmarkOptions = (run: RunRow): Record<string, unknown> =>
  (run.options as { benchmark_options?: Record<string, unknown> }).benchmark_options ?? {};

export async function listRuns(env: Env, limit: number) {
  return db(env).query.runs.findMany({ orderBy: (r, { desc }) => [desc(r.createdAt)], limit });
}

/**
 * Writes a unit's row unless one exists, and returns the stored row either way: redelivered
 * messages and re-sent units never write twice, and everyone reports what was stored first.
 */
export async function insertSample(env: Env, row: NewSample): Promise<SampleRow> {
  const d = db(env);
  const [inserted] = await d.insert(schema.runSamples).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const existing = await d.query.runSamples.findFirst({
    where: and(eq(schema.runSamples.runId, row.runId), eq(schema.runSamples.unit, row.unit)),
  });
  return existing!;
}

/** A page of a run's samples in unit order (the cursor is the last unit of the page). */
export async function samplePage(env: Env, runId: string, opts: { limit: number; after?: string; status?: string }) {
  const rows = await db(env)
    .select()
    .from(schema.runSamples)
    .where(
      and(
        eq(schema.runSamples.runId, runId),
        opts.after ? gt(schema.runSamples.unit, opts.after) : undefined,
        opts.status ? eq(schema.runSamples.status, opts.status as SampleRow["status"]) : undefined,
      ),
    )
    .orderBy(asc(schema.runSamples.unit))
    .limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return { samples: page, next: more ? page[page.length - 1].unit : null };
}

/**
 * A run's samples in unit order, one page (at most `pageSize` rows) at a time, from after `after`,
 * `limit` rows in all (default: every one): what reads a whole run without holding it.
 */
export async function* samplePages(
  env: Env,
  runId: string,
  opts: { after?: string; limit?: number; pageSize?: number } = {},
): AsyncGenerator<SampleRow[]> {
  let after = opts.after;
  let left = opts.limit ?? Infinity;
  while (left > 0) {
    const page = await samplePage(env, runId, { limit: Math.min(opts.pageSize ?? 500, left), after });
    if (page.samples.length) yield page.samples;
    left -= page.samples.length;
    if (!page.next) return;
    after = page.next;
  }
}

/** Every sample of a run, in unit order. */
export async function allSamples(env: Env, runId: string): Promise<SampleRow[]> {
  const out: SampleRow[] = [];
  for await (const page of samplePages(env, runId)) out.push(...page);
  return out;
}

/** The row of a unit that could not be processed at all (not a model failure: storage or a bug). */
export function failedSample(
  runId: string,
  unit: string,
  reason: string,
  taskId = unit.includes("@") ? unit.slice(0, unit.lastIndexOf("@")) : unit,
): NewSample {
  return {
    runId,
    unit,
    taskId,
    language: taskId.split("::")[0],
    status: "error",
    error: `internal: ${reason}`.slice(0, 500),
    promptSha256: "",
    cached: false,
    calls: 0,
    finishedAt: new Date().toISOString(),
  };
}

export const outputKey = (runId: string, unit: string) => `runs/${runId}/outputs/${encodeURIComponent(unit)}.json`;
export const responseCacheKey = (sha256: string) => `cache/responses/${sha256}.json`;

/** The raw model output of a unit as stored in R2. */
export interface StoredOutput {
  run: string;
  unit: string;
  model: string;
  output: string;
  finish_reason: string;
  usage: { prompt: number | null; completion: number | null };
  cached: boolean;
  created_at: string;
}

export async function readOutput(env: Env, key: string): Promise<StoredOutput | null> {
  const object = await env.DATASETS.get(key);
  return object ? ((await object.json()) as StoredOutput) : null;
}
