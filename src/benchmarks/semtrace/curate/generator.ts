/**
 * SemTrace function generator (Štorek et al., "Sense and Sensitivity", §3.3 and §5.3; spec
 * ../shared/spec/semtrace.md). A SemTrace function takes an integer `x`, builds a list of k zeros,
 * writes every index exactly once with `x + y` (or `x - |y|`) in a random line order and returns
 * the list:
 *
 * ```
 * def f(x):
 *     arr = [0, 0, 0, 0]
 *     arr[0] = x - 43
 *     arr[2] = x - 65
 *     arr[1] = x + 88
 *     arr[3] = x - 74
 *     return arr
 * ```
 *
 * With x = 81 the output is [38, 169, 16, 7] (the paper's Listing 1).
 *
 * ## The rules (they define the dataset; changing any of them changes every dataset built with it)
 *
 * For digit variant d (an integer in [SEMTRACE_DIGITS.min, SEMTRACE_DIGITS.max] = [2, 6]):
 * - k, the number of assignments (and the list length), is uniform in [4, 10] (the paper's range,
 *   the same for every d);
 * - the input x is uniform in [10^(d-1), 10^d - 1] (a d-digit positive integer; d = 2: 10..99, the
 *   paper's example uses x = 81);
 * - each y is uniform in [-10^d, 10^d - 1] (d = 2 gives the paper's [-100, 99]; |y| has at most
 *   d + 1 digits, and d + 1 only for y = -10^d);
 * - line j (0-based, in text order) of the k assignment lines writes index order[j], where `order`
 *   is a uniformly random permutation of 0..k-1 (so the indices are distinct and cover 0..k-1);
 * - the line text is `arr[i] = x + y` when y >= 0 (including `x + 0`) and `arr[i] = x - |y|` when y < 0;
 * - output[i] = x + y of the line that writes index i.
 *
 * ## Draw order (fixed forever: a dataset id + seed must reproduce its functions)
 *
 * One call consumes, from `rng` (a port of CPython's `random`, so Python reproduces it):
 * 1. `k = rng.randint(4, 10)`
 * 2. `x = rng.randint(10 ** (d - 1), 10 ** d - 1)`
 * 3. `order = list(range(k)); rng.shuffle(order)` — order[j] is the index written by line j
 * 4. for j = 0 .. k-1 (text order): `y_j = rng.randint(-10 ** d, 10 ** d - 1)`
 *
 * i.e. in Python (test/vectors/gen_semtrace.py re-implements exactly this):
 * ```python
 * k = random.randint(4, 10); x = random.randint(10**(d-1), 10**d - 1)
 * order = list(range(k)); random.shuffle(order)
 * ys = [random.randint(-10**d, 10**d - 1) for _ in range(k)]
 * ```
 * Successive calls on the same rng continue the stream, so the n-th function of a seed depends on
 * the digit variants of the calls before it.
 *
 * ## Text layout
 * Lines joined by "\n", no trailing newline, 4-space indentation: `def f(x):`, `    arr = [0, 0, ...]`
 * (k zeros separated by ", "), the k assignment lines, `    return arr`.
 */
import type { PyRandom } from "../../../lib/datasets/pyrandom";

export interface SemTraceFunction {
  /** The function's source text (see the layout above). */
  code: string;
  /** The input: the assertion is `assert f(<x>) == ??`. */
  x: number;
  /** f(x): output[i] = x + y of the line writing index i. */
  output: number[];
  /** Number of assignments (= output.length). */
  k: number;
  /** Digit variant d the function was drawn with. */
  digits: number;
}

/** Digit variants: the paper's 2-digit task and its 3- to 6-digit variants (§5.3). */
export const SEMTRACE_DIGITS = { min: 2, max: 6 } as const;

/** The paper's range for the number of assignments. */
export const SEMTRACE_K = { min: 4, max: 10 } as const;

/** One SemTrace function from `rng` (deterministic: the same rng state gives the same function). */
export function generateSemTrace(rng: PyRandom, opts: { digits: number }): SemTraceFunction {
  const d = opts.digits;
  if (!Number.isInteger(d) || d < SEMTRACE_DIGITS.min || d > SEMTRACE_DIGITS.max) {
    throw new RangeError(`digits must be an integer in [${SEMTRACE_DIGITS.min}, ${SEMTRACE_DIGITS.max}], got ${d}`);
  }
  const scale = 10 ** d;
  const k = rng.randint(SEMTRACE_K.min, SEMTRACE_K.max);
  const x = rng.randint(scale / 10, scale - 1);
  const order = Array.from({ length: k }, (_, i) => i);
  rng.shuffle(order);
  const ys = order.map(() => rng.randint(-scale, scale - 1));

  const output: number[] = new Array(k);
  const lines = ["def f(x):", `    arr = [${new Array(k).fill("0").join(", ")}]`];
  order.forEach((index, j) => {
    const y = ys[j];
    lines.push(`    arr[${index}] = x ${y >= 0 ? "+" : "-"} ${Math.abs(y)}`);
    output[index] = x + y;
  });
  lines.push("    return arr");
  return { code: lines.join("\n"), x, output, k, digits: d };
}
