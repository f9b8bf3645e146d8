/**
 * CodeBLEU port (src/lib/metrics/codebleu) against the codebleu 0.7.x package: its README and test-suite
 * values, NLTK 3.8's corpus BLEU (the package's n-gram match) on generated corpora, and hand-computed
 * cases for each component and quirk.
 */
import { describe, expect, it } from "vitest";
// Installs the workerd grammar loader.
import "../../src/lib/code";
import {
  CODEBLEU_GRAMMARS,
  CODEBLEU_LANGUAGES,
  CODEBLEU_METRIC,
  CodeBleuInputError,
  DEFAULT_CODEBLEU_WEIGHTS,
  calcCodeBleu,
  codeBleu,
  codeBleuSampleStats,
  combineCodeBleu,
  loadCodeBleuGrammar,
} from "../../src/lib/metrics/codebleu";
import { countFlowMatches, extractDataFlow, normalizeDataFlow } from "../../src/lib/metrics/codebleu/dataflow";
import { cLikeDfg } from "../../src/lib/metrics/codebleu/dfg/c-like";
import { DataFlowBudgetError } from "../../src/lib/metrics/codebleu/dfg/common";
import { dfgPython } from "../../src/lib/metrics/codebleu/dfg/python";
import { KEYWORDS } from "../../src/lib/metrics/codebleu/keywords";
import { brevityPenalty, closestRefLength, corpusBleu, pySplit } from "../../src/lib/metrics/codebleu/ngram";
import { parseCode } from "../../src/lib/metrics/codebleu/tree";
import { corpusWeightedBleu } from "../../src/lib/metrics/codebleu/weighted-ngram";
import golden from "../vectors/codebleu-golden.json";
import manifest from "../../wasm/manifest.json";
import { ISSUE_CPP_CANDIDATE, ISSUE_CPP_REFERENCE, ISSUE_CPP_SYNTAX_UTF8 } from "../code/encoding-cases";

/** pytest.approx(expected, rel): what the package's own tests assert. */
const approx = (value: number, expected: number, rel: number) =>
  expect(Math.abs(value - expected)).toBeLessThanOrEqual(rel * Math.abs(expected) + 1e-12);
/** BLEU from per-order (numerator, denominator) pairs with method1 smoothing, written out by hand. */
const bleuByHand = (orders: [number, number][], bp = 1) =>
  bp * Math.exp(orders.reduce((s, [n, d]) => s + 0.25 * Math.log((n === 0 ? 0.1 : n) / d), 0));
const flowsOf = async (language: "python" | "java" | "cpp" | "go" | "rust", code: string, fn = dfgPython) => {
  const grammar = await loadCodeBleuGrammar(language);
  return normalizeDataFlow(extractDataFlow(code, parseCode(grammar, code).root, fn, 1e6)).map((f) => JSON.parse(f));
};

