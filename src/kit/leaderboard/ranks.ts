/**
 * Ranking a board page by page, whatever its size. Every entry stores, beside its aggregates, the
 * values its board can be sorted by (`leaderboard_ranks`: one row per threshold and axis, written in
 * the entry's own batch), so a read is one index range of at most a page:
 * - `-rate` (best first, ties by name) and `rate` (its exact reverse) walk `leaderboard_ranks_by_value`,
 *   `model` and `-model` walk `leaderboard_ranks_by_name`, from a keyset cursor (the last row's value
 *   and name key), forward or backward;
 * - a row's rank is 1 + the rows of the board with a higher value: one walk of the value index above
 *   the page ranks all of its rows (in SQL, never by reading the board in the Worker; see
 *   `rankPageStatements`); the total is one count of the board's range;
 * - the page, its total and the board's read of the page's entries go to D1 in one batch (one round trip).
 * A library module (no registry): a family's leaderboard builds its rank rows with these helpers.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { LANGUAGES } from "../../lib/code/languages";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import * as schema from "../../lib/db/schema";
import type { Aggregate } from "./aggregate";
import type { LeaderboardKind, LeaderboardQuery } from "./types";
import { thresholdKey } from "../../lib/metrics/thresholds";

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

/** A board's key: its scope without the kind (the migrations' backfills build the same text). */
export const boardKey = (scope: { benchmark: string; dataset: string; options: string }) =>
  `${scope.benchmark}/${scope.dataset}/${scope.options}`;

const SEP = "\u0001";
/** ASCII upper case to lower case, as SQLite's lower() (the backfill) does. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** The tie-break of a model's row: its name case-insensitively, then as written, then verified before reported. */
export const nameKey = (model: string, kind: LeaderboardKind) =>
  `${asciiLower(model)}${SEP}${model}${SEP}${kind === "verified" ? 0 : 1}`;

/** A pass-rate board's rank values: the `all` and per-language rates at every threshold. */
export function passRateRanks(aggregates: readonly Aggregate[]): RankValue[] {
  return aggregates.flatMap((a) =>
    a.groupType === "all"
      ? [{ threshold: a.threshold, axis: "all", value: a.rate }]
      : a.groupType === "language"
        ? [{ threshold: a.threshold, axis: `language:${a.groupKey}`, value: a.rate }]
        : [],
  );
}

/** What a pass-rate query ranks by: its threshold, overall or in its language. */
export const passRateAxis = (q: LeaderboardQuery): RankAxis => ({
  threshold: thresholdKey(Number(q.threshold)),
  axis: q.language === "all" ? "all" : `language:${q.language}`,
});

/** D1's 100 bound parameters: rank rows per insert statement (7 columns). */
const RANKS_PER_INSERT = 14;

/** The insert statements of an entry's rank rows. */
export function rankInserts(
  env: Env,
  entryId: string,
  scope: Parameters<typeof boardKey>[0] & { kind: LeaderboardKind },
  model: string,
  ranks: readonly RankValue[],
) {
  const d = db(env);
  const rows = ranks.map((r) => ({
    entryId,
    board: boardKey(scope),
    kind: scope.kind,
    threshold: r.threshold,
    axis: r.axis,
    value: r.value,
    nameKey: nameKey(model, scope.kind),
  }));
  const out = [];
  for (let i = 0; i < rows.length; i += RANKS_PER_INSERT)
    out.push(d.insert(schema.leaderboardRanks).values(rows.slice(i, i + RANKS_PER_INSERT)));
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

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64url = (s: string) =>
  new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
    Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
  );

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
  const byValue = sortsByValue(sort);
  if (byValue ? typeof value !== "number" || !Number.isFinite(value) : value !== null) return badCursor("malformed");
  return { sort, dir: d === "a" ? "after" : "before", value: value as number | null, key };
}

// ---------------------------------------------------------------------------------------------
// The page read

/** The order of a sort, column by column (true: descending); `rate` is the exact reverse of `-rate`, `-model` of `model`. */
const ORDER: Record<LeaderboardQuery["sort"], [string, boolean][]> = {
  "-rate": [
    ["value", true],
    ["name_key", false],
  ],
  rate: [
    ["value", false],
    ["name_key", true],
  ],
  model: [["name_key", false]],
  "-model": [["name_key", true]],
};

