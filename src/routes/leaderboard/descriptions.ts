/** The leaderboard routes' longer OpenAPI prose, made from the registry's boards: which benchmarks, whose parameters, which defaults. */
import { LEADERBOARD_BENCHMARKS, LEADERBOARD_PARAMS, leaderboardOf } from "../../core/leaderboard/queries";
import { PAGE_LIMIT } from "../../kit/leaderboard/ranks";
import { BOARDS } from "./boards";

/** Backticked names grouped by a text (in first-seen order): how the descriptions list benchmarks and parameters. */
function grouped(pairs: readonly (readonly [string, string])[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const [text, name] of pairs) groups.set(text, [...(groups.get(text) ?? []), `\`${name}\``]);
  return [...groups];
}

/** The `benchmark` parameter's description: each group of benchmarks with the same `about`, in registry order. */
export function benchmarksAbout(): string {
  const named = grouped(LEADERBOARD_BENCHMARKS.map((id) => [leaderboardOf(id)!.about, id] as const)).map(
    ([about, ids]) => about.replace("%s", ids.join(", ")),
  );
  return named.length > 1 ? `${named.slice(0, -1).join(", ")}, or ${named.at(-1)}` : named.join("");
}

/** Whose the extra parameters are, for the description: "`a` and `b` are X's (ignored elsewhere)." */
function paramsAbout(): string {
  return grouped(Object.entries(LEADERBOARD_PARAMS).map(([name, p]) => [p.owner, name] as const))
    .map(
      ([owner, names]) => ` ${names.join(" and ")} ${names.length > 1 ? "are" : "is"} ${owner}'s (ignored elsewhere).`,
    )
    .join("");
}

/** The benchmarks with a default dataset, for the description. */
const withDefault = LEADERBOARD_BENCHMARKS.filter((id) => leaderboardOf(id)!.defaultDataset !== undefined);

/** The `dataset` parameter's description: each benchmark's default, then how another is chosen. */
export const DATASET_ABOUT = `${withDefault.map((id) => `Default \`${leaderboardOf(id)!.defaultDataset}\` for \`${id}\`.`).join(" ")} For another benchmark: among the datasets with entries of that benchmark, a loaded one first, then the one with the most entries (ties: the most recently updated, then by name); without any entry, the most recently loaded dataset that benchmark reads (its board is empty). For one model: among the datasets it has an entry of that benchmark in.`;

export const CACHING =
  "Cached: `Cache-Control: public, max-age=60, s-maxage=300` and an `ETag` that changes with every leaderboard write (`If-None-Match` answers 304).";
/** `GET /v1/leaderboard`'s description: caching, paging, the CSV's columns and whose parameters are whose. */
export const LIST_ABOUT = `${CACHING} One page of at most \`limit\` rows (default and most ${PAGE_LIMIT.max}); \`next\` and \`prev\` (and the \`Link\` header, rel next and prev) are the \`cursor\` of the pages on either side, \`total\` (and \`X-Total-Count\`) the rows of the whole board. \`format=csv\` answers text/csv (rank, model, kind, rate, ci_low, ci_high, n, passed, errors, context_exceeded, then one column per language${[...new Set(BOARDS.flatMap((b) => (b.csvAbout ? [`; ${b.csvAbout}`] : [])))].join("")}; last, every benchmark's \`cutoff\`: the model's stated training cutoff, empty when unknown).${paramsAbout()}`;
