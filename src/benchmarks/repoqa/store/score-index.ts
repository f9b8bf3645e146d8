/**
 * Score indexes (format `needlework/score-index@1`): what scoring needs from a stored shard or
 * context shard, precomputed at import so a cold isolate neither parses the shard's JSON (every
 * function's code, every context's text) nor builds an n-gram index per candidate set.
 *
 * One R2 object beside each source object, named with the repository's sha256 (the
 * `dataset_shards.sha256` that covers the shard and its contexts), so an index never outlives the
 * content it was built from: `datasets/<id>/repoqa/<lang>/<repo>.<sha16>.score-index`.
 *
 * Bytes: u32 magic "NWSI", u32 header length, the header (JSON), then the candidate sets, each at
 * a 4-byte aligned offset the header lists (read with R2 range reads: a request reads the header
 * and the one set it scores against). A set is u32 meta length, its meta JSON ({names, paths}),
 * padding to 4 bytes, then a reference index (src/lib/metrics/bleu-index.ts).
 *
 * Sets: a repository shard has `needles:<ic>` (official mode) and `functions:<ic>` (strict mode
 * without contexts); a context shard has `<task index>:<ic>` per stored task; `<ic>` is
 * `true`/`false` for ignore_comments, as in src/benchmarks/repoqa/dataset/shard-cache.ts. Candidate texts, names and
 * paths are the ones shard-cache.ts indexes, so scores are identical (tested).
 */
import type { CandidateSet } from "../score/scorer";
import { CompactReferenceSet } from "../../../lib/metrics/bleu-index";
import type { ContextShard } from "./contexts";
import type { RepoShard } from "../dataset/shard";

export const SCORE_INDEX_FORMAT = "needlework/score-index@1";
const INDEX_MAGIC = 0x4953574e; // "NWSI" read as a little-endian u32

/** The R2 key of the score index of `sourceKey` (a shard or context shard) at content `sha256`. */
export function scoreIndexKey(sourceKey: string, sha256: string): string {
  return `${sourceKey.replace(/\.json$/, "")}.${sha256.slice(0, 16)}.score-index`;
}

export interface SetEntry {
  offset: number;
  length: number;
  /** Number of candidates. */
  size: number;
}

interface HeaderBase {
  format: typeof SCORE_INDEX_FORMAT;
  /** The repository sha256 the index was built from. */
  sha256: string;
  sets: Record<string, SetEntry>;
}

export interface RepoIndexHeader extends HeaderBase {
  kind: "repo";
  needles: { name: string; path: string; function_index: number }[];
}

export interface ContextsIndexHeader extends HeaderBase {
  kind: "contexts";
  size: number;
  comment_mode: string;
  tasks: { task_id: string; position_ratio: number; target_index: number }[];
}

export type ScoreIndexHeader = RepoIndexHeader | ContextsIndexHeader;

type Pool = readonly { name: string; path?: string; code: string; code_without_comments: string }[];

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const align4 = (n: number) => (n + 3) & ~3;

function encodeSet(pool: Pool, ignoreComments: boolean): Uint8Array {
  const meta = utf8.encode(JSON.stringify({ names: pool.map((f) => f.name), paths: pool.map((f) => f.path ?? "") }));
  const index = CompactReferenceSet.fromReferences(
    pool.map((f) => (ignoreComments ? f.code_without_comments : f.code)),
  ).encode();
  const out = new Uint8Array(align4(4 + meta.length) + index.length);
  new DataView(out.buffer).setUint32(0, meta.length, true);
  out.set(meta, 4);
  out.set(index, align4(4 + meta.length));
  return out;
}

/** A candidate set from its stored bytes (as `candidateSet` in the scorer would build it). */
export function decodeSet(bytes: Uint8Array): CandidateSet {
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  const meta = JSON.parse(fromUtf8.decode(bytes.subarray(4, 4 + metaLength))) as { names: string[]; paths: string[] };
  return {
    names: meta.names,
    paths: meta.paths,
    references: CompactReferenceSet.decode(bytes.subarray(align4(4 + metaLength))),
  };
}

