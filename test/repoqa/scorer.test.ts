import { describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/lib/code";
import { THRESHOLDS, candidateSet, evaluateAnswer, passAt1 } from "../../src/benchmarks/repoqa/score/scorer";

const fn = (name: string, code: string) => ({ name, path: `${name}.py`, code });

async function evaluate(
  candidates: ReturnType<typeof fn>[],
  answer: string,
  targetIndex: number,
  extra: { threshold?: number } = {},
) {
  return evaluateAnswer({
    lang: await loadLanguage("python"),
    answer,
    candidates: candidateSet(
      candidates,
      candidates.map((c) => c.code),
    ),
    targetIndex,
    threshold: extra.threshold ?? 0.8,
    ignoreComments: false,
  });
}

describe("evaluateAnswer", () => {
  const a = fn("a", "def a(x):\n    return x + 1");
  const b = fn("b", "def b(y):\n    return y * 2");

  it("ties go to the first candidate (strict >)", async () => {
    const twin = fn("twin", a.code);
    expect((await evaluate([a, twin], a.code, 1)).best_target).toBe("a");
    expect((await evaluate([twin, a], a.code, 1)).best_target).toBe("twin");
  });

  it("starts from 0: an answer sharing nothing matches no candidate", async () => {
    const v = await evaluate([a, b], "zzz qqq", 0);
    expect(v).toMatchObject({ pass: false, best_target: null, best_similarity: 0, target_similarity: 0 });
  });

  it("pass needs the target to be best AND the similarity to reach the threshold", async () => {
    const exact = await evaluate([a, b], a.code, 0, { threshold: 1 });
    expect(exact.pass).toBe(true);
    const wrong = await evaluate([a, b], a.code, 1, { threshold: 0 });
    expect(wrong.pass).toBe(false);
  });
});

describe("passAt1", () => {
  it("is the mean of pass flags per language and overall, at every threshold", () => {
    const flags = (upTo: number) => Object.fromEntries(THRESHOLDS.map((t) => [t.toFixed(1), t <= upTo]));
    const summary = passAt1([
      { language: "python", pass_at: flags(0.85) },
      { language: "python", pass_at: flags(-1) },
      { language: "go", pass_at: flags(1) },
    ]);
    expect(summary.python).toEqual({ n: 2, pass_at_1: expect.objectContaining({ "0.0": 0.5, "0.8": 0.5, "0.9": 0 }) });
    expect(summary.go.pass_at_1["1.0"]).toBe(1);
    expect(summary.all).toEqual({ n: 3, pass_at_1: expect.objectContaining({ "0.0": 2 / 3, "0.9": 1 / 3 }) });
  });
});
