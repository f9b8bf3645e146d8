/**
 * What a benchmark supplies to be shown on the leaderboard (`Benchmark.leaderboard`): how its run
 * samples are published, aggregated and checked, the query parameters of its own, and how its
 * board and a model's breakdown are read. The core (queries.ts, verified.ts, the routes) does the
 * shared work (normalising the shared fields, resolving the dataset, sorting and ranking, caching,
 * storing entries) and calls these for the rest. Most benchmarks build theirs from the pass-rate
 * library (pass-rate.ts); a benchmark with its own groups reads them itself.
 *
 * A library module: it names no benchmark and never imports the registry, so a family may import it.
 */
import type { z } from "@hono/zod-openapi";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as schema from "../../lib/db/schema";
import type { Env } from "../../lib/env";
import type { Aggregate, Sample, SampleStatus } from "./aggregate";
import type { RankAxis, RankValue } from "./ranks";

import type { LeaderboardKind, LeaderboardQuery, LeaderboardResponse, LeaderboardRow, UnseenRule } from "./types";

/** A stored run sample, as publishing a finished run reads it. */
export type RunSample = Pick<
  typeof schema.runSamples.$inferSelect,
  "taskId" | "language" | "status" | "passed" | "score" | "position" | "contextSize" | "detail" | "born"
>;

/** One per-task result of a verified run, before it is checked (`toSample` in verified.ts). */
export interface VerifiedSample {
  /** `<language>::<repo>::<name>` */
  task: string;
  /** Defaults to the task id's prefix. */
  language?: string;
  /** Where the target sits in the context the model saw (a ratio, 0..1). */
  position: number;
  /** A positive integer; null only where the benchmark's own sample part allows an unknown length. */
  context_size: number | null;
  token_start?: number | null;
  token_end?: number | null;
  /** The verdict (see `leaderboard_samples.passed` and `score`). */
  passed: boolean;
  score: number;
  /** The benchmark's own parts of the verdict (flat: strings, numbers, booleans); `target` names the answer's target. */
  parts?: Record<string, string | number | boolean | null> | null;
  /** The UTC day the unit's target code was born; null or absent when undated. */
  born?: string | null;
  /** Default "scored". `error` (the model call failed) and `context_exceeded` are not in n. */
  status?: SampleStatus;
}

/**
 * A run sample's verdict as a leaderboard sample: its pass and score, the position and context size
 * as they are (0.5 and 1 when unknown) and its birth day. What a benchmark without its own mapping
 * publishes, and what a run's results aggregate for a benchmark without a leaderboard.
 */
export function verdictSample(row: RunSample): VerifiedSample {
  return {
    task: row.taskId,
    language: row.language,
    position: row.position ?? 0.5,
    context_size: row.contextSize ?? 1,
    passed: row.passed === true,
    score: row.score ?? 0,
    born: row.born ?? null,
    status: row.status,
  };
}

/**
 * A benchmark whose samples must carry parts of its own (`VerifiedSample.parts`), checked into
 * their stored shape: every sample of the benchmark carries `keys`, no other benchmark's may.
 */
export interface SamplePart {
  /** The part keys it requires. */
  keys: readonly string[];
  /** Whose samples these are, for the refusal of a sample of another benchmark that carries them. */
  owner: string;
  /** What a sample of the benchmark without them is told. */
  missing: string;
  /** Checks the sample (the shared checks of task, status and position are done) into its stored shape. */
  toSample(s: VerifiedSample, language: string, status: SampleStatus): Sample;
}

/**
 * A query parameter of one benchmark (absent from the query of the others). A `scope` parameter
 * chooses which entries a board shows (its value is part of the entry's `options`: a scoring or a
 * comment mode); the others choose how the board reads them (a similarity threshold).
 */
export interface QueryParam {
  /** Whose parameter it is, as the OpenAPI description names it ("<owner> only"). */
  owner: string;
  values: readonly string[];
  default: string;
  /** The OpenAPI description of the parameter. */
  description: string;
  /** Part of the entries' scope (`leaderboard_entries.options`). */
  scope?: boolean;
  /** A decimal: given and echoed as a number (any spelling of one of `values`, e.g. 0.8 for "0.8"). */
  numeric?: boolean;
}

/** A leaderboard entry, as a breakdown reads it. */
export interface EntryRef {
  id: string;
  model: string;
  kind: LeaderboardKind;
  hasSamples: boolean;
  errors: number;
  contextExceeded: number;
}

/** A row before ranking, as a benchmark reads it (the core sorts, ranks and adds the model's cutoff). */
export type UnrankedRow = Omit<LeaderboardRow, "rank" | "cutoff">;

/** What a benchmark's board read gives the core: the page's rows (the core orders and ranks them) and the response's own fields. */
export interface Board {
  rows: UnrankedRow[];
  /** The languages of the whole board (its columns), not only of the page's rows. */
  languages: string[];
  /** The latest update of the page's rows. */
  updatedAt: string | null;
  /** Fields of the response after `updated_at` (reference figures, column lists...). */
  extras?: Record<string, unknown>;
}

