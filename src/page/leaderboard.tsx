/**
 * The leaderboard page (`GET /`): the benchmark picker, then the shown benchmark's own board (its
 * filters, table and notes), reached through the registry, then "pick two models, compare".
 */
import { findBenchmark } from "../benchmarks/registry";
import { notFound } from "../errors";
import type { BoardDataset, LeaderboardResponse } from "../leaderboard/types";
import { BenchmarkNav } from "./benchmarks";
import { CompareForm } from "./compare-form";
import type { BenchmarkViews } from "./family";
import { Page } from "./layout";
import { PAGE_DEFAULTS } from "./query";

/** The views of a benchmark the pages show; a benchmark without any is not found. */
export function viewsOf(benchmark: string): BenchmarkViews {
  const views = findBenchmark(benchmark)?.views;
  if (!views) notFound(`The pages show no benchmark "${benchmark}".`);
  return views;
}

/** The leaderboard page for one API response, rows shown in the page's `sort`; `datasets` are its dataset picker's choices. */
export function LeaderboardPage(props: { data: LeaderboardResponse; sort: string; datasets?: readonly BoardDataset[] }) {
  const { data, sort } = props;
  const board = viewsOf(data.query.benchmark).board(data, sort, PAGE_DEFAULTS, props.datasets);
  // "Pick two models, compare" follows the board's own content.
  const body = (
    <>
      {board.body}
      <CompareForm data={data} />
    </>
  );
  return <Page content={{ ...board, body }} before={<BenchmarkNav q={data.query} />} />;
}
