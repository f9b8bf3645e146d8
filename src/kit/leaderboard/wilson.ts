/** Wilson score interval for a binomial proportion (how sure a pass@1 over n tasks is). */

/** The two-sided 95 % normal quantile, Φ⁻¹(0.975). */
export const Z95 = 1.959963984540054;

/**
 * The 95 % Wilson score interval of `passed` successes out of `n`:
 * (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). At the ends the bound is exact (0 of n
 * gives low 0, n of n gives high 1, where floating point would land a rounding error away).
 * `n = 0` has no interval (nulls).
 */
export function wilson(passed: number, n: number, z = Z95): { low: number | null; high: number | null } {
  if (!(n > 0)) return { low: null, high: null };
  const p = passed / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {
    low: passed <= 0 ? 0 : Math.max(0, (center - half) / denominator),
    high: passed >= n ? 1 : Math.min(1, (center + half) / denominator),
  };
}
