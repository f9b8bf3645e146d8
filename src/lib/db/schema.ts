/**
 * The D1 schema: the single source of truth for the database. `npm run db:generate` turns changes
 * here into SQL under migrations/ (never edit those by hand).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per dataset; `status` is `importing` until the import commits, then `ready`. */
export const datasets = sqliteTable("datasets", {
  id: text("id").primaryKey(),
  benchmark: text("benchmark").notNull(),
  name: text("name").notNull(),
  status: text("status", { enum: ["importing", "ready"] }).notNull(),
  languages: text("languages", { mode: "json" }).$type<string[]>().notNull(),
  repoCount: integer("repo_count").notNull().default(0),
  taskCount: integer("task_count").notNull().default(0),
  contentSha256: text("content_sha256"),
  /** The code contexts a family built at import (sizes, comment modes, depths), in its own shape; its store reads it. */
  contextConfig: text("context_config", { mode: "json" }).$type<Record<string, unknown> | null>(),
  manifestKey: text("manifest_key"),
  /** `public`, or `held-out`: no response, page or export shows its answers (docs/api.md#held-out-datasets). */
  visibility: text("visibility", { enum: ["public", "held-out"] })
    .notNull()
    .default("public"),
  /**
   * Where the dataset's code came from and how its units were dated (docs/contamination.md): the
   * source (repositories and commits, or packages and versions with their integrity), the birth
   * rule, and the range of the units' `born` dates. Null for a dataset built without dates.
   */
  provenance: text("provenance", { mode: "json" }).$type<Record<string, unknown> | null>(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** One row per stored shard (a repository of a dataset). */
export const datasetShards = sqliteTable(
  "dataset_shards",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    repo: text("repo").notNull(),
    key: text("key").notNull(),
    sha256: text("sha256").notNull(),
    taskCount: integer("task_count").notNull(),
    functionCount: integer("function_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.language, t.repo] })],
);

/** One row per task: where its shard is, which of the shard's units it is, and when its target was born. */
export const tasks = sqliteTable(
  "tasks",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    language: text("language").notNull(),
    repo: text("repo").notNull(),
    name: text("name").notNull(),
    /** The unit's place in its shard. */
    shardIndex: integer("shard_index").notNull(),
    shardKey: text("shard_key").notNull(),
    /** The UTC day the unit's target code was born (docs/contamination.md); null when the dataset is undated. */
    born: text("born"),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.taskId] }),
    index("tasks_by_language").on(t.datasetId, t.language, t.repo, t.shardIndex),
  ],
);

/**
 * Leaderboard: one row per (benchmark, dataset, options, kind, model). `options` is the board's
 * choice among the benchmark's own scope options (`BenchmarkLeaderboard.scope`) in canonical form,
 * the options left at their defaults omitted ("" when all are).
 * `reported` rows come only from imports of published files, `verified` rows only from runs of
 * this service (with a receipt). `n` counts scored samples; errors and context overflows are
 * counted apart and never count as failed answers.
 */
export const leaderboardEntries = sqliteTable(
  "leaderboard_entries",
  {
    /** A fresh id for every version of an entry: a replacement is delete + insert in one batch. */
    id: text("id").primaryKey(),
    benchmark: text("benchmark").notNull(),
    dataset: text("dataset").notNull(),
    options: text("options").notNull().default(""),
    kind: text("kind", { enum: ["verified", "reported"] }).notNull(),
    model: text("model").notNull(),
    modelSlug: text("model_slug").notNull(),
    source: text("source"),
    license: text("license"),
    trainSize: text("train_size"),
    evalDate: text("eval_date"),
    receipt: text("receipt", { mode: "json" }).$type<Record<string, unknown> | null>(),
    hasSamples: integer("has_samples", { mode: "boolean" }).notNull(),
    n: integer("n").notNull(),
    errors: integer("errors").notNull().default(0),
    contextExceeded: integer("context_exceeded").notNull().default(0),
    /** sha256 of what was imported or published: the same content again writes nothing. */
    contentSha256: text("content_sha256").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // The leaderboard's filter is a prefix of this index (kind is optional).
    uniqueIndex("leaderboard_entries_key").on(t.benchmark, t.dataset, t.options, t.kind, t.model),
    uniqueIndex("leaderboard_entries_slug").on(t.modelSlug, t.benchmark, t.dataset, t.options, t.kind),
  ],
);

