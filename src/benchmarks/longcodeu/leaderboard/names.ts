/** LongCodeU's leaderboard names: its threshold key, metrics and bucket filters, column names, and the keys of its groups. */
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask } from "../dataset/index";
import { LONGCODEU_BENCHMARK } from "../dataset/ids";

export { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask };

export { LONGCODEU_BENCHMARK };
export const isLongCodeUBenchmark = (id: string): boolean => id === LONGCODEU_BENCHMARK;

/** The one threshold key LongCodeU aggregates are stored under (see the module comment). */
export const LONGCODEU_THRESHOLD = "-";

export const LONGCODEU_METRICS = ["recall", "precision"] as const;
export type LongCodeUMetric = (typeof LONGCODEU_METRICS)[number];
/** The leaderboard's `bucket` filter: every length, or one bucket. */
export const LONGCODEU_BUCKET_FILTERS = ["all", ...BUCKET_KEYS] as const;
export type LongCodeUBucketFilter = "all" | LengthBucket;

/** The names of each task's recall and precision columns: its paper metric (TASK_PAPER_METRIC in ids.ts) as -R / -P; CodeBLEU and BLEU have one. */
export const TASK_METRICS: Record<LongCodeUTask, { recall: string; precision: string }> = {
  CU_P: { recall: "LCS-R", precision: "LCS-P" },
  CU_SA: { recall: "CodeBLEU", precision: "CodeBLEU" },
  CU_DFA: { recall: "EM-R", precision: "EM-P" },
  DRA_T1: { recall: "CB-R", precision: "CB-P" },
  DRA_T2: { recall: "CB-R", precision: "CB-P" },
  SRE_T1: { recall: "CB-R", precision: "CB-P" },
  SRE_T2: { recall: "CB-R", precision: "CB-P" },
  LDU: { recall: "BLEU", precision: "BLEU" },
};

/** The task of a LongCodeU task id (`python::<TASK>::<example id>`); null when it names none. */
export function taskOf(taskId: string): LongCodeUTask | null {
  const task = taskId.split("::")[1];
  return (LONGCODEU_TASKS as readonly string[]).includes(task) ? (task as LongCodeUTask) : null;
}

export const isBucket = (key: unknown): key is LengthBucket =>
  typeof key === "string" && (BUCKET_KEYS as readonly string[]).includes(key);

export const taskLengthKey = (task: string, bucket: string) => `${task}|${bucket}`;
