/**
 * The unseen view of a board (`?unseen=1`, docs/contamination.md#the-unseen-view): each model scored
 * only on the units born on or after the first day after its training cutoff (and within `since` and
 * `until` when given), LiveCodeBench's rule for long-context code. A model without a stated cutoff,
 * or with fewer than MIN_UNSEEN such units, is set apart, not ranked.
 *
 * Computed in SQL on indexes, whatever the board's size: the board's entries on their unique index,
 * each model's cutoff by its primary key, and each entry's `born` aggregates (one row per birth day,
 * src/kit/leaderboard/aggregate.ts) on the aggregates' primary key, summed over the days past the cutoff.
 * A page is one batch of two statements (the ranked page with its ranks and total; the set-apart
 * rows' first page and count); the Worker only maps the page's rows.
 */
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import type { BenchmarkLeaderboard } from "../../kit/leaderboard/family";
import type {
  BornMonth,
  DatasetBirths,
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
  ModelCutoffShape,
  SetApart,
  UnseenPart,
  UnseenRule,
} from "../../kit/leaderboard/types";

export type { BornMonth, DatasetBirths, SetApart, UnseenPart, UnseenRule };
import { wilson } from "../../kit/leaderboard/wilson";

/** Units a model needs on unseen code to be ranked: fewer give an interval too wide to compare. */
export const MIN_UNSEEN = 10;

/** The set-apart rows an answer lists at most (the count says how many there are). */
const SET_APART_LISTED = 100;

const SORTS: Record<LeaderboardQuery["sort"], string> = {
  "-rate": "value DESC, name_key ASC",
  rate: "value ASC, name_key DESC",
  model: "name_key ASC",
  "-model": "name_key DESC",
};

/** An offset cursor of the unseen view (a page is a window of one SQL order). */
const cursorOf = (sort: string, offset: number) => btoa(JSON.stringify(["unseen", sort, offset])).replace(/=+$/, "");

function offsetOf(cursor: string | undefined, sort: string): number {
  if (cursor === undefined) return 0;
  try {
    const [tag, s, offset] = JSON.parse(atob(cursor)) as unknown[];
    if (tag === "unseen" && s === sort && Number.isInteger(offset) && (offset as number) >= 0) return offset as number;
  } catch {}
  throw new ProblemError(
    "validation-error",
    "cursor: not a cursor of this unseen view; pass the `next` or `prev` of a response of the same sort",
    { errors: [{ path: "cursor", message: "not a cursor of this view" }] },
  );
}

/**
 * The board's entries with each one's cutoff and its sums over the `born` days in its unseen
 * window: `?1` benchmark, `?2` dataset, `?3` options, `?4` threshold key, `?5` since, `?6` until,
 * `?7` kind (when one is asked for).
 */
function boardSql(kind: boolean): string {
  return `WITH board AS (
  SELECT e.id, e.model, e.model_slug AS slug, e.kind, e.train_size, e.eval_date, e.source, e.license,
    e.has_samples, e.receipt, e.errors, e.context_exceeded, e.updated_at,
    lower(e.model) || char(1) || e.model || char(1) || CASE e.kind WHEN 'verified' THEN '0' ELSE '1' END AS name_key,
    c.cutoff, c.precision, c.first_unseen, c.source AS cutoff_source, c.note AS cutoff_note, c.updated_at AS cutoff_updated,
    coalesce(sum(a.n), 0) AS n, coalesce(sum(a.passed), 0) AS passed, coalesce(sum(a.mean_score * a.n), 0) AS score_sum
  FROM leaderboard_entries e
  LEFT JOIN model_cutoffs c ON c.model = e.model
  LEFT JOIN leaderboard_aggregates a ON a.entry_id = e.id AND a.threshold = ?4 AND a.group_type = 'born'
    AND a.group_key >= max(c.first_unseen, ?5) AND a.group_key <= ?6
  WHERE e.benchmark = ?1 AND e.dataset = ?2 AND e.options = ?3${kind ? " AND e.kind = ?7" : ""}
  GROUP BY e.id
)`;
}

type BoardRow = Record<string, unknown> & { n: number; passed: number; score_sum: number; value?: number };

const cutoffOf = (r: Record<string, unknown>): ModelCutoffShape | null =>
  r.first_unseen === null
    ? null
    : {
        cutoff: r.cutoff as string,
        precision: r.precision as ModelCutoffShape["precision"],
        first_unseen: r.first_unseen as string,
        source: r.cutoff_source as string,
        note: (r.cutoff_note as string | null) ?? null,
        updated_at: r.cutoff_updated as string,
      };

/** A ranked row as the board's answer shows it: the unseen figure in place of the board's own. */
function rowOf(r: BoardRow, metric: UnseenRule["metric"]): LeaderboardRow {
  const ci = metric === "pass" ? wilson(r.passed, r.n) : { low: null, high: null };
  return {
    rank: r.rank as number,
    model: r.model as string,
    model_slug: r.slug as string,
    kind: r.kind as LeaderboardRow["kind"],
    rate: r.value as number,
    ci_low: ci.low,
    ci_high: ci.high,
    n: r.n,
    passed: metric === "pass" ? r.passed : null,
    languages: {},
    errors: r.errors as number,
    context_exceeded: r.context_exceeded as number,
    train_size: (r.train_size as string | null) ?? null,
    eval_date: (r.eval_date as string | null) ?? null,
    source: (r.source as string | null) ?? null,
    license: (r.license as string | null) ?? null,
    has_samples: r.has_samples === 1 || r.has_samples === true,
    receipt: typeof r.receipt === "string" ? JSON.parse(r.receipt) : null,
    cutoff: cutoffOf(r),
  };
}

