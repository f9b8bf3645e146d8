/**
 * CodeBLEU's keyword-weighted n-gram match (`weighted_ngram_match.corpus_bleu`), quirks kept:
 *
 * - It is a recall: each reference n-gram is clipped by its count in the hypothesis and divided by
 *   the reference's own n-gram count; with several references both sides are summed over all of them.
 * - Only unigrams are weighted: 1 for a language keyword, 0.2 for any other token. Sums are float
 *   additions in the reference's first-occurrence order, as Python does them, so results agree bitwise.
 * - Each reference adds `max(1, its weighted count)` to the denominator.
 * - Its brevity penalty measures every reference as length 2: the package hands NLTK's
 *   `closest_ref_length` a `[tokens, weights]` pair per reference, whose `len()` is 2. So the penalty is
 *   1 unless the corpus has at most two hypothesis tokens per sample.
 */
import { MAX_ORDER, ngramCounts, scoreNgramStats, sumNgramStats, type NgramStats } from "./ngram";

const KEYWORD_WEIGHT = 1;
const OTHER_WEIGHT = 0.2;
/** `len([reference_tokens, weights])`. */
const QUIRK_REFERENCE_LENGTH = 2;

/** One hypothesis against its references: weighted clipped and total reference counts per order. */
export function weightedSampleStats(
  refs: readonly (readonly string[])[],
  hyp: readonly string[],
  keywords: ReadonlySet<string>,
): NgramStats {
  const numerators: number[] = [];
  const denominators: number[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) {
    const counts = ngramCounts(hyp, n);
    // For unigrams the package checks len(weights) == len(reference_counts): both count the
    // reference's distinct tokens, so unigrams are always weighted and longer n-grams never.
    const weight = (gram: string) => (n === 1 ? (keywords.has(gram) ? KEYWORD_WEIGHT : OTHER_WEIGHT) : 1);
    let numerator = 0;
    let denominator = 0;
    for (const ref of refs) {
      let clipped = 0;
      let total = 0;
      for (const [gram, count] of ngramCounts(ref, n)) {
        clipped += Math.min(count, counts.get(gram) ?? 0) * weight(gram);
        total += count * weight(gram);
      }
      numerator += clipped;
      denominator += Math.max(1, total);
    }
    numerators.push(numerator);
    denominators.push(denominator);
  }
  return { numerators, denominators, hypLength: hyp.length, refLength: QUIRK_REFERENCE_LENGTH };
}

/** `weighted_ngram_match.corpus_bleu` with the package's `make_weights(reference, keywords)`. */
export function corpusWeightedBleu(
  references: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  keywords: ReadonlySet<string>,
): number {
  return scoreNgramStats(sumNgramStats(hypotheses.map((hyp, s) => weightedSampleStats(references[s], hyp, keywords))));
}