function container<H extends ScoreIndexHeader>(
  header: Omit<H, "sets" | "format">,
  sets: [string, Uint8Array][],
): Uint8Array {
  // The header lists the sets' offsets, which depend on the header's length: repeat the layout
  // until the length no longer changes (once or twice).
  let headerBytes: Uint8Array = new Uint8Array(0);
  for (let attempt = 0; attempt < 4; attempt++) {
    let at = align4(8 + headerBytes.length);
    const entries: Record<string, SetEntry> = {};
    for (const [name, bytes] of sets) {
      entries[name] = { offset: at, length: bytes.length, size: 0 };
      at = align4(at + bytes.length);
    }
    for (const [name, bytes] of sets) entries[name].size = decodeSetSize(bytes);
    const next = utf8.encode(JSON.stringify({ format: SCORE_INDEX_FORMAT, ...header, sets: entries }));
    const stable = next.length === headerBytes.length;
    headerBytes = next;
    if (stable) break;
    if (attempt === 3) throw new Error("score index: the header's layout does not settle");
  }
  const header0 = JSON.parse(fromUtf8.decode(headerBytes)) as ScoreIndexHeader;
  const last = Object.values(header0.sets).reduce(
    (end, s) => Math.max(end, s.offset + s.length),
    align4(8 + headerBytes.length),
  );
  const out = new Uint8Array(align4(last));
  const view = new DataView(out.buffer);
  view.setUint32(0, INDEX_MAGIC, true);
  view.setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  for (const [name, bytes] of sets) out.set(bytes, header0.sets[name].offset);
  return out;
}

function decodeSetSize(bytes: Uint8Array): number {
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  // The reference index's third u32 is its number of references.
  return new DataView(bytes.buffer, bytes.byteOffset + align4(4 + metaLength) + 8, 4).getUint32(0, true);
}

const MODES = [false, true] as const;

/**
 * The score index of a repository shard: the needles (official mode) and, for datasets without
 * contexts (`withFunctions`), every function (strict mode scores against the whole repository).
 */
export function buildRepoScoreIndex(shard: RepoShard, sha256: string, withFunctions: boolean): Uint8Array {
  const sets: [string, Uint8Array][] = [];
  for (const ic of MODES) sets.push([`needles:${ic}`, encodeSet(shard.needles, ic)]);
  if (withFunctions) for (const ic of MODES) sets.push([`functions:${ic}`, encodeSet(shard.functions, ic)]);
  return container<RepoIndexHeader>(
    {
      kind: "repo",
      sha256,
      needles: shard.needles.map((n) => ({ name: n.name, path: n.path, function_index: n.function_index })),
    },
    sets,
  );
}

/** The score index of one context shard (strict mode: one set per stored task and comment mode). */
export function buildContextsScoreIndex(contexts: ContextShard, sha256: string): Uint8Array {
  const sets: [string, Uint8Array][] = [];
  contexts.tasks.forEach((task, i) => {
    for (const ic of MODES) sets.push([`${i}:${ic}`, encodeSet(task.functions, ic)]);
  });
  return container<ContextsIndexHeader>(
    {
      kind: "contexts",
      sha256,
      size: contexts.size,
      comment_mode: contexts.comment_mode,
      tasks: contexts.tasks.map((t) => ({
        task_id: t.task_id,
        position_ratio: t.position_ratio,
        target_index: t.target_index,
      })),
    },
    sets,
  );
}

/** The header's byte length from the first 8 bytes, or throws when they are not a score index. */
export function headerLength(first8: Uint8Array): number {
  const view = new DataView(first8.buffer, first8.byteOffset, 8);
  if (view.getUint32(0, true) !== INDEX_MAGIC) throw new Error("not a needlework score index");
  return view.getUint32(4, true);
}

/** The header from the object's first `8 + headerLength` bytes (or more). */
export function decodeHeader(bytes: Uint8Array): ScoreIndexHeader {
  const length = headerLength(bytes);
  const header = JSON.parse(fromUtf8.decode(bytes.subarray(8, 8 + length))) as ScoreIndexHeader;
  if (header.format !== SCORE_INDEX_FORMAT)
    throw new Error(`score index format ${header.format}, expected ${SCORE_INDEX_FORMAT}`);
  return header;
}