/** Per-task results of an entry; `task_id` is `<language>::<repo>::<name>`. */
export const leaderboardSamples = sqliteTable(
  "leaderboard_samples",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => leaderboardEntries.id, { onDelete: "cascade" }),
    taskId: text("task_id").notNull(),
    language: text("language").notNull(),
    /** Where the target sits in the context (a ratio, 0..1; 0 when the benchmark has no single target). */
    position: real("position").notNull(),
    tokenStart: integer("token_start"),
    tokenEnd: integer("token_end"),
    contextSize: integer("context_size").notNull(),
    /**
     * The verdict: whether the answer passed the benchmark's own rule and its score (a benchmark with
     * a threshold passes at `t` when `passed` and `score >= t`; BenchmarkLeaderboard's pass rule).
     */
    passed: integer("passed", { mode: "boolean" }).notNull(),
    score: real("score").notNull(),
    status: text("status", { enum: ["scored", "error", "context_exceeded"] }).notNull(),
    /**
     * The benchmark's own parts of the verdict (BenchmarkLeaderboard.part), or null. `target`, when a
     * benchmark has one, names the answer's target: it is never stored for a held-out dataset.
     */
    parts: text("parts", { mode: "json" }).$type<Record<string, unknown> | null>(),
    /** The UTC day the unit's target code was born; null when its dataset is undated. */
    born: text("born"),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.taskId, t.contextSize, t.position] })],
);

/**
 * Materialised pass@1 per entry, group and threshold, rewritten with its entry. The primary key
 * starts with the entry and the threshold, so the leaderboard read is one join that searches
 * `leaderboard_entries_key` and then this key (see src/core/leaderboard/queries.ts).
 */
export const leaderboardAggregates = sqliteTable(
  "leaderboard_aggregates",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => leaderboardEntries.id, { onDelete: "cascade" }),
    threshold: text("threshold").notNull(),
    /**
     * `drop` (benchmarks scored by depth drop): `rate` is the entry's median relative drop (src/kit/leaderboard/aggregate.ts).
     * `task` and `task_length` (benchmarks of several tasks, with `all` and `length`): see their family's leaderboard rows.
     * `born` (key: a UTC day): the scored samples whose target was born that day, what the unseen view sums.
     */
    groupType: text("group_type", {
      enum: ["all", "language", "depth", "length", "heatmap", "drop", "task", "task_length", "born"],
    }).notNull(),
    groupKey: text("group_key").notNull(),
    n: integer("n").notNull(),
    passed: integer("passed").notNull(),
    rate: real("rate").notNull(),
    ciLow: real("ci_low"),
    ciHigh: real("ci_high"),
    /** Mean score of the group's scored samples; null without samples. */
    meanScore: real("mean_score"),
    /** Precision-and-recall benchmarks only (null elsewhere): mean precision (`rate` is mean recall) and the group's counts. */
    meanPrecision: real("mean_precision"),
    unparseable: integer("unparseable"),
    errors: integer("errors"),
    contextExceeded: integer("context_exceeded"),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.threshold, t.groupType, t.groupKey] })],
);

/**
 * What a board can be ranked by, one row per (entry, threshold, axis): the value a query of that
 * threshold and axis sorts by (`BenchmarkLeaderboard.ranks`: pass-rate boards `all` and
 * `language:<name>`; a family's own axes), written with its entry. `board` is the entry's scope
 * without its kind (`benchmark/dataset/options`), `name_key` the model's
 * tie-break (lower-cased name, name, then 0 for verified and 1 for reported): the two indexes serve
 * every sort of a board page by page, and a rank (1 + the rows with a higher value) is one range
 * count on the first (src/kit/leaderboard/ranks.ts).
 */
