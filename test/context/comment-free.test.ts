/**
 * Comment-free contexts (paper, "Impact of natural comments"): the original context's pieces with
 * every comment node removed; `positional_padding` adds "<PFX> Line Number <k>" lines at the top
 * and the bottom so that the needle starts, and the context ends, where the original's did (to
 * within one padding line). Fake tokenizer: 0 for "", else 1 + whitespace-separated words, so a
 * padding line "# Line Number k\n" costs 5 at the top of a text and 4 after a line break.
 */
import { describe, expect, it } from "vitest";
import { loadLanguage, removeCommentsSync, type Language } from "../../src/lib/code";
import {
  cleanFile,
  makeCodeContext,
  type CommentMode,
  type ContextInput,
} from "../../src/benchmarks/repoqa/dataset/context";
import type { Tokenizer } from "../../src/lib/datasets/tokenizer";
import fixture from "../fixtures/repoqa-mini.json";

const fake: Tokenizer = {
  name: "fake",
  version: "0",
  count: (t) => (t === "" ? 0 : 1 + t.split(/\s+/).filter(Boolean).length),
};

const B =
  'def g():\n    """Doc of g."""\n    return 2  # two\n\n\ndef f(a):\n    # inside\n    return a\n\n\nB = f(3)  # three\n';
const FILES: ContextInput["files"] = [
  ["a.py", "# header comment\nA = 1  # one\n"],
  ["b.py", B],
  ["c.py", "# c comment\nprint(B)\n"],
];
const NEEDLE = {
  name: "f",
  path: "b.py",
  start_byte: B.indexOf("def f"),
  end_byte: B.indexOf("return a") + "return a".length,
};
const build = (size: number, commentMode: CommentMode, files = FILES, needle = NEEDLE) =>
  makeCodeContext({ language: "python", files, needle, size, positionRatio: 0.5, commentMode }, fake);

/** Every padding line "# Line Number k" must be line k (1-based) of the context. */
function expectNumberedLines(context: string): number {
  const lines = context.split("\n");
  let n = 0;
  lines.forEach((line, i) => {
    const m = /^# Line Number (\d+)$/.exec(line);
    if (m) {
      expect(Number(m[1])).toBe(i + 1);
      n++;
    }
  });
  return n;
}

