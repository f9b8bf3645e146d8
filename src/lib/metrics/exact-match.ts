/**
 * EM-R / EM-P over code lines (a data-flow analysis metric): a predicted line matches a
 * reference line when both are equal after trimming; each reference line can be matched once (the
 * lines are a multiset, so a line written twice in the reference must be predicted twice).
 */

export interface ExactMatchScore {
  matched: number;
  /** Indices into `predicted` of the lines that matched. */
  matchedAt: number[];
  /** matched / |reference| (0 for an empty reference). */
  recall: number;
  /** matched / |predicted| (0 when nothing was predicted). */
  precision: number;
}

/** EM-R and EM-P of `predicted` lines against `reference` lines (both trimmed before comparing). */
export function exactMatchLines(reference: readonly string[], predicted: readonly string[]): ExactMatchScore {
  const left = new Map<string, number>();
  for (const line of reference) left.set(line.trim(), (left.get(line.trim()) ?? 0) + 1);
  const matchedAt: number[] = [];
  predicted.forEach((line, i) => {
    const key = line.trim();
    const n = left.get(key) ?? 0;
    if (n > 0) {
      left.set(key, n - 1);
      matchedAt.push(i);
    }
  });
  const matched = matchedAt.length;
  return {
    matched,
    matchedAt,
    recall: reference.length ? matched / reference.length : 0,
    precision: predicted.length ? matched / predicted.length : 0,
  };
}
