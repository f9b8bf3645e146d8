/**
 * The LongCodeU results table: mean recall and precision per task and length bucket, and the
 * average over tasks (the paper's #Avg: the mean of the task means, not of all samples). One
 * function serves run results and the leaderboard, so a run and its published entry always agree.
 *
 * Only scored samples count. An unparseable output is scored (0) and also counted in
 * `unparseable`; errors and context overflows are not answers and are only counted.
 */
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask } from "../dataset/index";

export interface TableSample {
  task: LongCodeUTask;
  /**
   * null when the context's length is unknown (e.g. an error before the context was loaded): the
   * sample counts in its task's `all` cell only, never in a guessed bucket.
   */
  bucket: LengthBucket | null;
  status: "scored" | "error" | "context_exceeded";
  recall: number;
  precision: number;
  unparseable: boolean;
}

export interface TableCell {
  /** Scored samples. */
  n: number;
  /** Means over the scored samples (0..1); null when there are none. */
  recall: number | null;
  precision: number | null;
  unparseable: number;
  errors: number;
  context_exceeded: number;
}

export interface AverageCell {
  /** How many tasks have scored samples here (the average is over those). */
  tasks: number;
  recall: number | null;
  precision: number | null;
}

export interface LongCodeUTable {
  tasks: Partial<Record<LongCodeUTask, { all: TableCell; buckets: Partial<Record<LengthBucket, TableCell>> }>>;
  average: { all: AverageCell; buckets: Partial<Record<LengthBucket, AverageCell>> };
}

const emptyCell = (): TableCell => ({ n: 0, recall: 0, precision: 0, unparseable: 0, errors: 0, context_exceeded: 0 });

function add(cell: TableCell, s: TableSample) {
  if (s.status === "error") cell.errors++;
  else if (s.status === "context_exceeded") cell.context_exceeded++;
  else {
    cell.n++;
    cell.recall! += s.recall;
    cell.precision! += s.precision;
    if (s.unparseable) cell.unparseable++;
  }
}

function finish(cell: TableCell): TableCell {
  return cell.n
    ? { ...cell, recall: cell.recall! / cell.n, precision: cell.precision! / cell.n }
    : { ...cell, recall: null, precision: null };
}

function average(cells: (TableCell | undefined)[]): AverageCell {
  const scored = cells.filter((c): c is TableCell => !!c && c.n > 0);
  if (!scored.length) return { tasks: 0, recall: null, precision: null };
  const mean = (k: "recall" | "precision") => scored.reduce((s, c) => s + c[k]!, 0) / scored.length;
  return { tasks: scored.length, recall: mean("recall"), precision: mean("precision") };
}

export function longcodeuTable(samples: readonly TableSample[]): LongCodeUTable {
  const tasks: LongCodeUTable["tasks"] = {};
  for (const s of samples) {
    const t = (tasks[s.task] ??= { all: emptyCell(), buckets: {} });
    add(t.all, s);
    if (s.bucket !== null) add((t.buckets[s.bucket] ??= emptyCell()), s);
  }
  for (const task of LONGCODEU_TASKS) {
    const t = tasks[task];
    if (!t) continue;
    t.all = finish(t.all);
    for (const b of BUCKET_KEYS) if (t.buckets[b]) t.buckets[b] = finish(t.buckets[b]!);
  }
  const present = LONGCODEU_TASKS.map((task) => tasks[task]);
  const buckets: LongCodeUTable["average"]["buckets"] = {};
  for (const b of BUCKET_KEYS) {
    const cell = average(present.map((t) => t?.buckets[b]));
    if (cell.tasks) buckets[b] = cell;
  }
  return { tasks, average: { all: average(present.map((t) => t?.all)), buckets } };
}
