/** The family's tasks through the real run path: queue, coordinator, consumer, R2, D1, leaderboard. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN, get, post } from "../helpers";
import { loopback, modelServer, samplesOf, startRun, waitForRun } from "../runs/helpers";
import { suiteDataset } from "./helpers";

const results = async (id: string) => (await get(`/v1/runs/${id}/results`)).json<any>();

describe("positional tasks", () => {
  for (const benchmark of ["lexical-recall", "cruxeval-o", "semtrace"]) {
    it(`${benchmark}: the oracle scores 100 % in every (D, position) cell and publishes a verified entry`, async () => {
      const dataset = await suiteDataset("semtrace-runs");
      const run = await startRun({ benchmark, dataset, model: "baseline:oracle", concurrency: 8, publish: true });
      expect(run.units).toBe(2 * 2 * 3);
      const done = await waitForRun(run.id);
      expect(done.counts).toMatchObject({ scored: 12, passed: 12, error: 0 });
      const r = await results(run.id);
      expect(r.summary.grid).toHaveLength(6);
      for (const cell of r.summary.grid)
        expect(cell).toMatchObject({ n: 2, passed: 2, accuracy: 1, mean_score: 1, unparseable: 0 });
      expect(r.summary.median_drop).toBe(0);
      const board = await (await get(`/v1/leaderboard?benchmark=${benchmark}&dataset=${dataset}`)).json<any>();
      expect(board.rows.map((row: any) => [row.model, row.kind, row.rate, row.n])).toEqual([
        ["baseline:oracle", "verified", 1, 12],
      ]);
    });
  }

  it("semtrace: the interpreter baseline scores 100 %; empty answers are unparseable, not errors", async () => {
    const dataset = await suiteDataset("semtrace-runs");
    const interpreted = await waitForRun(
      (await startRun({ benchmark: "semtrace", dataset, model: "baseline:interpreter", concurrency: 8 })).id,
    );
    expect(interpreted.counts).toMatchObject({ scored: 12, passed: 12 });
    const empty = await waitForRun(
      (await startRun({ benchmark: "semtrace", dataset, model: "baseline:empty", concurrency: 8 })).id,
    );
    expect(empty.counts).toMatchObject({ scored: 12, passed: 0, error: 0 });
    const r = await results(empty.id);
    expect(r.summary.unparseable).toBe(12);
    expect(r.summary.median_drop).toBeNull();
  });

  it("a real model call: the prompt ends with the assistant prefill, or carries it in the user turn when told", async () => {
    const dataset = await suiteDataset("semtrace-runs");
    const stats = async () => (await fetch(modelServer().replace(/\/v1$/, "/__stats"))).json<any>();
    const asTurn = await waitForRun(
      (
        await startRun({
          benchmark: "cruxeval-o",
          dataset,
          model: loopback("instant:prefill-a"),
          limit: 3,
          cache: false,
        })
      ).id,
    );
    expect(asTurn.counts).toMatchObject({ scored: 3, error: 0 });
    expect(asTurn.receipt.parameters).toMatchObject({ prefill: "assistant", max_tokens: 256 });
    const inUser = await waitForRun(
      (
        await startRun({
          benchmark: "cruxeval-o",
          dataset,
          model: loopback("instant:prefill-u"),
          limit: 3,
          cache: false,
          prefill: "user",
        })
      ).id,
    );
    expect(inUser.receipt.parameters).toMatchObject({ prefill: "user" });
    const continued = await waitForRun(
      (
        await startRun({
          benchmark: "cruxeval-o",
          dataset,
          model: loopback("instant:prefill-c"),
          limit: 1,
          cache: false,
          prefill: "continue",
        })
      ).id,
    );
    expect(continued.counts).toMatchObject({ scored: 1 });
    const s = await stats();
    expect(s.bodies["instant:prefill-a"].map((b: any) => b.message_count)).toEqual([2, 2, 2]);
    expect(s.bodies["instant:prefill-u"].map((b: any) => b.message_count)).toEqual([1, 1, 1]);
    expect(s.bodies["instant:prefill-c"][0]).toMatchObject({
      message_count: 2,
      continue_final_message: true,
      add_generation_prompt: false,
    });
    expect(s.bodies["instant:prefill-a"][0].continue_final_message).toBeUndefined();
    // The loopback answers a Python function, not a literal: scored, wrong, counted as unparseable.
    const samples = await samplesOf(asTurn.id);
    expect(samples.every((x) => x.status === "scored" && x.passed === false && x.detail.unparseable === true)).toBe(
      true,
    );
  });

  it("refuses what a benchmark cannot do, with 422s", async () => {
    const dataset = await suiteDataset("semtrace-runs");
    let res = await post("/v1/runs", { benchmark: "semtrace", dataset, model: "baseline:bm25" }, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(/baseline:oracle, baseline:interpreter, baseline:empty/);
    res = await post("/v1/runs", { benchmark: "lexical-recall", dataset, model: "baseline:interpreter" }, ADMIN);
    expect(res.status).toBe(422);
    res = await post(
      "/v1/runs",
      { benchmark: "semtrace", dataset, model: "baseline:oracle", languages: ["go"], publish: false },
      ADMIN,
    );
    expect(res.status).toBe(422);
    res = await post("/v1/runs", { benchmark: "repoqa-snf", dataset, model: "baseline:oracle" }, ADMIN);
    expect(res.status).toBe(422);
    res = await post(
      "/v1/runs",
      { benchmark: "semtrace", dataset, model: "baseline:oracle", prefill: "sideways" },
      ADMIN,
    );
    expect(res.status).toBe(400);
  });
});

describe("sensitivity", () => {
  it("the interpreter answers complete SemTrace functions right and falls sharply with lines removed; the oracle does not fall", async () => {
    const dataset = await suiteDataset("semtrace-runs");
    const run = await waitForRun(
      (await startRun({ benchmark: "sensitivity-semtrace", dataset, model: "baseline:interpreter", concurrency: 8 }))
        .id,
    );
    expect(run.status).toBe("completed");
    const samples = await samplesOf(run.id);
    const complete = samples.filter((s) => s.unit.endsWith("~0"));
    expect(complete.map((s) => s.passed)).toEqual([true, true]);
    const { summary } = await results(run.id);
    expect(summary.sensitivity.curve[0]).toMatchObject({ bucket: "0", n: 2, accuracy: 1 });
    // Removing any assignment changes the list; removing `arr = ...` or `return` raises or returns None.
    const incomplete = samples.filter((s) => !s.unit.endsWith("~0"));
    expect(incomplete.length).toBeGreaterThan(0);
    expect(incomplete.every((s) => s.passed === false)).toBe(true);
    expect(summary.sensitivity.per_snippet).toMatchObject({ snippets: 2, unsolved: 0 });
    expect(summary.sensitivity.per_snippet.mean).toBeCloseTo(1 / (1 + 1e-6), 9);
    const oracle = await results(
      (
        await waitForRun(
          (
            await startRun({ benchmark: "sensitivity-semtrace", dataset, model: "baseline:oracle", concurrency: 8 })
          ).id,
        )
      ).id,
    );
    expect(oracle.summary.sensitivity.per_snippet.mean).toBe(0);
    // Sensitivity runs are not leaderboard entries.
    expect((await post(`/v1/runs/${run.id}/publish`, {}, ADMIN)).status).toBe(422);
  });

  it("a stored dataset whose variants lack their complete version: results and the run page say so instead of a 500", async () => {
    // The import refuses such a suite now (suite.test.ts); one stored before it did is a suite whose
    // complete versions (`~0`) are not among its units: their index rows gone.
    const dataset = await suiteDataset("semtrace-orphans", { tasks: ["sensitivity-semtrace"] });
    await env.DB.prepare("DELETE FROM tasks WHERE dataset_id = ? AND task_id LIKE ?").bind(dataset, "%~0").run();
    const run = await waitForRun(
      (await startRun({ benchmark: "sensitivity-semtrace", dataset, model: "baseline:interpreter", concurrency: 8 }))
        .id,
    );
    expect(run.status).toBe("completed");
    expect(run.units).toBeGreaterThan(0);
    const res = await get(`/v1/runs/${run.id}/results`);
    expect(res.status).toBe(200);
    const { summary } = await res.json<any>();
    expect(summary.sensitivity).toBeNull();
    expect(summary.without_complete).toMatchObject({ snippets: ["st-0001", "st-0002"], total: 2, samples: run.units });
    expect(summary.without_complete.note).toMatch(/no scored complete version/);
    const html = await (await get(`/runs/${run.id}`)).text();
    expect(html).toMatch(/no scored complete version/);
    expect(html).not.toMatch(/No scored samples/);
  });

  it("CRUXEval variants need interpreter answers from the build; without python3 they are errors, not wrong answers", async () => {
    const dataset = await suiteDataset("semtrace-runs");
    const run = await waitForRun(
      (
        await startRun({
          benchmark: "sensitivity-cruxeval-o",
          dataset,
          model: "baseline:interpreter",
          concurrency: 8,
          retry: { maxAttempts: 1 },
        })
      ).id,
    );
    expect(run.status).toBe("completed");
    expect(run.counts.error).toBe(run.units);
    const [sample] = await samplesOf(run.id);
    expect(sample.error).toMatch(/without python3/);
  });
});
