/** LongCodeU's query, board row, board and model breakdown: the shared shapes with its own fields. */
import type {
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
  ModelBreakdown,
} from "../../../kit/leaderboard/types";
import type { LongCodeUTask } from "../dataset/index";
import type { LongCodeUBucketFilter, LongCodeUMetric } from "./names";
import type { PaperReference } from "./paper";
import type { LongCodeUBreakdown } from "./read";

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
