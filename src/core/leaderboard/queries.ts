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
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { allBenchmarks, findBenchmark } from "../../benchmarks/registry";
import { LANGUAGES } from "../../lib/code/languages";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import { isDay } from "../../lib/born";
import type { Board, BenchmarkLeaderboard, QueryParam } from "../../kit/leaderboard/family";
import { byModel, cutoffOf, pageCutoffs, type ModelCutoff } from "../../kit/leaderboard/cutoffs";
import { optionsKey } from "../../kit/leaderboard/options";
import { MIN_UNSEEN, bornMonths, unseenBoard } from "./unseen";
import { PAGE_LIMIT, decodeCursor, rankPageRead, type RankPage } from "../../kit/leaderboard/ranks";
import { entryFilter } from "../../kit/leaderboard/read";
import {
  LEADERBOARD_KINDS,
  type BoardDataset,
  type LeaderboardKind,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type ModelBreakdown,
  type ParamValue,
} from "../../kit/leaderboard/types";
import { SUBMITTED_SOURCE } from "../runs/submitted";

export const LEADERBOARD_SORTS = ["-rate", "rate", "model", "-model"] as const;

/** The benchmarks with a leaderboard, in registry order. */
const boards = () => allBenchmarks().flatMap((b) => (b.leaderboard ? [{ id: b.id, leaderboard: b.leaderboard }] : []));

/** The leaderboard of benchmark `id`; undefined when it has none. */
export const leaderboardOf = (id: string): BenchmarkLeaderboard | undefined => findBenchmark(id)?.leaderboard;

/** Every benchmark the leaderboard has rows of. Anything else is a 400, not an empty board. */
export const LEADERBOARD_BENCHMARKS = boards().map((b) => b.id) as [string, ...string[]];
export const isLeaderboardBenchmark = (id: string): boolean => leaderboardOf(id) !== undefined;

/**
 * Every benchmark's own query parameters, by name, in registry order: what the API's query schema
 * accepts (a name several benchmarks share is described by the first and accepts the values of all).
 */
export const LEADERBOARD_PARAMS: Record<string, QueryParam> = {};
for (const b of boards())
  for (const [name, param] of Object.entries(b.leaderboard.params ?? {})) {
    const seen = LEADERBOARD_PARAMS[name];
    LEADERBOARD_PARAMS[name] = seen ? { ...seen, values: [...new Set([...seen.values, ...param.values])] } : param;
  }

/** Dataset ids, as the datasets API spells them. */
export const DATASET_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** The value of a benchmark's parameter as a query holds it: a number for a numeric one. */
export const paramValue = (p: QueryParam, value: string): ParamValue => (p.numeric ? Number(value) : value);

/** A benchmark's own parameters at their defaults. */
export const paramDefaults = (board: BenchmarkLeaderboard): Record<string, ParamValue> =>
  Object.fromEntries(Object.entries(board.params ?? {}).map(([name, p]) => [name, paramValue(p, p.default)]));

/** The scope options of every leaderboard benchmark (`QueryParam.scope`), by name: what a comparison's query may filter entries by. */
export const SCOPE_OPTIONS = Object.entries(LEADERBOARD_PARAMS).filter(([, p]) => p.scope);

const first = boards()[0].leaderboard;
/** The shared fields of a query without parameters. */
const CORE_DEFAULTS = { language: "all", kind: "all", sort: "-rate", options: "" } as const;
/** The query a read without parameters means: the registry's first leaderboard benchmark, its own parameters at their defaults. */
export const LEADERBOARD_DEFAULTS: LeaderboardQuery = {
  benchmark: LEADERBOARD_BENCHMARKS[0],
  dataset: first.defaultDataset ?? "",
  ...paramDefaults(first),
  ...CORE_DEFAULTS,
};

/** The defaults of a query of `benchmark` (the shared ones, then the benchmark's own). */
export function defaultsOf(benchmark: string): LeaderboardQuery {
  const board = leaderboardOf(benchmark);
  if (!board) return LEADERBOARD_DEFAULTS;
  return { benchmark, dataset: board.defaultDataset ?? "", ...paramDefaults(board), ...CORE_DEFAULTS };
}

const invalidField = (field: string, message: string): never => {
  throw new ProblemError("validation-error", `${field}: ${message}`, { errors: [{ path: field, message }] });
};

const oneOf = (values: readonly string[]) => `one of ${values.join(", ")}`;

/**
 * Fills in defaults and checks every field (a ProblemError 400 names the first bad one). A
 * benchmark without a default dataset and a query without one get dataset "" (resolved by the
 * reads, `defaultDataset`), so a cached answer is keyed by what was asked, not by a lookup. The
 * benchmark's own parameters are defaulted and checked first; the other benchmarks' are dropped,
 * so they neither echo nor split the cache.
 */
