/** LongCodeU through the real run path: queue, coordinator, consumer, R2, D1, results. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { longcodeuBenchmark } from "../../src/benchmarks/longcodeu/benchmark";
import { recordFailure } from "../../src/core/runs/outcome";
import { suiteDataset } from "../semtrace/helpers";
import { LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset/index";
import { ADMIN, get, post } from "../helpers";
import { samplesOf, startRun, waitForRun } from "../runs/helpers";
import { fixtureRelease } from "./fixture";
import { longcodeuDataset } from "./helpers";

const results = async (id: string) => (await get(`/v1/runs/${id}/results`)).json<any>();
const METRIC = {
  CU_P: "LCS",
  CU_SA: "CodeBLEU",
  CU_DFA: "EM",
  DRA_T1: "CB",
  DRA_T2: "CB",
  SRE_T1: "CB",
  SRE_T2: "CB",
  LDU: "BLEU",
};

describe("longcodeu runs", () => {
  it("the oracle scores recall and precision 1 on every task, in both buckets", async () => {
    const dataset = await longcodeuDataset("lcu-runs");
    const runs = await Promise.all(
      LONGCODEU_TASKS.map((task) =>
        startRun({
          benchmark: "longcodeu",
          dataset,
          model: "baseline:oracle",
          options: { tasks: [task] },
          concurrency: 4,
        }),
      ),
    );
    for (const [i, task] of LONGCODEU_TASKS.entries()) {
      const run = await waitForRun(runs[i].id);
      expect(run.units, task).toBe(2);
      expect(run.counts, task).toMatchObject({ scored: 2, passed: 2, error: 0 });
      expect(run.receipt.options, task).toEqual({ tasks: [task] });
      expect(run.receipt.parameters, task).toMatchObject({ max_tokens: 4096 });
      const samples = await samplesOf(run.id);
      expect(samples.map((s) => s.unit).sort(), task).toEqual([`${task}-geometry-0001`, `${task}-inventory-0001`]);
      for (const s of samples) {
        expect(s.taskId, task).toBe(`python::${task}::${s.unit}`);
        expect(s.contextSize, task).toBe(
          s.unit.includes("inventory")
            ? task === "CU_SA"
              ? 1700
              : task === "LDU"
                ? 900
                : 2100
            : task === "CU_SA"
              ? 9000
              : task === "LDU"
                ? 8300
                : 9500,
        );
        expect(s.detail.recall, s.unit).toBeCloseTo(1, 9);
        expect(s.detail.precision, s.unit).toBeCloseTo(1, 9);
        expect(s.detail).toMatchObject({
          task,
          metric: METRIC[task],
          unparseable: false,
          bucket: s.unit.includes("inventory") ? "0-8K" : "8-16K",
        });
        expect(s.passed).toBe(true);
      }
      const { summary, pass_at_1, by_depth, thresholds } = await results(run.id);
      // No threshold, no pass@1, no needle depth: the recall and precision tables are the summary.
      expect(pass_at_1).toBeUndefined();
      expect(by_depth).toBeUndefined();
      expect(thresholds).toBeUndefined();
      expect(summary.metrics).toEqual({ [task]: METRIC[task] });
      expect(Object.keys(summary.table.tasks)).toEqual([task]);
      const cell = summary.table.tasks[task];
      expect(cell.all.n).toBe(2);
      expect(cell.all.recall).toBeCloseTo(1, 9);
      expect(cell.all.precision).toBeCloseTo(1, 9);
      expect(cell.buckets["0-8K"]).toMatchObject({ n: 1 });
      expect(cell.buckets["8-16K"]).toMatchObject({ n: 1 });
      expect(summary.table.average.all.tasks).toBe(1);
    }
  });

  it("empty answers: every sample scored, unparseable, counted per task", async () => {
    const dataset = await longcodeuDataset("lcu-runs");
    const run = await waitForRun(
      (await startRun({ benchmark: "longcodeu", dataset, model: "baseline:empty", concurrency: 8 })).id,
    );
    expect(run.units).toBe(16);
    expect(run.counts).toMatchObject({ scored: 16, passed: 0, error: 0 });
    // The whole dataset: no `tasks` is recorded.
    expect(run.receipt.options).toEqual({});
    const samples = await samplesOf(run.id);
    expect(
      samples.every((s) => s.detail.unparseable === true && s.detail.recall === 0 && s.detail.precision === 0),
    ).toBe(true);
    // Units run in task table order, then example order.
    const { units } = await longcodeuBenchmark.units(env, dataset, {}, {});
    expect(units).toEqual(LONGCODEU_TASKS.flatMap((t) => [`${t}-inventory-0001`, `${t}-geometry-0001`]));
    expect(samples.map((s) => s.unit).sort()).toEqual([...units].sort());
    const { summary } = await results(run.id);
    for (const task of LONGCODEU_TASKS)
      expect(summary.table.tasks[task].all, task).toMatchObject({ n: 2, recall: 0, precision: 0, unparseable: 2 });
    expect(summary.table.average.all).toEqual({ tasks: 8, recall: 0, precision: 0 });
  });

  it("naming every task is the whole dataset; naming some cannot be published", async () => {
    const dataset = await longcodeuDataset("lcu-runs");
    const all = await startRun({
      benchmark: "longcodeu",
      dataset,
      model: "baseline:empty",
      options: { tasks: [...LONGCODEU_TASKS].reverse() },
      limit: 1,
    });
    expect(all.receipt.options).toEqual({});
    // Only the first unit of the task table order.
    expect((await samplesOf((await waitForRun(all.id)).id)).map((s) => s.unit)).toEqual(["CU_P-inventory-0001"]);

    let res = await post(
      "/v1/runs",
      { benchmark: "longcodeu", dataset, model: "baseline:oracle", options: { tasks: ["LDU"] }, publish: true },
      ADMIN,
    );
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(/whole dataset/);
    const some = await waitForRun(
      (await startRun({ benchmark: "longcodeu", dataset, model: "baseline:oracle", options: { tasks: ["LDU"] } })).id,
    );
    expect(some.status).toBe("completed");
    res = await post(`/v1/runs/${some.id}/publish`, {}, ADMIN);
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(/whole dataset/);
  });

  it("refuses bad options and baselines with 422s", async () => {
    const dataset = await longcodeuDataset("lcu-runs");
    for (const body of [
      { options: { tasks: ["CU_X"] } },
      { options: { tasks: [] } },
      { options: { task: "CU_P" } },
      { languages: ["go"] },
      { model: "baseline:bm25" },
    ]) {
      const res = await post(
        "/v1/runs",
        { benchmark: "longcodeu", dataset, model: "baseline:oracle", publish: false, ...body },
        ADMIN,
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const partial = await longcodeuDataset("lcu-runs-partial", () => {
      const release = fixtureRelease();
      for (const part of release.repos) part.examples = part.examples.filter((e) => e.task === "CU_P");
      return release;
    });
    const res = await post(
      "/v1/runs",
      {
        benchmark: "longcodeu",
        dataset: partial,
        model: "baseline:oracle",
        options: { tasks: ["LDU"] },
        publish: false,
      },
      ADMIN,
    );
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(/has no LDU examples \(it has CU_P\)/);
  });

  it("a unit that fails before loading is stored under its task id, so the run can still be published", async () => {
    const dataset = await longcodeuDataset("lcu-runs");
    const suite = await suiteDataset("lcu-failure-suite");
    const lcu = await startRun({
      benchmark: "longcodeu",
      dataset,
      model: "baseline:empty",
      options: { tasks: ["CU_P"] },
      limit: 1,
    });
    const pos = await startRun({ benchmark: "semtrace", dataset: suite, model: "baseline:empty", limit: 1 });
    await Promise.all([waitForRun(lcu.id), waitForRun(pos.id)]);
    for (const [run, unit, taskId] of [
      [lcu.id, "LDU-geometry-0001", "python::LDU::LDU-geometry-0001"],
      [pos.id, "t7@20@0.5", "python::semtrace::t7"],
    ]) {
      const result = await recordFailure(env, { run, unit, attempt: 3 }, "storage went away");
      expect(result.status).toBe("error");
      const row = (await samplesOf(run)).find((s) => s.unit === unit);
      expect(row, unit).toMatchObject({ taskId, language: "python", status: "error" });
    }
  });
});
