/**
 * The leaderboard's query: the benchmarks with a board and their own parameters, the defaults, and
 * a query normalised and checked (a ProblemError 400 names the first bad field) or made a stable
 * string.
 */
import { allBenchmarks, findBenchmark } from "../../benchmarks/registry";
import { LANGUAGES } from "../../lib/code/languages";
import { ProblemError } from "../../lib/errors";
import { isDay } from "../../lib/born";
import type { BenchmarkLeaderboard, QueryParam } from "../../kit/leaderboard/family";
import { optionsKey } from "../../kit/leaderboard/options";
import { LEADERBOARD_KINDS, type LeaderboardQuery, type ParamValue } from "../../kit/leaderboard/types";

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
