import { describe, expect, it } from "vitest";
import { generateSemTrace } from "../../src/benchmarks/semtrace/curate/generator";
import {
  lineRemovalVariants,
  stratumQuotas,
  type LineRemovalVariant,
} from "../../src/benchmarks/semtrace/curate/variants";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import golden from "../vectors/semtrace-golden.json";

const LISTING = [
  "def f(x):",
  "    arr = [0, 0, 0, 0]",
  "    arr[0] = x - 43",
  "    arr[2] = x - 65",
  "    arr[1] = x + 88",
  "    arr[3] = x - 74",
  "    return arr",
].join("\n");

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

function isSortedBySizeThenLex(vs: readonly LineRemovalVariant[]): boolean {
  for (let i = 1; i < vs.length; i++) {
    const a = vs[i - 1].removed;
    const b = vs[i].removed;
    if (a.length !== b.length) {
      if (a.length > b.length) return false;
      continue;
    }
    const j = a.findIndex((v, t) => v !== b[t]);
    if (j < 0 || a[j] > b[j]) return false; // equal (duplicate) or out of order
  }
  return true;
}

/** A function with n body lines (a SemTrace-like list of n - 2 assignments). */
function bodyOf(n: number): string {
  return [
    "def f(x):",
    "    arr = [0]",
    ...Array.from({ length: n - 2 }, (_, i) => `    arr[0] = x + ${i}`),
    "    return arr",
  ].join("\n");
}

