/**
 * The leaderboard side of LongCodeU (Li et al.; spec ../shared/spec/longcodeu.md): eight tasks of
 * one run benchmark, `longcodeu`, shown as eight columns plus the paper's #Avg (the mean of the
 * task means), per length bucket, for recall or precision.
 *
 * Storage (src/db/schema.ts):
 * - `leaderboard_samples`: one row per example. `task_id` is `python::<TASK>::<example id>`,
 *   `best_similarity` the recall, `is_best` recall = 1, plus `precision`, `unparseable` and
 *   `bucket`. A sample whose context length is unknown (an error before the context was loaded)
 *   has `context_size` 0 and `bucket` null: it counts in its task over all lengths, never in a
 *   guessed bucket. `needle_position` is 0 (there is no needle).
 * - `leaderboard_aggregates`: LongCodeU has no similarity threshold, so its aggregates are stored
 *   once, under threshold `LONGCODEU_THRESHOLD` ("-"), and its reads ask for that key whatever the
 *   query's threshold (the positional benchmarks store eleven identical copies instead; here that
 *   would be 11 x 54 rows per entry for nothing). Group types and keys:
 *     task         `<TASK>`           a task over all lengths
 *     task_length  `<TASK>|<bucket>`  a task in one length bucket
 *     all          `all`              the average over tasks, all lengths (#Avg)
 *     length       `<bucket>`         the average over tasks in one bucket
 *   Columns: `rate` = mean recall, `mean_precision` = mean precision (for `all`/`length`: the mean
 *   of the task means, over the tasks with scored samples there), `mean_score` = `rate`, `n` =
 *   scored samples, `passed` = scored samples with recall 1, `unparseable`, `errors` and
 *   `context_exceeded` = counts; no interval (a mean of graded scores has no Wilson interval). A
 *   group with errors only has n 0, rate 0 and mean_precision null, read as "no value".
 * Every mean comes from `longcodeuTable` (./table.ts), the computation the
 * run's results summary uses too, so a run and its published entry always agree.
 *
 * Board reads are one indexed query each (`longcodeuStatement`, on the aggregates' full key); a
 * query adds `bucket` and `metric`, defaults to the dataset with the most entries, and a model's
 * breakdown adds `longcodeu`.
 */
import { z } from "@hono/zod-openapi";
import { and, eq, inArray } from "drizzle-orm";
import * as schema from "../../db/schema";
import { db } from "../../datasets/store";
import type { Env } from "../../env";
import { invalid } from "../../errors";
import type { Aggregate, Sample, SampleStatus } from "../../leaderboard/aggregate";
import type { BenchmarkLeaderboard, EntryRef, RunSample, SamplePart, UnrankedRow, VerifiedSample } from "../../leaderboard/family";
import { entryColumns, entryFields, entryFilter } from "../../leaderboard/read";
import type { LeaderboardQuery, LeaderboardResponse, LeaderboardRow, ModelBreakdown } from "../../leaderboard/types";
import { BUCKET_KEYS, LONGCODEU_TASKS, bucketOf, type LengthBucket, type LongCodeUTask } from "./dataset";
import { LONGCODEU_BENCHMARK } from "./ids";
import { longcodeuTable, type AverageCell, type TableCell, type TableSample } from "./table";

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

/** The paper's metric of each task (recall name, precision name); CodeBLEU and BLEU have one. */
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

/** One row of the paper's Table 3: recall metrics over all lengths, as fractions. */
export interface PaperReference {
  model: string;
  tasks: Record<LongCodeUTask, number>;
  average: number;
}

const ref = (model: string, values: number[]): PaperReference => ({
  model,
  // As fractions with the paper's four digits (87.54 / 100 would be 0.8754000000000001).
  tasks: Object.fromEntries(LONGCODEU_TASKS.map((t, i) => [t, Number((values[i] / 100).toFixed(4))])) as Record<LongCodeUTask, number>,
  average: Number((values[8] / 100).toFixed(4)),
});

/**
 * The paper's Table 3 (recall-based: EM-R, LCS-R, CodeBLEU, CB-R, BLEU; #Avg = mean of the eight),
 * in its order: reference figures of the paper's own data set, shown apart from ours, never mixed.
 * Copied as printed. Each #Avg is the mean of its row's tasks to within 0.01 points, except
 * Gemini-1.5-Flash's: its printed tasks average 62.65, its printed #Avg is 61.39 (the spec quotes
 * the same 61.39); we keep the paper's figure rather than correct it.
 */
