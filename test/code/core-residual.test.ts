/**
 * The named deviation "parser core" (docs/fidelity.md): the service parses with the 0.25 core
 * reading UTF-8, repoqa 0.1.2 ran a 0.21-0.24 core reading UTF-8, and on some broken answers the
 * RepoQA sanitizer extracts other code. These recorded cases (./core-residual-cases.ts, re-checked
 * against both conditions by `npx tsx scripts/core021-measure.mts --cases`) pin the decision to keep
 * 0.25: the Worker extracts what the 0.25 core extracts, and names that core (`parser_runtime.core`).
 * A `matched` case differed only while the core read UTF-16 (the input encoding's): it now extracts
 * the reference's text.
 */
import { describe, expect, it } from "vitest";
import { loadLanguage } from "../../src/lib/code";
import { PARSER_RUNTIME } from "../../src/lib/code/runtime";
import { sanitizeOutput } from "../../src/benchmarks/repoqa/score/sanitize";
import { CORE_RESIDUAL_CASES } from "./core-residual-cases";

describe("the references' core (0.21-0.24) vs the service's (0.25) on broken answers", () => {
  for (const c of CORE_RESIDUAL_CASES) {
    it(`${c.language}: ${c.title}`, async () => {
      const extracted = sanitizeOutput(await loadLanguage(c.language), c.answer);
      expect(c.current).not.toBe(c.reference);
      if (c.matched) expect(extracted).toBe(c.reference);
      else expect(extracted).toBe(c.current);
      // The deviation is the core's: receipts name it (test/api/service.test.ts checks /v1/health).
      expect(PARSER_RUNTIME.core).toBe("0.25");
    });
  }
});
