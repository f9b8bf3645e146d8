/**
 * Reading the leaderboard. The API routes and the HTML page both call these, and both get the
 * public shapes of `types.ts`.
 *
 * The shared work is done here: the query's shared fields are normalised, the benchmark's own
 * parameters (`BenchmarkLeaderboard.params`) defaulted and checked, the dataset resolved (the
 * benchmark's default, or the dataset with the most entries of the benchmark: `defaultDataset`),
 * and one page of the board read in its sort with its ranks (ranks.ts: the stored rank values,
 * whatever the board's size). Reading the page's rows, the response's own fields and a model's
 * breakdown is the benchmark's (`BenchmarkLeaderboard.board` and `.breakdown`), each one
 * indexed query (see pass-rate.ts for the plan most benchmarks share).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import type { Board, BenchmarkLeaderboard } from "../../kit/leaderboard/family";
import { byModel, cutoffOf, pageCutoffs, type ModelCutoff } from "../../kit/leaderboard/cutoffs";
import { MIN_UNSEEN, bornMonths, unseenBoard } from "./unseen";
import { PAGE_LIMIT, decodeCursor, rankPageRead, type RankPage } from "../../kit/leaderboard/ranks";
import { entryFilter } from "../../kit/leaderboard/read";
import type {
  LeaderboardKind,
  LeaderboardQuery,
  LeaderboardResponse,
  ModelBreakdown,
} from "../../kit/leaderboard/types";
import { SUBMITTED_SOURCE } from "../runs/submitted";
import { resolved } from "./board-datasets";
import { leaderboardOf, normalizeQuery, ownParams } from "./query";

export { BOARD_DATASETS_LIMIT, boardDatasets, defaultDataset } from "./board-datasets";
export {
  DATASET_ID,
  LEADERBOARD_BENCHMARKS,
  LEADERBOARD_DEFAULTS,
  LEADERBOARD_PARAMS,
  LEADERBOARD_SORTS,
  SCOPE_OPTIONS,
  canonicalQuery,
  defaultsOf,
  isLeaderboardBenchmark,
  leaderboardOf,
  normalizeQuery,
  ownParams,
  paramDefaults,
  paramValue,
} from "./query";

/** Which page of a board: at most `limit` rows (PAGE_LIMIT), from a response's `next` or `prev` cursor. */
export interface Paging {
  limit?: number;
  cursor?: string;
}

/**
 * One page of the leaderboard of a query: the benchmark's rows in the query's scope, in its sort
 * (`-rate` best first, ties by model name case-insensitively, then as written, then verified before
 * reported; `rate` the exact reverse; `model` and `-model` by that name key), with the benchmark's
 * own response fields, the board's total and the cursors of the next and previous pages. `rank` is
 * 1 + the number of rows with a higher rate, whatever the sort. The page and its ranks come from
 * the stored rank values (ranks.ts), the rows from the benchmark's read of the page's entries, all
 * in one D1 batch (one round trip): a read costs one page whatever the board's size.
 */
export async function queryLeaderboard(
  env: Env,
  query: Partial<LeaderboardQuery>,
  paging: Paging = {},
): Promise<LeaderboardResponse> {
  const q = await resolved(env, normalizeQuery(query));
  const limit = paging.limit ?? PAGE_LIMIT.default;
  const board = leaderboardOf(q.benchmark)!;
  if (q.unseen === 1) return unseenResponse(env, q, board, limit, paging.cursor);
  let page: RankPage = { rows: [], total: 0, next: null, prev: null };
  let read: Board;
  let cutoffs = new Map<string, ModelCutoff>();
  if (q.dataset !== "") {
    // One round trip: the page with its ranks, the board's total and the benchmark's read of the page's entries.
    const ranked = rankPageRead(env, q, board.rankAxis(q), limit, paging.cursor);
    const own = board.board(env, q, ranked.entries);
    const [rows, total, cutoffRows, ...results] = await db(env).batch([
      ...ranked.statements,
      pageCutoffs(env, ranked.entries),
      ...own.statements,
    ]);
    page = ranked.page(rows, total);
    read = own.board(results);
    cutoffs = byModel(cutoffRows);
  } else {
    if (paging.cursor !== undefined) decodeCursor(paging.cursor, q.sort); // a bad cursor is a 400 on an empty board too
    read = board.board(env, q, sql`SELECT NULL WHERE 0`).board([]);
  }
  const byEntry = new Map(read.rows.map((r) => [`${r.model_slug}\u0000${r.kind}`, r]));
  const rows = page.rows.flatMap((p) => {
    const row = byEntry.get(`${p.slug}\u0000${p.kind}`);
    return row ? [{ rank: p.rank, ...row, cutoff: cutoffs.get(row.model) ?? null }] : [];
  });
  return {
    query: q,
    interval: "wilson-95",
    languages: read.languages,
    rows,
    updated_at: read.updatedAt,
    total: page.total,
    limit,
    next: page.next,
    prev: page.prev,
    ...read.extras,
  };
}

/** The unseen view of a query's board as the board's answer (an empty board without a dataset). */
async function unseenResponse(
  env: Env,
  q: LeaderboardQuery,
  board: BenchmarkLeaderboard,
  limit: number,
  cursor: string | undefined,
): Promise<LeaderboardResponse> {
  const empty = { rows: [], total: 0, next: null, prev: null, updated_at: null };
  const part =
    q.dataset === ""
      ? {
          ...empty,
          unseen: {
            since: q.since ?? null,
            until: q.until ?? null,
            min_n: MIN_UNSEEN,
            metric: board.unseen.metric,
            set_apart: [],
            set_apart_total: 0,
            births: null,
          },
        }
      : await unseenBoard(env, q, board, { limit, cursor });
  return { query: q, interval: "wilson-95", languages: [], limit, ...part };
}

/**
 * One model's entry in detail, as its benchmark breaks it down (a pass-rate benchmark: every
 * threshold and language, and at the query's threshold by depth, context length and both), after
 * the query's own parameters of the benchmark. `kind: "all"` picks the verified entry when there is
 * one. Undefined when the model has no entry in the query's scope (benchmark, dataset, options, kind).
 */
export async function modelBreakdown(
  env: Env,
  modelSlug: string,
  query: Partial<LeaderboardQuery>,
): Promise<ModelBreakdown | undefined> {
  const q = await resolved(env, normalizeQuery(query), modelSlug);
  if (q.dataset === "") return undefined;
  const e = schema.leaderboardEntries;
  const candidates = await db(env)
    .select({
      id: e.id,
      model: e.model,
      kind: e.kind,
      hasSamples: e.hasSamples,
      errors: e.errors,
      contextExceeded: e.contextExceeded,
      receipt: e.receipt,
    })
    .from(e)
    .where(and(eq(e.modelSlug, modelSlug), entryFilter(q)))
    .orderBy(asc(e.kind)); // "reported" < "verified"
  const found = candidates.at(-1);
  if (!found) return undefined;
  const entry = { ...found, kind: found.kind as LeaderboardKind };
  return {
    model: entry.model,
    model_slug: modelSlug,
    kind: entry.kind,
    submitted_outputs: entry.kind === "verified" && entry.receipt?.source === SUBMITTED_SOURCE,
    benchmark: q.benchmark,
    dataset: q.dataset,
    ...ownParams(q),
    cutoff: await cutoffOf(env, entry.model),
    interval: "wilson-95",
    ...(await leaderboardOf(q.benchmark)!.breakdown(env, q, entry)),
    born_months: await bornMonths(env, entry.id, q, leaderboardOf(q.benchmark)!.unseen),
  };
}