export const PAPER_REFERENCE: readonly PaperReference[] = [
  ref("Qwen2.5-Coder (7.6B)", [43.47, 71.06, 74.01, 30.38, 9.59, 24.34, 21.81, 21.83, 37.06]),
  ref("DeepSeek-Coder-V2 (15.7B)", [38.67, 65.21, 48.42, 47.26, 22.92, 24.61, 26.21, 50.69, 40.49]),
  ref("CodeLlama (33.7B)", [68.57, 62.41, 79.87, 68.82, 34.94, 44.48, 36.34, 46.92, 55.29]),
  ref("Phi-3.5 (3.8B)", [39.92, 46.75, 49.52, 30.76, 9.66, 18.99, 14.48, 34.14, 30.53]),
  ref("Mistral-v0.3 (7.3B)", [57.42, 63.9, 58.0, 46.66, 18.92, 33.91, 32.5, 58.64, 46.24]),
  ref("DeepSeek-V2.5 (236B)", [70.58, 82.11, 77.47, 72.25, 56.8, 49.08, 47.42, 85.85, 67.7]),
  ref("Claude-3.5-Sonnet", [43.82, 40.6, 45.65, 29.37, 28.7, 26.55, 27.77, 41.81, 35.53]),
  ref("Gemini-1.5-Flash", [58.45, 83.46, 80.37, 72.51, 46.42, 39.84, 38.69, 81.43, 61.39]),
  ref("GPT-4o", [56.42, 86.76, 87.87, 71.58, 48.88, 44.45, 43.14, 87.54, 65.83]),
];

/** The task of a LongCodeU task id (`python::<TASK>::<example id>`); null when it names none. */
export function taskOf(taskId: string): LongCodeUTask | null {
  const task = taskId.split("::")[1];
  return (LONGCODEU_TASKS as readonly string[]).includes(task) ? (task as LongCodeUTask) : null;
}

export const isBucket = (key: unknown): key is LengthBucket => typeof key === "string" && (BUCKET_KEYS as readonly string[]).includes(key);

export const taskLengthKey = (task: string, bucket: string) => `${task}|${bucket}`;

/** A stored sample as the results table sees it (the sample was checked by toSample). */
function tableSample(s: Sample): TableSample {
  return {
    task: taskOf(s.taskId)!,
    bucket: isBucket(s.bucket) ? s.bucket : null,
    status: s.status,
    recall: s.bestSimilarity,
    precision: s.precision ?? 0,
    unparseable: s.unparseable === true,
  };
}

/** Counts the table does not keep: scored samples with full recall, per group id. */
function perfect(samples: readonly TableSample[], perfectAt: readonly boolean[]): Map<string, number> {
  const out = new Map<string, number>();
  const bump = (k: string) => out.set(k, (out.get(k) ?? 0) + 1);
  samples.forEach((s, i) => {
    if (s.status !== "scored" || !perfectAt[i]) return;
    bump(`task\u0000${s.task}`);
    bump("all\u0000all");
    if (s.bucket) {
      bump(`task_length\u0000${taskLengthKey(s.task, s.bucket)}`);
      bump(`length\u0000${s.bucket}`);
    }
  });
  return out;
}

interface Counts {
  n: number;
  unparseable: number;
  errors: number;
  context_exceeded: number;
}

const sum = (cells: (TableCell | undefined)[]): Counts =>
  cells.reduce<Counts>(
    (acc, c) => (c ? { n: acc.n + c.n, unparseable: acc.unparseable + c.unparseable, errors: acc.errors + c.errors, context_exceeded: acc.context_exceeded + c.context_exceeded } : acc),
    { n: 0, unparseable: 0, errors: 0, context_exceeded: 0 },
  );

function row(groupType: Aggregate["groupType"], groupKey: string, mean: { recall: number | null; precision: number | null }, counts: Counts, passed: number): Aggregate {
  return {
    threshold: LONGCODEU_THRESHOLD,
    groupType,
    groupKey,
    n: counts.n,
    passed,
    rate: mean.recall ?? 0,
    ciLow: null,
    ciHigh: null,
    meanScore: mean.recall,
    meanPrecision: mean.precision,
    unparseable: counts.unparseable,
    errors: counts.errors,
    contextExceeded: counts.context_exceeded,
  };
}

