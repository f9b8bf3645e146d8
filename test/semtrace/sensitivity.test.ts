import { describe, expect, it } from "vitest";
import {
  SENSITIVITY_EPS,
  sensitivity,
  summarizeSensitivity,
  type SensitivityItem,
} from "../../src/benchmarks/semtrace/summary/sensitivity";
import { sensitivityTable } from "../../src/benchmarks/semtrace/node/report";
import { sensitivitySummary } from "../../src/benchmarks/semtrace/summary/index";
import type { SummarySample } from "../../src/benchmarks/types";

const item = (base: string, fraction: number, correct: boolean): SensitivityItem => ({ base, fraction, correct });

describe("sensitivity (Eq. 1)", () => {
  it("matches hand-computed values", () => {
    // Interpreter-like: complete right, every variant wrong: (1 - 0) / (1 + 1e-6) each = 0.999999000001.
    expect(sensitivity(1, [0, 0, 0])).toBeCloseTo(1 / (1 + 1e-6), 12);
    // Pattern matching: variants as good as the original: (1 - 1) / (1 + eps) = 0.
    expect(sensitivity(1, [1, 1])).toBe(0);
    // Mixed: R(C) = 1, variants 1, 0, 0, 1: terms 0, 1/(1+eps), 1/(1+eps), 0 -> mean 0.5 / (1 + eps).
    expect(sensitivity(1, [1, 0, 0, 1])).toBeCloseTo(0.5 / (1 + 1e-6), 12);
    // Rates: R(C) = 0.8, variants 0.4 and 0.2: (0.4 / 0.800001 + 0.6 / 0.800001) / 2 = 0.5 / 0.800001 = 0.62499921875...
    expect(sensitivity(0.8, [0.4, 0.2])).toBeCloseTo(0.5 / 0.800001, 12);
    // Variants better than the original give a negative value: (0.5 - 1) / (0.5 + eps) = -0.999998000004.
    expect(sensitivity(0.5, [1])).toBeCloseTo(-0.5 / 0.500001, 12);
  });

  it("uses eps only for stability, and it can be chosen", () => {
    expect(SENSITIVITY_EPS).toBe(1e-6);
    // R(C) = 0: the formula divides by eps alone: (0 - 1) / 1e-6 = -1e6.
    expect(sensitivity(0, [1])).toBeCloseTo(-1e6, 3);
    expect(sensitivity(0, [0])).toBe(0);
    // eps = 1: (1 - 0) / (1 + 1) = 0.5.
    expect(sensitivity(1, [0], 1)).toBe(0.5);
    expect(sensitivity(1, [0], 0.25)).toBe(0.8);
  });

  it("refuses empty variant lists, rates outside [0, 1] and a non-positive eps", () => {
    expect(() => sensitivity(1, [])).toThrow(RangeError);
    expect(() => sensitivity(1.5, [0])).toThrow(RangeError);
    expect(() => sensitivity(-0.1, [0])).toThrow(RangeError);
    expect(() => sensitivity(1, [0, 2])).toThrow(RangeError);
    expect(() => sensitivity(1, [Number.NaN])).toThrow(RangeError);
    expect(() => sensitivity(1, [0], 0)).toThrow(RangeError);
  });
});

