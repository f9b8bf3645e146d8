/**
 * The paired-comparison statistics (src/lib/metrics/paired.ts) against values computed independently:
 * exact binomial tails written out by hand, SciPy's `binomtest`, Newcombe's method 10 written
 * again in Python from the paper's formulas, and the bootstrap reproduced from its seed with
 * Python's own `random` module. Node-side, because it runs python3.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { wilson } from "../../src/kit/leaderboard/wilson";
import {
  mcnemarExact,
  newcombeDifference as newcombe,
  pairedBootstrap,
  quantileSorted,
  type PairedTable,
} from "../../src/lib/metrics/paired";

const newcombeDifference = (t: PairedTable) => newcombe(t, wilson);

/** Runs a Python script with JSON on stdin and returns the JSON it prints. */
function python<T>(script: string, input: unknown): T {
  return JSON.parse(execFileSync("python3", ["-c", script], { input: JSON.stringify(input), encoding: "utf8" })) as T;
}

/**
 * SciPy and NumPy, where installed (the hand-written tails and the Python formulas run without them).
 * CI installs them (.ci/run), so there a missing SciPy fails the oracle tests instead of skipping them.
 */
const hasScipy =
  Boolean(process.env.CI) ||
  (() => {
    try {
      execFileSync("python3", ["-c", "import scipy, numpy"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();

const table = (both: number, only_a: number, only_b: number, neither: number): PairedTable => ({
  both,
  only_a,
  only_b,
  neither,
});

describe("mcnemarExact", () => {
  it("equals binomial tails written out by hand, exactly", () => {
    // No discordant pairs: nothing to test, p = 1.
    expect(mcnemarExact(0, 0)).toBe(1);
    // b = 0, c = 4: 2 · C(4,0)/2^4 = 2/16.
    expect(mcnemarExact(0, 4)).toBe(2 / 16);
    // b = 1, c = 5: 2 · (C(6,0) + C(6,1))/2^6 = 2 · 7/64.
    expect(mcnemarExact(1, 5)).toBe(14 / 64);
    expect(mcnemarExact(5, 1)).toBe(14 / 64);
    // b = 3, c = 10: 2 · (1 + 13 + 78 + 286)/2^13 = 756/8192.
    expect(mcnemarExact(3, 10)).toBe(756 / 8192);
    // b = c = 2: 2 · (1 + 4 + 6)/16 = 22/16, capped at 1.
    expect(mcnemarExact(2, 2)).toBe(1);
    // b = 0, c = 1: 2 · 1/2 = 1.
    expect(mcnemarExact(0, 1)).toBe(1);
  });

  it.skipIf(!hasScipy)(
    "agrees with scipy.stats.binomtest (two-sided, p = 0.5), small and large n, on both sides of the direct sum's limit",
    () => {
      const cases: [number, number][] = [
        [0, 3],
        [1, 9],
        [4, 7],
        [12, 30],
        [45, 60],
        [100, 100],
        [180, 240],
        [480, 520],
        [500, 501],
        [1500, 1620],
        [9000, 9300],
        [0, 1200],
      ];
      const scipy = python<number[]>(
        "import json, sys\nfrom scipy.stats import binomtest\nprint(json.dumps([binomtest(min(b, c), b + c, 0.5).pvalue for b, c in json.load(sys.stdin)]))",
        cases,
      );
      cases.forEach(([b, c], i) => {
        const ours = mcnemarExact(b, c);
        expect(Math.abs(ours - scipy[i]), `b=${b} c=${c}: ${ours} vs ${scipy[i]}`).toBeLessThanOrEqual(
          1e-12 + 1e-9 * scipy[i],
        );
      });
    },
  );
});

describe("newcombeDifference (method 10)", () => {
  // Newcombe's method 10 written again from the paper: Wilson limits of each margin, the phi
  // coefficient (0 when a margin is empty), delta and epsilon.
  const NEWCOMBE_PY = `
import json, sys, math
z = 1.959963984540054
def wilson(x, n):
    p = x / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    d = 1 + z * z / n
    return (c - h) / d, (c + h) / d
out = []
for a, b, c, d in json.load(sys.stdin):
    n = a + b + c + d
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    den = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0 if den == 0 else (a * d - b * c) / math.sqrt(den)
    dl = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    du = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    out.append([p1 - p2, p1 - p2 - dl, p1 - p2 + du])
print(json.dumps(out))
`;

  it("matches an independent Python computation on tables of many shapes", () => {
    const tables: [number, number, number, number][] = [
      [12, 9, 2, 21],
      [5, 0, 0, 5],
      [0, 3, 1, 0],
      [40, 10, 25, 25],
      [300, 12, 30, 158],
      [1, 1, 1, 1],
      [7, 0, 6, 0],
      [0, 0, 0, 9],
    ];
    const expected = python<[number, number, number][]>(NEWCOMBE_PY, tables);
    tables.forEach((t, i) => {
      const got = newcombeDifference(table(...t))!;
      expect(got.method).toBe("newcombe-1998-method-10");
      expect(got.estimate).toBeCloseTo(expected[i][0], 12);
      expect(got.ci_low).toBeCloseTo(Math.max(-1, expected[i][1]), 12);
      expect(got.ci_high).toBeCloseTo(Math.min(1, expected[i][2]), 12);
    });
  });

  it("has no interval without pairs, and contains the estimate", () => {
    expect(newcombeDifference(table(0, 0, 0, 0))).toBeNull();
    const d = newcombeDifference(table(3, 4, 1, 2))!;
    expect(d.ci_low).toBeLessThanOrEqual(d.estimate);
    expect(d.ci_high).toBeGreaterThanOrEqual(d.estimate);
  });
});

describe("pairedBootstrap", () => {
  const BOOTSTRAP_PY = `
import json, sys, random
import numpy as np
req = json.load(sys.stdin)
d, seed, resamples = req["d"], req["seed"], req["resamples"]
rng = random.Random(seed)
n = len(d)
means = []
for _ in range(resamples):
    s = 0.0
    for _ in range(n):
        s += d[rng.randrange(n)]
    means.append(s / n)
means.sort()
print(json.dumps([sum(d) / n, float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975))]))
`;

  it.skipIf(!hasScipy)("is reproduced from its seed by Python's random module and NumPy's quantile", () => {
    const d = [0.5, -0.25, 0, 1, 0.75, -1, 0.125, 0, 0.3, 0.2, -0.1, 0.9, 0, 0.4, -0.6, 0.05, 0.33];
    const got = pairedBootstrap(d, 7, 500)!;
    const [estimate, low, high] = python<number[]>(BOOTSTRAP_PY, { d, seed: 7, resamples: 500 });
    expect(got).toMatchObject({ method: "paired-bootstrap-percentile", seed: 7, resamples: 500 });
    expect(got.estimate).toBeCloseTo(estimate, 14);
    expect(got.ci_low).toBeCloseTo(low, 14);
    expect(got.ci_high).toBeCloseTo(high, 14);
  });

  it("gives the same interval for the same seed and none without pairs", () => {
    const d = Array.from({ length: 60 }, (_, i) => ((i * 37) % 11) / 10 - 0.5);
    expect(pairedBootstrap(d)).toEqual(pairedBootstrap(d));
    expect(pairedBootstrap(d, 1)).not.toEqual(pairedBootstrap(d, 2));
    expect(pairedBootstrap([])).toBeNull();
    // A constant difference has a zero-width interval.
    expect(pairedBootstrap([0.25, 0.25, 0.25], 3, 50)).toMatchObject({ estimate: 0.25, ci_low: 0.25, ci_high: 0.25 });
  });

  it("quantileSorted interpolates like numpy.quantile", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1, 12);
    expect(quantileSorted([7], 0.975)).toBe(7);
  });
});
