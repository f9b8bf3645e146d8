/**
 * Statistics of a paired comparison of two models on the same tasks (GET /v1/compare,
 * docs/compare.md): McNemar's exact test and Newcombe's interval for pass/fail outcomes, a paired
 * bootstrap for graded ones. Pure functions, no I/O; checked against SciPy and an independent
 * computation in test/cli/paired-stats.test.ts.
 */
import { PyRandom } from "../datasets/pyrandom";

/** The 2×2 table of paired pass/fail outcomes (A first). */
export interface PairedTable {
  both: number;
  only_a: number;
  only_b: number;
  neither: number;
}

/** A 95 % interval of one binomial proportion, `passed` of `n` (n > 0): the Wilson score interval for method 10. */
export type ProportionInterval = (passed: number, n: number) => { low: number | null; high: number | null };

/** A difference A − B with its 95 % interval and how the interval was computed. */
export interface PairedDifference {
  estimate: number;
  ci_low: number;
  ci_high: number;
  method: string;
}

/** The bootstrap's method name, fixed seed and number of resamples, stated with its interval. */
export interface BootstrapDifference extends PairedDifference {
  seed: number;
  resamples: number;
}

/** Up to this many discordant pairs the tail is summed directly (C(n, i) and 2^n stay finite). */
const DIRECT_TAIL_MAX = 1000;

/**
 * P(X ≤ k) for X ~ Binomial(n, 1/2), k ≤ n/2. Directly for n ≤ DIRECT_TAIL_MAX (the binomial
 * coefficients are exact integers while below 2^53, and 2^-n is a power of two, so small tails are
 * exact); beyond, in log space, relative to the largest term, so nothing underflows.
 */
function lowerTailHalf(n: number, k: number): number {
  if (n <= DIRECT_TAIL_MAX) {
    let term = 1;
    let sum = 1;
    for (let i = 1; i <= k; i++) {
      term = (term * (n - i + 1)) / i;
      sum += term;
    }
    return sum * 2 ** -n;
  }
  const logC = new Float64Array(k + 1);
  for (let i = 0; i < k; i++) logC[i + 1] = logC[i] + Math.log(n - i) - Math.log(i + 1);
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logC[i] - logC[k]);
  return Math.exp(logC[k] - n * Math.LN2 + Math.log(sum));
}

/**
 * McNemar's exact test, two-sided: under H0 the discordant pairs split as Binomial(b + c, 1/2), and
 * the p-value is 2 · P(X ≤ min(b, c)) capped at 1 (the doubled smaller tail; with p = 1/2 the
 * distribution is symmetric, so this equals SciPy's `binomtest(b, b + c, 0.5)`). No discordant
 * pairs: 1.
 */
export function mcnemarExact(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  return Math.min(1, 2 * lowerTailHalf(n, Math.min(onlyA, onlyB)));
}

/**
 * The difference of paired proportions p_A − p_B = (only_a − only_b) / n with Newcombe's hybrid
 * score interval for paired data (Newcombe 1998, Statistics in Medicine 17:2635, method 10): the
 * Wilson intervals of each side's proportion, combined with the phi correlation of the table (phi
 * taken as 0 when a margin is empty). `wilson` is the Wilson 95 % interval (the leaderboard's,
 * passed in: a library knows no core module). Null without pairs.
 */
export function newcombeDifference(t: PairedTable, wilson: ProportionInterval): PairedDifference | null {
  const n = t.both + t.only_a + t.only_b + t.neither;
  if (n === 0) return null;
  const passA = t.both + t.only_a;
  const passB = t.both + t.only_b;
  const pA = passA / n;
  const pB = passB / n;
  const a = wilson(passA, n) as { low: number; high: number };
  const b = wilson(passB, n) as { low: number; high: number };
  const margins = (t.both + t.only_a) * (t.only_b + t.neither) * (t.both + t.only_b) * (t.only_a + t.neither);
  const phi = margins === 0 ? 0 : (t.both * t.neither - t.only_a * t.only_b) / Math.sqrt(margins);
  const estimate = pA - pB;
  const lowA = pA - a.low;
  const highA = a.high - pA;
  const lowB = pB - b.low;
  const highB = b.high - pB;
  // The radicands are non-negative for |phi| ≤ 1; max() absorbs a rounding error below 0.
  const delta = Math.sqrt(Math.max(0, lowA * lowA - 2 * phi * lowA * highB + highB * highB));
  const epsilon = Math.sqrt(Math.max(0, highA * highA - 2 * phi * highA * lowB + lowB * lowB));
  return {
    estimate,
    ci_low: Math.max(-1, estimate - delta),
    ci_high: Math.min(1, estimate + epsilon),
    method: "newcombe-1998-method-10",
  };
}

/** The q-quantile of ascending `sorted` by linear interpolation (NumPy's default, Hyndman–Fan type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The default number of bootstrap resamples (docs/compare.md: what it costs). */
export const BOOTSTRAP_RESAMPLES = 2000;
/** The default seed of the bootstrap's generator, stated in every answer. */
export const BOOTSTRAP_SEED = 20240420;

/**
 * The mean of paired differences (A − B per task) with a 95 % paired-bootstrap percentile interval:
 * `resamples` times, n indices are drawn with replacement, each by Python's
 * `random.Random(seed).randrange(n)` (MT19937, src/lib/datasets/pyrandom.ts, one generator for all
 * resamples in order), and the resample's mean difference kept; the interval is the 2.5 and 97.5
 * percentiles of those means (linear interpolation, `quantileSorted`). So the same seed gives the
 * same interval here and in a few lines of Python. Null without pairs.
 */
export function pairedBootstrap(
  differences: readonly number[],
  seed = BOOTSTRAP_SEED,
  resamples = BOOTSTRAP_RESAMPLES,
): BootstrapDifference | null {
  const n = differences.length;
  if (n === 0) return null;
  const rng = new PyRandom(seed);
  const d = Float64Array.from(differences);
  const indices = new Uint32Array(n);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    rng.fillRandbelow(n, indices);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += d[indices[i]];
    means[r] = sum / n;
  }
  means.sort();
  const estimate = differences.reduce((s, d) => s + d, 0) / n;
  return {
    estimate,
    ci_low: quantileSorted(means, 0.025),
    ci_high: quantileSorted(means, 0.975),
    method: "paired-bootstrap-percentile",
    seed,
    resamples,
  };
}
