/**
 * Sentence BLEU exactly as NLTK 3.8 computes it for a reference's similarity:
 * `sentence_bleu([ref_tokens], hyp_tokens, smoothing_function=SmoothingFunction().method4)` with
 * uniform weights (0.25 x 4) on whitespace tokens (`re.split(r"\s+", s.strip())`).
 *
 * Quirks kept on purpose (they shape every published number):
 * - no unigram match gives 0 before any smoothing;
 * - method4 smooths a zero-match order only when the hypothesis has more than one token; the
 *   m-th such order gets `(1 / (2^m * 5 / ln(hyp_len))) / denominator`, where the denominator is
 *   the raw count of hypothesis n-grams of that order (at least 1);
 * - precisions that stay 0 are left out of the geometric mean (which `math.fsum`s the logs);
 * - brevity penalty `exp(1 - r/c)` when c < r, 0 when c = 0.
 */
import { fsum } from "./fsum";
import { splitWhitespace } from "./python-text";

const MAX_ORDER = 4;
const WEIGHT = 0.25;
const METHOD4_K = 5;

/**
 * BLEU from clipped match counts and hypothesis n-gram counts per order (index 0 = unigrams).
 * This is the tail of NLTK's `corpus_bleu` for one sentence pair.
 */
export function bleuFromCounts(
  matches: ArrayLike<number>,
  totals: ArrayLike<number>,
  hypLen: number,
  refLen: number,
): number {
  if (matches[0] === 0) return 0;
  const logs: number[] = [];
  let zeroOrders = 0;
  for (let i = 0; i < MAX_ORDER; i++) {
    const denominator = Math.max(1, totals[i]);
    let p: number;
    if (matches[i] === 0 && hypLen > 1) {
      zeroOrders++;
      const numerator = 1 / ((2 ** zeroOrders * METHOD4_K) / Math.log(hypLen));
      p = numerator / denominator;
    } else {
      p = matches[i] / denominator;
    }
    if (p > 0) logs.push(WEIGHT * Math.log(p));
  }
  return brevityPenalty(refLen, hypLen) * Math.exp(fsum(logs));
}

function brevityPenalty(refLen: number, hypLen: number): number {
  if (hypLen > refLen) return 1;
  if (hypLen === 0) return 0;
  return Math.exp(1 - refLen / hypLen);
}

/** NLTK smoothed sentence BLEU (method4) of `candidate` against `reference`, on whitespace tokens (python-text.ts). */
export function sentenceBleu(reference: string, candidate: string): number {
  return new ReferenceSet([reference]).score(candidate)[0];
}

/**
 * Many references scored against one hypothesis at a time. References are tokenised and indexed
 * once (an inverted index of n-gram -> (reference, count)); scoring a hypothesis then touches only
 * the n-grams it shares with each reference, and gives exactly the per-pair NLTK values.
 */
/** Per order 1..MAX_ORDER, how many n-grams a hypothesis of `hypLen` tokens has. */
export function hypothesisTotals(hypLen: number): number[] {
  return Array.from({ length: MAX_ORDER }, (_, n) => Math.max(0, hypLen - n));
}

/**
 * Counts of the hypothesis n-grams the references know, per order, by n-gram id. `ids` are token
 * ids (-1: unknown to every reference); `extend(order, gram, token)` is the id of n-gram `gram` of
 * order `order` followed by `token`, or -1. An unknown n-gram never matches, nor does any longer one
 * starting with it.
 */