/**
 * One page of the unseen view of a query's board (its dataset resolved), with its set-apart models.
 * `base` is what the answer shares with the ordinary board (query, interval, limit).
 */
export async function unseenBoard(
  env: Env,
  q: LeaderboardQuery,
  board: BenchmarkLeaderboard & { unseen: UnseenRule },
  paging: { limit: number; cursor?: string },
): Promise<Pick<LeaderboardResponse, "rows" | "total" | "next" | "prev" | "updated_at"> & { unseen: UnseenPart }> {
  const { metric } = board.unseen;
  const offset = offsetOf(paging.cursor, q.sort);
  const since = typeof q.since === "string" ? q.since : null;
  const until = typeof q.until === "string" ? q.until : null;
  const params = [
    q.benchmark,
    q.dataset,
    q.options,
    board.unseen.threshold(q),
    since ?? "0000-01-01",
    until ?? "9999-12-31",
    ...(q.kind === "all" ? [] : [q.kind]),
  ];
  const value = metric === "pass" ? "1.0 * passed / n" : "score_sum / n";
  const ranked = `${boardSql(q.kind !== "all")}, scored AS (
  SELECT *, ${value} AS value FROM board WHERE first_unseen IS NOT NULL AND n >= ${MIN_UNSEEN}
)
SELECT *, rank() OVER (ORDER BY value DESC) AS rank, count(*) OVER () AS total
FROM scored ORDER BY ${SORTS[q.sort]} LIMIT ${paging.limit + 1} OFFSET ${offset}`;
  const apart = `${boardSql(q.kind !== "all")}
SELECT *, count(*) OVER () AS total FROM board WHERE first_unseen IS NULL OR n < ${MIN_UNSEEN}
ORDER BY name_key LIMIT ${SET_APART_LISTED}`;
  const [rows, aside, years] = await env.DB.batch<BoardRow>([
    env.DB.prepare(ranked).bind(...params),
    env.DB.prepare(apart).bind(...params),
    env.DB.prepare(BIRTH_YEARS).bind(q.dataset),
  ]);
  const page = rows.results.slice(0, paging.limit);
  const total = (rows.results[0]?.total as number | undefined) ?? 0;
  if (offset > 0 && page.length === 0) throw new ProblemError("validation-error", "cursor: past the last page");
  const updated = page.reduce<string | null>(
    (m, r) => (m === null || (r.updated_at as string) > m ? (r.updated_at as string) : m),
    null,
  );
  return {
    rows: page.map((r) => rowOf(r, metric)),
    total,
    next: rows.results.length > paging.limit ? cursorOf(q.sort, offset + paging.limit) : null,
    prev: offset > 0 ? cursorOf(q.sort, Math.max(0, offset - paging.limit)) : null,
    updated_at: updated,
    unseen: {
      since,
      until,
      min_n: MIN_UNSEEN,
      metric,
      set_apart: aside.results.map((r) => ({
        model: r.model as string,
        model_slug: r.slug as string,
        kind: r.kind as SetApart["kind"],
        reason: r.first_unseen === null ? "no cutoff" : "too few unseen units",
        n: r.n,
        cutoff: cutoffOf(r),
      })),
      set_apart_total: (aside.results[0]?.total as number | undefined) ?? 0,
      births: birthsOf(years.results.map((r) => ({ year: r.year as string | null, units: Number(r.units) }))),
    },
  };
}

/** The dataset's task rows by birth year, on the tasks' primary key (dataset first). */
const BIRTH_YEARS =
  "SELECT substr(born, 1, 4) AS year, count(*) AS units FROM tasks WHERE dataset_id = ?1 GROUP BY year ORDER BY year";

function birthsOf(rows: { year: string | null; units: number }[]): DatasetBirths {
  const dated = rows.filter((r) => r.year !== null) as { year: string; units: number }[];
  return {
    units: rows.reduce((n, r) => n + r.units, 0),
    undated: rows.find((r) => r.year === null)?.units ?? 0,
    years: dated.map((r) => ({ year: r.year, units: r.units })),
  };
}

/**
 * An entry's `born` aggregates at the query's threshold, summed by month (one read on the
 * aggregates' primary key): what LiveCodeBench plots as a model's score by problem release date,
 * where a drop after the cutoff is evidence of contamination.
 */
export async function bornMonths(
  env: Env,
  entryId: string,
  q: LeaderboardQuery,
  rule: UnseenRule,
): Promise<BornMonth[]> {
  const { results } = await env.DB.prepare(
    `SELECT substr(group_key, 1, 7) AS month, sum(n) AS n, sum(passed) AS passed, sum(mean_score * n) AS score_sum
     FROM leaderboard_aggregates WHERE entry_id = ?1 AND threshold = ?2 AND group_type = 'born' AND n > 0
     GROUP BY month ORDER BY month`,
  )
    .bind(entryId, rule.threshold(q))
    .all<{ month: string; n: number; passed: number; score_sum: number }>();
  return results.map((r) => {
    if (rule.metric === "score")
      return { month: r.month, n: r.n, passed: null, rate: r.score_sum / r.n, ci_low: null, ci_high: null };
    const ci = wilson(r.passed, r.n);
    return { month: r.month, n: r.n, passed: r.passed, rate: r.passed / r.n, ci_low: ci.low, ci_high: ci.high };
  });
}
