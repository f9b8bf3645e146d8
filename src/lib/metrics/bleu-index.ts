/**
 * A precomputed, compact form of a {@link ReferenceSet}: built once when a dataset is imported,
 * stored as bytes (R2, beside the shard) and loaded by a cold isolate with no tokenising and no
 * hashing (typed-array views on the stored bytes plus one split of the vocabulary).
 *
 * Layout of the n-gram index, per order n = 1..4:
 * - unigrams are token ids, tokens sorted by JavaScript string order (so lookup is a binary search
 *   until a Map is built, on the second use);
 * - an n-gram (n >= 2) is a child of its (n-1)-gram prefix: `childStart[n-2][prefix]` ..
 *   `childStart[n-2][prefix + 1]` are the ids of its children, whose last tokens
 *   (`childToken[n-2]`) ascend (a trie: find = binary search among a prefix's children);
 * - `postStart[n-1][gram]` .. `postStart[n-1][gram + 1]` index `postRef` / `postCount`: the
 *   references holding the n-gram (ascending) and how often.
 *
 * Scores are exactly those of `ReferenceSet.score`: the same clipped counts per reference and
 * order go to the same {@link bleuFromCounts}.
 *
 * Bytes (little-endian, every section 4-byte aligned), format {@link REFERENCE_INDEX_VERSION}:
 *   u32 magic "NWRI", u32 version, u32 references, u32 tokens, u32 vocabulary bytes,
 *   u32 grams[4], u32 postings[4], then Int32 sections: lengths, childStart[3], childToken[3],
 *   postStart[4], postRef[4], postCount[4], then the vocabulary as UTF-8 (tokens joined by " ",
 *   which no token contains: tokens are split at Python whitespace).
 */
import { ReferenceSet, bleuFromCounts, countKnownGrams, hypothesisTotals } from "./bleu";
import { splitWhitespace } from "./python-text";

const MAX_ORDER = 4;
const MAGIC = 0x4952574e; // "NWRI" read as a little-endian u32
export const REFERENCE_INDEX_VERSION = 1;
const HEADER_WORDS = 5 + 2 * MAX_ORDER;

/** Anything that scores a hypothesis against every reference of a set, in reference order. */
export interface ReferenceScorer {
  readonly size: number;
  score(candidate: string): Float64Array;
}

export interface ReferenceIndexData {
  lengths: Int32Array;
  /** Sorted (JavaScript string order); a token's id is its position. */
  tokens: string[];
  childStart: Int32Array[];
  childToken: Int32Array[];
  postStart: Int32Array[];
  postRef: Int32Array[];
  postCount: Int32Array[];
}

/** The compact form of `set` (same references, same scores). */
export function compactIndex(set: ReferenceSet): ReferenceIndexData {
  const { tokens: byId, composite, postings, lengths } = set.internals();
  // Token ids -> rank in sorted order.
  const order = byId.map((_, i) => i).sort((a, b) => (byId[a] < byId[b] ? -1 : byId[a] > byId[b] ? 1 : 0));
  const tokens = order.map((i) => byId[i]);
  const rank = new Int32Array(byId.length);
  for (const [r, old] of order.entries()) rank[old] = r;

  // newId[n][old id] for every order; order 1 = token ranks.
  const newIds: Int32Array[] = [rank];
  const oldIds: Int32Array[] = [Int32Array.from(order)];
  const childStart: Int32Array[] = [];
  const childToken: Int32Array[] = [];
  for (let n = 1; n < MAX_ORDER; n++) {
    const { first, second, ids } = composite[n - 1];
    const prev = newIds[n - 1];
    const count = ids.length;
    const prefix = new Int32Array(count);
    const token = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      prefix[k] = prev[first[k]];
      token[k] = rank[second[k]];
    }
    const sorted = Array.from({ length: count }, (_, k) => k).sort(
      (a, b) => prefix[a] - prefix[b] || token[a] - token[b],
    );
    const mapped = new Int32Array(count);
    const olds = new Int32Array(count);
    const start = new Int32Array(prev.length + 1);
    const tok = new Int32Array(count);
    sorted.forEach((k, id) => {
      mapped[ids[k]] = id;
      olds[id] = ids[k];
      tok[id] = token[k];
      start[prefix[k] + 1]++;
    });
    for (let p = 0; p < prev.length; p++) start[p + 1] += start[p];
    newIds.push(mapped);
    oldIds.push(olds);
    childStart.push(start);
    childToken.push(tok);
  }

  const postStart: Int32Array[] = [];
  const postRef: Int32Array[] = [];
  const postCount: Int32Array[] = [];
  for (let n = 0; n < MAX_ORDER; n++) {
    const lists = postings[n];
    const olds = oldIds[n];
    const start = new Int32Array(olds.length + 1);
    let total = 0;
    for (let id = 0; id < olds.length; id++) {
      total += lists[olds[id]].length / 2;
      start[id + 1] = total;
    }
    const refs = new Int32Array(total);
    const counts = new Int32Array(total);
    let k = 0;
    for (let id = 0; id < olds.length; id++) {
      const list = lists[olds[id]];
      for (let j = 0; j < list.length; j += 2) {
        refs[k] = list[j];
        counts[k++] = list[j + 1];
      }
    }
    postStart.push(start);
    postRef.push(refs);
    postCount.push(counts);
  }
  return { lengths: Int32Array.from(lengths), tokens, childStart, childToken, postStart, postRef, postCount };
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

function int32Sections(d: ReferenceIndexData): Int32Array[] {
  return [d.lengths, ...d.childStart, ...d.childToken, ...d.postStart, ...d.postRef, ...d.postCount];
}

