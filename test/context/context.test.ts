/**
 * The reference's make_code_context ("original" mode) on hand-checked inputs, with a fake
 * tokenizer whose counts are easy to do by hand: 0 for "", else 1 (the dummy prefix) plus one per
 * whitespace-separated word. So "\n" costs 1, "...\n" 2, "# Path: b.py\n" 4.
 */
import { describe, expect, it } from "vitest";
import {
  codePointIndex,
  gridDepths,
  makeCodeContext,
  referenceDepths,
  utf8ByteIndex,
  type ContextInput,
  type NeedleOffsets,
} from "../../src/benchmarks/repoqa/dataset/context";
import type { Tokenizer } from "../../src/lib/datasets/tokenizer";

const fake: Tokenizer = {
  name: "fake",
  version: "0",
  count: (t) => (t === "" ? 0 : 1 + t.split(/\s+/).filter(Boolean).length),
};

// b.py holds the needle f (5 tokens: "def f(a):\n    return a"); a.py comes before it, c.py after.
const B = "def g():\n    return 2\n\ndef f(a):\n    return a\n\ny = f(3)\n";
const FILES: ContextInput["files"] = [
  ["a.py", "import os\nx = 1\n"],
  ["b.py", B],
  ["c.py", "from b import f\nprint(f(1))\n"],
];
const NEEDLE = {
  name: "f",
  path: "b.py",
  start_byte: B.indexOf("def f"),
  end_byte: B.indexOf("return a") + "return a".length,
};
const build = (size: number, positionRatio: number, files = FILES, needle = NEEDLE, needleOffsets?: NeedleOffsets) =>
  makeCodeContext({ language: "python", files, needle, size, positionRatio, needleOffsets }, fake);

