/** The run summary (the paper's table from run samples) and how `npm run eval` prints it. */
import { describe, expect, it } from "vitest";
import { longcodeuSummary, tableSample } from "../../src/benchmarks/longcodeu/summary";
import type { SummarySample } from "../../src/benchmarks/types";
import type { RunResults } from "../../cli/lib/node-family";
import { longcodeuResultsTable, runReport } from "../../src/benchmarks/longcodeu/node/report";

const scored = (
  unit: string,
  bucket: string,
  recall: number,
  precision: number,
  unparseable = false,
): SummarySample => ({
  unit,
  status: "scored",
  passed: recall >= 1,
  score: recall,
  position: null,
  contextSize: bucket === "0-8K" ? 2100 : 9500,
  detail: { task: unit.split("-")[0], bucket, metric: "x", recall, precision, unparseable },
});

const SAMPLES: SummarySample[] = [
  scored("CU_P-a-0001", "0-8K", 1, 0.5),
  scored("CU_P-a-0002", "8-16K", 0.5, 0.25),
  scored("LDU-a-0001", "0-8K", 0, 0, true),
  scored("LDU-a-0002", "0-8K", 0.8, 0.8),
  // No detail: the task comes from the unit id, the bucket from the context size, or none.
  {
    unit: "DRA_T1-a-0001",
    status: "context_exceeded",
    passed: null,
    score: null,
    position: null,
    contextSize: 9000,
    detail: null,
  },
  {
    unit: "DRA_T1-a-0002",
    status: "error",
    passed: null,
    score: null,
    position: null,
    contextSize: null,
    detail: null,
  },
  { unit: "not-a-task", status: "error", passed: null, score: null, position: null, contextSize: null, detail: null },
];

describe("longcodeuSummary", () => {
  it("means per task and bucket, the average over tasks, metrics by task", () => {
    const { metrics, table } = longcodeuSummary(SAMPLES);
    expect(metrics).toEqual({ CU_P: "LCS", DRA_T1: "CB", LDU: "BLEU" });
    expect(table.tasks.CU_P!.all).toMatchObject({ n: 2, recall: 0.75, precision: 0.375, unparseable: 0 });
    expect(table.tasks.CU_P!.buckets["8-16K"]).toMatchObject({ n: 1, recall: 0.5, precision: 0.25 });
    expect(table.tasks.LDU!.all).toMatchObject({ n: 2, recall: 0.4, precision: 0.4, unparseable: 1 });
    expect(table.tasks.DRA_T1!.all).toMatchObject({ n: 0, recall: null, errors: 1, context_exceeded: 1 });
    expect(table.tasks.DRA_T1!.buckets).toEqual({
      "8-16K": expect.objectContaining({ n: 0, context_exceeded: 1, errors: 0 }),
    });
    // #Avg: the mean of the task means (CU_P 0.75, LDU 0.4), DRA_T1 has none.
    expect(table.average.all.tasks).toBe(2);
    expect(table.average.all.recall).toBeCloseTo((0.75 + 0.4) / 2, 12);
    expect(table.average.buckets["0-8K"]).toMatchObject({ tasks: 2 });
    expect(table.average.buckets["0-8K"]!.recall).toBeCloseTo((1 + 0.4) / 2, 12);
  });

  it("tells tasks from unit ids and task ids", () => {
    expect(tableSample({ ...SAMPLES[5], unit: "python::SRE_T2::SRE_T2-x-0001" })).toMatchObject({
      task: "SRE_T2",
      bucket: null,
      status: "error",
    });
    expect(tableSample({ ...SAMPLES[5], unit: "DRA_T2-x-0001" })?.task).toBe("DRA_T2");
    expect(tableSample(SAMPLES[6])).toBeNull();
  });
});

describe("npm run eval output", () => {
  it("prints recall and precision tables with the metric, counts and #Avg", () => {
    const summary = longcodeuSummary(SAMPLES);
    const text = longcodeuResultsTable(summary);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^LongCodeU recall \(%\)/);
    expect(lines[1].split(/\s+/)).toEqual([
      "task",
      "metric",
      "n",
      "all",
      "0-8K",
      "8-16K",
      "unparseable",
      "errors",
      "ctx-exceeded",
    ]);
    expect(lines.find((l) => l.startsWith("CU_P"))!.split(/\s+/)).toEqual([
      "CU_P",
      "LCS",
      "2",
      "75.0",
      "100.0",
      "50.0",
      "0",
      "0",
      "0",
    ]);
    expect(lines.find((l) => l.startsWith("DRA_T1"))!.split(/\s+/)).toEqual([
      "DRA_T1",
      "CB",
      "0",
      "-",
      "-",
      "-",
      "0",
      "1",
      "1",
    ]);
    expect(lines.find((l) => l.startsWith("#Avg"))!.split(/\s+/)).toEqual(["#Avg", "57.5", "70.0", "50.0"]);
    expect(text).toContain("LongCodeU precision (%)");
    const results = { summary } as unknown as RunResults;
    expect(runReport(results)).toEqual([text]);
  });
});
