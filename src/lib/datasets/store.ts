/**
 * Datasets of every benchmark in D1 (rows of datasets, shards, tasks) and R2 (objects under
 * `datasets/<id>/`): lookups, listing and deletion. Each benchmark's import lives with it
 * (src/benchmarks/<family>/).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import * as schema from "../db/schema";
import type { Env } from "../env";
import { notFound } from "../errors";
import { datasetKeys } from "./keys";

export type DatasetRow = typeof schema.datasets.$inferSelect;

export async function getDataset(env: Env, id: string): Promise<DatasetRow | undefined> {
  return db(env).query.datasets.findFirst({ where: eq(schema.datasets.id, id) });
}

/**
 * Where a task of a dataset is filed (its `repo` and `name`), looked up by its id alone: how a
 * family checks one unit without listing them all (`Benchmark.hasUnit`).
 */
export async function storedTask(
  env: Env,
  datasetId: string,
  taskId: string,
): Promise<{ repo: string; name: string } | undefined> {
  const [row] = await db(env)
    .select({ repo: schema.tasks.repo, name: schema.tasks.name })
    .from(schema.tasks)
    .where(and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.taskId, taskId)))
    .limit(1);
  return row;
}

/** When each of these tasks' targets was born (null: undated); tasks the dataset lacks are absent. */
export async function taskBirths(
  env: Env,
  datasetId: string,
  taskIds: readonly string[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const unique = [...new Set(taskIds)];
  // Chunked IN lists stay under D1's 100 bound parameters.
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await db(env)
      .select({ taskId: schema.tasks.taskId, born: schema.tasks.born })
      .from(schema.tasks)
      .where(and(eq(schema.tasks.datasetId, datasetId), inArray(schema.tasks.taskId, unique.slice(i, i + 90))));
    for (const r of rows) out.set(r.taskId, r.born);
  }
  return out;
}

export async function listDatasets(env: Env): Promise<DatasetRow[]> {
  return db(env).select().from(schema.datasets).orderBy(asc(schema.datasets.id));
}

export async function countReadyDatasets(env: Env): Promise<number> {
  const [row] = await db(env).select({ n: count() }).from(schema.datasets).where(eq(schema.datasets.status, "ready"));
  return row?.n ?? 0;
}

/** A dataset's manifest (of any benchmark), or undefined before its import commits. */
export async function readManifest<M = Record<string, unknown>>(env: Env, datasetId: string): Promise<M | undefined> {
  const object = await env.DATASETS.get(datasetKeys.manifest(datasetId));
  return object ? ((await object.json()) as M) : undefined;
}

/** Removes a dataset's rows first (so nothing can be scored against it), then its objects. */
export async function deleteDataset(env: Env, datasetId: string): Promise<{ objects: number }> {
  const existing = await getDataset(env, datasetId);
  if (!existing) notFound(`No dataset "${datasetId}".`);
  const d = db(env);
  await d.batch([
    d.delete(schema.tasks).where(eq(schema.tasks.datasetId, datasetId)),
    d.delete(schema.datasetShards).where(eq(schema.datasetShards.datasetId, datasetId)),
    d.delete(schema.datasets).where(eq(schema.datasets.id, datasetId)),
  ]);
  let objects = 0;
  let cursor: string | undefined;
  do {
    const page = await env.DATASETS.list({ prefix: datasetKeys.prefix(datasetId), cursor });
    if (page.objects.length) await env.DATASETS.delete(page.objects.map((o) => o.key));
    objects += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { objects };
}