describe("golden values from the package's README and the spec", () => {
  it("README: add/sum gives n-gram 0.1041, weighted 0.1109, syntax 1, data flow 1, CodeBLEU 0.5537", async () => {
    const r = await codeBleu(
      "def sum ( first , second ) :\n return second + first",
      "def add ( a , b ) :\n return a + b",
      "python",
    );
    // The README shows the values cut to 4 decimals.
    expect(Math.trunc(r.ngram_match_score * 1e4) / 1e4).toBe(0.1041);
    expect(Math.trunc(r.weighted_ngram_match_score * 1e4) / 1e4).toBe(0.1109);
    expect(r.syntax_match_score).toBe(1);
    expect(r.dataflow_match_score).toBe(1);
    expect(Math.trunc(r.codebleu * 1e4) / 1e4).toBe(0.5537);
    // By hand: 7/12 unigrams, 2/11 bigrams (") :", ": return"), 1/10 trigrams, no 4-gram (0.1/9).
    expect(r.ngram_match_score).toBeCloseTo(
      bleuByHand([
        [7, 12],
        [2, 11],
        [1, 10],
        [0, 9],
      ]),
      14,
    );
  });

  it("n-gram parts: foo/bar gives 0.707107 and 0.719409", async () => {
    const r = await codeBleu("def foo ( x ) :\n    return x", "def bar ( x ) :\n    return x", "python");
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: the README's printed value
    expect(r.ngram_match_score).toBeCloseTo(0.707107, 6);
    expect(r.weighted_ngram_match_score).toBeCloseTo(0.719409, 6);
  });

  it("n-gram parts: a..j against a b c gives 0.054531 and 0.104455", async () => {
    const r = await codeBleu("a b c d e f g h i j", "a b c", "python");
    expect(r.ngram_match_score).toBeCloseTo(0.054531, 6);
    expect(r.weighted_ngram_match_score).toBeCloseTo(0.104455, 6);
  });

  // tests/test_codebleu.py::test_simple_cases: the package asserts pytest.approx(value, 0.1); the spec
  // gives the values to two decimals (0.36, 0.61, 0.85, cut, not rounded).
  const simple: [string, string, number, number][] = [
    ["some rannnndom words in length more than 3", "def test ( ) :\n pass", 0.25, 0.25],
    ["def bar ( y , x ) :\n    a = x * x\n    return a", "def foo ( x ) :\n    return x", 0.4, 0.36],
    ["def foo ( x ) :\n    return x * x", "def bar ( x ) :\n    return x", 0.6, 0.61],
    ["def bar ( x ) :\n    return x", "def foo ( x ) :\n    return x", 0.8, 0.85],
    ["def foo ( x ) :\n    return x", "def foo ( x ) :\n    return x", 1.0, 1.0],
  ];
  for (const [prediction, reference, packageValue, specValue] of simple) {
    it(`package test pair scoring ${specValue}: ${JSON.stringify(prediction).slice(0, 40)}`, async () => {
      const r = await calcCodeBleu([reference], [prediction], "python");
      approx(r.codebleu, packageValue, 0.1);
      expect(Math.trunc(r.codebleu * 100) / 100).toBe(specValue);
    });
  }

  it("random words score exactly 0.25: only the data-flow part, 0 and so counted as 1", async () => {
    const r = await codeBleu("def test ( ) :\n pass", "some rannnndom words in length more than 3", "python");
    expect(r).toEqual({
      codebleu: 0.25,
      ngram_match_score: 0,
      weighted_ngram_match_score: 0,
      syntax_match_score: 0,
      dataflow_match_score: 0,
    });
  });
});

describe("the package's other test cases", () => {
  for (const lang of CODEBLEU_LANGUAGES) {
    it(`exact match gives exactly 1.0 (${lang})`, async () => {
      const s = "some matching string a couple of times";
      expect((await calcCodeBleu([s], [s], lang)).codebleu).toBe(1);
    });
  }

  const langs: [(typeof CODEBLEU_LANGUAGES)[number], string, string][] = [
    ["python", "def foo ( x ) :\n    return x", "def bar ( y ) :\n    return y"],
    ["java", "public function foo ( x ) { return x }", "public function bar ( y ) {\n   return y\n}"],
    ["cpp", "int foo ( int x ) { return x }", "int bar ( int y ) {\n   return y\n}"],
  ];
  for (const [lang, prediction, reference] of langs) {
    it(`simple renamed function scores about 0.6 (${lang})`, async () => {
      const r = await calcCodeBleu([reference], [prediction], lang);
      approx(r.codebleu, 0.6, 0.1);
      expect(r.syntax_match_score).toBe(1);
    });
  }

  it("input variants: a string or a list of references, in either order", async () => {
    const p = ["def foo ( x ) : pass"];
    expect((await calcCodeBleu(["def foo ( x ) : pass"], p, "python")).codebleu).toBe(1);
    expect((await calcCodeBleu([["def foo ( x ) : pass"]], p, "python")).codebleu).toBe(1);
    const a = await calcCodeBleu([["def bar ( x ) : pass", "def foo ( x ) : pass"]], p, "python");
    const b = await calcCodeBleu([["def foo ( x ) : pass", "def bar ( x ) : pass"]], p, "python");
    approx(a.codebleu, 0.95, 0.01);
    expect(b).toEqual(a);
    // Two references: n-gram precision clips by the best reference (1.0), the weighted recall sums both.
    expect(a.ngram_match_score).toBe(1);
    expect(a.weighted_ngram_match_score).toBeLessThan(1);
  });

  it("mismatched lengths and empty reference lists are errors, as in the package", async () => {
    await expect(
      calcCodeBleu(["def foo : pass"], ["def bar : pass", "def buz : pass"], "python"),
    ).rejects.toBeInstanceOf(CodeBleuInputError);
    await expect(calcCodeBleu([[]], ["x"], "python")).rejects.toBeInstanceOf(CodeBleuInputError);
    await expect(calcCodeBleu([], [], "python")).rejects.toBeInstanceOf(CodeBleuInputError);
  });

  it("finishes on the package's deeply nested loop case", async () => {
    const loops = Array.from(
      { length: 12 },
      (_, i) => `${"    ".repeat(i + 1)}for ${"ijklmnopqrst"[i]} in range(n):`,
    ).join("\n");
    const r = await codeBleu("def foo(n):\n    pass", `def foo(n):\n${loops}\n${"    ".repeat(13)}pass`, "python");
    expect(r.codebleu).toBeGreaterThan(0);
    expect(r.dataflow_match_score).toBe(0);
  });
});

