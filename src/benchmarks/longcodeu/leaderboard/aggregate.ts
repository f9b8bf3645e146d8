/** Aggregating an entry's samples into its stored groups (see index.ts), all from `longcodeuTable`. */
import type { Aggregate, Sample } from "../../../kit/leaderboard/aggregate";
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket } from "../dataset/index";
import { longcodeuTable, type AverageCell, type TableCell, type TableSample } from "../score/table";
import { LONGCODEU_THRESHOLD, isBucket, taskLengthKey, taskOf } from "./names";

/** A stored sample as the results table sees it (the sample was checked by toSample). */
function tableSample(s: Sample): TableSample {
  const parts = s.parts ?? {};
  return {
    task: taskOf(s.taskId)!,
    bucket: isBucket(parts.bucket) ? parts.bucket : null,
    status: s.status,
    recall: s.score,
    precision: typeof parts.precision === "number" ? parts.precision : 0,
    unparseable: parts.unparseable === true,
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
    (acc, c) =>
      c
        ? {
            n: acc.n + c.n,
            unparseable: acc.unparseable + c.unparseable,
            errors: acc.errors + c.errors,
            context_exceeded: acc.context_exceeded + c.context_exceeded,
          }
        : acc,
    { n: 0, unparseable: 0, errors: 0, context_exceeded: 0 },
  );

function row(
  groupType: Aggregate["groupType"],
  groupKey: string,
  mean: { recall: number | null; precision: number | null },
  counts: Counts,
  passed: number,
): Aggregate {
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
  const passed = perfect(
    rows,
    samples.map((s) => s.passed),
  );
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
  return [...out, ...bornAggregates(samples)];
}

/**
 * One `born` row per birth day of the scored samples (what the unseen view sums): n, the samples
 * with full recall, and the mean recall (`rate` and `mean_score`; the precision beside it), all
 * tasks together rather than the paper's mean of task means, which a window of days cannot sum.
 */
function bornAggregates(samples: readonly Sample[]): Aggregate[] {
  const days = new Map<string, { n: number; passed: number; recall: number; precision: number }>();
  for (const s of samples) {
    if (s.status !== "scored" || !s.born) continue;
    const d = days.get(s.born) ?? { n: 0, passed: 0, recall: 0, precision: 0 };
    d.n++;
    d.passed += s.passed ? 1 : 0;
    d.recall += s.score;
    d.precision += typeof s.parts?.precision === "number" ? s.parts.precision : 0;
    days.set(s.born, d);
  }
  return [...days].map(([day, d]) => ({
    ...row(
      "born",
      day,
      { recall: d.recall / d.n, precision: d.precision / d.n },
      { n: d.n, unparseable: 0, errors: 0, context_exceeded: 0 },
      d.passed,
    ),
  }));
}
