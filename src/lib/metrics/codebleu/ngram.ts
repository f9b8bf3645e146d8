/**
 * CodeBLEU's n-gram match: NLTK's `corpus_bleu` as vendored by the codebleu package, 1-4 grams with
 * weights 0.25, smoothed with Chen & Cherry method1 (epsilon 0.1).
 *
 * Corpus-level: matches and hypothesis n-gram counts are summed over samples before dividing. The
 * package builds each sample's precision as `Fraction(matches, total, _normalize=False)`, so the
 * summed numerators and denominators are the raw counts (never reduced), which is what we add up.
 * A Fraction is turned into a float by one correctly rounded integer division, as `a / b` here.
 */
import { fsum } from "../fsum";
import { pyStrip, splitWhitespace } from "../python-text";

export const MAX_ORDER = 4;
const ORDER_WEIGHT = 0.25;
const EPSILON = 0.1;

/** Python `s.split()` (no argument): whitespace runs separate, no empty tokens. */
export function pySplit(text: string): string[] {
  return pyStrip(text) === "" ? [] : splitWhitespace(text);
}

/** n-gram -> count, in first-occurrence order (a Python Counter over `ngrams(tokens, n)`). */
export function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  // Tokens never contain whitespace, so a space joins an n-gram's tokens unambiguously.
  for (let i = 0; i + n <= tokens.length; i++) {
    let key = tokens[i];
    for (let k = 1; k < n; k++) key += " " + tokens[i + k];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * The reference length closest to `hypLen`, ties to the shorter one
 * (`min(lens, key=lambda r: (abs(r - hyp_len), r))`).
 */
export function closestRefLength(refLens: readonly number[], hypLen: number): number {
  let best = refLens[0];
  if (best === undefined) throw new Error("closest_ref_length: no references (min() of an empty sequence)");
  for (const len of refLens) {
    const d = Math.abs(len - hypLen);
    const bd = Math.abs(best - hypLen);
    if (d < bd || (d === bd && len < best)) best = len;
  }
  return best;
}

/** NLTK's brevity penalty on corpus totals. */
export function brevityPenalty(refLength: number, hypLength: number): number {
  if (hypLength > refLength) return 1;
  if (hypLength === 0) return 0;
  return Math.exp(1 - refLength / hypLength);
}

/**
 * Geometric mean of the per-order ratios after method1 smoothing, times the brevity penalty;
 * 0 when no unigram matched. Shared by the plain and the keyword-weighted n-gram match.
 */
export function smoothedBleu(numerators: readonly number[], denominators: readonly number[], bp: number): number {
  if (numerators[0] === 0) return 0;
  const logs = numerators.map((num, i) => ORDER_WEIGHT * Math.log((num === 0 ? num + EPSILON : num) / denominators[i]));
  return bp * Math.exp(fsum(logs));
}

/** One sample's contribution to a corpus n-gram score: per-order sums and the two lengths. */
export interface NgramStats {
  numerators: number[];
  denominators: number[];
  hypLength: number;
  refLength: number;
}

/** Adds samples' statistics in order (the order of Python's running sums, which matters for floats). */
export function sumNgramStats(samples: readonly NgramStats[]): NgramStats {
  const total: NgramStats = {
    numerators: new Array(MAX_ORDER).fill(0),
    denominators: new Array(MAX_ORDER).fill(0),
    hypLength: 0,
    refLength: 0,
  };
  for (const s of samples) {
    for (let i = 0; i < MAX_ORDER; i++) {
      total.numerators[i] += s.numerators[i];
      total.denominators[i] += s.denominators[i];
    }
    total.hypLength += s.hypLength;
    total.refLength += s.refLength;
  }
  return total;
}

/** The score of summed statistics. */
export const scoreNgramStats = (s: NgramStats) =>
  smoothedBleu(s.numerators, s.denominators, brevityPenalty(s.refLength, s.hypLength));

/** One hypothesis against its references: clipped matches and hypothesis n-gram counts per order. */
export function ngramSampleStats(refs: readonly (readonly string[])[], hyp: readonly string[]): NgramStats {
  const numerators: number[] = [];
  const denominators: number[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) {
    const counts = ngramCounts(hyp, n);
    // Clip each hypothesis n-gram by its largest count in any one reference.
    const maxCounts = new Map<string, number>();
    for (const ref of refs) {
      const refCounts = ngramCounts(ref, n);
      for (const gram of counts.keys())
        maxCounts.set(gram, Math.max(maxCounts.get(gram) ?? 0, refCounts.get(gram) ?? 0));
    }
    let matched = 0;
    let total = 0;
    for (const [gram, count] of counts) {
      matched += Math.min(count, maxCounts.get(gram) ?? 0);
      total += count;
    }
    numerators.push(matched);
    denominators.push(Math.max(1, total));
  }
  return {
    numerators,
    denominators,
    hypLength: hyp.length,
    refLength: closestRefLength(
      refs.map((r) => r.length),
      hyp.length,
    ),
  };
}

/** `bleu.corpus_bleu(list_of_references, hypotheses)` on token lists. */
export function corpusBleu(
  references: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
): number {
  return scoreNgramStats(sumNgramStats(hypotheses.map((hyp, s) => ngramSampleStats(references[s], hyp))));
}