describe("n-gram match = NLTK 3.8 corpus_bleu with method1", () => {
  it(`agrees with NLTK on ${golden.ngram.length} corpora (several samples and references)`, () => {
    let worst = 0;
    let exact = 0;
    for (const c of golden.ngram) {
      const value = corpusBleu(
        c.references.map((alts) => alts.map(pySplit)),
        c.predictions.map(pySplit),
      );
      if (c.ngram_match_score === 0) expect(value).toBe(0);
      else worst = Math.max(worst, Math.abs(value / c.ngram_match_score - 1));
      if (value === c.ngram_match_score) exact++;
    }
    expect(worst).toBeLessThan(1e-14);
    expect(exact).toBeGreaterThan(golden.ngram.length / 2);
    expect(
      golden.ngram.filter((c) => c.predictions.length > 1 && c.references.some((r) => r.length > 1)).length,
    ).toBeGreaterThan(5);
  });

  it("clips by the best single reference (the the the ...: 2/7)", () => {
    const refs = [["the cat is on the mat", "there is a cat on the mat"].map(pySplit)];
    const hyp = [pySplit("the the the the the the the")];
    // 2/7 unigrams; no bigram of 6, trigram of 5 or 4-gram of 4 matches; hypothesis 7 >= closest 7.
    expect(corpusBleu(refs, hyp)).toBeCloseTo(
      bleuByHand([
        [2, 7],
        [0, 6],
        [0, 5],
        [0, 4],
      ]),
      15,
    );
  });

  it("sums raw counts over the corpus (Fraction without normalising), not reduced fractions", () => {
    // Sample 1: 2/4 unigrams (2/4 is not reduced to 1/2); sample 2: 1/3.
    const refs = [[pySplit("a b")], [pySplit("c")]];
    const hyps = [pySplit("a b x y"), pySplit("c z w")];
    const bp = brevityPenalty(1 + 1, 4 + 3);
    expect(bp).toBe(1);
    // Unigrams (2+1)/(4+3), bigrams (1+0)/(3+2), trigrams 0/(2+1), 4-grams 0/(1+1).
    expect(corpusBleu(refs, hyps)).toBeCloseTo(
      bleuByHand([
        [3, 7],
        [1, 5],
        [0, 3],
        [0, 2],
      ]),
      15,
    );
  });

  it("brevity penalty: closest reference length, ties to the shorter; 0 for an empty hypothesis", () => {
    expect(closestRefLength([13, 11], 12)).toBe(11);
    expect(closestRefLength([11, 13], 12)).toBe(11);
    expect(closestRefLength([11, 8, 6, 7], 7)).toBe(7);
    expect(brevityPenalty(28, 12)).toBeCloseTo(Math.exp(1 - 28 / 12), 15);
    expect(brevityPenalty(3, 0)).toBe(0);
    expect(corpusBleu([[pySplit("x")]], [pySplit("")])).toBe(0);
  });

  it("tokenises with Python's str.split(): any whitespace run, none empty", () => {
    expect(pySplit("  a\tb\u00a0c\u2028d \n")).toEqual(["a", "b", "c", "d"]);
    expect(pySplit(" \t\n")).toEqual([]);
  });
});