export function normalizeQuery(q: Partial<LeaderboardQuery> & Record<string, unknown>): LeaderboardQuery {
  const given = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Partial<LeaderboardQuery>;
  const benchmark = typeof given.benchmark === "string" ? given.benchmark : LEADERBOARD_DEFAULTS.benchmark;
  const board = leaderboardOf(benchmark);
  const busiest = typeof given.benchmark === "string" && board !== undefined && board.defaultDataset === undefined;
  const out = { ...defaultsOf(benchmark), ...(busiest ? { dataset: "" } : {}), ...given } as LeaderboardQuery;
  const own = board?.params ?? {};
  for (const [name, param] of Object.entries(own)) out[name] = checkedParam(name, param, out[name]);
  for (const name of Object.keys(LEADERBOARD_PARAMS)) if (!(name in own)) delete out[name];
  out.options = optionsKey(own, out);
  checkUnseen(out);
  if (out.language !== "all" && !(LANGUAGES as readonly string[]).includes(out.language))
    invalidField("language", `"all" or ${oneOf(LANGUAGES)}`);
  if (out.kind !== "all" && !LEADERBOARD_KINDS.includes(out.kind))
    invalidField("kind", `"all" or ${oneOf(LEADERBOARD_KINDS)}`);
  if (!(LEADERBOARD_SORTS as readonly string[]).includes(out.sort)) invalidField("sort", oneOf(LEADERBOARD_SORTS));
  if (typeof out.benchmark !== "string" || !isLeaderboardBenchmark(out.benchmark))
    invalidField("benchmark", oneOf(LEADERBOARD_BENCHMARKS));
  // "" is left to the default (normalising twice keeps it so).
  if (!(busiest && out.dataset === "") && (typeof out.dataset !== "string" || !DATASET_ID.test(out.dataset))) {
    invalidField(
      "dataset",
      "a dataset id (1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit)",
    );
  }
  return out;
}

/**
 * The unseen view's fields checked and normalised: `unseen` 1 (or "1", "true"; 0, "0", "false" or
 * absent leave it out), `since` and `until` real UTC days, only with `unseen`, `since` not after `until`.
 */
function checkUnseen(q: LeaderboardQuery): void {
  const flag = q.unseen as unknown;
  if (flag === undefined || flag === 0 || flag === "0" || flag === "false") delete q.unseen;
  else if (flag === 1 || flag === "1" || flag === "true") q.unseen = 1;
  else invalidField("unseen", "1 (the unseen view) or 0");
  for (const name of ["since", "until"] as const) {
    const day = q[name] as unknown;
    if (day === undefined) continue;
    if (q.unseen !== 1) invalidField(name, "a window of the unseen view: set unseen=1 with it");
    if (typeof day !== "string" || !isDay(day)) invalidField(name, "a UTC day, YYYY-MM-DD");
  }
  if (q.since !== undefined && q.until !== undefined && q.since > q.until) invalidField("until", "not before since");
}

/**
 * A benchmark's parameter checked: one of its values (a numeric one: any spelling of one, within
 * 1e-9, e.g. 0.8 or "0.80" for "0.8"), as the query holds it; else the 400 naming it.
 */
function checkedParam(name: string, param: QueryParam, value: unknown): ParamValue {
  if (param.numeric) {
    const n = Number(value);
    const match = param.values.find((v) => Math.abs(Number(v) - n) <= 1e-9);
    if (typeof value === "boolean" || value === "" || match === undefined) invalidField(name, oneOf(param.values));
    return Number(match);
  }
  if (typeof value !== "string" || !param.values.includes(value)) invalidField(name, oneOf(param.values));
  return value as string;
}

/**
 * The dataset a read without `dataset` shows (benchmarks without a fixed default dataset):
 * 1. among the datasets with entries of the benchmark in the query's modes and kind (for one model,
 *    `modelSlug`, only those where that model has an entry of the benchmark): a loaded one (a ready
 *    dataset row) before one deleted since, then the one with the most entries, then the most
 *    recently updated entry, then by name;
 * 2. else, for a board (not a model), the most recently updated loaded dataset the benchmark reads
 *    (`Benchmark.datasetKind`) that has units of it: its board is empty and says how to publish a
 *    first entry;
 * 3. else undefined.
 * One small query on the entries' unique index; only when it finds none, one on `datasets` and
 * the benchmark's unit listing of at most five of them.
 */
