import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { fixtureDataset, samplesOf, startRun, waitForRun } from "./helpers";

describe("baseline runs through the real queue, coordinator, R2 and D1", () => {
  it("the oracle scores 100 % in official mode at every threshold", async () => {
    const dataset = await fixtureDataset("runs-baselines");
    const run = await startRun({ dataset, model: "baseline:oracle", concurrency: 8 });
    expect(run.status).toBe("running");
    expect(run.units).toBe(16);
    const done = await waitForRun(run.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ done: 16, scored: 16, passed: 16, error: 0, context_exceeded: 0, skipped: 0 });
    const results = await (await get(`/v1/runs/${run.id}/results`)).json<any>();
    for (const t of results.thresholds) expect(results.pass_at_1.all[t].rate).toBe(1);
    expect(Object.keys(results.pass_at_1).sort()).toEqual(["all", "go", "python", "typescript"]);
    const samples = await samplesOf(run.id);
    expect(samples).toHaveLength(16);
    expect(new Set(samples.map((s) => s.unit)).size).toBe(16);
  });
});

describe("every scorer gives the oracle 100 %", () => {
  for (const options of [
    { scoring_mode: "strict" },
    { scoring_mode: "official", ignore_comments: true },
    { scoring_mode: "strict", ignore_comments: true },
  ]) {
    it(JSON.stringify(options), async () => {
      const dataset = await fixtureDataset("runs-baselines");
      const done = await waitForRun(
        (await startRun({ dataset, model: "baseline:oracle", concurrency: 16, options })).id,
      );
      expect(done.counts).toMatchObject({ scored: 16, passed: 16 });
      const results = await (await get(`/v1/runs/${done.id}/results`)).json<any>();
      for (const t of results.thresholds) expect(results.pass_at_1.all[t].rate).toBe(1);
    });
  }
});

describe("bm25 and empty baselines", () => {
  it("bm25 answers a real function of the context: some pass, every sample is scored, none errors", async () => {
    const dataset = await fixtureDataset("runs-baselines");
    const done = await waitForRun((await startRun({ dataset, model: "baseline:bm25", concurrency: 8 })).id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ scored: 16, error: 0 });
    const samples = await samplesOf(done.id);
    // Each answer is a function of the context, so some candidate always matches it.
    for (const s of samples) expect(s.detail.best_target).not.toBeNull();
    expect(done.counts.passed).toBeGreaterThan(0);
  });

  it("empty answers nothing and fails everything, yet every sample is scored, not errored", async () => {
    const dataset = await fixtureDataset("runs-baselines");
    const done = await waitForRun((await startRun({ dataset, model: "baseline:empty", languages: ["python"] })).id);
    expect(done.units).toBe(8);
    expect(done.counts).toMatchObject({ scored: 8, passed: 0, error: 0 });
  });
});