/**
 * Every aggregate of a LongCodeU entry (see the module comment for the groups): the task x bucket
 * means and the averages over tasks, all from `longcodeuTable`.
 */
export function longcodeuAggregates(samples: readonly Sample[]): Aggregate[] {
  const rows = samples.map(tableSample);
  const table = longcodeuTable(rows);
  const passed = perfect(rows, samples.map((s) => s.isBest));
  const p = (type: string, key: string) => passed.get(`${type}\u0000${key}`) ?? 0;
  const out: Aggregate[] = [];
  const seen = new Set<LengthBucket>();
  for (const task of LONGCODEU_TASKS) {
    const t = table.tasks[task];
    if (!t) continue;
    out.push(row("task", task, t.all, t.all, p("task", task)));
    for (const b of BUCKET_KEYS) {
      const cell = t.buckets[b];
      if (!cell) continue;
      seen.add(b);
      out.push(row("task_length", taskLengthKey(task, b), cell, cell, p("task_length", taskLengthKey(task, b))));
    }
  }
  const tasks = LONGCODEU_TASKS.map((t) => table.tasks[t]);
  out.push(row("all", "all", table.average.all, sum(tasks.map((t) => t?.all)), p("all", "all")));
  for (const b of BUCKET_KEYS) {
    if (!seen.has(b)) continue;
    const avg: AverageCell = table.average.buckets[b] ?? { tasks: 0, recall: null, precision: null };
    out.push(row("length", b, avg, sum(tasks.map((t) => t?.buckets[b])), p("length", b)));
  }
  return out;
}

/** The group types and keys a leaderboard read of one bucket needs (one indexed search: `longcodeuStatement`). */
export function leaderboardGroups(bucket: LongCodeUBucketFilter): { types: ["all", "task"] | ["length", "task_length"]; keys: string[] } {
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
export const metricOf = (cell: { recall: number | null; precision: number | null } | undefined, metric: LongCodeUMetric): number | null => (cell ? cell[metric] : null);

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
export function rowPart(aggregates: readonly StoredAggregate[], bucket: LongCodeUBucketFilter, metric: LongCodeUMetric): LongCodeURowPart {
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
    return { tasks: c.recall === null ? 0 : count, recall: c.recall, precision: c.precision, n: c.n, unparseable: c.unparseable, errors: c.errors, context_exceeded: c.context_exceeded };
  };
  const present = LONGCODEU_TASKS.flatMap((t) => (tasks[t] ? [tasks[t]!] : []));
  const buckets: LongCodeUBreakdown["average"]["buckets"] = {};
  for (const b of BUCKET_KEYS) {
    if (lengths.has(b)) buckets[b] = averageOf(lengths.get(b), present.filter((t) => (t.buckets[b]?.n ?? 0) > 0).length);
  }
  return {
    task_order: [...LONGCODEU_TASKS],
    buckets: [...BUCKET_KEYS],
    tasks,
    average: { all: averageOf(all, present.filter((t) => t.all.n > 0).length), buckets },
    paper_reference: PAPER_REFERENCE,
  };
}

/** A LongCodeU query: the shared fields, the length bucket shown and the metric that ranks. */
export interface LongCodeUQuery extends LeaderboardQuery {
  bucket: LongCodeUBucketFilter;
  metric: LongCodeUMetric;
}

/**
 * A LongCodeU board row, in the query's bucket and metric: `rate` is the average over the tasks
 * that have one (#Avg, the paper's mean of task means), `n` the scored examples, `passed` and the
 * interval null, `languages` empty, and `errors`/`context_exceeded` count the bucket's samples.
 */
export interface LongCodeURow extends LeaderboardRow {
  /** The metric's mean per task (null: no scored sample of the task there). */
  tasks: Record<LongCodeUTask, number | null>;
  /** How many tasks the average is over. */
  tasks_averaged: number;
  /** Scored outputs that could not be parsed (scored 0, and in n). */
  unparseable: number;
}

/** A LongCodeU board. */
export interface LongCodeUResponse extends LeaderboardResponse {
  query: LongCodeUQuery;
  rows: LongCodeURow[];
  /** The task columns, in the paper's order. */
  tasks: LongCodeUTask[];
  /**
   * With metric recall and bucket all (what the paper reports): the paper's Table 3, reference
   * figures on the paper's own data set, never mixed into the rows.
   */
  paper_reference?: readonly PaperReference[];
}

