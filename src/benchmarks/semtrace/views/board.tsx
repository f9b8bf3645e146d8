/**
 * The leaderboard page of a positional benchmark (`/?benchmark=semtrace&dataset=…`): exact-match
 * accuracy with its Wilson interval, n, errors and the median relative drop. No threshold, mode or
 * comment controls: none of them means anything for these tasks.
 */
import type { BoardDataset, LeaderboardQuery, LeaderboardResponse } from "../../../kit/leaderboard/types";
import { DatasetSelect, FilterForm, KindSelect } from "../../../kit/pages/controls";
import type { BoardPaging, PageContent } from "../../../kit/pages/family";
import { qs, when } from "../../../kit/pages/format";
import { TopModels } from "../../../kit/pages/svg-rank";
import {
  FailureCells,
  FailureHeads,
  HeadCells,
  RowHead,
  SortHeader,
  TableLinks,
  apiQuery,
  listedTwice,
  sortParam,
  sortRows,
  type ColumnValue,
} from "../../../kit/pages/table";
import { TITLES, type PositionalBenchmark } from "../dataset/ids";
import { PAPER_MEDIAN_DROP, type PositionalResponse, type PositionalRow } from "../leaderboard";
import { SHORT_NAMES, dropPct, positionalParams } from "./positional";

/** The page's sort keys: rate, model, n and median_drop (one language only, Python). */
export const sortKeys = () => ["rate", "model", "n", "median_drop"];

/** The median drop, the one column of its own the table sorts by. */
const column: ColumnValue = (r, key) =>
  key === "median_drop" ? ((r as PositionalRow).median_drop ?? null) : undefined;

/** The dataset and kind filters, carrying benchmark and sort along. */
function Filters(props: {
  q: LeaderboardQuery;
  sort: string;
  defaults: LeaderboardQuery;
  datasets?: readonly BoardDataset[];
  keep?: Record<string, string>;
}) {
  const { q } = props;
  const hidden = { ...positionalParams(q.benchmark, ""), ...sortParam(props.sort, props.defaults), ...props.keep };
  return (
    <FilterForm action="/" hidden={hidden}>
      <DatasetSelect current={q.dataset} datasets={props.datasets} />
      <KindSelect kind={q.kind} />
    </FilterForm>
  );
}

/** The command that publishes a first entry of `b` on `dataset` (a baseline: it needs no model). */
export const firstRun = (b: PositionalBenchmark, dataset: string) =>
  `npm run eval -- --benchmark ${b} --dataset ${dataset} --model baseline:${b === "lexical-recall" ? "oracle" : "interpreter"}`;

/** The positional leaderboard for one API response, rows in the page's `sort`. */
export function boardPage(
  data: LeaderboardResponse,
  sort: string,
  defaults: LeaderboardQuery,
  datasets?: readonly BoardDataset[],
  paging?: BoardPaging,
): PageContent {
  const q = data.query;
  const b = q.benchmark as PositionalBenchmark;
  return {
    title: `${SHORT_NAMES[b]} leaderboard${q.dataset ? ` (${q.dataset})` : ""} – needlework`,
    description: `${TITLES[b]}: exact-match accuracy and the relative drop toward the middle of the context, by model.`,
    body: (
      <Board data={data as PositionalResponse} sort={sort} defaults={defaults} datasets={datasets} paging={paging} />
    ),
  };
}

