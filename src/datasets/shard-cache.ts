/**
 * Per-isolate cache of parsed shards and their indexed candidate sets. Keys include the dataset's
 * content sha256, so a dataset deleted and re-imported under the same id never serves stale data.
 */
import { candidateSet, type CandidateSet, type ScoringMode } from "../benchmarks/repoqa/scorer";
import type { Env } from "../env";
import type { RepoShard } from "./shard";
import { readShard } from "./store";

const MAX_ENTRIES = 64;

export interface CachedShard {
  shard: RepoShard;
  candidates(mode: ScoringMode, ignoreComments: boolean): CandidateSet;
}

const entries = new Map<string, Promise<CachedShard>>();

function cached(shard: RepoShard): CachedShard {
  const sets = new Map<string, CandidateSet>();
  return {
    shard,
    candidates(mode, ignoreComments) {
      const key = `${mode}:${ignoreComments}`;
      let set = sets.get(key);
      if (!set) {
        const pool = mode === "official" ? shard.needles : shard.functions;
        set = candidateSet(pool, pool.map((f) => (ignoreComments ? f.code_without_comments : f.code)));
        sets.set(key, set);
      }
      return set;
    },
  };
}

export function getShard(env: Env, key: string, contentSha256: string): Promise<CachedShard> {
  const cacheKey = `${contentSha256}:${key}`;
  let entry = entries.get(cacheKey);
  if (entry) {
    // Refresh recency: Map iteration order is insertion order.
    entries.delete(cacheKey);
    entries.set(cacheKey, entry);
    return entry;
  }
  entry = readShard(env, key).then(cached);
  entry.catch(() => entries.delete(cacheKey));
  entries.set(cacheKey, entry);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry;
}