/** The stored bytes of an index. */
export function encodeReferenceIndex(d: ReferenceIndexData): Uint8Array {
  const vocab = utf8.encode(d.tokens.join(" "));
  const sections = int32Sections(d);
  const words = HEADER_WORDS + sections.reduce((n, s) => n + s.length, 0);
  const out = new Uint8Array(words * 4 + ((vocab.length + 3) & ~3));
  const head = new Int32Array(out.buffer, 0, words);
  head.set([MAGIC, REFERENCE_INDEX_VERSION, d.lengths.length, d.tokens.length, vocab.length]);
  for (let n = 0; n < MAX_ORDER; n++) {
    head[5 + n] = d.postStart[n].length - 1;
    head[5 + MAX_ORDER + n] = d.postRef[n].length;
  }
  let at = HEADER_WORDS;
  for (const s of sections) {
    head.set(s, at);
    at += s.length;
  }
  out.set(vocab, words * 4);
  return out;
}

/**
 * Reads stored bytes back. The arrays are views on `bytes` (no copy) when its offset is 4-byte
 * aligned. Throws on bytes that are not a reference index of this version.
 */
export function decodeReferenceIndex(bytes: Uint8Array): ReferenceIndexData {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const word = (i: number) => new DataView(aligned.buffer, aligned.byteOffset + i * 4, 4).getInt32(0, true);
  if (aligned.byteLength < HEADER_WORDS * 4 || word(0) !== MAGIC || word(1) !== REFERENCE_INDEX_VERSION) {
    throw new Error("not a needlework reference index (or another version)");
  }
  const [size, tokenCount, vocabBytes] = [word(2), word(3), word(4)];
  const grams = Array.from({ length: MAX_ORDER }, (_, n) => word(5 + n));
  const posts = Array.from({ length: MAX_ORDER }, (_, n) => word(5 + MAX_ORDER + n));
  let at = aligned.byteOffset + HEADER_WORDS * 4;
  const take = (length: number) => {
    if (at + length * 4 > aligned.byteOffset + aligned.byteLength) throw new Error("reference index truncated");
    const view = new Int32Array(aligned.buffer, at, length);
    at += length * 4;
    return view;
  };
  const lengths = take(size);
  const childStart = [0, 1, 2].map((k) => take(grams[k] + 1));
  const childToken = [1, 2, 3].map((n) => take(grams[n]));
  const postStart = grams.map((g) => take(g + 1));
  const postRef = posts.map((p) => take(p));
  const postCount = posts.map((p) => take(p));
  const vocabStart = at - aligned.byteOffset;
  if (vocabStart + vocabBytes > aligned.byteLength) throw new Error("reference index truncated");
  const tokens =
    tokenCount === 0 ? [] : fromUtf8.decode(aligned.subarray(vocabStart, vocabStart + vocabBytes)).split(" ");
  if (tokens.length !== tokenCount || grams[0] !== tokenCount)
    throw new Error("reference index: vocabulary does not match its counts");
  return { lengths, tokens, childStart, childToken, postStart, postRef, postCount };
}

/** Scores against a {@link ReferenceIndexData}, with exactly `ReferenceSet.score`'s results. */
export class CompactReferenceSet implements ReferenceScorer {
  readonly size: number;
  private ids: Map<string, number> | undefined;
  private uses = 0;

  constructor(readonly data: ReferenceIndexData) {
    this.size = data.lengths.length;
  }

  static fromReferences(references: readonly string[]): CompactReferenceSet {
    return new CompactReferenceSet(compactIndex(new ReferenceSet(references)));
  }

  static decode(bytes: Uint8Array): CompactReferenceSet {
    return new CompactReferenceSet(decodeReferenceIndex(bytes));
  }

  encode(): Uint8Array {
    return encodeReferenceIndex(this.data);
  }

  score(candidate: string): Float64Array {
    const d = this.data;
    const tokens = splitWhitespace(candidate);
    const hypLen = tokens.length;
    // The first use looks tokens up by binary search; a set used again builds its Map once.
    if (!this.ids && ++this.uses > 1) this.ids = new Map(d.tokens.map((t, i) => [t, i]));
    const ids = new Int32Array(hypLen);
    for (let i = 0; i < hypLen; i++) ids[i] = this.ids ? (this.ids.get(tokens[i]) ?? -1) : this.search(tokens[i]);
    const totals = hypothesisTotals(hypLen);
    const counts = countKnownGrams(ids, (order, gram, token) => this.child(order - 1, gram, token));
    const matches = new Int32Array(this.size * MAX_ORDER);
    counts.forEach((perOrder, n) => {
      const start = d.postStart[n];
      const refs = d.postRef[n];
      const refCounts = d.postCount[n];
      for (const [gram, hypCount] of perOrder) {
        for (let k = start[gram], end = start[gram + 1]; k < end; k++) {
          matches[refs[k] * MAX_ORDER + n] += Math.min(hypCount, refCounts[k]);
        }
      }
    });
    const scores = new Float64Array(this.size);
    for (let r = 0; r < this.size; r++) {
      scores[r] = bleuFromCounts(matches.subarray(r * MAX_ORDER, (r + 1) * MAX_ORDER), totals, hypLen, d.lengths[r]);
    }
    return scores;
  }

  private search(token: string): number {
    return binarySearch(this.data.tokens, 0, this.data.tokens.length - 1, token);
  }

  /** The id of (prefix gram of order k + 1) followed by `token`, or -1. */
  private child(k: number, prefix: number, token: number): number {
    const start = this.data.childStart[k];
    return binarySearch(this.data.childToken[k], start[prefix], start[prefix + 1] - 1, token);
  }
}

/** Index of `value` in the sorted `items[lo..hi]` (inclusive), or -1. */
function binarySearch<T extends string | number>(items: ArrayLike<T>, lo: number, hi: number, value: T): number {
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = items[mid];
    if (t === value) return mid;
    if (t < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