describe("comment-free contexts", () => {
  it("no_padding: the original's pieces, comments and docstrings removed, Path headers kept", async () => {
    const original = await build(200, "original");
    // The budget holds the whole repository: a.py, b.py around the needle, c.py.
    expect(original).toMatchObject({ needle_token_start: 24, needle_token_end: 31, code_context_ntokens: 44 });
    const out = await build(200, "no_padding");
    expect(out.needle_code).toBe("def f(a):\n    \n    return a");
    expect(out.code_context).toBe(
      "# Path: a.py\n\nA = 1  \n\n" +
        "# Path: b.py\ndef g():\n    \n    return 2  \n\n\n\n" +
        "def f(a):\n    \n    return a" +
        "\n\n\nB = f(3)  \n\n" +
        "# Path: c.py\n\nprint(B)\n\n",
    );
    expect(out).toMatchObject({
      needle_token_start: 14,
      needle_token_end: 19,
      code_context_ntokens: 27,
      comment_mode: "no_padding",
    });
  });

  it("positional_padding: the needle keeps its start to within one padding line, the total too", async () => {
    const out = await build(200, "positional_padding");
    // Original start 24; comment-free prefix 14 (13 after a line break). Top padding: line 1 costs 5
    // (18), line 2 costs 4 (22), line 3 would reach 26 > 24. Original total 44; needle ends at 27,
    // comment-free suffix 8: two bottom lines (4 each) reach 43, a third would reach 47.
    expect(out.code_context).toBe(
      "# Line Number 1\n# Line Number 2\n" +
        "# Path: a.py\n\nA = 1  \n\n# Path: b.py\ndef g():\n    \n    return 2  \n\n\n\n" +
        "def f(a):\n    \n    return a" +
        "\n\n\nB = f(3)  \n\n# Path: c.py\n\nprint(B)\n\n" +
        "# Line Number 25\n# Line Number 26\n",
    );
    expect(out).toMatchObject({
      needle_token_start: 22,
      needle_token_end: 27,
      code_context_ntokens: 43,
      comment_mode: "positional_padding",
    });
    expect(expectNumberedLines(out.code_context)).toBe(4);
  });

  it("positional_padding adds no top line when even one would overshoot the original start", async () => {
    // size 30: original prefix "    return 2  # two\n\n\n\n" (5 tokens); comment-free 3; a first
    // padding line costs 5 -> none. Bottom: original total 19, comment-free needle ends at 8,
    // suffix 5, one line (4) -> 17, a second would make 21.
    const original = await build(30, "original");
    expect(original).toMatchObject({ needle_token_start: 5, code_context_ntokens: 19 });
    const out = await build(30, "positional_padding");
    expect(out.code_context).toBe(
      "    return 2  \n\n\n\ndef f(a):\n    \n    return a\n\n\nB = f(3)  \n\n...\n# Line Number 13\n",
    );
    expect(out).toMatchObject({ needle_token_start: 3, needle_token_end: 8, code_context_ntokens: 17 });
    expect(expectNumberedLines(out.code_context)).toBe(1);
  });

  it("a piece cut inside a docstring starts where the docstring was", async () => {
    const b = 'def g():\n    """Line one.\n    Line two.\n    """\n    return 2\n\n\ndef f(a):\n    return a\n';
    const needle = { ...NEEDLE, start_byte: b.indexOf("def f"), end_byte: b.indexOf("return a") + 8 };
    // Prefix budget int(15 - 2.5) = 12: "", "", "" (3), "    return 2" (6), '    """' (8), "    Line two." (11);
    // '    """Line one.' would make 14: the piece starts inside the docstring.
    const original = await build(30, "original", [["b.py", b]], needle);
    expect(original.code_context).toBe('    Line two.\n    """\n    return 2\n\n\n\ndef f(a):\n    return a\n\n');
    const out = await build(30, "no_padding", [["b.py", b]], needle);
    expect(out.code_context).toBe("\n    return 2\n\n\n\ndef f(a):\n    return a\n\n");
  });

  it("keeps the original's selection at real sizes: padding restores the needle's token position", async () => {
    const repo = fixture.python[1];
    const files = Array.from({ length: 6 }, (_, r) =>
      Object.entries(repo.content).map(([p, c]) => [`r${r}/${p}`, c] as const),
    ).flat();
    for (const n of repo.needles) {
      const needle = { ...n, path: `r3/${n.path}` };
      const input = { language: "python" as const, files, needle, size: 2048, positionRatio: 0.35 };
      const original = await makeCodeContext(input, fake);
      const padded = await makeCodeContext({ ...input, commentMode: "positional_padding" }, fake);
      const bare = await makeCodeContext({ ...input, commentMode: "no_padding" }, fake);
      expect(bare.needle_token_start).toBeLessThan(original.needle_token_start);
      expect(padded.needle_token_start).toBeLessThanOrEqual(original.needle_token_start);
      expect(padded.needle_token_start).toBeGreaterThan(original.needle_token_start - 5);
      expect(padded.code_context_ntokens).toBeLessThanOrEqual(original.code_context_ntokens);
      expect(padded.code_context_ntokens).toBeGreaterThan(original.code_context_ntokens - 5);
      expect(padded.needle_code).toBe(bare.needle_code);
      expectNumberedLines(padded.code_context);
      // Without the padding lines, the padded context is the unpadded one.
      expect(padded.code_context.replace(/^# Line Number \d+\n/gm, "")).toBe(bare.code_context);
    }
  });
});

describe("cleanFile", () => {
  const samples: [Language, string][] = [
    ...Object.entries(fixture).flatMap(([lang, repos]) =>
      repos.flatMap((r) =>
        Object.values(r.content as Record<string, string>).map((c) => [lang as Language, c] as [Language, string]),
      ),
    ),
    ["rust", "/// Doc.\n/// More.\nfn f() -> i32 { /* x */ 1 } // tail\n"],
    ["java", "class A {\n  /** doc */\n  int f() { return 1; } // one\n}\n"],
    ["cpp", "// c\nint f() { /* b */ return 1; }\n"],
  ];

  it("removes exactly what removeComments removes (the reference's remove_comments)", async () => {
    for (const [lang, code] of samples) {
      const loaded = await loadLanguage(lang);
      expect(cleanFile(loaded, code).text).toBe(removeCommentsSync(loaded, code));
    }
  });

  it("maps offsets through the deletions", async () => {
    const code = "a = 1  # one\n# two\nb = 2\n";
    const clean = cleanFile(await loadLanguage("python"), code);
    expect(clean.text).toBe("a = 1  \n\nb = 2\n");
    const at = (s: string) => clean.map(code.indexOf(s));
    expect(clean.text.slice(at("b = 2"))).toBe("b = 2\n");
    expect(at("one")).toBe(clean.text.indexOf("\n")); // inside a comment: where it was
  });
});
