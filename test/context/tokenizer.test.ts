// vitest: fresh isolate (it checks the tokenizer is not loaded at import; vitest.config.ts)
/**
 * The CodeLlama tokenizer inside workerd, and real-size contexts built with it.
 * HF's `len(tokenizer.tokenize(text))` is what the reference counts; the expectations below are
 * the HF results for the Llama-2 vocabulary (dummy "▁" prefix, spaces as "▁", byte fallback,
 * added tokens split out first with the `legacy` "▁" after them).
 */
import { describe, expect, it } from "vitest";
import { makeCodeContext, referenceDepths, type ContextInput } from "../../src/benchmarks/repoqa/dataset/context";
import { codeLlamaTokenizer, loadCodeLlamaTokenizer } from "../../src/lib/datasets/tokenizer";
import fixture from "../fixtures/repoqa-mini.json";

// Imported only after the first test: it checks that nothing loaded the tokenizer module before.
const rawEncoder = async () => (await import("llama-tokenizer-js")).default;

describe("codeLlamaTokenizer", () => {
  it("loads lazily (not at import) and counts like HF tokenize", async () => {
    expect(() => codeLlamaTokenizer.count("x")).toThrow(/ready\(\)/);
    const t0 = performance.now();
    const tok = await loadCodeLlamaTokenizer();
    console.log(`tokenizer loaded in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(tok).toBe(codeLlamaTokenizer);
    expect((await rawEncoder()).encode("Hello world!")).toEqual([1, 15043, 3186, 29991]);
    const cases: [string, number][] = [
      ["Hello world!", 3], // ▁Hello ▁world !
      ["", 0], // HF: tokenize("") == []
      ["\n", 2], // ▁ <0x0A>
      ["\n\n", 3],
      [" ", 1], // ▁▁
      ["  x", 2], // ▁▁ x  (leading spaces join the dummy prefix)
      ["    return x\n", 4],
      ["é", 1],
      ["😀", 5], // ▁ + 4 byte-fallback tokens
      ["Hello <s>.", 4], // ▁Hello ▁ <s> ▁.  (the transformers docs' legacy example: [15043, 29871, 1, 869])
      ["<s>", 1],
      ["a</s>b<unk>", 4], // ▁a </s> ▁b <unk>
      ["a < b", 3],
    ];
    for (const [text, n] of cases) expect([text, tok.count(text)]).toEqual([text, n]);
  });

  it("counting line by line equals one encode of the whole text", async () => {
    const tok = await loadCodeLlamaTokenizer();
    const llamaTokenizer = await rawEncoder();
    const texts = Object.values(fixture).flatMap((repos) =>
      repos.flatMap((r) => Object.values(r.content as Record<string, string>)),
    );
    texts.push(texts.join("\n"), "\n\nx\n\n", "\t\tfoo\n  bar\r\n");
    for (const text of texts) expect(tok.count(text)).toBe(llamaTokenizer.encode(text, false, true).length);
  });
});

describe("16K contexts with the real tokenizer", () => {
  it("stay within the budget plus the documented slack and place the needle at its depth", async () => {
    const tok = await loadCodeLlamaTokenizer();
    const repo = fixture.python[0];
    const content = repo.content as unknown as Record<string, string>;
    // About 130 KB of code: the repository's files 24 times under distinct paths.
    const files: ContextInput["files"] = Array.from({ length: 24 }, (_, r) =>
      Object.entries(content).map(([p, c]) => [`r${r}/${p}`, c] as const),
    ).flat();
    const needle = { ...repo.needles[2], path: `r12/${repo.needles[2].path}` };
    const size = 16384;
    for (const ratio of referenceDepths(10)) {
      const t0 = performance.now();
      const out = await makeCodeContext({ language: "python", files, needle, size, positionRatio: ratio }, tok);
      const ms = performance.now() - t0;
      const over = out.code_context_ntokens - size;
      // Charged per line, each line pays its own dummy "▁" (blank lines 2 instead of 1), so the
      // whole text comes out a few hundred tokens under; "...\n" (2) may pass a budget twice.
      expect(over).toBeLessThanOrEqual(4);
      expect(over).toBeGreaterThan(-0.05 * size);
      const needleTokens = out.needle_token_end - out.needle_token_start;
      expect(needleTokens).toBe(tok.count(out.needle_code));
      // The same per-line overhead puts the needle a little early (measured: up to about 3% of the prefix).
      const target = Math.trunc(size * ratio - needleTokens / 2);
      expect(out.needle_token_start).toBeLessThanOrEqual(target + 2);
      expect(out.needle_token_start).toBeGreaterThan(target * 0.95);
      // The copies repeat the needle's text: look for it after its own file's header (when cut
      // away, the needle file's prefix holds no earlier copy).
      const at = out.code_context.indexOf(
        out.needle_code,
        Math.max(0, out.code_context.indexOf(`# Path: ${needle.path}\n`)),
      );
      expect(tok.count(out.code_context.slice(0, at))).toBe(out.needle_token_start);
      console.log(
        `depth ${ratio}: ${out.code_context_ntokens} tokens (${over >= 0 ? "+" : ""}${over}), needle at ${out.needle_token_start}, ${ms.toFixed(0)} ms`,
      );
    }
  });
});
