/**
 * Ranking a board page by page, whatever its size. Every entry stores, beside its aggregates, the
 * values its board can be sorted by (`leaderboard_ranks`: one row per threshold and axis, written in
 * the entry's own batch), so a read is one index range of at most a page:
 * - `-rate` (best first, ties by name) and `rate` (its exact reverse) walk `leaderboard_ranks_by_value`,
 *   `model` and `-model` walk `leaderboard_ranks_by_name`, from a keyset cursor (the last row's value
 *   and name key), forward or backward;
 * - a row's rank is 1 + the rows of the board with a higher value, one range count on the same index
 *   (in SQL, never by reading the board in the Worker); the total is one count of the board's range.
 * A library module (no registry): a family's leaderboard builds its rank rows with these helpers.
 */
import { LANGUAGES } from "../code/languages";
import { db } from "../datasets/store";
import type { Env } from "../env";
import { ProblemError } from "../errors";
import * as schema from "../db/schema";
import type { Aggregate } from "./aggregate";
import type { LeaderboardKind, LeaderboardQuery } from "./types";
import { thresholdKey } from "../metrics/thresholds";

/** One value an entry can be ranked by: under a threshold key and an axis (`all`, `language:python`, a family's own). */
export interface RankValue {
  threshold: string;
  axis: string;
  value: number;
}

/** The rank row a query sorts by. */
export interface RankAxis {
  threshold: string;
  axis: string;
}

/** Rows of a page: default and most. */
export const PAGE_LIMIT = { default: 100, max: 100 } as const;

/** A board's key: its scope without the kind (the migration's backfill builds the same text). */
export const boardKey = (scope: { benchmark: string; dataset: string; scoringMode: string; commentMode: string }) =>
  `${scope.benchmark}/${scope.dataset}/${scope.scoringMode}/${scope.commentMode}`;

const SEP = "\u0001";
/** ASCII upper case to lower case, as SQLite's lower() (the backfill) does. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** The tie-break of a model's row: its name case-insensitively, then as written, then verified before reported. */
export const nameKey = (model: string, kind: LeaderboardKind) => `${asciiLower(model)}${SEP}${model}${SEP}${kind === "verified" ? 0 : 1}`;

/** A pass-rate board's rank values: the `all` and per-language rates at every threshold. */
export function passRateRanks(aggregates: readonly Aggregate[]): RankValue[] {
  return aggregates.flatMap((a) =>
    a.groupType === "all" ? [{ threshold: a.threshold, axis: "all", value: a.rate }] : a.groupType === "language" ? [{ threshold: a.threshold, axis: `language:${a.groupKey}`, value: a.rate }] : [],
  );
}

/** What a pass-rate query ranks by: its threshold, overall or in its language. */
export const passRateAxis = (q: LeaderboardQuery): RankAxis => ({ threshold: thresholdKey(q.threshold), axis: q.language === "all" ? "all" : `language:${q.language}` });

/** D1's 100 bound parameters: rank rows per insert statement (7 columns). */
const RANKS_PER_INSERT = 14;

