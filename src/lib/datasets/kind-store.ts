/**
 * Storage steps shared by the imports of datasets a benchmark family defines itself (suites or
 * releases built by its CLI): shards in R2 indexed by `tasks` and `dataset_shards` rows in D1,
 * then the manifest, then `ready`. The oldest family's multi-request import predates them.
 */
import { eq } from "drizzle-orm";
import * as schema from "../db/schema";
import type { Env } from "../env";
import { invalid, notFound } from "../errors";
import { getStoredJson } from "./json-cache";
import { db } from "../db/client";
import { getDataset, type DatasetRow } from "./store";

/** R2 metadata of every stored JSON object. */
export const JSON_OBJECT = { httpMetadata: { contentType: "application/json" } } as const;

/** D1 allows 100 bound parameters per statement; tasks rows have 8 columns (`born` among them). */
const TASK_ROWS_PER_INSERT = 12;
const STATEMENTS_PER_BATCH = 50;

type TaskRow = typeof schema.tasks.$inferInsert;

/** The insert statements of task rows, in chunks D1 accepts. */
export function taskInserts(env: Env, rows: readonly TaskRow[]) {
  const d = db(env);
  const out = [];
  for (let i = 0; i < rows.length; i += TASK_ROWS_PER_INSERT)
    out.push(d.insert(schema.tasks).values(rows.slice(i, i + TASK_ROWS_PER_INSERT)));
  return out;
}

/** The statements that index one shard: its task rows and its `dataset_shards` row. */
export function shardIndexStatements(
  env: Env,
  shard: { datasetId: string; repo: string; key: string; sha256: string },
  rows: readonly TaskRow[],
) {
  const d = db(env);
  const statements = [
    ...taskInserts(env, rows),
    d.insert(schema.datasetShards).values({ ...shard, language: "python", taskCount: rows.length, functionCount: 0 }),
  ];
  return statements;
}

/** Runs index statements in D1 batches. */
export async function runBatched(env: Env, statements: readonly ReturnType<typeof shardIndexStatements>[number][]) {
  const d = db(env);
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH)
    await d.batch(statements.slice(i, i + STATEMENTS_PER_BATCH) as never);
}

/** The last step of an import: the dataset row points at its manifest and becomes `ready`. */
export async function markReady(
  env: Env,
  datasetId: string,
  done: { repoCount: number; taskCount: number; contentSha256: string; manifestKey: string },
) {
  await db(env)
    .update(schema.datasets)
    .set({ status: "ready", languages: ["python"], ...done, updatedAt: new Date().toISOString() })
    .where(eq(schema.datasets.id, datasetId));
}

/** A ready dataset of one kind and its manifest: 404 when missing or still importing, 422 when of another kind. */
export async function readyDatasetOf<M>(
  env: Env,
  datasetId: string,
  benchmark: string,
  kind: string,
): Promise<{ dataset: DatasetRow & { contentSha256: string }; manifest: M }> {
  const dataset = await getDataset(env, datasetId);
  if (dataset?.status !== "ready" || !dataset.contentSha256) notFound(`No ready dataset "${datasetId}".`);
  if (dataset.benchmark !== benchmark)
    invalid(`Dataset "${datasetId}" is a ${dataset.benchmark} dataset, not ${kind}.`);
  const manifest = await getStoredJson<M>(env, dataset.manifestKey!, dataset.contentSha256);
  return { dataset: dataset as DatasetRow & { contentSha256: string }, manifest };
}
