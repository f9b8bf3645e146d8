/**
 * Sentence BLEU exactly as NLTK 3.8 computes it for RepoQA:
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
/** Room for token ids in composite n-gram keys: id * 2^21 + token stays below 2^53. */
const TOKEN_SPACE = 2 ** 21;

/**
 * BLEU from clipped match counts and hypothesis n-gram counts per order (index 0 = unigrams).
 * This is the tail of NLTK's `corpus_bleu` for one sentence pair.
 */
export function bleuFromCounts(matches: ArrayLike<number>, totals: ArrayLike<number>, hypLen: number, refLen: number): number {
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

/** NLTK smoothed sentence BLEU (method4) of `candidate` against `reference`, on RepoQA tokens. */
export function sentenceBleu(reference: string, candidate: string): number {
  return new ReferenceSet([reference]).score(candidate)[0];
}

/**
 * Many references scored against one hypothesis at a time. References are tokenised and indexed
 * once (an inverted index of n-gram -> (reference, count)); scoring a hypothesis then touches only
 * the n-grams it shares with each reference, and gives exactly the per-pair NLTK values.
 */
export class ReferenceSet {
  readonly size: number;
  private readonly vocab = new Map<string, number>();
  /** For orders 2..MAX_ORDER: (prefix id, token id) -> n-gram id. */
  private readonly composite: Map<number, number>[] = [];
  /** Per order: n-gram id -> flat pairs [reference, count, reference, count, ...]. */
  private readonly postings: Map<number, number[]>[] = [];
  private readonly lengths: Int32Array;

  constructor(references: readonly string[]) {
    this.size = references.length;
    this.lengths = new Int32Array(references.length);
    for (let n = 0; n < MAX_ORDER; n++) this.postings.push(new Map());
    for (let n = 1; n < MAX_ORDER; n++) this.composite.push(new Map());
    references.forEach((reference, r) => {
      const ids = splitWhitespace(reference).map((t) => this.intern(t));
      this.lengths[r] = ids.length;
      const counts = this.countNgrams(ids, true);
      counts.forEach((perOrder, n) => {
        for (const [gram, count] of perOrder) {
          let list = this.postings[n].get(gram);
          if (!list) this.postings[n].set(gram, (list = []));
          list.push(r, count);
        }
      });
    });
  }

  /** Token lengths of the references, in order. */
  referenceLength(index: number): number {
    return this.lengths[index];
  }

  /** BLEU of `candidate` against every reference, in reference order. */
  score(candidate: string): Float64Array {
    const tokens = splitWhitespace(candidate);
    const ids = tokens.map((t) => this.vocab.get(t) ?? -1);
    const hypLen = ids.length;
    const totals = new Array<number>(MAX_ORDER);
    for (let n = 0; n < MAX_ORDER; n++) totals[n] = Math.max(0, hypLen - n);
    const matches = new Int32Array(this.size * MAX_ORDER);
    this.countNgrams(ids, false).forEach((perOrder, n) => {
      for (const [gram, hypCount] of perOrder) {
        const list = this.postings[n].get(gram);
        if (!list) continue;
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

  private intern(token: string): number {
    let id = this.vocab.get(token);
    if (id === undefined) {
      id = this.vocab.size;
      if (id >= TOKEN_SPACE) throw new RangeError("ReferenceSet: too many distinct tokens");
      this.vocab.set(token, id);
    }
    return id;
  }

  /** Counts of known n-grams per order; unknown ones (id -1) can never match and are skipped. */
  private countNgrams(ids: readonly number[], grow: boolean): Map<number, number>[] {
    const counts = Array.from({ length: MAX_ORDER }, () => new Map<number, number>());
    this.forEachNgram(ids, grow, (order, gram) => {
      if (gram >= 0) counts[order].set(gram, (counts[order].get(gram) ?? 0) + 1);
      return gram;
    });
    return counts;
  }

  private forEachNgram(ids: readonly number[], grow: boolean, visit: (order: number, gram: number) => number): void {
    for (let start = 0; start < ids.length; start++) {
      let gram = ids[start];
      visit(0, gram);
      for (let n = 1; n < MAX_ORDER && start + n < ids.length; n++) {
        const token = ids[start + n];
        if (gram < 0 || token < 0) gram = -1;
        else {
          const key = gram * TOKEN_SPACE + token;
          let next = this.composite[n - 1].get(key);
          if (next === undefined) {
            if (!grow) next = -1;
            else this.composite[n - 1].set(key, (next = this.composite[n - 1].size));
          }
          gram = next;
        }
        visit(n, gram);
      }
    }
  }
}
