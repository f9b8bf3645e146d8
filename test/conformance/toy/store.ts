/**
 * Storing and reading toy datasets with the shared dataset store: the `datasets` row, the manifest
 * object, then `ready` (markReady); reads check the kind (readyDatasetOf: 404 missing, 422 another
 * family's).
 */
import { JSON_OBJECT, markReady, readyDatasetOf } from "../../../src/lib/datasets/kind-store";
import { datasetKeys } from "../../../src/lib/datasets/keys";
import { db } from "../../../src/lib/db/client";
import * as schema from "../../../src/lib/db/schema";
import type { Env } from "../../../src/lib/env";
import { ProblemError } from "../../../src/lib/errors";
import { sha256Hex } from "../../../src/lib/sha256";
import { TOY_DATASET_KIND, type ToyDataset, type ToyItem } from "./dataset";

/** Stores `dataset` as the ready toy dataset `id` (the test's setup; the toy has no import route). */
export async function storeToyDataset(env: Env, id: string, dataset: ToyDataset): Promise<string> {
  const text = JSON.stringify(dataset);
  const now = new Date().toISOString();
  await db(env).insert(schema.datasets).values({
    id,
    benchmark: TOY_DATASET_KIND,
    name: "toy",
    status: "importing",
    languages: [],
    createdAt: now,
    updatedAt: now,
  });
  await env.DATASETS.put(datasetKeys.manifest(id), text, JSON_OBJECT);
  await markReady(env, id, {
    repoCount: 1,
    taskCount: dataset.items.length,
    contentSha256: await sha256Hex(text),
    manifestKey: datasetKeys.manifest(id),
  });
  return id;
}

/** The ready toy dataset `id`: 404 when there is none, 422 when it is another family's. */
export const readyToy = (env: Env, id: string) =>
  readyDatasetOf<ToyDataset>(env, id, TOY_DATASET_KIND, "a toy dataset");

/** The item `unit` of a dataset (units are item ids): 404 when it has none. */
export async function toyItem(env: Env, datasetId: string, unit: string): Promise<ToyItem> {
  const { manifest } = await readyToy(env, datasetId);
  const item = manifest.items.find((i) => i.id === unit);
  if (!item) throw new ProblemError("not-found", `Toy dataset "${datasetId}" has no unit "${unit}".`);
  return item;
}
