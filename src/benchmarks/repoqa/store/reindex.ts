/** Writing a stored dataset's score indexes again from its shards and contexts. */
import { asc, eq } from "drizzle-orm";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import type { Env } from "../../../lib/env";
import { invalid, notFound } from "../../../lib/errors";
import { datasetKeys, type RepoShard } from "../dataset/shard";
import type { ContextShard } from "./contexts";
import { contextConfigOf } from "./index";
import { buildContextsScoreIndex, buildRepoScoreIndex, scoreIndexKey } from "./score-index";

/**
 * Writes the score indexes of every repository of a dataset (src/benchmarks/repoqa/store/score-index.ts) from its
 * stored shards and contexts: for datasets imported before score indexes existed, which otherwise
 * index each shard in every isolate that scores against it. Idempotent (the keys are named after
 * the content); admin work of about the CPU of an import.
 */
export async function writeScoreIndexes(
  env: Env,
  datasetId: string,
): Promise<{ dataset: string; repos: number; objects: number; bytes: number }> {
  const dataset = await getDataset(env, datasetId);
  if (!dataset) notFound(`No dataset "${datasetId}".`);
  if (dataset.benchmark !== "repoqa-snf") {
    invalid(`Dataset "${datasetId}" is a ${dataset.benchmark} dataset; score indexes are RepoQA's.`);
  }
  const shards = await db(env)
    .select()
    .from(schema.datasetShards)
    .where(eq(schema.datasetShards.datasetId, datasetId))
    .orderBy(asc(schema.datasetShards.key));
  const config = contextConfigOf(dataset);
  let objects = 0;
  let bytes = 0;
  const read = async <T>(key: string): Promise<T> => {
    const object = await env.DATASETS.get(key);
    if (!object) notFound(`A stored part of dataset "${datasetId}" is missing (${key}); re-import it.`);
    return (await object.json()) as T;
  };
  const write = async (key: string, data: Uint8Array) => {
    await env.DATASETS.put(key, data, { httpMetadata: { contentType: "application/octet-stream" } });
    objects++;
    bytes += data.length;
  };
  for (const s of shards) {
    await write(scoreIndexKey(s.key, s.sha256), buildRepoScoreIndex(await read<RepoShard>(s.key), s.sha256, !config));
    for (const size of config?.sizes ?? []) {
      for (const mode of config?.comment_modes ?? []) {
        const key = datasetKeys.contexts(datasetId, size, mode, s.language, s.repo);
        await write(scoreIndexKey(key, s.sha256), buildContextsScoreIndex(await read<ContextShard>(key), s.sha256));
      }
    }
  }
  return { dataset: datasetId, repos: shards.length, objects, bytes };
}
