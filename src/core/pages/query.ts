/** Reading a page URL's query string into a leaderboard query. */
import { allBenchmarks, findBenchmark } from "../../benchmarks/registry";
import { ProblemError } from "../../lib/errors";
import { LEADERBOARD_DEFAULTS, LEADERBOARD_PARAMS, type Paging } from "../leaderboard/queries";
import { PAGE_LIMIT } from "../../kit/leaderboard/ranks";
import { LEADERBOARD_KINDS, type LeaderboardQuery } from "../../kit/leaderboard/types";
import { parseQueryNumber } from "../../lib/middleware/openapi";
import { isApiSort } from "../../kit/pages/table";

/** Throws the validation problem for one page parameter (a 400 page). */
export function invalidParam(name: string, allowed: string): never {
  throw new ProblemError("validation-error", `${name}: must be ${allowed}.`);
}

/** The page's defaults are the API's: the page links to the API with the same parameters. */
export const PAGE_DEFAULTS: LeaderboardQuery = LEADERBOARD_DEFAULTS;

/** A page's query: the shared fields asked for, and benchmarks' own parameters. */
export type PageQuery = Partial<LeaderboardQuery> & Record<string, unknown>;

const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * The leaderboard query of a page URL (same parameter names as `GET /v1/leaderboard`). Absent
 * parameters are left to the query's defaults; malformed ones are a 400 page, not silently ignored.
 */
export function parsePageQuery(params: Record<string, string | undefined>): {
  q: PageQuery;
  sort: string;
  paging: Paging;
} {
  const q: PageQuery = {};
  const { language, kind, dataset, benchmark, sort = PAGE_DEFAULTS.sort } = params;
  if (language !== undefined) {
    if (!/^[a-z][a-z0-9+#_-]{0,31}$/.test(language)) invalidParam("language", '"all" or a language name');
    q.language = language;
  }
  if (kind !== undefined) {
    if (kind !== "all" && !(LEADERBOARD_KINDS as readonly string[]).includes(kind))
      invalidParam("kind", `one of all, ${LEADERBOARD_KINDS.join(", ")}`);
    q.kind = kind as LeaderboardQuery["kind"];
  }
  if (dataset !== undefined) {
    if (!ID.test(dataset)) invalidParam("dataset", "an id (lower-case letters, digits, '.', '_', '-')");
    q.dataset = dataset;
  }
  if (benchmark !== undefined) {
    if (!findBenchmark(benchmark)?.views)
      invalidParam(
        "benchmark",
        `one of ${allBenchmarks()
          .flatMap((b) => (b.views ? [b.id] : []))
          .join(", ")}`,
      );
    q.benchmark = benchmark;
  }
  // The unseen view and its window (checked as the API checks them when the page reads the board).
  for (const name of ["unseen", "since", "until"] as const) {
    const value = params[name];
    if (value === undefined) continue;
    if (value.length > 10) invalidParam(name, name === "unseen" ? "1 or 0" : "a UTC day, YYYY-MM-DD");
    q[name] = value as never;
  }
  // Every benchmark's own parameters are checked; the query drops those of the other benchmarks, like the API does.
  for (const [name, param] of Object.entries(LEADERBOARD_PARAMS)) {
    const value = params[name];
    if (value === undefined) continue;
    if (param.numeric) {
      // The API's rule for numbers (plain decimals: no '', '+', hex or exponent), then its values.
      const n = parseQueryNumber(value);
      const match = n === undefined ? undefined : param.values.find((v) => Math.abs(Number(v) - n) <= 1e-9);
      if (match === undefined) invalidParam(name, `one of ${param.values.join(", ")}`);
      q[name] = Number(match);
    } else {
      if (!param.values.includes(value)) invalidParam(name, `one of ${param.values.join(", ")}`);
      q[name] = value;
    }
  }
  // Upper case for a benchmark's own columns (task names such as CU_P).
  if (!/^-?[A-Za-z0-9+#_-]{1,32}$/.test(sort)) invalidParam("sort", "a column name, with '-' for descending");
  // Sorts the API does not know (n, a language) are applied by the page to the default order.
  if (params.sort !== undefined && isApiSort(sort)) q.sort = sort;
  return { q, sort, paging: parsePaging(params) };
}

/**
 * Rows a board page shows when its URL has no `limit` (the API's default is 100, for programs). A
 * person reads a page of 50, a phone loads 50 KB instead of 80, and a fresh isolate's first board
 * page costs less Worker CPU: at 100 rows the page's rendering made it the one read over the Free
 * plan's 10 ms (docs/capacity.md). `?limit=` still asks for up to PAGE_LIMIT.max.
 */
export const BOARD_PAGE_ROWS = 50;

/** A board page's `limit` (1 to PAGE_LIMIT.max; BOARD_PAGE_ROWS when absent) and `cursor` (checked when the page is read). */
function parsePaging(params: Record<string, string | undefined>): Paging {
  const { limit, cursor } = params;
  const paging: Paging = { cursor, limit: BOARD_PAGE_ROWS };
  if (limit !== undefined) {
    if (!/^[1-9][0-9]{0,3}$/.test(limit) || Number(limit) > PAGE_LIMIT.max)
      invalidParam("limit", `a whole number from 1 to ${PAGE_LIMIT.max}`);
    paging.limit = Number(limit);
  }
  return paging;
}