/** Whether a sort walks the value index (`-rate`, `rate`) rather than the name index. */
const sortsByValue = (sort: LeaderboardQuery["sort"]) => ORDER[sort][0][0] === "value";

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
 * the board's total. Both search `leaderboard_ranks_by_value` or `_by_name` (never a sort of the
 * board); the ranks of a page take one range of the value index, not one count per row:
 * - sorted by value, the page is a run of the board's order, so every row valued strictly between
 *   one of its rows and its highest value `top` is on the page: a row valued `top` is ranked
 *   1 + count(value > top), any other 1 + count(value >= top) + the page's rows valued between it
 *   and `top` (both counts in one walk of the index above `top`);
 * - sorted by name, the page's values are anywhere: one walk of the index down to the page's
 *   lowest value, grouped by value (the index's order), with the running count of the rows above
 *   each value (a window over the groups, in the same order), looked up by each row's value.
 * Parameters are numbered (`?1`...), the same value bound once.
 */
export function rankPageStatements(q: LeaderboardQuery, axis: RankAxis, limit: number, cursor?: Cursor) {
  const backward = cursor?.dir === "before";
  const order = ORDER[q.sort].map(([col, desc]) => [col, desc !== backward] as const);
  const board = boardKey(q);
  const within = (t: string) =>
    `${t}.board = ?1 AND ${t}.threshold = ?2 AND ${t}.axis = ?3${q.kind === "all" ? "" : ` AND ${t}.kind = ?4`}`;
  const scope = within("r");
  const params: unknown[] = [board, axis.threshold, axis.axis, ...(q.kind === "all" ? [] : [q.kind])];
  const total = { sql: `SELECT count(*) AS n FROM leaderboard_ranks r WHERE ${scope}`, params: [...params] };
  // The keyset: rows strictly after the cursor's in the walk's order; the first condition lets SQLite seek the index.
  let keyset = "";
  if (cursor) {
    const at = order.map(([col]) => (col === "value" ? cursor.value : cursor.key));
    const p = (i: number) => `?${params.length + 1 + i}`;
    const op = (desc: boolean) => (desc ? "<" : ">");
    const [[c1, d1], second] = order;
    keyset = second
      ? ` AND r.${c1} ${op(d1)}= ${p(0)} AND (r.${c1} ${op(d1)} ${p(0)} OR r.${second[0]} ${op(second[1])} ${p(1)})`
      : ` AND r.${c1} ${op(d1)} ${p(0)}`;
    params.push(...at);
  }
  // The page's walk: the rows (and the entries' ids, for the board's read of them) in the sort's order.
  const walkOrder = `WHERE ${scope}${keyset}
     ORDER BY ${order.map(([col, desc]) => `r.${col}${desc ? " DESC" : ""}`).join(", ")}
     LIMIT ${limit + 1}`;
  const walk = `FROM leaderboard_ranks r ${walkOrder}`;
  const byValue = sortsByValue(q.sort);
  const ranking = byValue
    ? `WITH page AS (SELECT r.value ${walk}),
     top AS (SELECT max(value) AS v FROM page),
     above AS (SELECT count(*) AS ge, coalesce(sum(x.value > (SELECT v FROM top)), 0) AS gt FROM leaderboard_ranks x WHERE ${within("x")} AND x.value >= (SELECT v FROM top))`
    : `WITH page AS (SELECT r.value ${walk}),
     above AS MATERIALIZED (SELECT x.value AS value, coalesce(sum(count(*)) OVER (ORDER BY x.value DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS n
       FROM leaderboard_ranks x WHERE ${within("x")} AND x.value >= (SELECT min(value) FROM page) GROUP BY x.value)`;
  const rank = byValue
    ? `1 + CASE WHEN r.value = (SELECT v FROM top) THEN (SELECT gt FROM above)
         ELSE (SELECT ge FROM above) + (SELECT count(*) FROM page p WHERE p.value > r.value AND p.value < (SELECT v FROM top)) END`
    : `1 + (SELECT n FROM above a WHERE a.value = r.value)`;
  const page = {
    sql: `${ranking}
     SELECT r.entry_id AS entryId, e.model_slug AS slug, r.kind AS kind, r.value AS value, r.name_key AS nameKey, ${rank} AS rank
     FROM leaderboard_ranks r JOIN leaderboard_entries e ON e.id = r.entry_id
     ${walkOrder}`,
    params,
  };
  // The ids of the page's entries, as a subquery (the board's read of their rows and aggregates).
  const entries = { sql: `SELECT r.entry_id ${walk}`, params };
  return { page, total, entries, backward };
}

/** A statement with numbered parameters (`?1`...) as drizzle SQL (each use of a parameter bound in place), to embed in a drizzle query. */
export function numberedSql(text: string, params: readonly unknown[]): SQL {
  return sql.join(
    text
      .split(/(\?\d+)/)
      .map((part) => (/^\?\d+$/.test(part) ? sql`${params[Number(part.slice(1)) - 1]}` : sql.raw(part))),
  );
}

/**
 * A plain SQL statement as an item of drizzle's D1 batch, answering its rows as objects (`first`: the
 * first row). drizzle 0.45 cannot batch its own raw queries (`db.all(sql)`) when they have
 * parameters (its raw query has no prepared statement to bind), so this gives the batch what it
 * reads of a query: the statement, its text and parameters, and the mapping of its result (`map`:
 * its rows as D1 answers them, objects by column name, to the result).
 */
export function batchStatement<T>(
  env: Env,
  text: string,
  params: readonly unknown[],
  first = false,
  map?: (rows: Record<string, unknown>[]) => T,
): BatchItem<"sqlite"> & { _: { result: T }; toSQL(): { sql: string; params: unknown[] } } {
  const prepared = {
    stmt: env.DB.prepare(text),
    getQuery: () => ({ sql: text, params: [...params] }),
    mapResult: (result: D1Result<Record<string, unknown>>) =>
      map ? map(result.results) : first ? result.results[0] : result.results,
  };
  // toSQL: as a drizzle query answers it (its plan is read in tests).
  return { _prepare: () => prepared, toSQL: () => prepared.getQuery() } as unknown as BatchItem<"sqlite"> & {
    _: { result: T };
    toSQL(): { sql: string; params: unknown[] };
  };
}

/** A page of ranked rows as it is read: the statements to send (in one batch with the board's own) and the page from their results. */
export interface RankPageRead {
  /** The page's rows with their ranks, and the board's total. */
  statements: readonly [
    BatchItem<"sqlite"> & { _: { result: RankedRow[] } },
    BatchItem<"sqlite"> & { _: { result: { n: number } | undefined } },
  ];
  /** A subquery answering the ids of the page's entries (for the board's read of their rows and aggregates). */
  entries: SQL;
  page(rows: RankedRow[], total: { n: number } | undefined): RankPage;
}

/**
 * One page of a board in the query's sort: at most `limit` rows from the cursor, with their ranks,
 * the board's total and the cursors of the pages on either side. Two indexed statements, for the
 * caller to send in one batch with its read of the page's entries.
 */
export function rankPageRead(
  env: Env,
  q: LeaderboardQuery,
  axis: RankAxis,
  limit: number,
  cursorText?: string,
): RankPageRead {
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, q.sort);
  const { page, total, entries, backward } = rankPageStatements(q, axis, limit, cursor);
  const at = (dir: Cursor["dir"], r: RankedRow | undefined) =>
    r ? encodeCursor({ sort: q.sort, dir, value: sortsByValue(q.sort) ? r.value : null, key: r.nameKey }) : null;
  return {
    statements: [
      batchStatement<RankedRow[]>(env, page.sql, page.params),
      batchStatement<{ n: number } | undefined>(env, total.sql, total.params, true),
    ],
    entries: numberedSql(entries.sql, entries.params),
    page(results, counted) {
      const more = results.length > limit;
      const rows = results.slice(0, limit);
      if (backward) rows.reverse();
      return {
        rows,
        total: counted?.n ?? 0,
        // Backward, the rows after the page are there (the cursor's own row at least); forward, those before it when it started from a cursor.
        next: backward || more ? at("after", rows.at(-1)) : null,
        prev: backward ? (more ? at("before", rows[0]) : null) : cursor ? at("before", rows[0]) : null,
      };
    },
  };
}

/**
 * The languages of a board with rank rows under the query's threshold and kind (the service's
 * languages, each one index probe), for a pass-rate board's columns: the statement, and the
 * languages from its row.
 */
export function boardLanguages(env: Env, q: LeaderboardQuery, threshold: string) {
  const board = boardKey(q);
  const kind = q.kind === "all" ? "" : " AND kind = ?3";
  const probes = LANGUAGES.map(
    (_, i) =>
      `EXISTS (SELECT 1 FROM leaderboard_ranks WHERE board = ?1 AND threshold = ?2 AND axis = ?${4 + i}${kind}) AS l${i}`,
  );
  return {
    statement: batchStatement<Record<string, number> | undefined>(
      env,
      `SELECT ${probes.join(", ")}`,
      [board, threshold, q.kind === "all" ? null : q.kind, ...LANGUAGES.map((l) => `language:${l}`)],
      true,
    ),
    languages: (row: Record<string, number> | undefined) => LANGUAGES.filter((_, i) => row?.[`l${i}`] === 1),
  };
}
