/**
 * SRE similarity: the lexical TF-IDF cosine on a hand-computed case, the terms it reads, cosine of
 * given vectors, top-5 order with ties, the embedding path's cache, and an SRE example.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import {
  cosine,
  embeddingSimilarity,
  subtokens,
  tfidfScores,
  topK,
} from "../../src/benchmarks/longcodeu/curate/similarity";
import { codeView, semanticRelation } from "../../src/benchmarks/longcodeu/curate/examples";
import { codeBlock, joinCodeBlocks } from "../../src/benchmarks/longcodeu/curate/contexts";
import { RepoModel } from "../../src/benchmarks/longcodeu/curate/repo";
import { fixtureRepo, python } from "./build-helpers";

describe("lexical similarity", () => {
  it("terms: identifiers split at _ and camelCase, lower-cased, keywords and letterless parts dropped", () => {
    expect(subtokens("def parseHTTPResponse2(self, max_len): return None  # see RFC_2616")).toEqual([
      "parse",
      "http",
      "response",
      "self",
      "max",
      "len",
      "see",
      "rfc",
    ]);
    expect(subtokens("if x in y: pass")).toEqual(["x", "y"]);
  });

  it("TF-IDF cosine, worked by hand", () => {
    // Documents: Q = {load, config, path}, C1 = {load, json, path}, C2 = {save, config}, C3 = {run}
    // (`def` and `pass` are keywords). N = 4. df = 2 for load, config, path; 1 for json, save, run.
    // a = idf(df 2) = ln(5/3) + 1 = 1.5108, b = idf(df 1) = ln(5/2) + 1 = 1.9163.
    // cos(Q, C1) = 2a^2 / (a*sqrt(3) * sqrt(2a^2 + b^2)) = 2a / (sqrt(3) * sqrt(2a^2 + b^2)) = 0.6078
    // cos(Q, C2) = a^2 / (a*sqrt(3) * sqrt(a^2 + b^2)) = a / (sqrt(3) * sqrt(a^2 + b^2)) = 0.3575
    const scores = tfidfScores("load_config(path)", ["loadJson(path)", "save_config", "def run(): pass"]);
    const a = Math.log(5 / 3) + 1;
    const b = Math.log(5 / 2) + 1;
    expect(scores[0]).toBeCloseTo((2 * a) / (Math.sqrt(3) * Math.sqrt(2 * a * a + b * b)), 12);
    expect(scores[1]).toBeCloseTo(a / (Math.sqrt(3) * Math.sqrt(a * a + b * b)), 12);
    expect(scores[2]).toBe(0);
    expect(scores[0]).toBeCloseTo(0.6078, 4);
    expect(scores[1]).toBeCloseTo(0.3575, 4);
    // No terms at all: 0, not NaN.
    expect(tfidfScores("pass", ["x"])).toEqual([0]);
  });

  it("cosine of given vectors; top-k by score with ties kept in context order", () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 2, 2], [2, 4, 4])).toBeCloseTo(1, 12);
    expect(cosine([3, 4], [4, 3])).toBeCloseTo(24 / 25, 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(/length/);
    expect(topK([0.2, 0.9, 0.5, 0.9, 0.1, 0.5, 0.7], 5)).toEqual([1, 3, 6, 2, 5]);
  });
});

describe("embedding similarity", () => {
  it("scores by the cosine of the vectors it is given and embeds each distinct text once", async () => {
    const calls: string[][] = [];
    const vectors: Record<string, number[]> = { q: [1, 0], a: [1, 0], b: [0, 1], c: [1, 1] };
    const sim = embeddingSimilarity(
      async (texts) => {
        calls.push(texts);
        return texts.map((t) => vectors[t]);
      },
      { name: "test-model" },
    );
    expect(sim.info).toEqual({ name: "test-model", kind: "embedding" });
    const s = await sim.scores("q", ["a", "b", "c"]);
    expect(s[0]).toBeCloseTo(1, 12);
    expect(s[1]).toBe(0);
    expect(s[2]).toBeCloseTo(Math.SQRT1_2, 12);
    await sim.scores("c", ["a", "q"]);
    expect(calls).toEqual([["q", "a", "b", "c"]]);
  });
});

describe("SRE examples", () => {
  it("top 5 of the context's units by similarity, never the anchor or the class enclosing it", async () => {
    const repo = new RepoModel(await python(), fixtureRepo("inkwell"));
    const paths = ["inkwell/tokens.py", "inkwell/render.py"];
    const text = joinCodeBlocks(paths.map((p) => codeBlock(p, repo.files.get(p)!.code)));
    const view = codeView(
      "code",
      paths,
      text,
      (p) => repo.files.get(p)!,
      (p) => repo.files.get(p)!,
      (code) => repo.scorable(code),
    );
    const calls: { query: string; candidates: readonly string[] }[] = [];
    // A similarity that ranks by candidate length: easy to check by hand.
    const byLength = {
      info: { kind: "lexical" as const, name: "length" },
      async scores(query: string, candidates: readonly string[]) {
        calls.push({ query, candidates });
        return candidates.map((c) => c.length);
      },
    };
    const ex = (await semanticRelation(view, new PyRandom(7), byLength, false))!;
    const anchor = view.units.find((x) => x.unit.name === ex.anchor.name)!;
    expect(ex.anchor.code).toBe(anchor.unit.code);
    const expected = view.units
      .filter((x) => !x.unit.inFunction && !x.unit.trivial && repo.scorable(x.unit.code))
      .filter(
        (x) =>
          !(
            x.path === anchor.path &&
            (x.unit.index === anchor.unit.index || anchor.unit.classChain.includes(x.unit.index))
          ),
      )
      .map((x) => x.unit.code);
    expect(calls[0].candidates).toEqual(expected);
    // tokens.py has 9 such units and render.py 11 (the trivial LexError, __init__s and
    // BaseRenderer.render_text left out): 20, minus the anchor.
    expect(anchor.unit.qualified).toBe("tokenize");
    expect(expected.length).toBe(19);
    expect(calls[0].candidates).not.toContain(anchor.unit.code);
    const lengths = ex.answer.units!.map((u) => u.code.length);
    expect(lengths).toEqual([...calls[0].candidates.map((c) => c.length)].sort((x, y) => y - x).slice(0, 5));
    expect(ex.meta).toMatchObject({ similarity: "length", scores: lengths });
    for (const u of ex.answer.units!) expect(text).toContain(u.code);
    // A method anchor: its class (which contains its code) is no candidate either, so 18.
    let method: { a: (typeof view.units)[number]; candidates: (typeof calls)[number]["candidates"] } | undefined;
    for (let seed = 0; !method && seed < 40; seed++) {
      calls.length = 0;
      const e = (await semanticRelation(view, new PyRandom(seed), byLength, false))!;
      const a = view.units.find((x) => x.unit.name === e.anchor.name)!;
      if (a.unit.classChain.length) method = { a, candidates: calls[0].candidates };
    }
    expect(method).toBeDefined();
    const cls = view.units.find((x) => x.path === method!.a.path && x.unit.index === method!.a.unit.classChain[0])!;
    expect(method!.candidates).not.toContain(cls.unit.code);
    expect(method!.candidates.length).toBe(18);
    // T2 queries with the signature and docstring.
    const t2 = (await semanticRelation(view, new PyRandom(7), byLength, true))!;
    expect(calls[calls.length - 1].query).toBe(t2.anchor.requirement);
    expect(t2.anchor.requirement).toMatch(/^(async )?def \w+\(.*\):\n\s+"""/s);
  });

  it("never anchors nor answers nested in a function (a method of a class defined in a function), never a unit enclosing the anchor", async () => {
    const code = [
      "def make_model(fields):",
      "    class Model:",
      "        def check_fields(self, values):",
      "            return [v for v in values if v in fields]",
      "        def check_names(self, names):",
      "            return [n for n in names if n.isidentifier()]",
      "    return Model",
      "",
      "class Outer:",
      "    class Inner:",
      "        def inner_method(self, value):",
      "            return value * 2 + len(str(value))",
      "    def outer_method(self, value):",
      "        return self.Inner().inner_method(value) + 1",
      "",
      "def first_helper(values):",
      "    return sorted(values, key=len)[0] if values else None",
      "",
      "def second_helper(values):",
      "    return [value.strip() for value in values if value]",
      "",
      "def third_helper(values):",
      "    return {value: len(value) for value in values}",
      "",
    ].join("\n");
    const repo = new RepoModel(await python(), { repo: "nest", files: { "nest.py": code } });
    const text = joinCodeBlocks([codeBlock("nest.py", code)]);
    const view = codeView(
      "code",
      ["nest.py"],
      text,
      (p) => repo.files.get(p)!,
      (p) => repo.files.get(p)!,
      (c) => repo.scorable(c),
    );
    const byLength = {
      info: { kind: "lexical" as const, name: "length" },
      scores: async (_q: string, c: readonly string[]) => c.map((x) => x.length),
    };
    const anchors = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const ex = (await semanticRelation(view, new PyRandom(seed), byLength, false))!;
      const fn = ex.meta!.function as string;
      anchors.add(fn);
      const answers = ex.answer.units!.map((u) => u.qualified);
      for (const q of answers) expect(q, `${fn}: ${answers}`).not.toContain("<locals>");
      expect(answers).not.toContain(fn);
      // Every unit enclosing the anchor (Outer.Inner.inner_method: Outer.Inner and Outer) is left out.
      for (const q of answers) expect(fn.startsWith(`${q}.`), `${q} encloses ${fn}`).toBe(false);
    }
    expect([...anchors].sort()).toEqual([
      "Outer.Inner.inner_method",
      "Outer.outer_method",
      "first_helper",
      "make_model",
      "second_helper",
      "third_helper",
    ]);
  });
});