/** The insert statements of an entry's rank rows. */
export function rankInserts(env: Env, entryId: string, scope: Parameters<typeof boardKey>[0] & { kind: LeaderboardKind }, model: string, ranks: readonly RankValue[]) {
  const d = db(env);
  const rows = ranks.map((r) => ({ entryId, board: boardKey(scope), kind: scope.kind, threshold: r.threshold, axis: r.axis, value: r.value, nameKey: nameKey(model, scope.kind) }));
  const out = [];
  for (let i = 0; i < rows.length; i += RANKS_PER_INSERT) out.push(d.insert(schema.leaderboardRanks).values(rows.slice(i, i + RANKS_PER_INSERT)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cursors

/** Where a page starts: after (forward) or before (backward) a row of the sort's order. */
export interface Cursor {
  sort: LeaderboardQuery["sort"];
  dir: "after" | "before";
  value: number | null;
  key: string;
}

const b64url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (s: string) => new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));

/** Cursors are short: a row's value and its name key. */
const MAX_CURSOR = 2048;

export function encodeCursor(c: Cursor): string {
  return b64url(JSON.stringify([c.sort, c.dir === "after" ? "a" : "b", c.value, c.key]));
}

const badCursor = (why: string): never => {
  const message = `not a cursor of this leaderboard (${why}); pass the \`next\` or \`prev\` of a response`;
  throw new ProblemError("validation-error", `cursor: ${message}`, { errors: [{ path: "cursor", message }] });
};

/** A cursor of a response for the query's sort; anything else is a 400 naming `cursor`. */
export function decodeCursor(text: string, sort: LeaderboardQuery["sort"]): Cursor {
  if (text.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(text)) badCursor("malformed");
  let parsed: unknown;
  try {
    parsed = JSON.parse(unb64url(text));
  } catch {
    return badCursor("malformed");
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return badCursor("malformed");
  const [s, d, value, key] = parsed as unknown[];
  if (s !== sort) return badCursor(typeof s === "string" ? `made for sort ${s}, not ${sort}` : "malformed");
  if ((d !== "a" && d !== "b") || typeof key !== "string") return badCursor("malformed");
  const byValue = sort === "rate" || sort === "-rate";
  if (byValue ? typeof value !== "number" || !Number.isFinite(value) : value !== null) return badCursor("malformed");
  return { sort, dir: d === "a" ? "after" : "before", value: value as number | null, key };
}

// ---------------------------------------------------------------------------------------------
// The page read

/** The order of a sort, column by column (true: descending); `rate` is the exact reverse of `-rate`, `-model` of `model`. */
const ORDER: Record<LeaderboardQuery["sort"], [string, boolean][]> = {
  "-rate": [["value", true], ["name_key", false]],
  rate: [["value", false], ["name_key", true]],
  model: [["name_key", false]],
  "-model": [["name_key", true]],
};

/** One row of a page: its entry, the value it ranks by and its rank. */
export interface RankedRow {
  entryId: string;
  slug: string;
  kind: LeaderboardKind;
  value: number;
  nameKey: string;
  rank: number;
}

export interface RankPage {
  rows: RankedRow[];
  total: number;
  next: string | null;
  prev: string | null;
}

/**
 * The statements of a page: its rows (at most `limit` + 1 from the cursor, in the walk's order,
 * each with its rank: 1 + the rows of the board with a higher value, among the query's kind) and
 * the board's total. Both search `leaderboard_ranks_by_value` or `_by_name` (never a sort of the board).
 */
export function rankPageStatements(q: LeaderboardQuery, axis: RankAxis, limit: number, cursor?: Cursor) {
  const backward = cursor?.dir === "before";
  const order = ORDER[q.sort].map(([col, desc]) => [col, desc !== backward] as const);
  const board = boardKey({ benchmark: q.benchmark, dataset: q.dataset, scoringMode: q.mode, commentMode: q.comment_mode });
  const scope = `r.board = ?1 AND r.threshold = ?2 AND r.axis = ?3${q.kind === "all" ? "" : " AND r.kind = ?4"}`;
  const params: unknown[] = [board, axis.threshold, axis.axis, ...(q.kind === "all" ? [] : [q.kind])];
  const total = { sql: `SELECT count(*) AS n FROM leaderboard_ranks r WHERE ${scope}`, params: [...params] };
  // The keyset: rows strictly after the cursor's in the walk's order; the first condition lets SQLite seek the index.
  let keyset = "";
  if (cursor) {
    const at = order.map(([col]) => (col === "value" ? cursor.value : cursor.key));
    const p = (i: number) => `?${params.length + 1 + i}`;
    const op = (desc: boolean) => (desc ? "<" : ">");
    const [[c1, d1], second] = order;
    keyset = second ? ` AND r.${c1} ${op(d1)}= ${p(0)} AND (r.${c1} ${op(d1)} ${p(0)} OR r.${second[0]} ${op(second[1])} ${p(1)})` : ` AND r.${c1} ${op(d1)} ${p(0)}`;
    params.push(...at);
  }
  const kindOf = q.kind === "all" ? "" : " AND x.kind = ?4";
  const page = {
    sql: `SELECT r.entry_id AS entryId, e.model_slug AS slug, r.kind AS kind, r.value AS value, r.name_key AS nameKey,
       1 + (SELECT count(*) FROM leaderboard_ranks x WHERE x.board = r.board AND x.threshold = r.threshold AND x.axis = r.axis AND x.value > r.value${kindOf}) AS rank
     FROM leaderboard_ranks r JOIN leaderboard_entries e ON e.id = r.entry_id
     WHERE ${scope}${keyset}
     ORDER BY ${order.map(([col, desc]) => `r.${col}${desc ? " DESC" : ""}`).join(", ")}
     LIMIT ${limit + 1}`,
    params,
  };
  return { page, total, backward };
}

/**
 * One page of a board in the query's sort: at most `limit` rows from the cursor, with their ranks,
 * the board's total and the cursors of the pages on either side. Two indexed queries, sent together.
 */
export async function rankPage(env: Env, q: LeaderboardQuery, axis: RankAxis, limit: number, cursorText?: string): Promise<RankPage> {
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, q.sort);
  const { page, total, backward } = rankPageStatements(q, axis, limit, cursor);
  const [{ results }, counted] = await Promise.all([
    env.DB.prepare(page.sql).bind(...page.params).all<RankedRow>(),
    env.DB.prepare(total.sql).bind(...total.params).first<{ n: number }>(),
  ]);
  const more = results.length > limit;
  const rows = results.slice(0, limit);
  if (backward) rows.reverse();
  const at = (dir: Cursor["dir"], r: RankedRow | undefined) => (r ? encodeCursor({ sort: q.sort, dir, value: ORDER[q.sort][0][0] === "value" ? r.value : null, key: r.nameKey }) : null);
  return {
    rows,
    total: counted?.n ?? 0,
    // Backward, the rows after the page are there (the cursor's own row at least); forward, those before it when it started from a cursor.
    next: backward || more ? at("after", rows.at(-1)) : null,
    prev: backward ? (more ? at("before", rows[0]) : null) : cursor ? at("before", rows[0]) : null,
  };
}

/**
 * The languages of a board with rank rows under the query's threshold and kind (the service's
 * languages, each one index probe), for a pass-rate board's columns.
 */
export async function boardLanguages(env: Env, q: LeaderboardQuery, threshold: string): Promise<string[]> {
  const board = boardKey({ benchmark: q.benchmark, dataset: q.dataset, scoringMode: q.mode, commentMode: q.comment_mode });
  const kind = q.kind === "all" ? "" : " AND kind = ?3";
  const probes = LANGUAGES.map((_, i) => `EXISTS (SELECT 1 FROM leaderboard_ranks WHERE board = ?1 AND threshold = ?2 AND axis = ?${4 + i}${kind}) AS l${i}`);
  const row = await env.DB.prepare(`SELECT ${probes.join(", ")}`)
    .bind(board, threshold, q.kind === "all" ? null : q.kind, ...LANGUAGES.map((l) => `language:${l}`))
    .first<Record<string, number>>();
  return LANGUAGES.filter((_, i) => row?.[`l${i}`] === 1);
}