describe("lineRemovalVariants", () => {
  it("enumerates all 2^n - 1 combinations of the paper's listing, by size then lexicographic", () => {
    const vs = lineRemovalVariants(LISTING, new PyRandom(1), { cap: 1000 });
    expect(vs).toHaveLength(2 ** 6 - 1);
    expect(vs.slice(0, 7).map((v) => v.removed)).toEqual([[1], [2], [3], [4], [5], [6], [1, 2]]);
    expect(vs[vs.length - 1].removed).toEqual([1, 2, 3, 4, 5, 6]);
    expect(isSortedBySizeThenLex(vs)).toBe(true);
    expect(new Set(vs.map((v) => v.removed.join(","))).size).toBe(vs.length);
    for (let k = 1; k <= 6; k++) expect(vs.filter((v) => v.removed.length === k)).toHaveLength(binomial(6, k));
  });

  it("builds the code by dropping exactly the removed lines and keeps the signature", () => {
    const vs = lineRemovalVariants(LISTING, new PyRandom(1), { cap: 1000 });
    const lines = LISTING.split("\n");
    for (const v of vs) {
      expect(v.code).toBe(lines.filter((_, i) => !v.removed.includes(i)).join("\n"));
      expect(v.code.split("\n")[0]).toBe("def f(x):");
      expect(v.fraction).toBe(v.removed.length / 6);
    }
    expect(vs.find((v) => v.removed.join() === "2,6")).toEqual({
      removed: [2, 6],
      code: "def f(x):\n    arr = [0, 0, 0, 0]\n    arr[2] = x - 65\n    arr[1] = x + 88\n    arr[3] = x - 74",
      fraction: 2 / 6,
    });
    expect(vs[vs.length - 1]).toEqual({ removed: [1, 2, 3, 4, 5, 6], code: "def f(x):", fraction: 1 });
  });

  it.each([1, 2, 3, 4, 5])("counts all combinations for n = %i body lines", (n) => {
    const code = ["def f(x):", ...Array.from({ length: n }, (_, i) => `    a${i} = ${i}`)].join("\n");
    const vs = lineRemovalVariants(code, new PyRandom(1), { cap: 2 ** n - 1 });
    expect(vs).toHaveLength(2 ** n - 1);
    expect(vs.map((v) => v.fraction).filter((f) => f === 1)).toHaveLength(1);
  });

  it("never removes blank lines nor counts them, and keeps a multi-line header", () => {
    const code = ["def f(a,", "      b=(1, 2),", "      c=':'):", "", "    x = a", "   ", "    return x", ""].join(
      "\n",
    );
    const vs = lineRemovalVariants(code, new PyRandom(1), { cap: 100 });
    expect(vs.map((v) => v.removed)).toEqual([[4], [6], [4, 6]]);
    expect(vs.map((v) => v.fraction)).toEqual([0.5, 0.5, 1]);
    expect(vs[2].code).toBe(["def f(a,", "      b=(1, 2),", "      c=':'):", "", "   ", ""].join("\n"));
    // Annotations, a return annotation and lines above the def are kept too.
    const annotated = ["@decorator", "def f(x: int) -> list:", "    return [x]"].join("\n");
    expect(lineRemovalVariants(annotated, new PyRandom(1), { cap: 10 })).toEqual([
      { removed: [2], code: "@decorator\ndef f(x: int) -> list:", fraction: 1 },
    ]);
    // A one-line function has no body line to remove.
    expect(lineRemovalVariants("def f(x): return x", new PyRandom(1), { cap: 10 })).toEqual([]);
    expect(() => lineRemovalVariants("x = 1", new PyRandom(1), { cap: 10 })).toThrow(RangeError);
    expect(() => lineRemovalVariants(LISTING, new PyRandom(1), { cap: 0 })).toThrow(RangeError);
  });

  it("samples exactly cap distinct combinations when there are more, deterministically", () => {
    const code = bodyOf(12); // 4095 combinations
    const a = lineRemovalVariants(code, new PyRandom(7), { cap: 200 });
    const b = lineRemovalVariants(code, new PyRandom(7), { cap: 200 });
    const c = lineRemovalVariants(code, new PyRandom(8), { cap: 200 });
    expect(a).toHaveLength(200);
    expect(a).toEqual(b);
    expect(a.map((v) => v.removed)).not.toEqual(c.map((v) => v.removed));
    expect(new Set(a.map((v) => v.removed.join(","))).size).toBe(200);
    expect(isSortedBySizeThenLex(a)).toBe(true);
    for (const v of a) {
      expect(v.removed.every((i) => i >= 1 && i <= 12)).toBe(true);
      expect(v.code.startsWith("def f(x):")).toBe(true);
    }
  });

  it("stratifies by size with the documented quotas", () => {
    // n = 12, cap = 200: 12 sizes, equal share floor(200 / 12) = 16; sizes 1 and 11 have 12
    // combinations and size 12 has 1, so they are taken whole (12 + 12 + 1 = 25 used of 48);
    // the remaining 200 - 25 - 9 * 16 = 31 go round again over the 9 open sizes (2..10): 3 each
    // (27), then the last 4 to the sizes with most combinations left: 6 (924 - 19), 5 and 7
    // (792 - 19), then 4 (495 - 19) before 8 (same count, smaller size first).
    const q = stratumQuotas(12, 200);
    expect(q).toEqual([0, 12, 19, 19, 20, 20, 20, 20, 19, 19, 19, 12, 1]);
    expect(q.reduce((a, b) => a + b, 0)).toBe(200);
    const vs = lineRemovalVariants(bodyOf(12), new PyRandom(3), { cap: 200 });
    for (let k = 1; k <= 12; k++) expect(vs.filter((v) => v.removed.length === k)).toHaveLength(q[k]);
    // A cap smaller than the number of sizes goes to the sizes with the most combinations.
    expect(stratumQuotas(12, 3)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it("sizes a dense stratum by listing it (C(n, k) <= 2 * quota) and still returns distinct combinations", () => {
    // n = 7 (127 combinations), cap = 100: quotas are near 14-15 per size; C(7, 2) = 21 <= 2 * 15.
    const q = stratumQuotas(7, 100);
    expect(q.reduce((a, b) => a + b, 0)).toBe(100);
    const vs = lineRemovalVariants(bodyOf(7), new PyRandom(11), { cap: 100 });
    expect(vs).toHaveLength(100);
    expect(new Set(vs.map((v) => v.removed.join(","))).size).toBe(100);
    for (let k = 1; k <= 7; k++) expect(vs.filter((v) => v.removed.length === k)).toHaveLength(q[k]);
  });

  it("does not enumerate huge strata (60 body lines: 2^60 combinations)", () => {
    const code = bodyOf(60);
    const started = Date.now();
    const vs = lineRemovalVariants(code, new PyRandom(5), { cap: 600 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(vs).toHaveLength(600);
    expect(new Set(vs.map((v) => v.removed.join(","))).size).toBe(600);
    // 60 sizes, 10 each; size 60 has a single combination and gets 1, its 9 spare slots going to the middle.
    const sizes = new Map<number, number>();
    for (const v of vs) sizes.set(v.removed.length, (sizes.get(v.removed.length) ?? 0) + 1);
    expect(sizes.get(1)).toBe(10);
    expect(sizes.get(60)).toBe(1);
    expect(sizes.get(30)).toBe(11);
  });

  it.each(golden.variants.map((v) => [`seed ${v.seed}, ${v.digits} digits, cap ${v.cap}`, v] as const))(
    "equals the Python re-implementation of the documented sampling (test/vectors/gen_semtrace.py): %s",
    (_, v) => {
      const rng = new PyRandom(v.seed);
      const f = generateSemTrace(rng, { digits: v.digits });
      expect(f.code).toBe(v.code);
      expect(lineRemovalVariants(f.code, rng, { cap: v.cap }).map((x) => x.removed)).toEqual(v.removed);
    },
  );

  it("gives SemTrace functions k + 2 body lines", () => {
    const rng = new PyRandom(2);
    for (let i = 0; i < 20; i++) {
      const f = generateSemTrace(rng, { digits: 2 });
      const vs = lineRemovalVariants(f.code, rng, { cap: 10_000 });
      expect(vs).toHaveLength(2 ** (f.k + 2) - 1);
      expect(vs.filter((v) => v.removed.length === 1).map((v) => v.fraction)).toEqual(
        new Array(f.k + 2).fill(1 / (f.k + 2)),
      );
    }
  });
});