export async function defaultDataset(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<string | undefined> {
  const e = schema.leaderboardEntries;
  const ds = schema.datasets;
  const own = alias(e, "own");
  const d = db(env);
  const kind = findBenchmark(q.benchmark)?.datasetKind ?? q.benchmark;
  const mine = modelSlug
    ? inArray(
        e.dataset,
        d
          .select({ dataset: own.dataset })
          .from(own)
          .where(and(eq(own.modelSlug, modelSlug), eq(own.benchmark, q.benchmark))),
      )
    : undefined;
  const [row] = await d
    .select({ dataset: e.dataset })
    .from(e)
    .leftJoin(ds, and(eq(ds.id, e.dataset), eq(ds.status, "ready"), eq(ds.benchmark, kind)))
    .where(
      and(
        eq(e.benchmark, q.benchmark),
        eq(e.options, q.options),
        q.kind === "all" ? undefined : eq(e.kind, q.kind),
        mine,
      ),
    )
    .groupBy(e.dataset)
    // Loaded first (a ready dataset row joined), then the most entries, the newest entry, the name.
    .orderBy(desc(sql`max(${ds.id}) IS NOT NULL`), desc(count()), desc(max(e.updatedAt)), asc(e.dataset))
    .limit(1);
  if (row || modelSlug) return row?.dataset;
  return loadedDataset(env, q.benchmark, kind);
}

/** Loaded datasets a board without entries looks at, newest first, for one with the benchmark's units. */
const LOADED_CANDIDATES = 5;

/**
 * The most recently updated ready dataset of `kind` that has units of `benchmark` (a family's
 * dataset may hold some of its benchmarks only), among the newest few; undefined when none has.
 */
async function loadedDataset(env: Env, benchmark: string, kind: string): Promise<string | undefined> {
  const ds = schema.datasets;
  const candidates = await db(env)
    .select({ id: ds.id })
    .from(ds)
    .where(and(eq(ds.benchmark, kind), eq(ds.status, "ready")))
    .orderBy(desc(ds.updatedAt), asc(ds.id))
    .limit(LOADED_CANDIDATES);
  const b = findBenchmark(benchmark);
  for (const { id } of candidates) {
    if (!b) return id;
    // The benchmark's own answer, as a run would get it (its default options, one unit).
    const units = await b.units(env, id, b.options.parse({}), { limit: 1 }).then(
      (r) => r.units.length,
      (e: unknown) => {
        if (e instanceof ProblemError) return 0;
        throw e;
      },
    );
    if (units > 0) return id;
  }
  return undefined;
}

/**
 * The datasets with entries of the query's benchmark (in its modes and kind), by name: the choices
 * of a board's dataset picker. One query on the entries' unique index.
 */
export async function boardDatasets(env: Env, q: LeaderboardQuery): Promise<BoardDataset[]> {
  const e = schema.leaderboardEntries;
  const ds = schema.datasets;
  const kind = findBenchmark(q.benchmark)?.datasetKind ?? q.benchmark;
  const rows = await db(env)
    .select({ dataset: e.dataset, entries: count(), loaded: max(ds.id) })
    .from(e)
    .leftJoin(ds, and(eq(ds.id, e.dataset), eq(ds.status, "ready"), eq(ds.benchmark, kind)))
    .where(
      and(eq(e.benchmark, q.benchmark), eq(e.options, q.options), q.kind === "all" ? undefined : eq(e.kind, q.kind)),
    )
    .groupBy(e.dataset)
    .orderBy(asc(e.dataset))
    .limit(BOARD_DATASETS_LIMIT);
  return rows.map((r) => ({ dataset: r.dataset, entries: r.entries, loaded: r.loaded !== null }));
}

/** A board's dataset picker lists at most this many datasets (by name). */
export const BOARD_DATASETS_LIMIT = 200;

/** The query with its dataset resolved when it was left to the default ("" when none exists). */
async function resolved(env: Env, q: LeaderboardQuery, modelSlug?: string): Promise<LeaderboardQuery> {
  if (q.dataset !== "") return q;
  return { ...q, dataset: (await defaultDataset(env, q, modelSlug)) ?? "" };
}

/** The query's own parameters of its benchmark, in the benchmark's order (what answers echo after the scope). */
export function ownParams(q: LeaderboardQuery): Record<string, ParamValue> {
  return Object.fromEntries(
    Object.keys(leaderboardOf(q.benchmark)?.params ?? {}).map((name) => [name, q[name] as ParamValue]),
  );
}

/** The query as a stable string (cache keys, ETags). */
export function canonicalQuery(q: LeaderboardQuery): string {
  // `options` is made from the parameters, which are all here.
  const keys = [
    "benchmark",
    "dataset",
    "language",
    "kind",
    "sort",
    "unseen",
    "since",
    "until",
    ...Object.keys(LEADERBOARD_PARAMS),
  ];
  return keys
    .filter((k) => q[k] !== undefined)
    .map((k) => `${k}=${encodeURIComponent(String(q[k]))}`)
    .join("&");
}

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
