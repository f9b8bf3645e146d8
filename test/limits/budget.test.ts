/**
 * CPU budgets (docs/limits.md, "CPU budgets"): every pathological input of test/limits/corpus.ts
 * gets a 200 or a 422 problem naming the limit, never a 5xx, and the service keeps answering.
 * Time is not asserted here (it would flake on a busy machine): scripts/bench-budget.mts measures
 * the CPU of each case against the 10 ms line.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { get, importFixture, post } from "../helpers";
import { corpus } from "./corpus";

const DATASET = "fixture-limits";

beforeAll(async () => {
  await importFixture(DATASET);
});

const cases = corpus(DATASET);

describe("pathological inputs are scored or refused with the budget named", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const res = await post(c.endpoint, c.body);
    const body = await res.json<any>();
    const seen = `${res.status} ${body.type ?? ""} ${body.budget ?? ""} ${String(body.detail ?? "").slice(0, 200)}`;
    if (c.expect !== "either") expect(seen).toMatch(new RegExp(`^${c.expect} `));
    expect([200, 422]).toContain(res.status);
    if (res.status === 422) {
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      if (body.type === "urn:needlework:problem:budget-exceeded") {
        expect(body).toMatchObject({ status: 422, title: "Input too costly to process" });
        expect([
          "parse_operations",
          "parse_recovery",
          "query_scan",
          "tree_nodes",
          "tree_text",
          "dataflow_steps",
          "bleu_tokens",
        ]).toContain(body.budget);
        expect(body.limit).toBeGreaterThan(0);
        expect(["parse", "request"]).toContain(body.scope);
        expect(body.detail).toContain(body.budget);
        expect(body.request_id).toBeTruthy();
      } else {
        // CodeBLEU's data-flow step limit predates the budgets and keeps its problem type.
        expect(c.endpoint).toBe("/v1/metrics/codebleu");
        expect(body).toMatchObject({
          type: "urn:needlework:problem:unprocessable-content",
          max_steps: expect.any(Number),
        });
      }
    }
    // The service still answers after each case.
    expect((await get("/v1/health")).status).toBe(200);
  });
});

describe("where a refusal happened", () => {
  it("a batch names the answer that went over", async () => {
    const answers = [
      { task: "python::lorenmade/textkit::strip_accents", answer: "def f():\n    return 1\n" },
      { task: "python::lorenmade/textkit::strip_accents", answer: "```python\n" + "(".repeat(65_000) + "\n```" },
    ];
    const res = await post("/v1/score/batch", { dataset: DATASET, answers });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      type: "urn:needlework:problem:budget-exceeded",
      budget: "query_scan",
      scope: "parse",
      where: "answers.1",
    });
  });

  it("a single answer is named `answer`; a BLEU pair by its index", async () => {
    const one = await post("/v1/score", {
      dataset: DATASET,
      task: "python::lorenmade/textkit::strip_accents",
      answer: "```python\n" + "+".repeat(65_000) + "\n```",
    });
    expect(await one.json()).toMatchObject({ type: "urn:needlework:problem:budget-exceeded", where: "answer" });
    const words = Array.from({ length: 300_000 }, (_, i) => `t${i}`).join(" ");
    const bleu = await post("/v1/metrics/bleu", {
      pairs: [
        { reference: "a b", candidate: "a b" },
        { reference: words, candidate: words },
      ],
    });
    expect(await bleu.json()).toMatchObject({
      type: "urn:needlework:problem:budget-exceeded",
      budget: "bleu_tokens",
      scope: "request",
      where: "pairs.1",
      limit: 400_000,
    });
  });

  it("a parse cancelled by its budget leaves the parser usable for the next request", async () => {
    await post("/v1/score", {
      dataset: DATASET,
      task: "go::copperkettle/tally::ratePerSecond",
      answer: "```go\n" + "()[]{}:;.,+-*/%<>=!&|^~@#".repeat(2_600) + "\n```",
    });
    const res = await post("/v1/score", {
      dataset: DATASET,
      task: "go::copperkettle/tally::ratePerSecond",
      answer: "```go\nfunc ratePerSecond(n int64) float64 { return 0 }\n```",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ extracted: "func ratePerSecond(n int64) float64 { return 0 }" });
  });
});