/** A LongCodeU model breakdown: there `thresholds`, `depth`, `length` and `heatmap` are empty. */
export interface LongCodeUModelBreakdown extends ModelBreakdown {
  longcodeu: LongCodeUBreakdown;
}

/**
 * A finished run's sample: recall is `best_similarity`, full recall `is_best`, with precision,
 * unparseable and the length bucket (the detail's, else the context size's; none when that is unknown).
 */
function sample(row: RunSample): VerifiedSample {
  const detail = row.detail ?? {};
  const scored = row.status === "scored";
  // As the run's results summary reads it (./summary.ts), so both agree.
  const recall = typeof detail.recall === "number" ? detail.recall : (row.score ?? 0);
  return {
    task: row.taskId,
    language: row.language,
    needle_position: 0,
    context_size: row.contextSize,
    is_best: scored && row.passed === true,
    best_similarity: scored ? recall : 0,
    best_target: null,
    status: row.status,
    longcodeu: {
      precision: scored && typeof detail.precision === "number" ? detail.precision : 0,
      unparseable: detail.unparseable === true,
      bucket: typeof detail.bucket === "string" ? detail.bucket : row.contextSize !== null ? bucketOf(row.contextSize) : null,
    },
  };
}

/** LongCodeU's part of a verified sample: the precision, whether the output was unparseable, the length bucket. */
export interface LongCodeUSamplePart {
  precision: number;
  unparseable: boolean;
  /** Null or absent: the bucket of `context_size`, or none when that is unknown. */
  bucket?: string | null;
}

declare module "../../leaderboard/family" {
  interface VerifiedSample {
    /**
     * LongCodeU samples only, and required there (task `python::<TASK>::<example id>`;
     * `best_similarity` is the recall, `is_best` recall 1): see `LongCodeUSamplePart`.
     */
    longcodeu?: LongCodeUSamplePart;
  }
}

/**
 * A LongCodeU sample: the task must be one of the eight, recall and precision within [0, 1] when
 * scored. An unknown context length is stored as 0 with no bucket; a known one must agree with the
 * bucket given.
 */
function toSample(s: VerifiedSample, language: string, status: SampleStatus): Sample {
  const l = s.longcodeu!;
  if (!taskOf(s.task)) invalid(`Sample ${s.task}: a LongCodeU task id is <language>::<TASK>::<example id> with one of the eight tasks.`);
  const size = s.context_size;
  if (size !== null && (!Number.isInteger(size) || size <= 0)) invalid(`Sample ${s.task}: context_size must be a positive integer or null (unknown).`);
  if (l.bucket !== undefined && l.bucket !== null && !isBucket(l.bucket)) invalid(`Sample ${s.task}: unknown length bucket "${l.bucket}".`);
  const measured = size === null ? null : bucketOf(size);
  if (l.bucket && size !== null && measured !== l.bucket) invalid(`Sample ${s.task}: bucket "${l.bucket}" does not hold a context of ${size} tokens.`);
  const scored = status === "scored";
  const unit = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
  if (scored && !unit(s.best_similarity)) invalid(`Sample ${s.task}: the recall (best_similarity) must be within [0, 1].`);
  if (scored && !unit(l.precision)) invalid(`Sample ${s.task}: the precision must be within [0, 1].`);
  return {
    taskId: s.task,
    language,
    needlePosition: s.needle_position,
    tokenStart: null,
    tokenEnd: null,
    contextSize: size ?? 0,
    isBest: scored && s.is_best,
    bestSimilarity: scored ? s.best_similarity : 0,
    bestTarget: null,
    status,
    precision: scored ? l.precision : null,
    unparseable: scored ? l.unparseable === true : null,
    bucket: l.bucket ?? measured,
  };
}

/** The `longcodeu` part of LongCodeU's verified samples (required there, refused elsewhere). */
const PART: SamplePart = {
  key: "longcodeu",
  owner: "LongCodeU",
  missing: "a LongCodeU sample needs its longcodeu part (precision, unparseable, bucket).",
  toSample,
};

/**
 * The one query behind a LongCodeU leaderboard read: entries of the scope joined to exactly the
 * aggregates of the query's bucket (the average and the eight task cells), by the aggregates'
 * primary key (entry_id, threshold "-", group_type, group_key).
 */
