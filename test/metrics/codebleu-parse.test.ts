/**
 * The text and tree layers under CodeBLEU: Python 3.11's tokenizer (against token streams recorded
 * from Python), the package's comment and docstring removers, and our S-expressions (against the
 * tree-sitter runtime's own `ts_node_string`).
 */
import { describe, expect, it } from "vitest";
import { withTree } from "../../src/lib/code/parser";
// Installs the workerd grammar loader.
import "../../src/lib/code";
import { CODEBLEU_LANGUAGES, loadCodeBleuGrammar } from "../../src/lib/metrics/codebleu";
import { PyTokenizeError, Tok, pyTokenize } from "../../src/lib/metrics/codebleu/py-tokenize";
import {
  removeCLikeComments,
  removePythonCommentsAndDocstrings,
  tryRemoveCommentsAndDocstrings,
} from "../../src/lib/metrics/codebleu/remove-comments";
import { parseCode, runtimeSubtrees } from "../../src/lib/metrics/codebleu/tree";
import fixture from "../fixtures/repoqa-mini.json";
import golden from "../vectors/codebleu-golden.json";
import { SNIPPETS } from "./codebleu-snippets";

const TOKEN_NAMES: Record<string, Tok> = {
  ENDMARKER: Tok.ENDMARKER,
  NAME: Tok.NAME,
  NUMBER: Tok.NUMBER,
  STRING: Tok.STRING,
  NEWLINE: Tok.NEWLINE,
  INDENT: Tok.INDENT,
  DEDENT: Tok.DEDENT,
  OP: Tok.OP,
  COMMENT: Tok.COMMENT,
  NL: Tok.NL,
  ERRORTOKEN: Tok.ERRORTOKEN,
};

function tokens(source: string): { tokens: unknown[][]; error: string | null } {
  const out: unknown[][] = [];
  try {
    for (const t of pyTokenize(source)) out.push([t.type, t.string, t.startLine, t.startCol, t.endLine, t.endCol]);
  } catch (err) {
    if (err instanceof PyTokenizeError) return { tokens: out, error: err.kind };
    throw err;
  }
  return { tokens: out, error: null };
}

describe("pyTokenize = Python 3.11 tokenize.generate_tokens", () => {
  it(`gives Python's token streams and errors for ${golden.tokenize.length} sources`, () => {
    const off: string[] = [];
    let compared = 0;
    for (const c of golden.tokenize) {
      const got = tokens(c.source);
      expect(got.error, JSON.stringify(c.source).slice(0, 80)).toBe(c.error);
      const want = c.tokens.map(([type, ...rest]) => [TOKEN_NAMES[type as string], ...rest]);
      // Columns count UTF-16 units here and code points in Python: compare the texts only on lines
      // with characters outside the BMP.
      const astral = /[\u{10000}-\u{10ffff}]/u.test(c.source);
      const strip = (ts: unknown[][]) => (astral ? ts.map((t) => t.slice(0, 2)) : ts);
      if (JSON.stringify(strip(got.tokens)) !== JSON.stringify(strip(want)))
        off.push(JSON.stringify(c.source).slice(0, 80));
      compared += want.length;
    }
    expect(off).toEqual([]);
    expect(compared).toBeGreaterThan(2000);
    expect(golden.tokenize.filter((c) => c.error === "TokenError").length).toBeGreaterThan(2);
    expect(golden.tokenize.filter((c) => c.error === "IndentationError").length).toBeGreaterThan(0);
  });
});

