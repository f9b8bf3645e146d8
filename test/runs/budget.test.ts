/**
 * A run unit whose output is too costly to score (docs/limits.md, "CPU budgets") is recorded as an
 * error sample with the reason, its output kept, and the run goes on to complete.
 */
import { describe, expect, it } from "vitest";
import { fixtureDataset, loopback, samplesOf, startRun, waitForRun } from "./helpers";

describe("outputs over the scoring budget", () => {
  it("are error samples with the budget named, and the run completes", async () => {
    const dataset = await fixtureDataset("runs-budget");
    const run = await startRun({ dataset, model: loopback("costly:budget"), concurrency: 4, cache: false });
    const done = await waitForRun(run.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ done: run.units, error: run.units });
    const samples = await samplesOf(run.id);
    expect(samples).toHaveLength(run.units);
    for (const s of samples) {
      expect(s.status).toBe("error");
      expect(s.error).toMatch(/^scoring: .*`query_scan`/);
    }
  });
});