describe("weighted n-gram match", () => {
  const kw = KEYWORDS.python;
  it("has the package's 38 Python keywords", () => {
    expect(kw.size).toBe(38);
    for (const w of ["False", "await", "match", "case", "type", "nonlocal"]) expect(kw.has(w)).toBe(true);
    expect(kw.has("print")).toBe(false);
  });

  it("is a recall with keyword weight 1 and 0.2 for other tokens", () => {
    const refs = [[pySplit("def foo ( x ) : return x")]];
    const hyp = [pySplit("def bar ( y ) : return y z")];
    // Reference unigrams: def(1) foo(.2) ((.2) x(.2 x2) )(.2) :(.2) return(1); hypothesis has all but foo, x.
    const num = 1 + 0 + 0.2 + 0 + 0.2 + 0.2 + 1;
    const den = 1 + 0.2 + 0.2 + 2 * 0.2 + 0.2 + 0.2 + 1;
    // Bigrams/trigrams/4-grams: reference counts 7/6/5; matched ") :", ": return" / ") : return" / none.
    const expected = bleuByHand([
      [num, den],
      [2, 7],
      [1, 6],
      [0, 5],
    ]);
    expect(corpusWeightedBleu(refs, hyp, kw)).toBeCloseTo(expected, 15);
    // The plain n-gram match is a precision over the hypothesis instead.
    expect(corpusBleu(refs, hyp)).toBeCloseTo(
      bleuByHand([
        [5, 9],
        [2, 8],
        [1, 7],
        [0, 6],
      ]),
      15,
    );
  });

  it("sees every reference as 2 tokens long in its brevity penalty", () => {
    const refs = [[pySplit("return a b c d e f g h")]];
    expect(corpusWeightedBleu(refs, [pySplit("return a b")], kw)).toBeGreaterThan(0);
    // Hypothesis of 1 token: penalty exp(1 - 2/1), whatever the reference's real length (9).
    const one = corpusWeightedBleu(refs, [pySplit("return")], kw);
    const den = 1 + 8 * 0.2;
    expect(one).toBeCloseTo(
      Math.exp(1 - 2) *
        bleuByHand([
          [1, den],
          [0, 8],
          [0, 7],
          [0, 6],
        ]),
      15,
    );
    // The plain n-gram match measures the real length.
    expect(corpusBleu(refs, [pySplit("return")])).toBeCloseTo(
      Math.exp(1 - 9) *
        bleuByHand([
          [1, 1],
          [0, 1],
          [0, 1],
          [0, 1],
        ]),
      15,
    );
  });

  it("adds max(1, weighted count) per reference to the denominator", () => {
    // "a b": 0.2 + 0.2 = 0.4 < 1, so the denominator is 1 and a full match scores 0.4 on unigrams.
    const r = corpusWeightedBleu([[pySplit("a b")]], [pySplit("a b c")], kw);
    expect(r).toBeCloseTo(
      bleuByHand([
        [0.4, 1],
        [1, 1],
        [0, 1],
        [0, 1],
      ]),
      15,
    );
  });
});