describe("Python comment and docstring remover (the package's)", () => {
  it("drops comments, docstrings and blank lines, keeping tokens at their columns", () => {
    const src = 'def f(x):\n    """Doc."""\n    # note\n\n    y = x  # trailing\n    return y\n';
    expect(removePythonCommentsAndDocstrings(src)).toBe("def f(x):\n    y = x  \n    return y");
  });

  it("drops a string only after an INDENT or NEWLINE, or at column 0", () => {
    // After a blank line the previous token is NL, so the string statement stays.
    expect(removePythonCommentsAndDocstrings("def f():\n    x = 1\n\n    'kept'\n")).toBe(
      "def f():\n    x = 1\n    'kept'",
    );
    expect(removePythonCommentsAndDocstrings("def f():\n    x = 1\n    'dropped'\n")).toBe("def f():\n    x = 1");
    expect(removePythonCommentsAndDocstrings("'module doc'\nx = 'value'\n")).toBe("x = 'value'");
  });

  it("joins backslash continuations onto one line", () => {
    expect(removePythonCommentsAndDocstrings("x = 1 + \\\n    2\n")).toBe("x = 1 +    2");
  });

  it("leaves the code unchanged when Python's tokenizer raises", () => {
    const unbalanced = "x = (1,\n# comment\n";
    expect(() => removePythonCommentsAndDocstrings(unbalanced)).toThrow(PyTokenizeError);
    expect(tryRemoveCommentsAndDocstrings(unbalanced, "python")).toBe(unbalanced);
    const badDedent = "if x:\n    y\n  z\n";
    expect(tryRemoveCommentsAndDocstrings(badDedent, "python")).toBe(badDedent);
  });
});

describe("C-like comment remover (the package's regex)", () => {
  it("turns comments into one space and drops blank lines", () => {
    expect(removeCLikeComments("int a; // one\n/* two\n   lines */\nint b;/**/int c;\n\n")).toBe(
      "int a;  \nint b; int c;",
    );
  });
  it("leaves comment markers inside string and character literals", () => {
    expect(removeCLikeComments("s = \"a // b\"; t = '/*'; // x")).toBe("s = \"a // b\"; t = '/*';  ");
    expect(removeCLikeComments('s = "esc \\" // still"; // gone')).toBe('s = "esc \\" // still";  ');
  });
  it("is used for every language but Python", () => {
    for (const lang of CODEBLEU_LANGUAGES.filter((l) => l !== "python")) {
      expect(tryRemoveCommentsAndDocstrings("x // c\n\ny", lang)).toBe("x  \ny");
    }
    expect(tryRemoveCommentsAndDocstrings("x # c\n\ny", "python")).toBe("x \ny");
  });
});

describe("S-expressions built in JavaScript = tree-sitter's ts_node_string", () => {
  const cuts = (text: string) => [
    text,
    ...[2, 3, 5, 7].map((d) => text.slice(0, Math.floor(text.length / d))),
    text.slice(Math.floor(text.length / 3)),
  ];
  const sources: Record<string, string[]> = {
    python: [
      SNIPPETS.python,
      ...fixture.python.flatMap((r) => Object.values(r.content as unknown as Record<string, string>)),
    ],
    java: [SNIPPETS.java],
    cpp: [SNIPPETS.cpp],
    go: [SNIPPETS.go, ...fixture.go.flatMap((r) => Object.values(r.content as unknown as Record<string, string>))],
    rust: [SNIPPETS.rust],
  };
  for (const lang of CODEBLEU_LANGUAGES) {
    it(`agree on whole and cut-off ${lang} code (error trees included)`, async () => {
      const grammar = await loadCodeBleuGrammar(lang);
      let withErrors = 0;
      let count = 0;
      for (const text of sources[lang]) {
        for (const code of cuts(text)) {
          const ours = parseCode(grammar, code).subtrees.sort();
          const runtime = withTree(grammar, code, (root) => {
            if (root.hasError) withErrors++;
            return runtimeSubtrees(root);
          })!.sort();
          expect(ours).toEqual(runtime);
          count += ours.length;
        }
      }
      expect(count).toBeGreaterThan(50);
      expect(withErrors).toBeGreaterThan(0);
    });
  }

  it("copies out a plain tree: types, fields and positions", async () => {
    const grammar = await loadCodeBleuGrammar("python");
    const { root } = parseCode(grammar, "x = 1\n");
    const assignment = root.children[0].children[0];
    expect(assignment.type).toBe("assignment");
    expect(assignment.fields).toEqual(["left", null, "right"]);
    expect(assignment.children.map((c) => [c.type, c.startRow, c.startCol, c.endRow, c.endCol])).toEqual([
      ["identifier", 0, 0, 0, 1],
      ["=", 0, 2, 0, 3],
      ["integer", 0, 4, 0, 5],
    ]);
  });
});
