/** Reading stored aggregates back: a board row's part for one bucket and metric, and a model's whole grid. */
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask } from "../dataset/index";
import type { AverageCell, TableCell } from "../score/table";
import { taskLengthKey, type LongCodeUBucketFilter, type LongCodeUMetric } from "./names";
import { PAPER_REFERENCE, type PaperReference } from "./paper";

/** The group types and keys a leaderboard read of one bucket needs (one indexed search: `longcodeuStatements`). */
export function leaderboardGroups(bucket: LongCodeUBucketFilter): {
  types: ["all", "task"] | ["length", "task_length"];
  keys: string[];
} {
  return bucket === "all"
    ? { types: ["all", "task"], keys: ["all", ...LONGCODEU_TASKS] }
    : { types: ["length", "task_length"], keys: [bucket, ...LONGCODEU_TASKS.map((t) => taskLengthKey(t, bucket))] };
}

/** A stored LongCodeU aggregate, as read back. */
export interface StoredAggregate {
  groupType: string;
  groupKey: string;
  n: number;
  passed: number;
  rate: number;
  meanPrecision: number | null;
  unparseable: number | null;
  errors: number | null;
  contextExceeded: number | null;
}

/** A task x bucket (or task x all lengths) cell: the results table's cell. */
export type LongCodeUCell = TableCell;

/** An average over tasks, with the counts of every task's samples there. */
export interface LongCodeUAverage extends AverageCell {
  n: number;
  unparseable: number;
  errors: number;
  context_exceeded: number;
}

function cellOf(a: StoredAggregate): LongCodeUCell {
  const scored = a.n > 0;
  return {
    n: a.n,
    recall: scored ? a.rate : null,
    precision: scored ? a.meanPrecision : null,
    unparseable: a.unparseable ?? 0,
    errors: a.errors ?? 0,
    context_exceeded: a.contextExceeded ?? 0,
  };
}

/** The value of `metric` in a cell. */
export const metricOf = (
  cell: { recall: number | null; precision: number | null } | undefined,
  metric: LongCodeUMetric,
): number | null => (cell ? cell[metric] : null);

/** What a leaderboard row shows for one bucket and metric. */
export interface LongCodeURowPart {
  /** The average over the tasks with scored samples (#Avg); null when no task has one. */
  average: number | null;
  /** How many tasks the average is over. */
  tasks_averaged: number;
  /** The metric's mean per task (null: no scored sample of the task here), in LONGCODEU_TASKS order. */
  tasks: Record<LongCodeUTask, number | null>;
  n: number;
  unparseable: number;
  errors: number;
  context_exceeded: number;
}

/** A leaderboard row's LongCodeU part from the aggregates `leaderboardGroups(bucket)` selects. */
export function rowPart(
  aggregates: readonly StoredAggregate[],
  bucket: LongCodeUBucketFilter,
  metric: LongCodeUMetric,
): LongCodeURowPart {
  const { types } = leaderboardGroups(bucket);
  const taskOfKey = (key: string) => (bucket === "all" ? key : key.split("|")[0]);
  const tasks = Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, null])) as Record<LongCodeUTask, number | null>;
  let averaged = 0;
  let avg: StoredAggregate | undefined;
  for (const a of aggregates) {
    if (a.groupType === types[0]) avg = a;
    else if (a.groupType === types[1]) {
      const task = taskOfKey(a.groupKey) as LongCodeUTask;
      if (!(task in tasks) || a.n === 0) continue;
      tasks[task] = metricOf(cellOf(a), metric);
      averaged++;
    }
  }
  const cell = avg ? cellOf(avg) : undefined;
  return {
    average: metricOf(cell, metric),
    tasks_averaged: averaged,
    tasks,
    n: cell?.n ?? 0,
    unparseable: cell?.unparseable ?? 0,
    errors: cell?.errors ?? 0,
    context_exceeded: cell?.context_exceeded ?? 0,
  };
}

/** A model's full LongCodeU grid: the results table with counts, as the model breakdown answers it. */
export interface LongCodeUBreakdown {
  /** Task order (the paper's) and the length buckets, for tables. */
  task_order: LongCodeUTask[];
  buckets: LengthBucket[];
  /** Tasks with samples: over all lengths and per bucket (buckets with samples). */
  tasks: Partial<Record<LongCodeUTask, { all: LongCodeUCell; buckets: Partial<Record<LengthBucket, LongCodeUCell>> }>>;
  /** The average over tasks (#Avg), over all lengths and per bucket. */
  average: { all: LongCodeUAverage; buckets: Partial<Record<LengthBucket, LongCodeUAverage>> };
  paper_reference: readonly PaperReference[];
}

/** The breakdown from every stored aggregate of an entry. */
export function longcodeuBreakdown(aggregates: readonly StoredAggregate[]): LongCodeUBreakdown {
  const tasks: LongCodeUBreakdown["tasks"] = {};
  const all = aggregates.find((a) => a.groupType === "all");
  const lengths = new Map(aggregates.filter((a) => a.groupType === "length").map((a) => [a.groupKey, a]));
  for (const task of LONGCODEU_TASKS) {
    const t = aggregates.find((a) => a.groupType === "task" && a.groupKey === task);
    if (!t) continue;
    const buckets: Partial<Record<LengthBucket, LongCodeUCell>> = {};
    for (const b of BUCKET_KEYS) {
      const a = aggregates.find((x) => x.groupType === "task_length" && x.groupKey === taskLengthKey(task, b));
      if (a) buckets[b] = cellOf(a);
    }
    tasks[task] = { all: cellOf(t), buckets };
  }
  const averageOf = (a: StoredAggregate | undefined, count: number): LongCodeUAverage => {
    const c = a ? cellOf(a) : { n: 0, recall: null, precision: null, unparseable: 0, errors: 0, context_exceeded: 0 };
    return {
      tasks: c.recall === null ? 0 : count,
      recall: c.recall,
      precision: c.precision,
      n: c.n,
      unparseable: c.unparseable,
      errors: c.errors,
      context_exceeded: c.context_exceeded,
    };
  };
  const present = LONGCODEU_TASKS.flatMap((t) => (tasks[t] ? [tasks[t]!] : []));
  const buckets: LongCodeUBreakdown["average"]["buckets"] = {};
  for (const b of BUCKET_KEYS) {
    if (lengths.has(b))
      buckets[b] = averageOf(lengths.get(b), present.filter((t) => (t.buckets[b]?.n ?? 0) > 0).length);
  }
  return {
    task_order: [...LONGCODEU_TASKS],
    buckets: [...BUCKET_KEYS],
    tasks,
    average: { all: averageOf(all, present.filter((t) => t.all.n > 0).length), buckets },
    paper_reference: PAPER_REFERENCE,
  };
}
