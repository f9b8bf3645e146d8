/**
 * The leaderboard page (`GET /`): the benchmark picker, then the shown benchmark's own board (its
 * filters, table and notes), reached through the registry, then "pick two models, compare".
 */
import { findBenchmark } from "../../benchmarks/registry";
import { notFound } from "../../lib/errors";
import { PAGE_LIMIT } from "../../kit/leaderboard/ranks";
import type { BoardDataset, LeaderboardResponse } from "../../kit/leaderboard/types";
import { BenchmarkNav } from "./benchmarks";
import { CompareForm } from "./compare-form";
import type { BenchmarkViews } from "../../kit/pages/family";
import { Page } from "./layout";
import { qs } from "../../kit/pages/format";
import { PAGE_DEFAULTS } from "./query";
import { UnseenSwitch, unseenBoardPage } from "./unseen";
import type { WindowList, WindowsAfterCutoff } from "../refresh/views";
import { WindowsAfterCutoffsSection, WindowsNav } from "./windows";

/** The views of a benchmark the pages show; a benchmark without any is not found. */
export function viewsOf(benchmark: string): BenchmarkViews {
  const views = findBenchmark(benchmark)?.views;
  if (!views) notFound(`The pages show no benchmark "${benchmark}".`);
  return views;
}

/**
 * The links to the previous and next pages of a board, and where this page is: the page's own URL
 * parameters (`params`) with the other page's cursor.
 */
export function Pager(props: { data: LeaderboardResponse; params: Record<string, string> }) {
  const { data } = props;
  const href = (cursor: string) => `/${qs({ ...props.params, cursor })}`;
  const byRate = data.query.sort === "-rate" || data.query.sort === "rate";
  const span = byRate && data.rows.length ? `Ranks ${data.rows[0].rank}–${data.rows.at(-1)!.rank}: ` : "";
  return (
    <nav class="pager" aria-label="Pages of the leaderboard">
      {data.prev ? (
        <a href={href(data.prev)} rel="prev">
          ← Previous {data.limit}
        </a>
      ) : null}
      <span class="muted">
        {span}
        {data.rows.length} of {data.total.toLocaleString("en")} {data.total === 1 ? "row" : "rows"}
      </span>
      {data.next ? (
        <a href={href(data.next)} rel="next">
          Next {data.limit} →
        </a>
      ) : null}
    </nav>
  );
}

/**
 * The leaderboard page for one API response (one page of the board), rows shown in the page's
 * `sort`; `datasets` are its dataset picker's choices, `params` the page's URL parameters (its
 * pager's links keep them); `refresh` the scheduled refresh's windows and, on the unseen board, the
 * windows after each of its models' cutoffs (src/core/pages/windows.tsx).
 */
export function LeaderboardPage(props: {
  data: LeaderboardResponse;
  sort: string;
  datasets?: readonly BoardDataset[];
  params?: Record<string, string>;
  refresh?: { windows: WindowList; afterCutoffs?: Readonly<Record<string, WindowsAfterCutoff>> };
}) {
  const { data, sort, refresh } = props;
  const { cursor, ...params } = props.params ?? {};
  // The JSON and CSV links answer the table's rows: with its limit when it is not the API's default
  // and the board has more than one page (a board on one page is the same rows either way).
  const paged = data.next !== null || data.prev !== null;
  const api = {
    ...(data.limit === PAGE_LIMIT.default || !paged ? {} : { limit: String(data.limit) }),
    ...(cursor === undefined ? {} : { cursor }),
  };
  const keep: Record<string, string> = params.limit === undefined ? {} : { limit: params.limit };
  const paging = { pager: data.total > 0 ? <Pager data={data} params={params} /> : undefined, api, keep };
  const before = (
    <>
      <BenchmarkNav q={data.query} />
      <WindowsNav windows={refresh?.windows} data={data} />
    </>
  );
  // The unseen view is the same table for every benchmark; the board is the benchmark's own, after the switch to it.
  if (data.query.unseen === 1)
    return (
      <Page
        content={unseenBoardPage(data, params, paging.pager)}
        before={before}
        after={<WindowsAfterCutoffsSection windows={refresh?.windows} after={refresh?.afterCutoffs} data={data} />}
      />
    );
  const board = viewsOf(data.query.benchmark).board(data, sort, PAGE_DEFAULTS, props.datasets, paging);
  // "Pick two models, compare" follows the board's own content.
  const body = (
    <>
      <UnseenSwitch data={data} params={params} />
      {board.body}
      <CompareForm data={data} />
    </>
  );
  return <Page content={{ ...board, body }} before={before} />;
}
