/**
 * Hand-built LongCodeU run sample rows (the `run_samples` contract of the LongCodeU benchmark),
 * whose every aggregate is worked out by hand in test/leaderboard/longcodeu.test.ts. Plain data:
 * the only import is a type.
 *
 * Model A ("acme/lcu-a") over five of the eight tasks:
 *   #  task    context (tokens) bucket   status            recall precision unparseable
 *   1  CU_P    4000             0-8K     scored            1      0.5
 *   2  CU_P    5000             0-8K     scored            0.5    1
 *   3  CU_P    9000             8-16K    scored            0      0         yes
 *   4  CU_SA   3000             0-8K     scored            0.8    0.8
 *   5  CU_SA   20000            16-32K   scored            0.4    0.4
 *   6  CU_DFA  10000            8-16K    scored            0.6    0.3
 *   7  CU_DFA  unknown          –        error
 *   8  LDU     131072 (= 128K)  64-128K  scored            1      1
 *   9  LDU     40000            32-64K   context_exceeded
 *  10  DRA_T1  12000            8-16K    scored            0.2    0.4
 * Model B ("acme/lcu-b"): precise but not thorough.
 *   1  CU_P    1000             0-8K     scored            0.5    1
 *   2  CU_SA   2000             0-8K     scored            0.5    0.9
 */
import type { SampleRow } from "../../src/core/runs/store";

export interface LcuSpec {
  task: string;
  context: number | null;
  status: "scored" | "error" | "context_exceeded";
  recall?: number;
  precision?: number;
  unparseable?: boolean;
  /** The length bucket; the benchmark writes it in `detail` of scored samples only (others have no detail). */
  bucket?: string;
}

export const MODEL_A: LcuSpec[] = [
  { task: "CU_P", context: 4000, status: "scored", recall: 1, precision: 0.5, bucket: "0-8K" },
  { task: "CU_P", context: 5000, status: "scored", recall: 0.5, precision: 1, bucket: "0-8K" },
  { task: "CU_P", context: 9000, status: "scored", recall: 0, precision: 0, unparseable: true, bucket: "8-16K" },
  { task: "CU_SA", context: 3000, status: "scored", recall: 0.8, precision: 0.8, bucket: "0-8K" },
  { task: "CU_SA", context: 20000, status: "scored", recall: 0.4, precision: 0.4, bucket: "16-32K" },
  { task: "CU_DFA", context: 10000, status: "scored", recall: 0.6, precision: 0.3, bucket: "8-16K" },
  { task: "CU_DFA", context: null, status: "error" },
  { task: "LDU", context: 131072, status: "scored", recall: 1, precision: 1, bucket: "64-128K" },
  { task: "LDU", context: 40000, status: "context_exceeded", bucket: "32-64K" },
  { task: "DRA_T1", context: 12000, status: "scored", recall: 0.2, precision: 0.4, bucket: "8-16K" },
];

export const MODEL_B: LcuSpec[] = [
  { task: "CU_P", context: 1000, status: "scored", recall: 0.5, precision: 1, bucket: "0-8K" },
  { task: "CU_SA", context: 2000, status: "scored", recall: 0.5, precision: 0.9, bucket: "0-8K" },
];

/** The run sample rows of a spec, as the LongCodeU benchmark stores them. */
export function lcuRows(runId: string, spec: readonly LcuSpec[]): SampleRow[] {
  return spec.map((s, i) => {
    const unit = `${s.task}-acme-lib-${String(i).padStart(4, "0")}`;
    const scored = s.status === "scored";
    return {
      runId,
      unit,
      taskId: `python::${s.task}::${unit}`,
      language: "python",
      position: null,
      contextSize: s.context,
      status: s.status,
      passed: scored ? s.recall! >= 1 - 1e-9 : null,
      score: scored ? s.recall! : null,
      detail: scored
        ? {
            task: s.task,
            bucket: s.bucket,
            metric: "test",
            recall: s.recall,
            precision: s.precision,
            unparseable: s.unparseable === true,
            predicted: 1,
          }
        : null,
      scorerVersion: scored ? "longcodeu/test" : null,
      outputKey: null,
      promptSha256: "00".repeat(32),
      promptTokens: s.context,
      completionTokens: scored ? 10 : null,
      cached: false,
      calls: 1,
      latencyMs: 5,
      error: s.status === "error" ? "upstream 500" : null,
      born: null,
      finishedAt: "2026-11-20T10:00:00.000Z",
    };
  });
}

/** The results-table samples of a spec (what the run's summary would compute from). */
export function lcuTableSamples(spec: readonly LcuSpec[]) {
  return spec.map((s) => ({
    task: s.task as never,
    bucket: (s.bucket ?? null) as never,
    status: s.status,
    recall: s.recall ?? 0,
    precision: s.precision ?? 0,
    unparseable: s.unparseable === true,
  }));
}
