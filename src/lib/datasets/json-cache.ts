/**
 * Per-isolate cache of stored dataset objects (shards, contexts, pools: JSON in R2), shared by
 * every benchmark under one budget. Keys include the dataset's content sha256, so a dataset deleted
 * and re-imported under the same id never serves stale data.
 */
import type { Env } from "../env";
import { notFound } from "../errors";
import { IsolateCache } from "./isolate-cache";

const MAX_ENTRIES = 64;
/**
 * Stored bytes the cache may hold (parsed JSON takes a few times more): the largest stored contexts
 * reach 1.5 MB each, and a Worker has 128 MB.
 */
const MAX_BYTES = 24 * 1024 * 1024;

export interface Entry<T> {
  value: T;
  /** Values derived from this object (e.g. indexed candidate sets), by a caller-chosen name. */
  sets: Map<string, unknown>;
}

const entries = new IsolateCache<Entry<unknown>>(MAX_ENTRIES, MAX_BYTES);

async function read<T>(env: Env, key: string): Promise<{ value: Entry<T>; bytes: number }> {
  const object = await env.DATASETS.get(key);
  if (!object) notFound("A stored part of this dataset is missing; re-import the dataset.");
  return { value: { value: (await object.json()) as T, sets: new Map() }, bytes: object.size };
}

/** The cache entry of a stored object: its parsed value and what callers derived from it. */
export function cached<T>(env: Env, key: string, contentSha256: string): Promise<Entry<T>> {
  return entries.get(`${contentSha256}:${key}`, () => read<T>(env, key)) as Promise<Entry<T>>;
}

/** Any stored JSON object of a dataset, parsed once per isolate (keyed by the dataset's sha256). */
export async function getStoredJson<T>(env: Env, key: string, contentSha256: string): Promise<T> {
  return (await cached<T>(env, key, contentSha256)).value;
}