/**
 * A benchmark's read of a page's rows, sent in one D1 batch with the page's own statements (one round
 * trip for the whole page): its statements (drizzle queries), and its board from their results, in order.
 */
export interface BoardRead {
  statements: readonly BatchItem<"sqlite">[];
  board(results: readonly unknown[]): Board;
}

/** A model breakdown without the fields the core fills (who, which scope, the benchmark's own parameters). */
export interface BreakdownPart {
  has_samples: boolean;
  [field: string]: unknown;
}

/** Zod shapes a benchmark adds to the leaderboard's OpenAPI schemas (all optional fields). */
export interface LeaderboardSchemas {
  row?: z.ZodRawShape;
  response?: z.ZodRawShape;
  breakdown?: z.ZodRawShape;
}

/** Importing published results of a benchmark (`POST /v1/leaderboard/import`). */
export interface ReportedImport<Body = unknown> {
  /** The request body; `benchmarks` are every leaderboard benchmark, for its `benchmark` field. */
  schema(benchmarks: readonly [string, ...string[]]): z.ZodType<Body>;
  /** The OpenAPI description of the import. */
  description: string;
  /** The result's schema. */
  result: z.ZodType;
  /** Imports `body` (of this benchmark, or of another that `refusal` refuses). */
  run(env: Env, body: Body, refusal: (benchmark: string) => string | undefined): Promise<Record<string, unknown>>;
}

/** How a benchmark is shown on the leaderboard. */
export interface BenchmarkLeaderboard {
  /**
   * How the OpenAPI description of the `benchmark` parameter names it, `%s` standing for the
   * benchmark id: benchmarks with the same text are named together (`%s` their ids).
   */
  about: string;
  /** A finished run's sample row as a leaderboard sample (the row's verdict, in the stored columns). */
  sample(row: RunSample): VerifiedSample;
  /**
   * The scope options (`params` with `scope`) a run's entry is stored under, from its benchmark
   * options and receipt; absent or missing ones are their defaults.
   */
  runScope?(run: { options: Record<string, unknown>; receipt: Record<string, unknown> }): Record<string, string>;
  /** The benchmark's own part of its samples; absent: its samples have only the shared fields. */
  part?: SamplePart;
  /** Every aggregate of an entry with samples (see aggregate.ts for the stored groups). */
  aggregate(samples: readonly Sample[]): Aggregate[];
  /** How its unseen view (`?unseen=1`) reads the `born` aggregates `aggregate` stores (src/core/leaderboard/unseen.ts). */
  unseen: UnseenRule;
  /** Whether a run's results list pass@1 at every threshold from `aggregate` (false: its summary has its results). */
  passRates: boolean;
  /** The dataset a read without `dataset` shows; absent: the dataset with the most entries of the benchmark. */
  defaultDataset?: string;
  /**
   * Its own query parameters, checked (with defaults) after the shared defaults are filled in, in
   * the order its answers echo them; the `scope` ones make the entries' `options`.
   */
  params?: Record<string, QueryParam>;
  /** The values an entry is ranked by (stored with it: `leaderboard_ranks`), from its aggregates. */
  ranks(aggregates: readonly Aggregate[]): RankValue[];
  /** The rank values a query sorts and ranks by (the core reads a page of them, src/kit/leaderboard/ranks.ts). */
  rankAxis(q: LeaderboardQuery): RankAxis;
  /**
   * The rows of a query's scope (dataset resolved) among the entries `pageIds` answers (a subquery
   * of `leaderboard_entries.id`s: one page of the board, all of them in the scope, so the read may
   * select by it alone and seek entries and aggregates by id; `pageEntries`, `pageAggregates`), and
   * the response's own fields. With dataset "" (none resolved) no statement is sent and `board` gets
   * no results.
   */
  board(env: Env, q: LeaderboardQuery, pageIds: SQL): BoardRead;
  /** A model's breakdown in the query's scope. */
  breakdown(env: Env, q: LeaderboardQuery, entry: EntryRef): Promise<BreakdownPart>;
  /** The CSV of a board: the header row, then one row per leaderboard row (cells as they are). */
  csv(data: LeaderboardResponse): unknown[][];
  /** How the OpenAPI description of the CSV names its own columns; absent: the shared ones. */
  csvAbout?: string;
  /** The query values a CSV's file name is made of, after benchmark and dataset. */
  csvName(q: LeaderboardQuery): unknown[];
  /** The fields it adds to the leaderboard's OpenAPI schemas. */
  schemas?: LeaderboardSchemas;
  /** Imports of published results; absent: its entries come from runs only. */
  reported?: ReportedImport;
  /** Why published results of it are not imported (the import's 422); absent: they are, or nothing special. */
  notImported?: string;
}