export function longcodeuStatement(env: Env, q: LeaderboardQuery) {
  const e = schema.leaderboardEntries;
  const a = schema.leaderboardAggregates;
  const { types, keys } = leaderboardGroups((q as LongCodeUQuery).bucket ?? "all");
  return db(env)
    .select({
      ...entryColumns(),
      groupType: a.groupType,
      groupKey: a.groupKey,
      n: a.n,
      passed: a.passed,
      rate: a.rate,
      meanPrecision: a.meanPrecision,
      unparseable: a.unparseable,
      errors: a.errors,
      contextExceeded: a.contextExceeded,
    })
    .from(e)
    .innerJoin(a, and(eq(a.entryId, e.id), eq(a.threshold, LONGCODEU_THRESHOLD), inArray(a.groupType, types), inArray(a.groupKey, keys)))
    .where(entryFilter(q));
}

/**
 * The LongCodeU board in one bucket and metric: per entry the metric's mean per task and their
 * average (`rate`, which ranks), n, unparseable outputs, errors and overflows of the bucket. An
 * entry without a scored sample in the bucket has nothing to rank and is not listed.
 */
async function board(env: Env, query: LeaderboardQuery) {
  const q = query as LongCodeUQuery;
  const rows = q.dataset === "" ? [] : await longcodeuStatement(env, q);
  const entries = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const list = entries.get(r.id);
    if (list) list.push(r);
    else entries.set(r.id, [r]);
  }
  const out: UnrankedRow[] = [];
  let updatedAt: string | null = null;
  for (const list of entries.values()) {
    const r = list[0];
    const part = rowPart(list, q.bucket, q.metric);
    if (part.average === null) continue;
    out.push({
      rate: part.average,
      ci_low: null,
      ci_high: null,
      n: part.n,
      passed: null,
      ...entryFields(r, part),
      tasks: part.tasks,
      tasks_averaged: part.tasks_averaged,
      unparseable: part.unparseable,
    } as UnrankedRow);
    if (updatedAt === null || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
  }
  return {
    rows: out,
    languages: [],
    updatedAt,
    extras: { tasks: [...LONGCODEU_TASKS], ...(q.metric === "recall" && q.bucket === "all" ? { paper_reference: PAPER_REFERENCE } : {}) },
  };
}

/** A model's breakdown: the task x bucket grid of every stored aggregate (no thresholds, depths or lengths). */
async function breakdown(env: Env, _q: LeaderboardQuery, entry: EntryRef) {
  const a = schema.leaderboardAggregates;
  const stored = await db(env).select().from(a).where(and(eq(a.entryId, entry.id), eq(a.threshold, LONGCODEU_THRESHOLD)));
  return { thresholds: {}, depth: [], length: [], heatmap: [], has_samples: entry.hasSamples, longcodeu: longcodeuBreakdown(stored) };
}

/** The CSV: the eight task columns (the query's metric, 0..1) and their average. */
function csv(data: LeaderboardResponse): unknown[][] {
  const rows = data.rows as LongCodeURow[];
  return [
    ["rank", "model", "kind", ...LONGCODEU_TASKS, "average", "n", "unparseable", "errors", "context_exceeded"],
    ...rows.map((r) => [r.rank, r.model, r.kind, ...LONGCODEU_TASKS.map((t) => r.tasks?.[t]), r.rate, r.n, r.unparseable, r.errors, r.context_exceeded]),
  ];
}

const TaskValues = z.object(Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number().nullable()])) as Record<LongCodeUTask, z.ZodNullable<z.ZodNumber>>);

const PaperReferenceSchema = z
  .object({
    model: z.string(),
    tasks: z.object(Object.fromEntries(LONGCODEU_TASKS.map((t) => [t, z.number()])) as Record<LongCodeUTask, z.ZodNumber>),
    average: z.number(),
  })
  .openapi("LongCodeUPaperReference");

const LongCodeUCellSchema = z
  .object({
    n: z.number().int().openapi({ description: "Scored examples" }),
    recall: z.number().nullable().openapi({ description: "Mean recall (EM-R, LCS-R, CodeBLEU, CB-R or BLEU); null without scored examples" }),
    precision: z.number().nullable().openapi({ description: "Mean precision (EM-P, LCS-P, CodeBLEU, CB-P or BLEU)" }),
    unparseable: z.number().int().openapi({ description: "Outputs that could not be parsed (scored 0, in n)" }),
    errors: z.number().int().openapi({ description: "Model calls that failed (not in n)" }),
    context_exceeded: z.number().int().openapi({ description: "Prompts over the model's context window (not in n)" }),
  })
  .openapi("LongCodeUCell");