describe("syntax match", () => {
  it("counts every reference subtree present in the candidate, repeats included (no clipping)", async () => {
    // Reference subtrees: module, 2 x expression_statement, 2 x assignment; the candidate has one of
    // each but a different module: 4 of 5 match (with clipping it would be 2 of 5).
    const r = await codeBleu("x = 1\nx = 1", "x = 1", "python");
    expect(r.syntax_match_score).toBe(4 / 5);
  });

  it("ignores comments and docstrings (removed before parsing), which the n-gram parts still see", async () => {
    const r = await codeBleu(
      'def f ( x ) :\n    """Doc."""\n    # note\n    return x',
      "def f ( x ) :\n    return x",
      "python",
    );
    expect(r.syntax_match_score).toBe(1);
    expect(r.dataflow_match_score).toBe(1);
    expect(r.ngram_match_score).toBeLessThan(1);
    const c = await codeBleu(
      "int f(int x) {\n  /* doc */\n  return x; // done\n}",
      "int f(int x) {\n  return x;\n}",
      "cpp",
    );
    expect(c.syntax_match_score).toBe(1);
  });

  it("uses the root and every node with children, compared as S-expressions", async () => {
    const grammar = await loadCodeBleuGrammar("python");
    const { subtrees } = parseCode(grammar, "x = f(1)");
    expect([...subtrees].sort()).toEqual(
      [
        "(module (expression_statement (assignment left: (identifier) right: (call function: (identifier) arguments: (argument_list (integer))))))",
        "(expression_statement (assignment left: (identifier) right: (call function: (identifier) arguments: (argument_list (integer)))))",
        "(assignment left: (identifier) right: (call function: (identifier) arguments: (argument_list (integer))))",
        "(call function: (identifier) arguments: (argument_list (integer)))",
        "(argument_list (integer))",
      ].sort(),
    );
  });
});

