/**
 * A LongCodeU run's results: the paper's table (mean recall and precision per task and length
 * bucket, and the average over tasks) from the run's samples, with each task's metric name.
 * Scored samples carry task and bucket in their detail; error and context_exceeded samples have no
 * detail, so their task comes from the unit id and their bucket from the context size (a sample
 * without one counts in its task's `all` only).
 */
import { z } from "@hono/zod-openapi";
import { intSchema } from "../../lib/middleware/openapi";
import type { SummarySample } from "../types";
import { BUCKET_KEYS, LONGCODEU_TASKS, bucketOf, type LengthBucket, type LongCodeUTask } from "./dataset/index";
import { TASK_PAPER_METRIC, taskOfUnit, type PaperMetric } from "./dataset/ids";
import { LongCodeUCellSchema } from "./leaderboard/schemas";
import { longcodeuTable, type LongCodeUTable, type TableSample } from "./score/table";

export interface LongCodeUSummary {
  metrics: Partial<Record<LongCodeUTask, PaperMetric>>;
  table: LongCodeUTable;
}

const isTask = (t: unknown): t is LongCodeUTask => (LONGCODEU_TASKS as readonly unknown[]).includes(t);
const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);

/** A run sample as a table sample; null when its task cannot be told. */
export function tableSample(s: SummarySample): TableSample | null {
  const d = s.detail ?? {};
  const task = isTask(d.task) ? d.task : taskOfUnit(s.unit);
  if (!task) return null;
  const bucket =
    typeof d.bucket === "string" ? (d.bucket as LengthBucket) : s.contextSize === null ? null : bucketOf(s.contextSize);
  if (s.status !== "scored") return { task, bucket, status: s.status, recall: 0, precision: 0, unparseable: false };
  return {
    task,
    bucket,
    status: "scored",
    recall: "recall" in d ? num(d.recall) : num(s.score),
    precision: num(d.precision),
    unparseable: d.unparseable === true,
  };
}

export function longcodeuSummary(samples: readonly SummarySample[]): LongCodeUSummary {
  const rows = samples.map(tableSample).filter((s): s is TableSample => s !== null);
  const table = longcodeuTable(rows);
  const metrics: LongCodeUSummary["metrics"] = {};
  for (const task of LONGCODEU_TASKS) if (table.tasks[task]) metrics[task] = TASK_PAPER_METRIC[task];
  return { metrics, table };
}

// ---- the OpenAPI schema of the summary (the results' `summary`: Benchmark.summarySchema) ----------

/** An object of the `keys` present (each optional). */
const someOf = (keys: readonly string[], value: z.ZodType) =>
  z.object(Object.fromEntries(keys.map((k) => [k, value.optional()])));

const AverageSchema = z
  .object({
    tasks: intSchema("Tasks with scored samples here (the mean is over them)"),
    recall: z.number().nullable(),
    precision: z.number().nullable(),
  })
  .openapi("LongCodeURunAverage");
/** One task's cells (the leaderboard's LongCodeUCell): over all lengths, and per length bucket with samples. */
const TaskCellsSchema = z
  .object({ all: LongCodeUCellSchema, buckets: someOf(BUCKET_KEYS, LongCodeUCellSchema) })
  .openapi("LongCodeUTaskCells");

export const LongCodeUSummarySchema = z
  .object({
    metrics: someOf(
      LONGCODEU_TASKS,
      z.enum([...new Set(Object.values(TASK_PAPER_METRIC))] as [PaperMetric, ...PaperMetric[]]),
    ).openapi({ description: "Each task's paper metric" }),
    table: z.object({
      tasks: someOf(LONGCODEU_TASKS, TaskCellsSchema).openapi({
        description: "Per task with samples: over all lengths and per length bucket",
      }),
      average: z
        .object({ all: AverageSchema, buckets: someOf(BUCKET_KEYS, AverageSchema) })
        .openapi({ description: "The mean over tasks (the paper's #Avg)" }),
    }),
  })
  .openapi("LongCodeUSummary", {
    description: "Mean recall and precision per task and length bucket (docs/longcodeu.md)",
  });
