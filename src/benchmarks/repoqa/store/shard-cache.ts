/**
 * RepoQA's stored shards and the candidate sets indexed from them, held in the per-isolate cache
 * of stored objects (src/lib/datasets/json-cache.ts), and its precomputed score indexes.
 */
import { candidateSet, type CandidateSet } from "../score/scorer";
import type { Env } from "../../../lib/env";
import { notFound } from "../../../lib/errors";
import { IsolateCache } from "../../../lib/datasets/isolate-cache";
import { cached, type Entry } from "../../../lib/datasets/json-cache";
import type { ContextShard } from "./contexts";
import { decodeHeader, decodeSet, headerLength, type ScoreIndexHeader } from "./score-index";
import type { RepoShard } from "../dataset/shard";

function setOf<T>(entry: Entry<T>, name: string, build: () => CandidateSet): CandidateSet {
  let set = entry.sets.get(name) as CandidateSet | undefined;
  if (!set) entry.sets.set(name, (set = build()));
  return set;
}

type Pool = readonly { name: string; path?: string; code: string; code_without_comments: string }[];
const indexPool = (pool: Pool, ignoreComments: boolean) =>
  candidateSet(
    pool.map((f) => ({ name: f.name, path: f.path ?? "", code: f.code })),
    pool.map((f) => (ignoreComments ? f.code_without_comments : f.code)),
  );

/** A repository shard, with its official (needles) and whole-repository candidate sets. */
export async function getShard(env: Env, key: string, contentSha256: string) {
  const entry = await cached<RepoShard>(env, key, contentSha256);
  return {
    shard: entry.value,
    candidates: (pool: "needles" | "functions", ignoreComments: boolean) =>
      setOf(entry, `${pool}:${ignoreComments}`, () => indexPool(entry.value[pool], ignoreComments)),
  };
}

/** A repository's stored contexts of one variant, with per-task candidate sets. */
export async function getContextShard(env: Env, key: string, contentSha256: string) {
  const entry = await cached<ContextShard>(env, key, contentSha256);
  return {
    contexts: entry.value,
    candidates: (taskIndex: number, ignoreComments: boolean) =>
      setOf(entry, `${taskIndex}:${ignoreComments}`, () =>
        indexPool(entry.value.tasks[taskIndex].functions, ignoreComments),
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Precomputed score indexes (src/benchmarks/repoqa/store/score-index.ts)

/** Bytes read with the header, so small indexes (official needles) come in one read. */
const FIRST_READ = 64 * 1024;
const MAX_INDEXES = 256;
/** Bytes of score indexes (headers and decoded sets) an isolate keeps, besides the JSON cache's. */
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

export interface ScoreIndexHandle<H extends ScoreIndexHeader = ScoreIndexHeader> {
  header: H;
  /** A candidate set of the index (decoded once per isolate), or undefined when it has none of that name. */
  set(name: string): Promise<CandidateSet | undefined>;
}

/** Opened indexes; a handle's decoded sets are charged to its key as they are read. */
const indexes = new IsolateCache<ScoreIndexHandle | null>(MAX_INDEXES, MAX_INDEX_BYTES);

async function openIndex(env: Env, key: string): Promise<{ value: ScoreIndexHandle | null; bytes: number }> {
  const first = await env.DATASETS.get(key, { range: { offset: 0, length: FIRST_READ } });
  if (!first) return { value: null, bytes: 0 };
  let head = new Uint8Array(await first.arrayBuffer());
  const total = 8 + headerLength(head);
  if (head.byteLength < total) {
    const rest = await env.DATASETS.get(key, { range: { offset: head.byteLength, length: total - head.byteLength } });
    if (!rest) return { value: null, bytes: 0 };
    const joined = new Uint8Array(total);
    joined.set(head);
    joined.set(new Uint8Array(await rest.arrayBuffer()), head.byteLength);
    head = joined;
  }
  const header = decodeHeader(head);
  const loaded = head;
  const sets = new Map<string, CandidateSet>();
  const decode = async (entry: { offset: number; length: number }): Promise<CandidateSet> => {
    if (entry.offset + entry.length <= loaded.byteLength)
      return decodeSet(loaded.subarray(entry.offset, entry.offset + entry.length));
    const object = await env.DATASETS.get(key, { range: { offset: entry.offset, length: entry.length } });
    if (!object) notFound("A stored part of this dataset is missing; re-import the dataset.");
    const bytes = new Uint8Array(await object.arrayBuffer());
    indexes.charge(key, bytes.byteLength);
    return decodeSet(bytes);
  };
  return {
    value: {
      header,
      async set(name) {
        const entry = header.sets[name];
        if (!entry) return undefined;
        const known = sets.get(name);
        if (known) return known;
        // Decoded by each request that misses (never a promise another request may still be settling).
        const set = await decode(entry);
        if (!sets.has(name)) sets.set(name, set);
        return sets.get(name)!;
      },
    },
    bytes: loaded.byteLength,
  };
}

/**
 * The score index stored under `key`, or null when there is none (datasets imported before score
 * indexes existed and not re-indexed: callers fall back to the shard, as before). Opened once per
 * isolate; a missing index is looked up again next time (a re-index may have written it).
 */
export function getScoreIndex(env: Env, key: string): Promise<ScoreIndexHandle | null> {
  return indexes.get(
    key,
    () => openIndex(env, key),
    (handle) => handle !== null,
  );
}