function Board(props: {
  data: PositionalResponse;
  sort: string;
  defaults: LeaderboardQuery;
  datasets?: readonly BoardDataset[];
  paging?: BoardPaging;
}) {
  const { data, sort, defaults } = props;
  const q = data.query;
  const b = q.benchmark as PositionalBenchmark;
  const rows = sortRows(data.rows, sort, column) as PositionalRow[];
  const params = positionalParams(b, q.dataset, q.kind);
  const apiParams = apiQuery(params, sort, defaults);
  const link = (next: string) => ({ ...params, sort: next, ...props.paging?.keep });
  const twice = listedTwice(rows);
  const modelHref = (r: PositionalRow) =>
    `/models/${encodeURIComponent(r.model_slug)}${qs(positionalParams(b, q.dataset, twice.has(r.model_slug) ? r.kind : undefined))}`;
  const showExceeded = rows.some((r) => r.context_exceeded > 0);
  const paper = PAPER_MEDIAN_DROP[b];
  return (
    <>
      <h1>{TITLES[b]}</h1>
      <p class="lede">
        {q.dataset ? (
          <>
            Dataset <code>{q.dataset}</code>
          </>
        ) : (
          "No dataset loaded yet"
        )}
        : a target function among D distractor functions at positions from the start to the end of the context (Štorek
        et al., “Sense and Sensitivity”){q.kind === "all" ? "" : `, ${q.kind} results only`}.
        {data.updated_at ? ` Updated ${when(data.updated_at)}.` : ""}
      </p>
      <Filters q={q} sort={sort} defaults={defaults} datasets={props.datasets} keep={props.paging?.keep} />
      <TableLinks params={{ ...apiParams, ...props.paging?.api }} />
      {rows.length === 0 ? (
        <p id="no-results">
          No results for {SHORT_NAMES[b]}{" "}
          {q.dataset ? (
            <>
              on <code>{q.dataset}</code>{" "}
            </>
          ) : (
            ""
          )}
          yet: a completed run of this service over the whole dataset publishes itself on this page
          {q.dataset ? (
            <>
              , e.g. <code>{firstRun(b, q.dataset)}</code>
            </>
          ) : (
            <>
              {" "}
              (<code>npm start</code> loads the demo suite <code>semtrace-demo</code>;{" "}
              <code>npm run semtrace -- build</code> builds one, docs/semtrace.md)
            </>
          )}
          .
        </p>
      ) : (
        <div class="scroll">
          <table id="leaderboard" class="positional">
            <thead>
              <tr>
                <HeadCells rankTitle="Rank by accuracy" sort={sort} link={link} />
                <SortHeader
                  label="accuracy %"
                  sortKey="rate"
                  sort={sort}
                  link={link}
                  title="Exact-match accuracy over every (D, position) cell, 95 % Wilson interval below"
                />
                {/* The drop beside the accuracy: both fit a phone's first screen. */}
                <SortHeader
                  label="median drop %"
                  sortKey="median_drop"
                  sort={sort}
                  link={link}
                  title="Median over D of the relative accuracy drop toward the middle of the context"
                />
                <SortHeader label="n" sortKey="n" sort={sort} link={link} title="Samples scored (targets × cells)" />
                <FailureHeads showExceeded={showExceeded} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-model={r.model_slug}>
                  <RowHead row={r} href={modelHref(r)} />
                  <td
                    class="drop"
                    data-drop={
                      r.median_drop === null || r.median_drop === undefined ? undefined : String(r.median_drop)
                    }
                  >
                    {dropPct(r.median_drop)}
                  </td>
                  <td>{r.n ?? "–"}</td>
                  <FailureCells row={r} showExceeded={showExceeded} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.paging?.pager}
      <TopModels rows={rows} href={modelHref} metric="accuracy" note="bars: 95 % Wilson intervals" />
      <p class="note paper">
        The paper's median drop for {SHORT_NAMES[b]}: <strong>{dropPct(paper)} %</strong> (lexical recall 2.39 %,
        CRUXEval-O 53.36 %, SemTrace 92.73 %).
      </p>
      <section>
        <h2>What the numbers mean</h2>
        <p class="note">
          Each target function is hidden among D distractor functions (D = 20, 40, 60, 80 by default) at a position from
          0 (the start of the list) to 1 (its end). <strong>Accuracy</strong> is the share of exact answers over every
          (D, position) cell, in percent, with its 95 % Wilson score interval; errors and context overflows are counted
          apart and are not wrong answers. <strong>Relative accuracy</strong> at (D, position) is the accuracy there
          divided by the model's best position at the same D; the <strong>drop</strong> at D is 1 − its lowest relative
          accuracy strictly inside the context (0 &lt; position &lt; 1), and the <strong>median drop</strong> is the
          median of the drops over D: how much a model loses toward the middle. Lexical recall barely moves; tasks that
          need semantic recall (SemTrace) fall sharply.
        </p>
      </section>
    </>
  );
}

/** The stylesheet rules of the positional tables: their column headers wrap. */
export const CSS = `#positional-summary th[scope="col"], table.positional th[scope="col"] { white-space: normal; }
`;