describe("data-flow match", () => {
  it("renames variables var_0, var_1, ... in order of first appearance (parents first)", async () => {
    expect(await flowsOf("python", "def f(a, b):\n    c = a + b\n    return c")).toEqual([
      ["var_0", "comesFrom", []],
      ["var_1", "comesFrom", []],
      ["var_2", "computedFrom", ["var_0", "var_1"]],
      ["var_0", "comesFrom", ["var_0"]],
      ["var_1", "comesFrom", ["var_1"]],
      ["var_2", "comesFrom", ["var_2"]],
    ]);
    // So consistently renamed code has the same flows.
    expect(await flowsOf("python", "def g(x, y):\n    z = x + y\n    return z")).toEqual(
      await flowsOf("python", "def f(a, b):\n    c = a + b\n    return c"),
    );
  });

  it("matches each candidate flow at most once", async () => {
    expect(countFlowMatches(["a", "a", "b"], ["a", "b", "c"])).toBe(2);
    // Reference: x defined, then used twice (3 flows); candidate uses it once (2 flows).
    const r = await codeBleu("def f ( x ) :\n    return x + x", "def f ( x ) :\n    return x", "python");
    expect(r.dataflow_match_score).toBe(2 / 3);
  });

  it("a zero data-flow score counts as 1 in CodeBLEU (`dataflow_match_score or 1`)", async () => {
    const r = await codeBleu("def f ( x ) :\n    return x", "pass", "python");
    expect(r.dataflow_match_score).toBe(0);
    const w = DEFAULT_CODEBLEU_WEIGHTS;
    expect(r.codebleu).toBe(
      w.ngram * r.ngram_match_score +
        w.weighted_ngram * r.weighted_ngram_match_score +
        w.syntax * r.syntax_match_score +
        w.dataflow * 1,
    );
  });

  it("identical code scores 1.0, with data flow and without", async () => {
    const withFlow =
      "def total(items, start=0):\n    acc = start\n    for item in items:\n        if item > 0:\n            acc += item\n    return acc";
    const r = await codeBleu(withFlow, withFlow, "python");
    expect(r).toEqual({
      codebleu: 1,
      ngram_match_score: 1,
      weighted_ngram_match_score: 1,
      syntax_match_score: 1,
      dataflow_match_score: 1,
    });
    const noFlow = "def noop ( ) :\n    pass";
    const n = await codeBleu(noFlow, noFlow, "python");
    expect(n.dataflow_match_score).toBe(0);
    expect(n.codebleu).toBe(1);
    // Under 4 tokens there is no 4-gram, smoothed to 0.1/1: identical short code is not 1 (no auto re-weighing).
    const short = await codeBleu("def noop():\n    pass", "def noop():\n    pass", "python");
    expect(short.ngram_match_score).toBeCloseTo(0.1 ** 0.25, 15);
  });

  it("loops are analysed twice: a use at the loop head also comes from the body's definition", async () => {
    // x in `x < n` comes from `x = 0` and from `x = x + 1` (one edge, the two passes merged).
    const grammar = await loadCodeBleuGrammar("python");
    const code = "def f(n):\n    x = 0\n    while x < n:\n        x = x + 1\n    return x";
    const edges = extractDataFlow(code, parseCode(grammar, code).root, dfgPython, 1e6);
    const head = edges.find((e) => e[0] === "x" && e[2] === "comesFrom" && e[4].length === 2);
    expect(head?.[3]).toEqual(["x"]);
  });

  it("takes token texts as the package does: UTF-8 byte columns used as string indices", async () => {
    // "é" is 2 bytes: past it on the line, every token is cut one character late.
    const grammar = await loadCodeBleuGrammar("python");
    const code = "x = 'é' + y";
    const edges = extractDataFlow(code, parseCode(grammar, code).root, dfgPython, 1e6);
    expect(edges.map((e) => e[0])).toEqual(["x", "'é' ", " ", ""]);
  });

  it("a broken C++ pair's syntax match is codebleu 0.7.1's 19/29 (the core reads UTF-8, as py-tree-sitter)", async () => {
    const score = await codeBleu(ISSUE_CPP_REFERENCE, ISSUE_CPP_CANDIDATE, "cpp");
    expect(score.syntax_match_score).toBe(ISSUE_CPP_SYNTAX_UTF8[0] / ISSUE_CPP_SYNTAX_UTF8[1]);
    expect(score.codebleu.toFixed(12)).toBe("0.457711116547");
  });

  it("each language has the package's data-flow function (C++ uses the C# one)", async () => {
    expect(await flowsOf("java", "int f(int a) { int b = a; return b; }", cLikeDfg("java"))).toEqual([
      ["var_0", "comesFrom", []],
      ["var_1", "comesFrom", ["var_0"]],
      ["var_0", "comesFrom", ["var_0"]],
      ["var_1", "comesFrom", ["var_1"]],
    ]);
    // C++'s `int b = a` is an init_declarator, which the C# function does not know: b defines itself.
    expect(await flowsOf("cpp", "int f(int a) { int b = a; return b; }", cLikeDfg("csharp"))).toEqual([
      ["var_0", "comesFrom", []],
      ["var_1", "comesFrom", []],
      ["var_0", "comesFrom", ["var_0"]],
      ["var_1", "comesFrom", ["var_1"]],
    ]);
    expect(await flowsOf("go", "func f(a int) int {\n\tvar b = a\n\tb++\n\treturn b\n}", cLikeDfg("go"))).toEqual([
      ["var_0", "comesFrom", []],
      ["var_1", "comesFrom", ["var_0"]],
      ["var_0", "comesFrom", ["var_0"]],
      ["var_1", "computedFrom", ["var_1"]],
      ["var_1", "comesFrom", ["var_1"]],
    ]);
    // Rust: a function item is read as its name computed from its parameters; the body is skipped.
    expect(await flowsOf("rust", "fn f(a: i32) -> i32 { let b = a; b }", cLikeDfg("rust"))).toEqual([
      ["var_2", "comesFrom", ["var_0", "var_1"]],
      ["var_0", "comesFrom", []],
      ["var_1", "comesFrom", []],
    ]);
  });

  it("gives no flows where the package's recursion would exceed Python's limit", async () => {
    const grammar = await loadCodeBleuGrammar("python");
    const shallow = "y = 1\nx = " + "(".repeat(50) + "y" + ")".repeat(50);
    const deep = "y = 1\nx = " + "(".repeat(1200) + "y" + ")".repeat(1200);
    expect(extractDataFlow(shallow, parseCode(grammar, shallow).root, dfgPython, 1e6).length).toBeGreaterThan(0);
    expect(extractDataFlow(deep, parseCode(grammar, deep).root, dfgPython, 1e6)).toEqual([]);
  });

  it("stops with DataFlowBudgetError when nested loops blow up", async () => {
    const grammar = await loadCodeBleuGrammar("python");
    const loops = Array.from({ length: 10 }, (_, i) => `${"    ".repeat(i)}while x${i}:`).join("\n");
    const code = `${loops}\n${"    ".repeat(10)}y = y + 1`;
    const root = parseCode(grammar, code).root;
    expect(() => extractDataFlow(code, root, dfgPython, 5_000)).toThrow(DataFlowBudgetError);
    expect(extractDataFlow(code, root, dfgPython, 1e7).length).toBeGreaterThan(0);
  });
});

