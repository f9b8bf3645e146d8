/**
 * The leaderboard's public shapes: what `GET /v1/leaderboard` and `GET /v1/leaderboard/models/:model`
 * answer, and what the page renders. The API routes and the page both call the query functions
 * of `queries.ts`, which return exactly these.
 */
import type { LongCodeUBreakdown, LongCodeUBucketFilter, LongCodeUMetric, LongCodeUTask, PaperReference } from "./longcodeu";

export const LEADERBOARD_KINDS = ["verified", "reported"] as const;
/** `verified`: a run executed by this service (with its receipt); `reported`: imported published results. */
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

/** A rate with its 95 % Wilson score interval (null where the count is unknown). */
export interface Rate {
  rate: number;
  ci_low: number | null;
  ci_high: number | null;
  n: number | null;
  passed: number | null;
}

export interface LeaderboardQuery {
  benchmark: string; // default "repoqa-snf"; or a positional benchmark (lexical-recall, cruxeval-o, semtrace)
  /**
   * Default "repoqa-2024-04-20" for RepoQA. For a positional benchmark without a dataset: the
   * dataset with the most entries of that benchmark (see `defaultDataset` in queries.ts); "" in a
   * normalised query until it is resolved, and in an answer when the benchmark has no entry at all.
   */
  dataset: string;
  threshold: number; // default 0.8, one of 0.0 ... 1.0
  language: string; // "all" or a language
  mode: "official" | "strict"; // scoring mode, default "official"
  comment_mode: string; // default "original"
  kind: LeaderboardKind | "all"; // default "all"
  sort: "rate" | "-rate" | "model" | "-model"; // default "-rate" (best first)
  /** LongCodeU only (absent elsewhere): the length bucket shown, default "all". */
  bucket?: LongCodeUBucketFilter;
  /** LongCodeU only (absent elsewhere): which metric ranks and fills the task columns, default "recall". */
  metric?: LongCodeUMetric;
}

export interface LeaderboardRow extends Rate {
  /** 1 + the number of rows with a higher rate (ties share a rank), whatever the sort. */
  rank: number;
  model: string;
  /** URL-safe id of the model (for /v1/leaderboard/models/:model and the page). */
  model_slug: string;
  kind: LeaderboardKind;
  /** Per language at the query's threshold. */
  languages: Record<string, Rate>;
  errors: number;
  context_exceeded: number;
  train_size: string | null;
  eval_date: string | null;
  source: string | null;
  license: string | null;
  /** Per-sample rows are stored, so every aggregate can be recomputed and broken down. */
  has_samples: boolean;
  /** For verified rows: dataset sha256, prompt template version, scorer version, model spec, parameters, time. */
  receipt: Record<string, unknown> | null;
  /**
   * Positional benchmarks only (absent for RepoQA): the median over D of the relative accuracy drop
   * toward the middle of the context (see `relativeAccuracy` in positional.ts); null when no D has
   * one (e.g. accuracy 0 everywhere).
   */
  median_drop?: number | null;
  /**
   * LongCodeU only (absent elsewhere), in the query's bucket and metric: the metric's mean per task
   * (null: no scored sample of the task there). There `rate` is the average over the tasks that
   * have one (#Avg, the paper's mean of task means), `n` the scored examples, `passed` and the
   * interval null, `languages` empty, and `errors`/`context_exceeded` count the bucket's samples.
   */
  tasks?: Record<LongCodeUTask, number | null>;
  /** LongCodeU only: how many tasks the average is over. */
  tasks_averaged?: number;
  /** LongCodeU only: scored outputs that could not be parsed (scored 0, and in n). */
  unparseable?: number;
}

export interface LeaderboardResponse {
  query: LeaderboardQuery;
  interval: "wilson-95";
  languages: string[];
  rows: LeaderboardRow[];
  updated_at: string | null;
  /** Positional benchmarks only: the paper's median relative drop for this task, a reference figure. */
  paper_median_drop?: number;
  /** LongCodeU only: the task columns, in the paper's order. */
  tasks?: LongCodeUTask[];
  /**
   * LongCodeU only, with metric recall and bucket all (what the paper reports): the paper's Table 3,
   * reference figures on the paper's own data set, never mixed into the rows.
   */
  paper_reference?: readonly PaperReference[];
}

export interface BucketRate extends Rate {
  bucket: string;
  lo: number;
  hi: number;
}

export interface ModelBreakdown {
  model: string;
  model_slug: string;
  kind: LeaderboardKind;
  benchmark: string;
  dataset: string;
  mode: string;
  comment_mode: string;
  threshold: number;
  interval: "wilson-95";
  /** thresholds["0.8"]["python"] = the rate at 0.8 in Python ("all" included). */
  thresholds: Record<string, Record<string, Rate>>;
  /** At `threshold`: by needle depth (position ratio) in tenths, by context length, and both. */
  depth: BucketRate[];
  length: BucketRate[];
  heatmap: { depth: string; length: string; rate: number; n: number }[];
  has_samples: boolean;
  /**
   * Positional benchmarks only (absent for RepoQA). There `depth` has one bucket per grid position
   * (key: see `positionKey`, lo = hi = the position), `length` one per D (lo = hi = D), `heatmap` is
   * position x D, and a task passes when it is an exact match, at every threshold alike.
   */
  positional?: PositionalBreakdown;
  /**
   * LongCodeU only (absent elsewhere): the task x length-bucket grid with recall and precision and
   * the average over tasks. There `thresholds`, `depth`, `length` and `heatmap` are empty.
   */
  longcodeu?: LongCodeUBreakdown;
}

/** Accuracy, relative accuracy and mean partial score at one (position, D) cell. */
export interface PositionalCell extends Rate {
  /** The cell's key, as in `depth` and `heatmap` ("0", "0.1", "0.25", "1"). */
  position: string;
  distractors: number;
  /** Mean partial score (SemTrace: fraction of list positions right; others: exact match) of the scored samples. */
  mean_score: number | null;
  /** rate / the best rate over positions at this D; null when that best is 0. */
  relative: number | null;
}

/** The drop of one D: how far relative accuracy falls at the worst interior position. */
export interface PositionalDrop {
  distractors: number;
  /** The best accuracy over positions at this D (the denominator of relative accuracy). */
  best: number;
  /** The lowest relative accuracy at an interior position (0 < p < 1), and where. */
  min_relative: number | null;
  min_position: string | null;
  /** 1 - min_relative; null without an interior cell or when best is 0. */
  drop: number | null;
}

export interface PositionalBreakdown {
  /** Grid positions present, ascending (keys as in `cells`). */
  positions: string[];
  /** Distractor counts D present, ascending. */
  distractors: number[];
  /** One per (position, D) with scored samples, by D then position. */
  cells: PositionalCell[];
  /** Per D, ascending. */
  drops: PositionalDrop[];
  /** Median over D of `drops[].drop`; the leaderboard row's `median_drop`. */
  median_drop: number | null;
  /** Mean partial score over every scored sample. */
  mean_score: number | null;
  /** Samples of the entry that failed or overflowed the context window (not in any n). */
  errors: number;
  context_exceeded: number;
  /** The paper's median relative drop for this task (a reference figure, not this model's). */
  paper_median_drop: number;
}
