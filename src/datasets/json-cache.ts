/**
 * Per-isolate cache of stored dataset objects (shards, contexts, pools: JSON in R2), shared by
 * every benchmark under one budget. Keys include the dataset's content sha256, so a dataset deleted
 * and re-imported under the same id never serves stale data.
 */
import type { Env } from "../env";
import { ProblemError } from "../errors";

const MAX_ENTRIES = 64;
/**
 * Stored bytes the cache may hold (parsed JSON takes a few times more): LongCodeU contexts reach
 * 1.5 MB each, and a Worker has 128 MB.
 */
const MAX_BYTES = 24 * 1024 * 1024;

export interface Entry<T> {
  value: T;
  /** Values derived from this object (RepoQA: candidate sets), by a caller-chosen name. */
  sets: Map<string, unknown>;
}

const entries = new Map<string, Promise<Entry<unknown>>>();
/** Stored size of each cached object once read. */
const sizes = new Map<string, number>();

async function read<T>(env: Env, key: string, cacheKey: string): Promise<T> {
  const object = await env.DATASETS.get(key);
  if (!object) throw new ProblemError("not-found", "A stored part of this dataset is missing; re-import the dataset.");
  const value = (await object.json()) as T;
  if (entries.has(cacheKey)) {
    sizes.set(cacheKey, object.size);
    evict();
  }
  return value;
}

/** Drops the least recently used entries beyond the count or byte budget (never the newest). */
function evict() {
  evictLeastRecent(entries, sizes, MAX_ENTRIES, MAX_BYTES);
}

/**
 * Drops the oldest keys of `entries` (a Map in least-recently-used order) while it holds more than
 * `maxEntries` or its `sizes` add up to more than `maxBytes`; the newest entry always stays.
 */
export function evictLeastRecent<K>(entries: Map<K, unknown>, sizes: Map<K, number>, maxEntries: number, maxBytes: number): void {
  let bytes = 0;
  for (const n of sizes.values()) bytes += n;
  while (entries.size > 1 && (entries.size > maxEntries || bytes > maxBytes)) {
    const oldest = entries.keys().next().value!;
    entries.delete(oldest);
    bytes -= sizes.get(oldest) ?? 0;
    sizes.delete(oldest);
  }
}

/** The cache entry of a stored object: its parsed value and what callers derived from it. */
export function cached<T>(env: Env, key: string, contentSha256: string): Promise<Entry<T>> {
  const cacheKey = `${contentSha256}:${key}`;
  let entry = entries.get(cacheKey) as Promise<Entry<T>> | undefined;
  if (entry) {
    // Refresh recency: Map iteration order is insertion order.
    entries.delete(cacheKey);
  } else {
    entry = read<T>(env, key, cacheKey).then((value) => ({ value, sets: new Map() }));
    entry.catch(() => {
      entries.delete(cacheKey);
      sizes.delete(cacheKey);
    });
  }
  entries.set(cacheKey, entry);
  evict();
  return entry;
}

/** Any stored JSON object of a dataset, parsed once per isolate (keyed by the dataset's sha256). */
export async function getStoredJson<T>(env: Env, key: string, contentSha256: string): Promise<T> {
  return (await cached<T>(env, key, contentSha256)).value;
}
