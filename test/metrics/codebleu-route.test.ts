/** POST /v1/metrics/codebleu through the real Worker. */
import { describe, expect, it } from "vitest";
import {
  CODEBLEU_GRAMMARS,
  CODEBLEU_LANGUAGES,
  CODEBLEU_METRIC,
  calcCodeBleu,
  codeBleu,
} from "../../src/lib/metrics/codebleu";
import { LIMITS } from "../../src/lib/middleware/body";
import { get, post } from "../helpers";

const PATH = "/v1/metrics/codebleu";
const README = {
  reference: "def sum ( first , second ) :\n return second + first",
  candidate: "def add ( a , b ) :\n return a + b",
};
const OTHER = { reference: "def foo ( x ) :\n    return x", candidate: "def bar ( x ) :\n    return x * 2" };

const problem = async (res: Response) => {
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return res.json<{
    type: string;
    status: number;
    detail: string;
    errors?: { path: string }[];
    supported_languages?: string[];
  }>();
};

describe("POST /v1/metrics/codebleu", () => {
  it("scores each pair, in order, with the metric and grammar versions", async () => {
    const res = await post(PATH, { pairs: [README, OTHER], language: "python" });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({
      metric: CODEBLEU_METRIC,
      language: "python",
      grammar: CODEBLEU_GRAMMARS,
      weights: { ngram: 0.25, weighted_ngram: 0.25, syntax: 0.25, dataflow: 0.25 },
    });
    expect(body.corpus).toBeUndefined();
    expect(body.scores).toHaveLength(2);
    expect(Object.keys(body.scores[0]).sort()).toEqual([
      "codebleu",
      "dataflow_match_score",
      "ngram_match_score",
      "syntax_match_score",
      "weighted_ngram_match_score",
    ]);
    expect(Math.trunc(body.scores[0].codebleu * 1e4) / 1e4).toBe(0.5537);
    // Each pair is a corpus of one: the same as the library on that pair alone.
    expect(body.scores[1]).toEqual(await codeBleu(OTHER.reference, OTHER.candidate, "python"));
  });

  it("adds the corpus score over all pairs when asked, with alternatives and custom weights", async () => {
    const weights = { ngram: 0.1, weighted_ngram: 0.1, syntax: 0.4, dataflow: 0.4 };
    const pairs = [{ reference: [README.reference, OTHER.reference], candidate: README.candidate }, OTHER];
    const res = await post(PATH, { pairs, language: "python", weights, corpus: true });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.weights).toEqual(weights);
    expect(body.corpus).toEqual(
      await calcCodeBleu(
        pairs.map((p) => p.reference),
        pairs.map((p) => p.candidate),
        "python",
        weights,
      ),
    );
    expect(body.corpus.codebleu).not.toBe(body.scores[0].codebleu);
  });

  it("scores the other languages", async () => {
    const code = {
      java: "int f(int a) { return a; }",
      cpp: "int f(int a) { return a; }",
      go: "func f(a int) int { return a }",
      rust: "fn f(a: i32) -> i32 { a }",
    };
    for (const [language, c] of Object.entries(code)) {
      const res = await post(PATH, { pairs: [{ reference: c, candidate: c }], language });
      expect(res.status, language).toBe(200);
      expect((await res.json<any>()).scores[0].syntax_match_score).toBe(1);
    }
  });

  it("answers 422 with the supported languages for an unknown language", async () => {
    const res = await post(PATH, { pairs: [README], language: "cobol" });
    expect(res.status).toBe(422);
    const body = await problem(res);
    expect(body.type).toBe("urn:needlework:problem:unprocessable-content");
    expect(body.supported_languages).toEqual([...CODEBLEU_LANGUAGES]);
    expect(body.detail).toContain("python");
  });

  it("refuses bad weights: negative, all zero, missing or extra components, the tuple form", async () => {
    for (const weights of [
      { ngram: -0.1, weighted_ngram: 0.5, syntax: 0.3, dataflow: 0.3 },
      { ngram: 0, weighted_ngram: 0, syntax: 0, dataflow: 0 },
      { ngram: 0.5, weighted_ngram: 0.5, syntax: 0 },
      { ngram: 0.25, weighted_ngram: 0.25, syntax: 0.25, dataflow: 0.25, extra: 1 },
      [0.25, 0.25, 0.25, 0.25],
      { ngram: "0.25", weighted_ngram: 0.25, syntax: 0.25, dataflow: 0.25 },
    ]) {
      const res = await post(PATH, { pairs: [README], language: "python", weights });
      expect(res.status, JSON.stringify(weights)).toBe(400);
      const body = await problem(res);
      expect(body.type).toBe("urn:needlework:problem:validation-error");
      expect(body.errors?.[0].path).toMatch(/^weights/);
    }
  });

  it(`accepts ${LIMITS.codebleuPairs} pairs and refuses one more`, async () => {
    const pair = { reference: "def f ( x ) :\n    return x", candidate: "def f ( y ) :\n    return y" };
    expect((await post(PATH, { pairs: Array(LIMITS.codebleuPairs).fill(pair), language: "python" })).status).toBe(200);
    const res = await post(PATH, { pairs: Array(LIMITS.codebleuPairs + 1).fill(pair), language: "python" });
    expect(res.status).toBe(400);
    expect((await problem(res)).errors?.[0].path).toBe("pairs");
  });

  it("refuses too many alternative references, empty lists and malformed pairs", async () => {
    const many = Array(LIMITS.codebleuReferences + 1).fill("x = 1");
    for (const pairs of [
      [{ reference: many, candidate: "x" }],
      [{ reference: [], candidate: "x" }],
      [],
      [{ reference: 1, candidate: "x" }],
      [{ candidate: "x" }],
    ]) {
      expect((await post(PATH, { pairs, language: "python" })).status, JSON.stringify(pairs).slice(0, 60)).toBe(400);
    }
    expect((await post(PATH, { pairs: [README] })).status).toBe(400);
  });

  it("answers 400 for a body that is not JSON, 415 for another media type, 413 past the size limit", async () => {
    const bad = await post(PATH, "{ not json");
    expect(bad.status).toBe(400);
    expect((await problem(bad)).type).toBe("urn:needlework:problem:malformed-json");
    const text = await post(PATH, JSON.stringify({ pairs: [README], language: "python" }), {
      "content-type": "text/plain",
    });
    expect(text.status).toBe(415);
    const huge = await post(PATH, {
      pairs: [{ reference: "x".repeat(LIMITS.codebleuBody), candidate: "x" }],
      language: "python",
    });
    expect(huge.status).toBe(413);
  });

  it("answers 422 for code the package could not encode (a lone surrogate)", async () => {
    const res = await post(PATH, { pairs: [{ reference: "x = 1", candidate: "x = '\ud800'" }], language: "python" });
    expect(res.status).toBe(422);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    const op = doc.paths[PATH].post;
    // 429: the rate limit every public route has (docs/limits.md, "Rate limits").
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "413", "415", "422", "429"]);
    expect(doc.components.schemas.CodeBleuRequest.required.sort()).toEqual(["language", "pairs"]);
  });
});
