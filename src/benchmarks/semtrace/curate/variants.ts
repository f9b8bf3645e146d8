/**
 * Incomplete versions of a function for the counterfactual sensitivity measurement (paper §3.2 and
 * §5.2: "removing all possible combinations of lines while preserving function signatures").
 *
 * ## What is kept and what is removed
 * - The signature is kept: every line from the top of the code through the line that ends the first
 *   `def ...:` header (the `:` at bracket depth 0, so multi-line parameter lists, annotations and
 *   default values with brackets, strings or `lambda:` are handled; lines above the `def`, such as
 *   decorators or imports, are kept too).
 * - Body lines are the non-blank lines after that (a blank line is empty or whitespace only; blank
 *   lines are never removed and do not count). With n body lines there are 2^n - 1 non-empty
 *   combinations to remove: sizes 1..n, removing every body line included.
 * - `removed` holds 0-based indices into `code.split("\n")`, ascending; `code` is the remaining lines
 *   joined with "\n"; `fraction` = removed.length / n.
 *
 * ## All combinations, or a stratified sample
 * When 2^n - 1 <= cap, all combinations are returned. Otherwise exactly `cap` distinct ones are
 * chosen with `rng`, stratified by size (number of removed lines):
 * - Quotas (no randomness; water-filling): every size starts at 0; repeatedly, with R slots left and
 *   S sizes that still have combinations not allotted, each of those sizes gets floor(R / S) more,
 *   capped by its remaining combinations C(n, size) - quota. When floor(R / S) is 0, the R leftover
 *   slots go one each to the R sizes with the most combinations left (ties: the smaller size).
 *   So sizes share cap equally, small strata (size 1 and n) are taken whole, and what they do not
 *   use goes to the middle sizes, which have the most combinations.
 * - Draws, sizes in ascending order: a size whose quota is all its combinations takes them all (no
 *   draw). Otherwise, when C(n, size) <= 2 * quota, its combinations are listed (lexicographic order)
 *   and `rng.sample(list, quota)` picks them; else combinations are drawn one at a time as
 *   `sorted(rng.sample(range(n), size))` over body-line ordinals, skipping repeats, until the quota
 *   is met (the acceptance rate is then above 1/2, and C(n, size) is never listed).
 *
 * Output order, always: by size, then lexicographic by `removed`.
 */
import type { PyRandom } from "../../../lib/datasets/pyrandom";

export interface LineRemovalVariant {
  removed: number[];
  code: string;
  fraction: number;
}

/**
 * Incomplete versions of a function made by removing combinations of its body lines (the
 * signature, up to the line ending the `def ...:` header, is kept). All combinations when there are
 * at most `cap`; otherwise `cap` of them sampled with `rng`, stratified by how many lines are removed.
 */
export function lineRemovalVariants(code: string, rng: PyRandom, opts: { cap: number }): LineRemovalVariant[] {
  const { cap } = opts;
  if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`cap must be a positive integer, got ${cap}`);
  const lines = code.split("\n");
  const headerEnd = findHeaderEnd(lines);
  const body: number[] = [];
  for (let i = headerEnd + 1; i < lines.length; i++) if (lines[i].trim() !== "") body.push(i);
  const n = body.length;
  if (n === 0) return [];

  let combos: number[][]; // body-line ordinals
  if ((1n << BigInt(n)) - 1n <= BigInt(cap)) {
    combos = [];
    for (let size = 1; size <= n; size++) combos.push(...combinations(n, size));
  } else {
    combos = [];
    const quota = stratumQuotas(n, cap);
    for (let size = 1; size <= n; size++) {
      const q = quota[size];
      if (q === 0) continue;
      const available = binomial(n, size);
      if (BigInt(q) === available) {
        combos.push(...combinations(n, size));
      } else if (available <= BigInt(2 * q)) {
        combos.push(...rng.sample(combinations(n, size), q));
      } else {
        const ordinals = Array.from({ length: n }, (_, i) => i);
        const seen = new Set<string>();
        while (seen.size < q) {
          const c = rng.sample(ordinals, size).sort((a, b) => a - b);
          const key = c.join(",");
          if (seen.has(key)) continue;
          seen.add(key);
          combos.push(c);
        }
      }
    }
    combos.sort(compareCombinations);
  }

  return combos.map((c) => {
    const removed = c.map((ordinal) => body[ordinal]);
    const drop = new Set(removed);
    return { removed, code: lines.filter((_, i) => !drop.has(i)).join("\n"), fraction: removed.length / n };
  });
}

/**
 * The per-size quotas of the stratified sample (index = number of removed lines, 1..n; index 0
 * unused), for n body lines and a cap below 2^n - 1. Exported for the tests.
 */
export function stratumQuotas(n: number, cap: number): number[] {
  const quota = new Array<number>(n + 1).fill(0);
  const available = Array.from({ length: n + 1 }, (_, k) => (k === 0 ? 0n : binomial(n, k)));
  const left = (k: number): bigint => available[k] - BigInt(quota[k]);
  let remaining = cap;
  while (remaining > 0) {
    const open: number[] = [];
    for (let k = 1; k <= n; k++) if (left(k) > 0n) open.push(k);
    if (open.length === 0) break;
    const share = Math.floor(remaining / open.length);
    if (share === 0) {
      open.sort((a, b) => (left(a) === left(b) ? a - b : left(a) > left(b) ? -1 : 1));
      for (const k of open.slice(0, remaining)) quota[k]++;
      break;
    }
    for (const k of open) {
      const add = left(k) < BigInt(share) ? Number(left(k)) : share;
      quota[k] += add;
      remaining -= add;
    }
  }
  return quota;
}

/** Index of the line holding the `:` that ends the first `def` header. */
function findHeaderEnd(lines: readonly string[]): number {
  const start = lines.findIndex((l) => /^\s*(async\s+)?def\s/.test(l));
  if (start < 0) throw new RangeError("no `def` header in the code");
  let depth = 0;
  let quote: string | null = null; // the open string's delimiter (' " ''' """)
  for (let li = start; li < lines.length; li++) {
    const line = lines[li];
    let i = li === start ? line.search(/def\s/) + 3 : 0;
    for (; i < line.length; i++) {
      const c = line[i];
      if (quote !== null) {
        if (c === "\\") i++;
        else if (line.startsWith(quote, i)) {
          i += quote.length - 1;
          quote = null;
        }
        continue;
      }
      if (c === "#") break;
      if (c === "'" || c === '"') {
        quote = line.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
        i += quote.length - 1;
      } else if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) depth--;
      else if (c === ":" && depth === 0) return li;
    }
    // A single-quoted string cannot continue onto the next line (only with a backslash, which the
    // escape handling above already skipped past).
    if (quote !== null && quote.length === 1) quote = null;
  }
  throw new RangeError("the `def` header never ends with `:`");
}

function compareCombinations(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** All size-k subsets of 0..n-1, lexicographic (itertools.combinations order). */
function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const c = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    out.push(c.slice());
    let i = k - 1;
    while (i >= 0 && c[i] === n - k + i) i--;
    if (i < 0) return out;
    c[i]++;
    for (let j = i + 1; j < k; j++) c[j] = c[j - 1] + 1;
  }
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const kk = Math.min(k, n - k);
  let r = 1n;
  for (let i = 1; i <= kk; i++) r = (r * BigInt(n - kk + i)) / BigInt(i);
  return r;
}