const LongCodeUAverageSchema = LongCodeUCellSchema.extend({
  tasks: z.number().int().openapi({ description: "Tasks with scored examples: recall and precision are the means of their task means" }),
}).openapi("LongCodeUAverage");

const LongCodeUBreakdownSchema = z
  .object({
    task_order: z.array(z.enum(LONGCODEU_TASKS)),
    buckets: z.array(z.enum(BUCKET_KEYS)).openapi({ description: "Context-length buckets in CodeLlama tokens (1K = 1024)" }),
    tasks: z
      .record(z.string(), z.object({ all: LongCodeUCellSchema, buckets: z.record(z.string(), LongCodeUCellSchema) }))
      .openapi({ description: "Per task with examples: over all lengths, and per bucket with examples (an example of unknown length is in `all` only)" }),
    average: z.object({ all: LongCodeUAverageSchema, buckets: z.record(z.string(), LongCodeUAverageSchema) }).openapi({ description: "The average over tasks (the paper's #Avg), with the counts of all tasks" }),
    paper_reference: z.array(PaperReferenceSchema).openapi({ description: "The paper's Table 3 (recall, all lengths), reference figures" }),
  })
  .openapi("LongCodeUBreakdown");

/** How LongCodeU is shown on the leaderboard. */
export const longcodeuLeaderboard: BenchmarkLeaderboard = {
  about: "%s (LongCodeU's eight tasks)",
  sample,
  part: PART,
  aggregate: longcodeuAggregates,
  // No threshold and no pass@1: its recall and precision tables are its run summary.
  passRates: false,
  scoringModes: ["official"],
  commentModes: ["original"],
  params: {
    bucket: {
      owner: "LongCodeU",
      values: LONGCODEU_BUCKET_FILTERS,
      default: "all",
      description: `LongCodeU only: the context-length bucket (CodeLlama tokens) shown, \`all\` (default) or one of ${BUCKET_KEYS.map((b) => `\`${b}\``).join(", ")}`,
    },
    metric: {
      owner: "LongCodeU",
      values: LONGCODEU_METRICS,
      default: "recall",
      description: "LongCodeU only: `recall` (default: EM-R, LCS-R, CodeBLEU, CB-R, BLEU) or `precision` (EM-P, LCS-P, CodeBLEU, CB-P, BLEU): fills the task columns and ranks by their average",
    },
  },
  board,
  breakdown,
  csv,
  csvAbout: "LongCodeU: rank, model, kind, the eight tasks, average, n, unparseable, errors, context_exceeded, in the query's bucket and metric",
  csvName: (q) => [(q as LongCodeUQuery).bucket, (q as LongCodeUQuery).metric],
  schemas: {
    row: {
      tasks: TaskValues.optional().openapi({
        description:
          "LongCodeU only, in the query's bucket and metric: the metric's mean per task (0..1; null: no scored example of the task there). LongCodeU rows: `rate` is the average over the tasks that have one (the paper's #Avg), `n` the scored examples, `passed` and the interval null, `languages` empty, `errors` and `context_exceeded` those of the bucket.",
      }),
      tasks_averaged: z.number().int().optional().openapi({ description: "LongCodeU only: how many tasks the average is over" }),
      unparseable: z.number().int().optional().openapi({ description: "LongCodeU only: outputs that could not be parsed (scored 0 and counted in n)" }),
    },
    response: {
      tasks: z.array(z.enum(LONGCODEU_TASKS)).optional().openapi({ description: "LongCodeU only: the task columns, in the paper's order" }),
      paper_reference: z
        .array(PaperReferenceSchema)
        .optional()
        .openapi({ description: "LongCodeU only, with metric=recall and bucket=all: the paper's Table 3 (recall metrics over all lengths, its own data set), a reference apart from the rows" }),
    },
    breakdown: {
      longcodeu: LongCodeUBreakdownSchema.optional().openapi({
        description: "LongCodeU only: the task x length-bucket grid with recall and precision. There `thresholds`, `depth`, `length` and `heatmap` are empty (LongCodeU has no threshold).",
      }),
    },
  },
};