export const leaderboardRanks = sqliteTable(
  "leaderboard_ranks",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => leaderboardEntries.id, { onDelete: "cascade" }),
    board: text("board").notNull(),
    kind: text("kind", { enum: ["verified", "reported"] }).notNull(),
    threshold: text("threshold").notNull(),
    axis: text("axis").notNull(),
    value: real("value").notNull(),
    nameKey: text("name_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.threshold, t.axis] }),
    index("leaderboard_ranks_by_value").on(t.board, t.threshold, t.axis, sql`${t.value} desc`, t.nameKey),
    index("leaderboard_ranks_by_name").on(t.board, t.threshold, t.axis, t.nameKey),
  ],
);

/** One row (id 1): bumped with every leaderboard write; caches and ETags key on it. */
export const leaderboardMeta = sqliteTable("leaderboard_meta", {
  id: integer("id").primaryKey(),
  generation: integer("generation").notNull(),
  /** Random per bump, so a reset database never reuses a (generation, stamp) pair. */
  stamp: text("stamp").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const RUN_STATUSES = ["receiving", "running", "completed", "cancelled", "budget_exhausted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_SAMPLE_STATUSES = ["scored", "error", "context_exceeded"] as const;
export type RunSampleStatus = (typeof RUN_SAMPLE_STATUSES)[number];

/**
 * One row per evaluation run. The RunCoordinator Durable Object owns live progress; this row is
 * what the run was asked to do (its receipt) and, once it ends, how it ended. `api_key_name` is the
 * name of a Worker secret, never its value.
 */
export const runs = sqliteTable(
  "runs",
  {
    id: text("id").primaryKey(),
    benchmark: text("benchmark").notNull(),
    datasetId: text("dataset_id").notNull(),
    model: text("model").notNull(),
    modelLabel: text("model_label").notNull(),
    apiKeyName: text("api_key_name"),
    /** Generation parameters as sent: temperature, max_tokens, seed, system_message. */
    parameters: text("parameters", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Benchmark options, filters, concurrency, budget, retry policy, cache, publish. */
    options: text("options", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    receipt: text("receipt", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    unitCount: integer("unit_count").notNull(),
    /** Final counts per state, written when the run ends. */
    counts: text("counts", { mode: "json" }).$type<Record<string, number> | null>(),
    createdAt: text("created_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [index("runs_by_created").on(t.createdAt)],
);

/**
 * One row per run and task unit, written once whatever the redeliveries (insert-or-ignore on the
 * primary key). `error` and `context_exceeded` rows carry no score and never count as wrong answers.
 */
export const runSamples = sqliteTable(
  "run_samples",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** The task, or `<task>@<depth>` when the dataset stores several depths per task. */
    unit: text("unit").notNull(),
    taskId: text("task_id").notNull(),
    language: text("language").notNull(),
    position: real("position"),
    contextSize: integer("context_size"),
    status: text("status", { enum: RUN_SAMPLE_STATUSES }).notNull(),
    passed: integer("passed", { mode: "boolean" }),
    score: real("score"),
    /** The benchmark's per-sample verdict (e.g. best target, similarity, pass at each threshold). */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown> | null>(),
    scorerVersion: text("scorer_version"),
    /** R2 key of the raw model output (null when nothing was generated). */
    outputKey: text("output_key"),
    promptSha256: text("prompt_sha256").notNull(),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    /** Answered from the response cache: no model call. */
    cached: integer("cached", { mode: "boolean" }).notNull(),
    /** Model calls made (retries included). */
    calls: integer("calls").notNull(),
    latencyMs: integer("latency_ms"),
    error: text("error"),
    /** The UTC day the unit's target code was born (its dataset's task row); null when undated. */
    born: text("born"),
    finishedAt: text("finished_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.unit] }),
    // The sample browser's outcome filters (passed / failed / error / context exceeded) in unit order.
    index("run_samples_by_outcome").on(t.runId, t.status, t.passed, t.unit),
  ],
);

/** A run as stored (what a benchmark's reference files read). */
export type RunRow = typeof runs.$inferSelect;
/** A run sample as stored. */
export type RunSampleRow = typeof runSamples.$inferSelect;

/**
 * Named API tokens an admin created (`POST /v1/tokens`; src/lib/db/tokens.ts). Only the SHA-256 of the
 * secret is kept: the secret itself is shown once, in the creating response. The ADMIN_TOKEN Worker
 * secret is not a row. Revoking deletes the row, so the token stops working at once.
 */
export const TOKEN_ROLES = ["admin", "submitter"] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export const apiTokens = sqliteTable("api_tokens", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role", { enum: TOKEN_ROLES }).notNull(),
  /** Lower-case hex SHA-256 of the secret: what a presented bearer token is looked up by. */
  secretSha256: text("secret_sha256").notNull().unique(),
  createdAt: text("created_at").notNull(),
});

/**
 * A model's training cutoff as someone stated it (docs/contamination.md#cutoffs): `cutoff` as given
 * (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), `first_unseen` the first UTC day after that period (what
 * the unseen view compares `born` with), `source` who stated it (a run, an import, an admin) and
 * `note` where from (a model card). One row per model name; a model without a row has no known cutoff.
 */
export const modelCutoffs = sqliteTable("model_cutoffs", {
  model: text("model").primaryKey(),
  cutoff: text("cutoff").notNull(),
  precision: text("precision", { enum: ["year", "month", "day"] }).notNull(),
  firstUnseen: text("first_unseen").notNull(),
  source: text("source").notNull(),
  note: text("note"),
  updatedAt: text("updated_at").notNull(),
});

/**
 * A scheduled refresh's windows (src/core/refresh, docs/refresh.md): one row per window of fresh code,
 * `id` its first day. `config` is the refresh configuration as it stood when the window started, so
 * every step of the window reads the same sources and options even if wrangler.toml changes meanwhile.
 * `status`: `building` while its steps run, `held-out` once its datasets are imported (the board's
 * current window), `public` once its datasets were made public, `failed` (nothing of it imported).
 */
export const REFRESH_WINDOW_STATUSES = ["building", "held-out", "public", "failed"] as const;
export type RefreshWindowStatus = (typeof REFRESH_WINDOW_STATUSES)[number];

export const refreshWindows = sqliteTable(
  "refresh_windows",
  {
    id: text("id").primaryKey(),
    /** The window's first day and the day after its last (UTC, `YYYY-MM-DD`). */
    start: text("start").notNull(),
    end: text("end").notNull(),
    status: text("status", { enum: REFRESH_WINDOW_STATUSES }).notNull(),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Benchmark id to the window's dataset id, once imported. */
    datasets: text("datasets", { mode: "json" }).$type<Record<string, string>>().notNull(),
    /** Who started it: `cron <schedule>` or `command`. */
    trigger: text("trigger").notNull(),
    error: text("error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
    /** When its datasets are due to be made public, and when they were. */
    publicAfter: text("public_after").notNull(),
    publishedAt: text("published_at"),
  },
  (t) => [index("refresh_windows_status").on(t.status, t.start)],
);

/**
 * One row per step of a window, unique by (window, step): a step redelivered after it finished finds
 * its row and does nothing. `status`: `running` (claimed until `lease_until`), `done`, `skipped` (a
 * source left out, `reason` says why), `failed` (it ended its window). `record` is what the step
 * fetched (with integrity), built or imported; `output_key` the R2 object a later step reads.
 */
export const REFRESH_STEP_STATUSES = ["running", "done", "skipped", "failed"] as const;
export type RefreshStepStatus = (typeof REFRESH_STEP_STATUSES)[number];

export const refreshSteps = sqliteTable(
  "refresh_steps",
  {
    windowId: text("window_id")
      .notNull()
      .references(() => refreshWindows.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    /** Order of the step in its window's plan (for listing). */
    seq: integer("seq").notNull(),
    status: text("status", { enum: REFRESH_STEP_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: text("lease_until"),
    reason: text("reason"),
    record: text("record", { mode: "json" }).$type<Record<string, unknown> | null>(),
    outputKey: text("output_key"),
    /** Outgoing requests, bytes fetched and bytes stored by the attempt that finished it. */
    subrequests: integer("subrequests"),
    fetchedBytes: integer("fetched_bytes"),
    storedBytes: integer("stored_bytes"),
    /** CPU and peak memory of that attempt where the host can measure them (Node); null in workerd. */
    cpuMs: real("cpu_ms"),
    peakMemoryBytes: integer("peak_memory_bytes"),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.windowId, t.step] })],
);
