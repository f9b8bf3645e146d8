/** LCS-R/P over names and EM-R/P over lines, computed by hand. */
import { describe, expect, it } from "vitest";
import { exactMatchLines } from "../../src/lib/metrics/exact-match";
import { lcsLength, lcsPairs, lcsRecallPrecision } from "../../src/lib/metrics/lcs";

describe("LCS", () => {
  it("is the textbook longest common subsequence", () => {
    expect(lcsLength([..."ABCBDAB"], [..."BDCABA"])).toBe(4);
    expect(lcsLength([..."BDCABA"], [..."ABCBDAB"])).toBe(4);
    expect(lcsLength([], ["a"])).toBe(0);
    expect(lcsLength(["a", "b", "c"], ["a", "b", "c"])).toBe(3);
    expect(lcsLength(["a", "b", "c"], ["c", "b", "a"])).toBe(1);
  });

  it("lcsPairs (the sample page's matched names) is a common subsequence as long as the longest, by brute force on small inputs", () => {
    // Brute force: the longest subsequence of a (every subset, a up to 9 items) that is a subsequence of b.
    const isSub = (s: string[], b: string[]) => {
      let j = 0;
      for (const x of b) if (j < s.length && s[j] === x) j++;
      return j === s.length;
    };
    const longest = (a: string[], b: string[]) => {
      let best = 0;
      for (let mask = 0; mask < 1 << a.length; mask++) {
        const s = a.filter((_, i) => mask & (1 << i));
        if (s.length > best && isSub(s, b)) best = s.length;
      }
      return best;
    };
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let t = 0; t < 300; t++) {
      const a = Array.from({ length: rand(10) }, () => "abcd"[rand(4)]);
      const b = Array.from({ length: rand(12) }, () => "abcd"[rand(4)]);
      const pairs = lcsPairs(a, b)!;
      expect(pairs.length).toBe(longest(a, b));
      expect(pairs.length).toBe(lcsLength(a, b));
      pairs.forEach(([i, j], k) => {
        expect(a[i]).toBe(b[j]);
        if (k > 0) expect(i > pairs[k - 1][0] && j > pairs[k - 1][1]).toBe(true);
      });
    }
    // Beyond its cell budget it declines rather than allocate.
    expect(lcsPairs(["a", "b"], ["a", "b"], 8)).toBeNull();
  });

  it("keeps only reference names, then measures the order against the reference", () => {
    // kept [b, a, c, d]; the longest in-order run is a,c,d (or b,c,d): 3.
    const s = lcsRecallPrecision(["a", "b", "c", "d"], ["b", "x", "a", "c", "d"]);
    expect(s).toMatchObject({ lcs: 3, kept: ["b", "a", "c", "d"] });
    expect(s.recall).toBe(3 / 4);
    // Precision divides by every predicted name, the wrong `x` included.
    expect(s.precision).toBe(3 / 5);
  });

  it("counts a repeated name once against a single reference occurrence", () => {
    const s = lcsRecallPrecision(["a", "b"], ["a", "a", "b"]);
    expect([s.lcs, s.recall, s.precision]).toEqual([2, 1, 2 / 3]);
  });

  it("gives 0 for nothing predicted and for nothing right", () => {
    expect(lcsRecallPrecision(["a"], [])).toMatchObject({ recall: 0, precision: 0 });
    expect(lcsRecallPrecision(["a"], ["b", "c"])).toMatchObject({ lcs: 0, recall: 0, precision: 0 });
  });
});

describe("EM", () => {
  it("compares trimmed lines and matches each reference line at most once", () => {
    const s = exactMatchLines(["    x = 1", "x += 2", "x += 2"], ["x = 1", "  x += 2", "x += 2", "x += 2", "y = x"]);
    expect(s.matched).toBe(3);
    expect(s.matchedAt).toEqual([0, 1, 2]);
    expect(s.recall).toBe(1);
    expect(s.precision).toBe(3 / 5);
  });

  it("does not match lines that differ inside", () => {
    const s = exactMatchLines(
      ["total = 0.0", "total += item.total_value()"],
      ["total = 0", "total += item.total_value()"],
    );
    expect([s.matched, s.recall, s.precision]).toEqual([1, 0.5, 0.5]);
  });

  it("gives 0 precision without predictions", () => {
    expect(exactMatchLines(["a"], [])).toMatchObject({ matched: 0, recall: 0, precision: 0 });
  });
});
