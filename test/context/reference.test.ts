/**
 * needlework's builder against the reference's make_code_context itself (ported verbatim in
 * gen_reference_vectors.py) on 80 random small repositories with non-ASCII text, byte offsets
 * read as code points, every depth kind and tiny budgets: same string, same three counts.
 */
import { describe, expect, it } from "vitest";
import type { Language } from "../../src/lib/code/languages";
import { makeCodeContext } from "../../src/benchmarks/repoqa/dataset/context";
import type { Tokenizer } from "../../src/lib/datasets/tokenizer";
import vectors from "./reference-vectors.json";

// Python's str.split() on this ASCII/CJK/emoji text splits exactly where /\s+/ does.
const fake: Tokenizer = {
  name: "fake",
  version: "0",
  count: (t) => (t === "" ? 0 : 1 + t.split(/\s+/).filter(Boolean).length),
};

describe("makeCodeContext matches the Python reference (fake tokenizer)", () => {
  it.each(vectors.cases.map((c, i) => [i, c] as const))("case %i", async (_, c) => {
    const out = await makeCodeContext(
      {
        language: c.language as Language,
        files: c.files as [string, string][],
        needle: c.needle,
        size: c.size,
        positionRatio: c.ratio,
      },
      fake,
    );
    expect({
      code_context: out.code_context,
      needle_token_start: out.needle_token_start,
      needle_token_end: out.needle_token_end,
      code_context_ntokens: out.code_context_ntokens,
    }).toEqual(c.expected);
  });
});
