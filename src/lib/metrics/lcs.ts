/**
 * LCS-R / LCS-P over name lists (a code unit perception metric): keep only the predicted
 * names that are in the reference, then take the longest common subsequence with the reference
 * order, so a name counts only where it also stands in the right order.
 */

/** Length of the longest common subsequence of two sequences (two rows of the usual table). */
export function lcsLength<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [outer, inner] = a.length >= b.length ? [a, b] : [b, a];
  let prev = new Int32Array(inner.length + 1);
  let row = new Int32Array(inner.length + 1);
  for (let i = 1; i <= outer.length; i++) {
    const x = outer[i - 1];
    for (let j = 1; j <= inner.length; j++) {
      row[j] = x === inner[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    }
    [prev, row] = [row, prev];
  }
  return prev[inner.length];
}

export interface LcsScore {
  /** LCS of the kept predicted names with the reference. */
  lcs: number;
  /** Predicted names that are reference names, in predicted order (duplicates kept). */
  kept: string[];
  /** LCS / |reference| (0 for an empty reference). */
  recall: number;
  /** LCS / |predicted names before filtering| (0 when nothing was predicted). */
  precision: number;
}

/** LCS-R and LCS-P of `predicted` against `reference`. */
export function lcsRecallPrecision(reference: readonly string[], predicted: readonly string[]): LcsScore {
  const known = new Set(reference);
  const kept = predicted.filter((name) => known.has(name));
  const lcs = lcsLength(reference, kept);
  return {
    lcs,
    kept,
    recall: reference.length ? lcs / reference.length : 0,
    precision: predicted.length ? lcs / predicted.length : 0,
  };
}

/**
 * One longest common subsequence of `a` and `b` as index pairs (ascending in both), for showing
 * which items a LCS score counted; its length is `lcsLength(a, b)`. Keeps the whole
 * (|a| + 1) × (|b| + 1) table: callers bound the sizes (null beyond `maxCells` cells).
 */
export function lcsPairs<T>(a: readonly T[], b: readonly T[], maxCells = 1_000_000): [number, number][] | null {
  const cols = b.length + 1;
  if ((a.length + 1) * cols > maxCells) return null;
  const table = new Int32Array((a.length + 1) * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? table[(i + 1) * cols + j + 1] + 1
          : Math.max(table[(i + 1) * cols + j], table[i * cols + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * cols + j] >= table[i * cols + j + 1]) i++;
    else j++;
  }
  return pairs;
}
