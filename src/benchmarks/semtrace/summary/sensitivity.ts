/**
 * Semantic recall sensitivity (paper §3.2, Eq. 1):
 *
 *   Sens(C) = 1/|Inc(C)| * sum over C_inc in Inc(C) of (R(C) - R(C_inc)) / (R(C) + eps)
 *
 * R is a reasoning performance in [0, 1] (here: exact-match correctness, 0 or 1, or an accuracy).
 * Sens is 1 when every incomplete version fails while the complete one succeeds (the Python
 * interpreter's behaviour), near 0 when removing lines changes nothing (pattern matching), and
 * negative when incomplete versions do better than the complete one. eps only keeps the division
 * finite: with R(C) = 0 the formula gives -R(C_inc)/eps (huge and meaningless), so
 * summarizeSensitivity counts such snippets apart ("unsolved") instead of averaging them in.
 */

export const SENSITIVITY_EPS = 1e-6;

function checkRate(r: number, what: string): void {
  if (!(typeof r === "number" && r >= 0 && r <= 1)) throw new RangeError(`${what} must be a rate in [0, 1], got ${r}`);
}

/** Eq. 1 of the paper for one snippet: mean over variants of (R(C) - R(C_inc)) / (R(C) + eps). */
export function sensitivity(rComplete: number, rIncomplete: readonly number[], eps: number = SENSITIVITY_EPS): number {
  checkRate(rComplete, "R(C)");
  if (rIncomplete.length === 0) throw new RangeError("sensitivity needs at least one incomplete version");
  if (!(eps > 0 && Number.isFinite(eps))) throw new RangeError(`eps must be a positive number, got ${eps}`);
  let sum = 0;
  for (const r of rIncomplete) {
    checkRate(r, "R(C_inc)");
    sum += (rComplete - r) / (rComplete + eps);
  }
  return sum / rIncomplete.length;
}

/** One answer: `base` names the snippet, `fraction` the share of its body lines removed (0 = complete). */
export interface SensitivityItem {
  base: string;
  fraction: number;
  correct: boolean;
}

export interface SensitivitySummary {
  /**
   * mean of sensitivity() over snippets whose complete version is correct; unsolved = snippets whose
   * complete version is wrong (the formula divides by eps there, so they carry no information;
   * counted apart).
   */
  per_snippet: { mean: number | null; snippets: number; unsolved: number };
  /** Eq. 1 with R(C) = accuracy on all complete versions, R(C_inc) = each incomplete version's correctness, mean over all incomplete versions. */
  aggregate: number | null;
  /** Accuracy by fraction removed: "0" (complete), then (0, 0.1] as "0.0-0.1", ..., (0.9, 1.0] as "0.9-1.0"; empty buckets omitted. */
  curve: { bucket: string; lo: number; hi: number; n: number; accuracy: number }[];
}

/**
 * Summary of a sensitivity run.
 *
 * - per_snippet: items are grouped by `base`. R(C) of a snippet is the accuracy of its complete
 *   items (normally exactly one). A snippet with R(C) = 0 is `unsolved`; a snippet with R(C) > 0 and
 *   at least one incomplete item adds sensitivity(R(C), its incomplete correctness) to the mean and
 *   counts in `snippets`. Snippets with no incomplete item count in neither. A base with incomplete
 *   items but no complete one is an error (RangeError): its R(C) is unknown.
 * - aggregate: R(C) = accuracy over every complete item, then sensitivity(R(C), every incomplete
 *   item's correctness) — i.e. (R(C) - accuracy_inc) / (R(C) + eps). null without complete or
 *   incomplete items.
 * - curve: bucket "0" (lo = hi = 0) for complete items; an incomplete item with fraction f goes to
 *   (b/10, (b+1)/10] with b = ceil(10 f) - 1 (computed with a 1e-9 tolerance so 3/10 lands in
 *   "0.2-0.3"). Buckets in ascending order.
 */
export function summarizeSensitivity(
  items: readonly SensitivityItem[],
  eps: number = SENSITIVITY_EPS,
): SensitivitySummary {
  if (!(eps > 0 && Number.isFinite(eps))) throw new RangeError(`eps must be a positive number, got ${eps}`);
  const bases = new Map<string, { complete: number[]; incomplete: number[] }>();
  const buckets = new Map<number, { n: number; correct: number }>(); // -1 = complete
  for (const item of items) {
    checkRate(item.fraction, `fraction of ${item.base}`);
    const r = item.correct ? 1 : 0;
    let entry = bases.get(item.base);
    if (entry === undefined) bases.set(item.base, (entry = { complete: [], incomplete: [] }));
    const b = item.fraction === 0 ? -1 : Math.max(0, Math.ceil(item.fraction * 10 - 1e-9) - 1);
    (item.fraction === 0 ? entry.complete : entry.incomplete).push(r);
    const bucket = buckets.get(b) ?? { n: 0, correct: 0 };
    bucket.n++;
    bucket.correct += r;
    buckets.set(b, bucket);
  }

  const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
  const perSnippet: number[] = [];
  let unsolved = 0;
  const allComplete: number[] = [];
  const allIncomplete: number[] = [];
  for (const [base, { complete, incomplete }] of bases) {
    allComplete.push(...complete);
    allIncomplete.push(...incomplete);
    if (complete.length === 0) throw new RangeError(`snippet ${base} has incomplete versions but no complete version`);
    const rc = mean(complete);
    if (rc === 0) unsolved++;
    else if (incomplete.length > 0) perSnippet.push(sensitivity(rc, incomplete, eps));
  }

  const aggregate =
    allComplete.length > 0 && allIncomplete.length > 0 ? sensitivity(mean(allComplete), allIncomplete, eps) : null;

  const curve = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([b, { n, correct }]) =>
      b === -1
        ? { bucket: "0", lo: 0, hi: 0, n, accuracy: correct / n }
        : {
            bucket: `${(b / 10).toFixed(1)}-${((b + 1) / 10).toFixed(1)}`,
            lo: b / 10,
            hi: (b + 1) / 10,
            n,
            accuracy: correct / n,
          },
    );

  return {
    per_snippet: { mean: perSnippet.length > 0 ? mean(perSnippet) : null, snippets: perSnippet.length, unsolved },
    aggregate,
    curve,
  };
}