describe("summarizeSensitivity", () => {
  it("computes per-snippet, aggregate and curve by hand", () => {
    const items = [
      // a: complete right; variants at 1/4 (wrong), 2/4 (right), 4/4 (wrong) -> Sens = (1/(1+eps)) * 2/3.
      item("a", 0, true),
      item("a", 0.25, false),
      item("a", 0.5, true),
      item("a", 1, false),
      // b: complete right; variants at 1/3 (wrong), 2/3 (wrong) -> Sens = 1/(1+eps).
      item("b", 0, true),
      item("b", 1 / 3, false),
      item("b", 2 / 3, false),
      // c: complete wrong -> unsolved; its variants still count in the aggregate and the curve.
      item("c", 0, false),
      item("c", 0.5, true),
    ];
    const s = summarizeSensitivity(items);
    // per snippet: mean(2/3, 1) / (1 + eps) = (5/6) / (1 + 1e-6).
    expect(s.per_snippet.snippets).toBe(2);
    expect(s.per_snippet.unsolved).toBe(1);
    expect(s.per_snippet.mean).toBeCloseTo(5 / 6 / (1 + 1e-6), 12);
    // aggregate: R(C) = 2/3 (a, b right; c wrong). Incomplete correctness 0, 1, 0, 0, 0, 1:
    // terms (2/3 - r) / (2/3 + eps): four of (2/3)/(2/3+eps), two of (-1/3)/(2/3+eps)
    // -> mean = (4 * 2/3 - 2 * 1/3) / 6 / (2/3 + eps) = (2/6) / (2/3 + eps) = 0.49999925...
    expect(s.aggregate).toBeCloseTo(1 / 3 / (2 / 3 + 1e-6), 12);
    // curve: complete 2/3; 0.25 -> (0.2, 0.3]; 1/3 -> (0.3, 0.4]; 0.5 twice -> (0.4, 0.5]; 2/3 -> (0.6, 0.7]; 1 -> (0.9, 1.0].
    expect(s.curve).toEqual([
      { bucket: "0", lo: 0, hi: 0, n: 3, accuracy: 2 / 3 },
      { bucket: "0.2-0.3", lo: 0.2, hi: 0.3, n: 1, accuracy: 0 },
      { bucket: "0.3-0.4", lo: 0.3, hi: 0.4, n: 1, accuracy: 0 },
      { bucket: "0.4-0.5", lo: 0.4, hi: 0.5, n: 2, accuracy: 1 },
      { bucket: "0.6-0.7", lo: 0.6, hi: 0.7, n: 1, accuracy: 0 },
      { bucket: "0.9-1.0", lo: 0.9, hi: 1, n: 1, accuracy: 0 },
    ]);
  });

  it("puts bucket edges in the lower bucket (right-closed), despite floating point", () => {
    // k / n itself lands exactly (10 * k / n is exact in doubles when it is an integer), but a
    // fraction computed another way may not: 0.1 + 0.2 = 0.30000000000000004 still belongs to (0.2, 0.3].
    const fractions = [0.1, 0.2, 0.1 + 0.2, 3 / 10, 7 / 10, 0.7, 1 / 10 + 1e-7, 0.05, 9 / 10, 1];
    const s = summarizeSensitivity([item("a", 0, true), ...fractions.map((f) => item("a", f, false))]);
    expect(s.curve.map((c) => [c.bucket, c.n])).toEqual([
      ["0", 1],
      ["0.0-0.1", 2], // 0.05, 0.1
      ["0.1-0.2", 2], // 0.1000001, 0.2
      ["0.2-0.3", 2], // 0.1 + 0.2, 3/10
      ["0.6-0.7", 2], // 7/10, 0.7
      ["0.8-0.9", 1], // 9/10
      ["0.9-1.0", 1], // 1
    ]);
  });

  it("handles runs without variants or without solved snippets", () => {
    expect(summarizeSensitivity([])).toEqual({
      per_snippet: { mean: null, snippets: 0, unsolved: 0 },
      aggregate: null,
      curve: [],
    });
    // Only complete versions: no variants, so neither per-snippet nor aggregate sensitivity.
    const onlyComplete = summarizeSensitivity([item("a", 0, true), item("b", 0, false)]);
    expect(onlyComplete.per_snippet).toEqual({ mean: null, snippets: 0, unsolved: 1 });
    expect(onlyComplete.aggregate).toBeNull();
    // Every snippet unsolved: per-snippet mean is null; the aggregate divides by eps: (0 - 0.5) / 1e-6 = -5e5.
    const unsolved = summarizeSensitivity([item("a", 0, false), item("a", 0.5, true), item("a", 1, false)]);
    expect(unsolved.per_snippet).toEqual({ mean: null, snippets: 0, unsolved: 1 });
    expect(unsolved.aggregate).toBeCloseTo(-5e5, 3);
    // A custom eps reaches both: (1 - 0) / (1 + 1) = 0.5.
    const custom = summarizeSensitivity([item("a", 0, true), item("a", 1, false)], 1);
    expect(custom.per_snippet.mean).toBe(0.5);
    expect(custom.aggregate).toBe(0.5);
  });

  it("refuses fractions outside [0, 1] and snippets without their complete version", () => {
    expect(() => summarizeSensitivity([item("a", 0, true), item("a", 1.2, false)])).toThrow(RangeError);
    expect(() => summarizeSensitivity([item("a", -0.5, true)])).toThrow(RangeError);
    expect(() => summarizeSensitivity([item("a", 0, true), item("b", 0.5, false)])).toThrow(RangeError);
  });
});

describe("sensitivitySummary (a run's samples)", () => {
  const sample = (
    base: string,
    fraction: number,
    passed: boolean,
    status: SummarySample["status"] = "scored",
  ): SummarySample => ({
    unit: `${base}~${fraction}`,
    status,
    passed: status === "scored" ? passed : null,
    score: null,
    position: null,
    contextSize: null,
    detail: status === "scored" ? { base, fraction } : null,
  });

  it("leaves out, and names, snippets whose complete version has no scored sample instead of throwing", () => {
    // b's complete version ended in an error: its two scored variants have no R(C).
    const samples = [
      sample("a", 0, true),
      sample("a", 0.5, false),
      sample("b", 0, false, "error"),
      sample("b", 0.25, true),
      sample("b", 0.75, false),
    ];
    const s = sensitivitySummary(samples);
    expect(s.sensitivity).toEqual(summarizeSensitivity([item("a", 0, true), item("a", 0.5, false)]));
    expect(s.without_complete).toMatchObject({ snippets: ["b"], total: 1, samples: 2 });
    expect(s.without_complete!.note).toMatch(
      /^1 snippet has scored incomplete versions but no scored complete version .* 2 samples are left out/,
    );
    // Nothing but orphans: no figures, still the note.
    expect(sensitivitySummary(samples.slice(2))).toMatchObject({
      sensitivity: null,
      without_complete: { snippets: ["b"], samples: 2 },
    });
    // npm run eval's table says it too, above the figures or in their place.
    expect(sensitivityTable(s).split("\n")[0]).toBe(`left out: ${s.without_complete!.note}`);
    expect(sensitivityTable(sensitivitySummary(samples.slice(2)))).toBe(`left out: ${s.without_complete!.note}`);
    // Every snippet whole: as before, no note.
    expect(sensitivitySummary(samples.slice(0, 2))).toEqual({
      sensitivity: summarizeSensitivity([item("a", 0, true), item("a", 0.5, false)]),
    });
  });
});