describe("makeCodeContext (original mode, fake tokenizer)", () => {
  it("fills the prefix bottom-up, then earlier files top-down with headers and '...'", async () => {
    // needle 5 -> prefix budget int(20 - 2.5) = 17, suffix budget 40 - 5 - 17 = 18.
    // b.py prefix bottom-up: "" 1, "" 1, "    return 2" 3, "def g():" 3, "# Path: b.py" 4 = 12 (not cut),
    // 5 left -> a.py: header 4 fits, "import os" (3) does not: "...\n" (2) -> 6 charged, budget -1.
    // Suffix: "", "", "y = f(3)", "" = 7; c.py: header 4, "from b import f" 5, "print(f(1))" 2 (= 18),
    // its last "" (1) does not fit -> "...".
    const out = await build(40, 0.5);
    expect(out.code_context).toBe(
      "# Path: a.py\n...\n" +
        "# Path: b.py\ndef g():\n    return 2\n\n\n" +
        "def f(a):\n    return a" +
        "\n\ny = f(3)\n\n" +
        "# Path: c.py\nfrom b import f\nprint(f(1))\n...\n",
    );
    expect(out.needle_code).toBe("def f(a):\n    return a");
    // Whole-text counts: prefix 1 + 11 words, needle 5, suffix 1 + 12 words.
    expect(out).toMatchObject({
      needle_token_start: 12,
      needle_token_end: 17,
      code_context_ntokens: 30,
      size: 40,
      position_ratio: 0.5,
      comment_mode: "original",
    });
  });

  it("stops at a cut needle file: earlier files are not visited even with budget left", async () => {
    // prefix budget int(7 - 2.5) = 4: "" 1, "" 1, "    return 2" 3 -> cut after 2 lines (2 of 4 left, unused).
    // suffix budget 14 - 5 - 4 = 5: "" 1, "" 1, "y = f(3)" 4 -> cut, "...".
    const out = await build(14, 0.5);
    expect(out.code_context).toBe("\n\ndef f(a):\n    return a\n\n...\n");
    expect(out).toMatchObject({ needle_token_start: 1, needle_token_end: 6, code_context_ntokens: 8 });
  });

  it("depth 0: the prefix budget truncates toward zero (int(-2.5) = -2), so the suffix gets 40 - 5 + 2", async () => {
    const out = await build(40, 0);
    expect(out.code_context).toBe(
      "def f(a):\n    return a\n\ny = f(3)\n\n# Path: c.py\nfrom b import f\nprint(f(1))\n\n",
    );
    expect(out).toMatchObject({ needle_token_start: 0, needle_token_end: 5, code_context_ntokens: 17 });
    // The whole suffix costs 19 per line. Size 21 gives a suffix budget of 18 with truncation (19 with
    // floor): the last line of c.py no longer fits and the file ends with "...".
    const cut = await build(21, 0);
    expect(cut.code_context.endsWith("print(f(1))\n...\n")).toBe(true);
    expect(cut.code_context_ntokens).toBe(18);
  });

  it("depth 1: negative suffix budget, '...' follows the needle directly; the prefix runs out of files", async () => {
    const out = await build(40, 1);
    expect(out.code_context).toBe(
      "# Path: a.py\nimport os\nx = 1\n\n# Path: b.py\ndef g():\n    return 2\n\n\ndef f(a):\n    return a...\n",
    );
    expect(out).toMatchObject({ needle_token_start: 16, needle_token_end: 21, code_context_ntokens: 23 });
  });

  it("overshoots by about half the needle at the extreme depths (the reference's formula)", async () => {
    // An additive tokenizer (words + line breaks: per-line charges equal whole-text counts) and a
    // long repository (41 copies of b.py), so only the formula shows: at depth 0 the prefix budget
    // is int(-2.5) = -2 and the suffix gets 100 - 5 + 2 = 97 (+ "...\n" 2 after its cut); at depth 1
    // the prefix gets 97 and the suffix budget -2 still pays for "...\n".
    const additive: Tokenizer = {
      name: "additive",
      version: "0",
      count: (t) => t.split(/\s+/).filter(Boolean).length + t.split("\n").length - 1,
    };
    const files: ContextInput["files"] = Array.from({ length: 41 }, (_, i) => [`m${i}.py`, B] as const);
    const needle = { ...NEEDLE, path: "m20.py" };
    const at = (positionRatio: number) =>
      makeCodeContext({ language: "python", files, needle, size: 100, positionRatio }, additive);
    const first = await at(0);
    expect(first).toMatchObject({ needle_token_start: 0, needle_token_end: 5, code_context_ntokens: 101 });
    expect(first.code_context.endsWith("def f(a):\n    return a\n\n...\n")).toBe(true);
    const last = await at(1);
    expect(last).toMatchObject({ needle_token_start: 97, needle_token_end: 102, code_context_ntokens: 104 });
    expect(
      last.code_context.startsWith("# Path: m16.py\ndef g():\n    return 2\n\ndef f(a):\n...\n# Path: m17.py\n"),
    ).toBe(true);
    expect(last.code_context.endsWith("return a...\n")).toBe(true);
  });

  it("slices the needle by code points using the release's byte offsets (the reference's str slicing)", async () => {
    // "s = 'é世界😀'\n" is 19 bytes but 11 code points (12 UTF-16 units): the byte offset of "def"
    // lands 8 code points further, inside the function, exactly as in the reference.
    const content = "s = 'é世界😀'\ndef f():\n    return 1\n";
    const bytes = new TextEncoder().encode(content.slice(0, content.indexOf("def"))).length;
    expect(bytes).toBe(19);
    const needle = { name: "f", path: "u.py", start_byte: 19, end_byte: 19 + "def f():\n    return 1".length };
    const out = await build(40, 0.5, [["u.py", content]], needle);
    expect(out.needle_code).toBe("\n    return 1\n");
    expect(out.needle_code).toBe(Array.from(content).slice(needle.start_byte, needle.end_byte).join(""));
    // needle 3 tokens: prefix budget 18 takes everything (header 4 + 4 + 3), suffix is content[40:] = "".
    expect(out.code_context).toBe("# Path: u.py\ns = 'é世界😀'\ndef f():\n" + "\n    return 1\n" + "\n");
    expect(out).toMatchObject({ needle_token_start: 9, needle_token_end: 12, code_context_ntokens: 13 });
  });

  it("needleOffsets 'characters' cuts exactly the function the byte offsets name (the named deviation)", async () => {
    const content = "s = 'é世界😀'\ndef f():\n    return 1\n";
    const fn = "def f():\n    return 1";
    const needle = { name: "f", path: "u.py", start_byte: 19, end_byte: 19 + fn.length };
    const exact = await build(40, 0.5, [["u.py", content]], needle, "characters");
    expect(exact.needle_code).toBe(fn);
    expect(exact.code_context.slice(exact.needle_offset, exact.needle_offset + fn.length)).toBe(fn);
    // The same offsets in reference mode start 8 code points late, inside the function.
    expect((await build(40, 0.5, [["u.py", content]], needle, "reference")).needle_code).not.toContain("def");
  });

  it("utf8ByteIndex maps byte offsets to UTF-16 indices (astral characters: 4 bytes, 2 units)", () => {
    const s = "aé世😀b";
    expect([0, 1, 3, 6, 10, 11, 99].map((b) => utf8ByteIndex(s, b))).toEqual([0, 1, 2, 3, 5, 6, 6]);
    // An offset inside a character's bytes rounds up to the next character.
    expect(utf8ByteIndex(s, 2)).toBe(2);
  });

  it("rejects a needle whose file is not in the list, and bad sizes or depths", async () => {
    await expect(build(40, 0.5, FILES, { ...NEEDLE, path: "zz.py" })).rejects.toThrow(/zz\.py/);
    await expect(build(0, 0.5)).rejects.toThrow(RangeError);
    await expect(build(40, 1.5)).rejects.toThrow(RangeError);
  });
});

describe("depths and code points", () => {
  it("referenceDepths is (i + 0.5) / n, gridDepths spans 0..1 inclusive", () => {
    expect(referenceDepths(10)).toEqual([0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95]);
    expect(referenceDepths(1)).toEqual([0.5]);
    expect(gridDepths(11)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(gridDepths(2)).toEqual([0, 1]);
    expect(() => gridDepths(1)).toThrow(RangeError);
    expect(() => referenceDepths(0)).toThrow(RangeError);
  });

  it("codePointIndex counts a surrogate pair as one code point, a lone surrogate too, and clamps", () => {
    const s = "a😀b\ud800c";
    expect([0, 1, 2, 3, 4, 5, 99].map((cp) => codePointIndex(s, cp))).toEqual([0, 1, 3, 4, 5, 6, 6]);
  });
});
