/**
 * The leaderboard page (`GET /`): the benchmark picker, then the shown benchmark's own board (its
 * filters, table and notes), reached through the registry.
 */
import { findBenchmark } from "../benchmarks/registry";
import { ProblemError } from "../errors";
import type { LeaderboardResponse } from "../leaderboard/types";
import { BenchmarkNav } from "./benchmarks";
import type { BenchmarkViews } from "./family";
import { Page } from "./layout";
import { PAGE_DEFAULTS } from "./query";

/** The views of a benchmark the pages show; a benchmark without any is not found. */
export function viewsOf(benchmark: string): BenchmarkViews {
  const views = findBenchmark(benchmark)?.views;
  if (!views) throw new ProblemError("not-found", `The pages show no benchmark "${benchmark}".`);
  return views;
}

/** The leaderboard page for one API response, rows shown in the page's `sort`. */
export function LeaderboardPage(props: { data: LeaderboardResponse; sort: string }) {
  const { data, sort } = props;
  return <Page content={viewsOf(data.query.benchmark).board(data, sort, PAGE_DEFAULTS)} before={<BenchmarkNav q={data.query} />} />;
}