export function countKnownGrams(
  ids: ArrayLike<number>,
  extend: (order: number, gram: number, token: number) => number,
): Map<number, number>[] {
  const counts = Array.from({ length: MAX_ORDER }, () => new Map<number, number>());
  for (let start = 0; start < ids.length; start++) {
    let gram = ids[start];
    for (let n = 0; n < MAX_ORDER && start + n < ids.length; n++) {
      if (n > 0) gram = ids[start + n] < 0 ? -1 : extend(n, gram, ids[start + n]);
      if (gram < 0) break;
      counts[n].set(gram, (counts[n].get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

export class ReferenceSet {
  readonly size: number;
  private readonly vocab = new Map<string, number>();
  /** For orders 2..MAX_ORDER: (prefix id, token id) -> n-gram id. */
  private readonly composite: PairTable[] = [];
  /**
   * Per order, indexed by the (dense) n-gram id: flat pairs [reference, count, ...] in reference
   * order, so the last pair always belongs to the reference being indexed.
   */
  private readonly postings: number[][][] = [];
  private readonly lengths: Int32Array;

  constructor(references: readonly string[]) {
    this.size = references.length;
    this.lengths = new Int32Array(references.length);
    for (let n = 0; n < MAX_ORDER; n++) this.postings.push([]);
    for (let n = 1; n < MAX_ORDER; n++) this.composite.push(new PairTable());
    references.forEach((reference, r) => {
      const ids = splitWhitespace(reference).map((t) => this.intern(t));
      this.lengths[r] = ids.length;
      for (let start = 0; start < ids.length; start++) {
        let gram = ids[start];
        this.post(0, gram, r);
        for (let n = 1; n < MAX_ORDER && start + n < ids.length; n++) {
          gram = this.composite[n - 1].find(gram, ids[start + n], true);
          this.post(n, gram, r);
        }
      }
    });
  }

  /** BLEU of `candidate` against every reference, in reference order. */
  score(candidate: string): Float64Array {
    const ids = splitWhitespace(candidate).map((t) => this.vocab.get(t) ?? -1);
    const hypLen = ids.length;
    const totals = hypothesisTotals(hypLen);
    const counts = countKnownGrams(ids, (order, gram, token) => this.composite[order - 1].find(gram, token, false));
    const matches = new Int32Array(this.size * MAX_ORDER);
    counts.forEach((perOrder, n) => {
      for (const [gram, hypCount] of perOrder) {
        const list = this.postings[n][gram];
        for (let k = 0; k < list.length; k += 2) {
          matches[list[k] * MAX_ORDER + n] += Math.min(hypCount, list[k + 1]);
        }
      }
    });
    const scores = new Float64Array(this.size);
    for (let r = 0; r < this.size; r++) {
      scores[r] = bleuFromCounts(matches.subarray(r * MAX_ORDER, (r + 1) * MAX_ORDER), totals, hypLen, this.lengths[r]);
    }
    return scores;
  }

  /**
   * The index's content for {@link compactIndex} (src/lib/metrics/bleu-index.ts): tokens by id, per
   * order the composite n-grams as (prefix id, token id, id) triples, the postings and lengths.
   */
  internals() {
    return {
      tokens: Array.from(this.vocab.keys()),
      composite: this.composite.map((t) => t.entries()),
      postings: this.postings as readonly (readonly (readonly number[])[])[],
      lengths: this.lengths,
    };
  }

  private intern(token: string): number {
    let id = this.vocab.get(token);
    if (id === undefined) {
      id = this.vocab.size;
      this.vocab.set(token, id);
    }
    return id;
  }

  private post(order: number, gram: number, reference: number): void {
    const lists = this.postings[order];
    const list = lists[gram];
    // Ids are dense and assigned in order, so a new id is always lists.length (no holes).
    if (list === undefined) lists.push([reference, 1]);
    else if (list[list.length - 2] === reference) list[list.length - 1]++;
    else list.push(reference, 1);
  }
}

/**
 * Open-addressing hash table from a pair of non-negative int32 ids to a dense id (0, 1, 2, ...).
 * A Map keyed by `a * 2^k + b` would hold heap-allocated doubles as keys; this keeps n-gram
 * interning, the bulk of building a ReferenceSet, several times faster.
 */
class PairTable {
  private first = new Int32Array(1024);
  private second = new Int32Array(1024);
  private ids = new Int32Array(1024).fill(-1);
  private count = 0;

  /** The id of (a, b); with `insert`, a new id when absent, else -1. */
  find(a: number, b: number, insert: boolean): number {
    const mask = this.ids.length - 1;
    let slot = PairTable.hash(a, b) & mask;
    for (;;) {
      const id = this.ids[slot];
      if (id < 0) break;
      if (this.first[slot] === a && this.second[slot] === b) return id;
      slot = (slot + 1) & mask;
    }
    if (!insert) return -1;
    const id = this.count++;
    this.first[slot] = a;
    this.second[slot] = b;
    this.ids[slot] = id;
    if (this.count * 2 > this.ids.length) this.grow();
    return id;
  }

  /** Every (a, b) -> id entry, as three parallel arrays (in slot order). */
  entries(): { first: Int32Array; second: Int32Array; ids: Int32Array } {
    const first = new Int32Array(this.count);
    const second = new Int32Array(this.count);
    const ids = new Int32Array(this.count);
    let k = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (this.ids[i] < 0) continue;
      first[k] = this.first[i];
      second[k] = this.second[i];
      ids[k++] = this.ids[i];
    }
    return { first, second, ids };
  }

  private static hash(a: number, b: number): number {
    let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b ^ 0x7f4a7c15, 0x85ebca6b);
    h ^= h >>> 15;
    return Math.imul(h, 0xc2b2ae35) ^ (h >>> 13);
  }

  private grow(): void {
    const { first, second, ids } = this;
    const size = ids.length * 2;
    this.first = new Int32Array(size);
    this.second = new Int32Array(size);
    this.ids = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] < 0) continue;
      let slot = PairTable.hash(first[i], second[i]) & mask;
      while (this.ids[slot] >= 0) slot = (slot + 1) & mask;
      this.first[slot] = first[i];
      this.second[slot] = second[i];
      this.ids[slot] = ids[i];
    }
  }
}
