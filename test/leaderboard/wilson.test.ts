import { describe, expect, it } from "vitest";
import { Z95, wilson } from "../../src/kit/leaderboard/wilson";

/*
 * Expected bounds computed independently with 50-digit decimal arithmetic:
 * /usr/bin/python3 -c "
 * from decimal import Decimal as D, getcontext
 * getcontext().prec = 50
 * z = D('1.959963984540054')
 * def w(k, n):
 *     k, n = D(k), D(n); p = k / n; d = 1 + z * z / n; c = p + z * z / (2 * n)
 *     h = z * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt()
 *     return ((c - h) / d, (c + h) / d)
 * for k, n in [(0, 10), (10, 10), (45, 100), (453, 500), (1, 1), (311, 500), (11, 500), (0, 1)]:
 *     lo, hi = w(k, n); print(k, n, float(lo), float(hi))"
 */
const KNOWN: [number, number, number, number][] = [
  [0, 10, 0.0, 0.2775327998628892],
  [10, 10, 0.7224672001371107, 1.0],
  [45, 100, 0.35614537979511984, 0.5475539700255787],
  [453, 500, 0.8772354441374409, 0.9285735914077787],
  [1, 1, 0.20654931437723742, 1.0],
  [311, 500, 0.5787204544668167, 0.6634192064605645],
  [11, 500, 0.012328008269927578, 0.03896086121131637],
  [0, 1, 0.0, 0.7934506856227626],
];

describe("Wilson score interval (95 %)", () => {
  it("uses the 97.5 % normal quantile", () => {
    expect(Z95).toBe(1.959963984540054);
  });

  it.each(KNOWN)("%i of %i", (passed, n, low, high) => {
    const ci = wilson(passed, n);
    expect(Math.abs(ci.low! - low)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(ci.high! - high)).toBeLessThanOrEqual(1e-15);
  });

  it("is exact at the ends and null without tasks", () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 0)).toEqual({ low: null, high: null });
  });

  it("contains the rate and narrows with n", () => {
    for (const n of [1, 7, 50, 500, 5000]) {
      for (const passed of [0, Math.floor(n / 3), n]) {
        const { low, high } = wilson(passed, n);
        expect(low!).toBeLessThanOrEqual(passed / n);
        expect(high!).toBeGreaterThanOrEqual(passed / n);
      }
    }
    const w = (n: number) => wilson(n / 2, n);
    expect(w(1000).high! - w(1000).low!).toBeLessThan(w(100).high! - w(100).low!);
  });
});
