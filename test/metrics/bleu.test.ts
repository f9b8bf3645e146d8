import { describe, expect, it } from "vitest";
import { ReferenceSet, bleuFromCounts, sentenceBleu } from "../../src/lib/metrics/bleu";
import { fsum } from "../../src/lib/metrics/fsum";
import vectors from "../vectors/bleu-nltk.json";

describe("sentenceBleu against NLTK golden vectors", () => {
  it(`has a few hundred real-code pairs from NLTK ${vectors.nltk}`, () => {
    expect(vectors.pairs.length).toBeGreaterThanOrEqual(300);
  });

  it("agrees with NLTK to 1e-9 on every pair", () => {
    const off: string[] = [];
    let worst = 0;
    for (const [i, p] of vectors.pairs.entries()) {
      const diff = Math.abs(sentenceBleu(p.reference, p.candidate) - p.score);
      worst = Math.max(worst, diff);
      if (diff > 1e-9) off.push(`#${i} (${p.kind}): got ${sentenceBleu(p.reference, p.candidate)}, NLTK ${p.score}`);
    }
    expect(off).toEqual([]);
    expect(worst).toBeLessThanOrEqual(1e-9);
  });

  it("differs from NLTK at most in the last bits (V8 and glibc log/exp may round differently)", () => {
    let worst = 0;
    for (const p of vectors.pairs) {
      if (p.score === 0) expect(sentenceBleu(p.reference, p.candidate)).toBe(0);
      else worst = Math.max(worst, Math.abs(sentenceBleu(p.reference, p.candidate) / p.score - 1));
    }
    expect(worst).toBeLessThan(1e-14);
  });

  it("covers exact, partial, zero and smoothed cases", () => {
    const scores = vectors.pairs.map((p) => p.score);
    expect(scores.some((s) => s === 1)).toBe(true);
    expect(scores.some((s) => s === 0)).toBe(true);
    expect(scores.some((s) => s > 0.1 && s < 0.9)).toBe(true);
  });

  it("ReferenceSet gives exactly the per-pair values", () => {
    const byCandidate = new Map<string, { reference: string; score: number }[]>();
    const references = [...new Set(vectors.pairs.slice(0, 200).map((p) => p.reference))];
    const set = new ReferenceSet(references);
    for (const p of vectors.pairs.slice(0, 60)) {
      const scores = set.score(p.candidate);
      for (const [r, ref] of references.entries()) expect(scores[r]).toBe(sentenceBleu(ref, p.candidate));
      byCandidate.set(p.candidate, []);
    }
    expect(byCandidate.size).toBeGreaterThan(10);
  });
});

describe("NLTK quirks", () => {
  it("a one-token hypothesis is not smoothed: only the unigram precision counts", () => {
    // ref 5 tokens, hyp "a": p1 = 1, higher orders stay 0 and are skipped; BP = exp(1 - 5).
    expect(sentenceBleu("a b c d e", "a")).toBe(Math.exp(1 - 5));
  });
  it("no unigram match scores 0 even with smoothing", () => {
    expect(sentenceBleu("a b c d", "x y z w")).toBe(0);
  });
  it("method4 divides by 2^m * 5 / ln(len) for the m-th zero order", () => {
    const hypLen = 3;
    // unigram 2/3 matched, bigram 1/2, trigram 0/1 (first zero), 4-gram 0/0 -> denominator 1.
    const p3 = 1 / ((2 * 5) / Math.log(hypLen));
    const p4 = 1 / ((4 * 5) / Math.log(hypLen));
    const expected =
      Math.exp(1 - 4 / 3) *
      Math.exp(fsum([0.25 * Math.log(2 / 3), 0.25 * Math.log(1 / 2), 0.25 * Math.log(p3), 0.25 * Math.log(p4)]));
    expect(bleuFromCounts([2, 1, 0, 0], [3, 2, 1, 0], hypLen, 4)).toBe(expected);
  });
});

describe("fsum", () => {
  it("is correctly rounded like Python's math.fsum", () => {
    expect(fsum(Array(10).fill(0.1))).toBe(1);
    expect(fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    expect(fsum([2 ** 53, 1, 2 ** -53])).toBe(2 ** 53 + 2);
    expect(fsum([])).toBe(0);
  });
});
