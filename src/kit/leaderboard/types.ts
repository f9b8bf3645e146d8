/**
 * The leaderboard's shared public shapes: what `GET /v1/leaderboard` and `GET /v1/leaderboard/models/:model`
 * answer, and what the page renders. The API routes and the page both call the query functions
 * of `queries.ts`, which return these. A benchmark adds its own fields (its query parameters, row
 * and response fields, its breakdown part): its leaderboard module exports the extended types.
 */

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

/** A value of a benchmark's own query parameter: a string, or a number for a numeric one (a threshold). */
export type ParamValue = string | number;

/**
 * The shared fields of a leaderboard query. A benchmark's own parameters follow them
 * (`BenchmarkLeaderboard.params`: e.g. a similarity threshold, a scoring mode), filled in with their
 * defaults for the benchmark asked for and absent for the others.
 */
export interface LeaderboardQuery {
  benchmark: string; // default: the registry's first benchmark with a leaderboard
  /**
   * The benchmark's fixed default dataset, if it has one; else the dataset with the most entries of
   * that benchmark (see `defaultDataset` in queries.ts): "" in a normalised query until it is
   * resolved, and in an answer when the benchmark has no entry at all.
   */
  dataset: string;
  language: string; // "all" or a language
  kind: LeaderboardKind | "all"; // default "all"
  sort: "rate" | "-rate" | "model" | "-model"; // default "-rate" (best first)
  /**
   * The entries' scope options as one text (`leaderboard_entries.options`, src/kit/leaderboard/options.ts),
   * made from the benchmark's scope parameters when the query is normalised: "" when all are at their defaults.
   */
  options: string;
  /**
   * The unseen view (src/core/leaderboard/unseen.ts): 1 scores each model only on units born after its
   * cutoff, within `since` and `until` (UTC days, both inclusive) when given. Absent: the whole board.
   */
  unseen?: 1;
  since?: string;
  until?: string;
  [param: string]: ParamValue | undefined;
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
  /** The model's training cutoff as stated (src/kit/leaderboard/cutoffs.ts); null when nobody stated one. */
  cutoff: ModelCutoffShape | null;
}

/** A model's stated cutoff (src/kit/leaderboard/cutoffs.ts `ModelCutoff`). */
export interface ModelCutoffShape {
  cutoff: string;
  precision: "year" | "month" | "day";
  first_unseen: string;
  source: string;
  note: string | null;
  updated_at: string;
}

export interface LeaderboardResponse {
  query: LeaderboardQuery;
  /** The unseen view's own part (`query.unseen`): its window, minimum and the models set apart. */
  unseen?: UnseenPart;
  interval: "wilson-95";
  languages: string[];
  /** One page of the board's rows, in the query's sort. */
  rows: LeaderboardRow[];
  /** The latest update of this page's rows. */
  updated_at: string | null;
  /** Rows of the whole board (every page). */
  total: number;
  /** The most rows a page holds (the request's `limit`). */
  limit: number;
  /** The `cursor` of the next and of the previous page; null where there is none. */
  next: string | null;
  prev: string | null;
}

export interface BucketRate extends Rate {
  bucket: string;
  lo: number;
  hi: number;
}

/**
 * One model's entry in detail: who and which scope (the benchmark's own parameters echoed after
 * `dataset`), then the benchmark's breakdown (`BenchmarkLeaderboard.breakdown`; a pass-rate
 * benchmark's is `PassRateBreakdown`).
 */
export interface ModelBreakdown {
  model: string;
  model_slug: string;
  kind: LeaderboardKind;
  /** A verified entry scored from outputs submitted to this service (docs/runs.md#scoring-outputs-you-already-have): no model was called here. */
  submitted_outputs: boolean;
  benchmark: string;
  dataset: string;
  interval: "wilson-95";
  has_samples: boolean;
  [field: string]: unknown;
}

/** A pass-rate benchmark's breakdown (src/kit/leaderboard/pass-rate.ts): every threshold, and at the query's by depth, length and both. */
export interface PassRateBreakdown extends ModelBreakdown {
  threshold: number;
  /** thresholds["0.8"]["python"] = the rate at 0.8 in Python ("all" included). */
  thresholds: Record<string, Record<string, Rate>>;
  /** At `threshold`: by the target's depth (position ratio) in tenths, by context length, and both. */
  depth: BucketRate[];
  length: BucketRate[];
  heatmap: { depth: string; length: string; rate: number; n: number }[];
}

/** A dataset a board's picker offers: its entries of the benchmark under the board's modes and kind, and whether it is loaded (a ready dataset). */
export interface BoardDataset {
  dataset: string;
  entries: number;
  loaded: boolean;
}

// The unseen view's shapes (src/core/leaderboard/unseen.ts).

/** How a benchmark's unseen view reads its `born` aggregates. */
export interface UnseenRule {
  /** The aggregates' threshold key the query reads (a pass-rate board: its threshold; one without: its own key). */
  threshold(q: LeaderboardQuery): string;
  /** `pass`: passed / n with a Wilson interval; `score`: the mean score (a graded benchmark), no interval. */
  metric: "pass" | "score";
}

/** A model the unseen view does not rank, and why. */
export interface SetApart {
  model: string;
  model_slug: string;
  kind: "verified" | "reported";
  reason: "no cutoff" | "too few unseen units";
  /** Units born on or after its first unseen day (within the window); 0 without a cutoff. */
  n: number;
  cutoff: ModelCutoffShape | null;
}

/** What the unseen view adds to a board's answer. */
export interface UnseenPart {
  since: string | null;
  until: string | null;
  min_n: number;
  metric: "pass" | "score";
  set_apart: SetApart[];
  set_apart_total: number;
  /** The dataset's units by the year their code was born: which a model with a given cutoff cannot have seen. */
  births: DatasetBirths | null;
}

/** A dataset's units counted by birth year (its task rows' `born`), undated ones apart. */
export interface DatasetBirths {
  units: number;
  undated: number;
  /** Ascending by year; a year's units are unseen by every model whose cutoff is the year before or earlier. */
  years: { year: string; units: number }[];
}

/** A model's results by the month its units' code was born (a model page's chart, its breakdown's `born_months`). */
export interface BornMonth {
  /** `YYYY-MM`. */
  month: string;
  n: number;
  /** The pass metric's passes; null for a graded benchmark. */
  passed: number | null;
  rate: number;
  ci_low: number | null;
  ci_high: number | null;
}
