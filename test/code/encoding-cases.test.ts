/**
 * The UTF-8 cases in the Worker's runtime. The references hand the tree-sitter core UTF-8, and on
 * these broken inputs the core recovers differently from UTF-16 input (docs/fidelity.md#input-encoding).
 * The runtime in wasm/ reads UTF-8 too (scripts/wasm-utf8.mjs), so the Worker gives the references'
 * values; test/cli/reference-parity.test.ts recomputes them with the native core reading UTF-8.
 */
import { describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/lib/code";
import { sanitizeOutput } from "../../src/benchmarks/repoqa/score/sanitize";
import { ReferenceSet } from "../../src/lib/metrics/bleu";
import { codeBleu } from "../../src/lib/metrics/codebleu";
import {
  ISSUE_CPP_CANDIDATE,
  ISSUE_CPP_REFERENCE,
  ISSUE_CPP_SYNTAX_UTF8,
  ISSUE_GO_ANSWER,
  ISSUE_GO_NEEDLE,
  ISSUE_GO_SIMILARITY_UTF8,
  ISSUE_PY_ANSWER,
  ISSUE_PY_REFERENCE_TEXT,
} from "./encoding-cases";

describe("the UTF-8 cases: the Worker scores as the references (the core reads UTF-8)", () => {
  it("C++ CodeBLEU pair: syntax match 19/29 = 0.6551724137931034, codebleu 0.457711116547", async () => {
    const score = await codeBleu(ISSUE_CPP_REFERENCE, ISSUE_CPP_CANDIDATE, "cpp");
    expect(score.syntax_match_score).toBe(ISSUE_CPP_SYNTAX_UTF8[0] / ISSUE_CPP_SYNTAX_UTF8[1]);
    expect(score.syntax_match_score).toBe(0.6551724137931034);
    expect(score.codebleu.toFixed(12)).toBe("0.457711116547");
  });

  it("Python truncated answer: the reference's `…return \\n`", async () => {
    const extracted = sanitizeOutput(await loadLanguage("python"), ISSUE_PY_ANSWER);
    expect(extracted).toBe(ISSUE_PY_REFERENCE_TEXT);
  });

  it("Go line-shuffled answer: similarity 0.8296, a pass at 0.8", async () => {
    const extracted = sanitizeOutput(await loadLanguage("go"), ISSUE_GO_ANSWER);
    const similarity = new ReferenceSet([ISSUE_GO_NEEDLE]).score(extracted)[0];
    expect(similarity.toFixed(4)).toBe(ISSUE_GO_SIMILARITY_UTF8);
    expect(similarity).toBeGreaterThanOrEqual(0.8);
  });
});
