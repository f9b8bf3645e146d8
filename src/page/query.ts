/** Reading a page URL's query string into a leaderboard query. */
import { ProblemError } from "../errors";
import { isLeaderboardBenchmark, LEADERBOARD_BENCHMARKS } from "../leaderboard/queries";
import { parseQueryNumber } from "../routes/common";
import { LONGCODEU_BUCKET_FILTERS, LONGCODEU_METRICS } from "../leaderboard/longcodeu";
import { LEADERBOARD_KINDS, type LeaderboardQuery } from "../leaderboard/types";
import { PAGE_DEFAULTS } from "./format";
import { isApiSort } from "./leaderboard";

const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Throws the validation problem for one parameter (a 400 page). */
export function invalid(name: string, allowed: string): never {
  throw new ProblemError("validation-error", `${name}: must be ${allowed}.`);
}

/**
 * The leaderboard query of a page URL (same parameter names as `GET /v1/leaderboard`). Absent
 * parameters are left to the query's defaults; malformed ones are a 400 page, not silently ignored.
 */
export function parsePageQuery(params: Record<string, string | undefined>): { q: Partial<LeaderboardQuery>; sort: string } {
  const q: Partial<LeaderboardQuery> = {};
  const { threshold, language, kind, mode, dataset, benchmark, comment_mode, bucket, metric, sort = PAGE_DEFAULTS.sort } = params;
  if (threshold !== undefined) {
    // The API's rule for numbers (plain decimals: no '', '+', hex or exponent), then its range.
    const t = parseQueryNumber(threshold);
    if (t === undefined || !(t >= 0 && t <= 1) || Math.abs(t * 10 - Math.round(t * 10)) > 1e-9) invalid("threshold", "one of 0.0, 0.1, …, 1.0");
    q.threshold = Math.round(t * 10) / 10;
  }
  if (language !== undefined) {
    if (!/^[a-z][a-z0-9+#_-]{0,31}$/.test(language)) invalid("language", '"all" or a language name');
    q.language = language;
  }
  if (kind !== undefined) {
    if (kind !== "all" && !(LEADERBOARD_KINDS as readonly string[]).includes(kind)) invalid("kind", `one of all, ${LEADERBOARD_KINDS.join(", ")}`);
    q.kind = kind as LeaderboardQuery["kind"];
  }
  if (mode !== undefined) {
    if (mode !== "official" && mode !== "strict") invalid("mode", "official or strict");
    q.mode = mode;
  }
  if (dataset !== undefined) {
    if (!ID.test(dataset)) invalid("dataset", "an id (lower-case letters, digits, '.', '_', '-')");
    q.dataset = dataset;
  }
  if (benchmark !== undefined) {
    if (!isLeaderboardBenchmark(benchmark)) invalid("benchmark", `one of ${LEADERBOARD_BENCHMARKS.join(", ")}`);
    q.benchmark = benchmark;
  }
  if (comment_mode !== undefined) {
    if (!/^[a-z_]{1,32}$/.test(comment_mode)) invalid("comment_mode", "a comment mode such as original");
    q.comment_mode = comment_mode;
  }
  // LongCodeU's (ignored by the other benchmarks, like the API does).
  if (bucket !== undefined) {
    if (!(LONGCODEU_BUCKET_FILTERS as readonly string[]).includes(bucket)) invalid("bucket", `one of ${LONGCODEU_BUCKET_FILTERS.join(", ")}`);
    q.bucket = bucket as LeaderboardQuery["bucket"];
  }
  if (metric !== undefined) {
    if (!(LONGCODEU_METRICS as readonly string[]).includes(metric)) invalid("metric", `one of ${LONGCODEU_METRICS.join(", ")}`);
    q.metric = metric as LeaderboardQuery["metric"];
  }
  // Upper case for LongCodeU's task columns (CU_P, DRA_T1, ...).
  if (!/^-?[A-Za-z0-9+#_-]{1,32}$/.test(sort)) invalid("sort", "a column name, with '-' for descending");
  // Sorts the API does not know (n, a language) are applied by the page to the default order.
  if (params.sort !== undefined && isApiSort(sort)) q.sort = sort;
  return { q, sort };
}