describe("weights, corpus level and metadata", () => {
  it("applies custom weights to the four components", async () => {
    const ref = "def f ( a , b ) :\n    return a - b";
    const hyp = "def f ( a , b ) :\n    return b - a + 1";
    const base = await codeBleu(ref, hyp, "python");
    expect((await codeBleu(ref, hyp, "python", { ngram: 1, weighted_ngram: 0, syntax: 0, dataflow: 0 })).codebleu).toBe(
      base.ngram_match_score,
    );
    expect((await codeBleu(ref, hyp, "python", { ngram: 0, weighted_ngram: 0, syntax: 2, dataflow: 0 })).codebleu).toBe(
      2 * base.syntax_match_score,
    );
  });

  it("corpus scores sum counts over samples instead of averaging", async () => {
    const refs = ["def f ( x ) :\n    return x", "x = 1\nx = 1\nx = 1"];
    const hyps = ["def f ( y ) :\n    return y", "x = 1"];
    const grammar = await loadCodeBleuGrammar("python");
    const stats = codeBleuSampleStats(refs, hyps, "python", grammar);
    const corpus = await calcCodeBleu(refs, hyps, "python");
    expect(combineCodeBleu(stats)).toEqual(corpus);
    const [a, b] = stats;
    expect(corpus.syntax_match_score).toBe((a.syntaxMatched + b.syntaxMatched) / (a.syntaxTotal + b.syntaxTotal));
    expect(corpus.dataflow_match_score).toBe((a.flowMatched + b.flowMatched) / (a.flowTotal + b.flowTotal));
    const each = await Promise.all(refs.map((r, i) => codeBleu(r, hyps[i], "python")));
    expect(corpus.syntax_match_score).not.toBe((each[0].syntax_match_score + each[1].syntax_match_score) / 2);
    expect(each.map((e) => e.codebleu)).toEqual(stats.map((s) => combineCodeBleu([s]).codebleu));
  });

  it("names the ported package and the grammar versions in use", () => {
    expect(CODEBLEU_METRIC).toMatch(/^codebleu-0\.7\.\d+-port(\.\d+)?$/);
    expect(CODEBLEU_GRAMMARS["web-tree-sitter"]).toBe(manifest.modules["tree-sitter"].version);
    expect(CODEBLEU_GRAMMARS["tree-sitter-python"]).toBe(manifest.modules["tree-sitter-python"].version);
    expect(Object.keys(CODEBLEU_GRAMMARS).sort()).toEqual(
      [
        "web-tree-sitter",
        "tree-sitter-python",
        "tree-sitter-java",
        "tree-sitter-cpp",
        "tree-sitter-go",
        "tree-sitter-rust",
      ].sort(),
    );
  });

  it("rejects code with lone surrogates, which the package cannot encode for tree-sitter", async () => {
    await expect(codeBleu("x = 1", "x = '\ud800'", "python")).rejects.toBeInstanceOf(CodeBleuInputError);
  });
});
