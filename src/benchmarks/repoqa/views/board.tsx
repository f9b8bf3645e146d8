/** RepoQA's leaderboard page (`GET /`): filters, the sortable table with a column per language, attribution, the metric. */
import type {
  BoardDataset,
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
} from "../../../kit/leaderboard/types";
import { DatasetSelect, FilterForm, FilterSelect, KindSelect, ThresholdSelect } from "../../../kit/pages/controls";
import type { BoardPaging, PageContent } from "../../../kit/pages/family";
import { interval, pct, qs, thresholdKey, when } from "../../../kit/pages/format";
import { TopModels } from "../../../kit/pages/svg-rank";
import { queryParams } from "./params";
import {
  Attribution,
  HeadCells,
  RowHead,
  SortHeader,
  TableLinks,
  isApiSort,
  listedTwice,
  sortParam,
  sortRows,
} from "../../../kit/pages/table";

/** The page's sort keys for a response: rate, model, n and each language. */
export const sortKeys = (data: LeaderboardResponse) => ["rate", "model", "n", ...data.languages];

function Filters(props: {
  q: LeaderboardQuery;
  defaults: LeaderboardQuery;
  languages: string[];
  sort: string;
  datasets?: readonly BoardDataset[];
  keep?: Record<string, string>;
}) {
  const { q } = props;
  // Everything the form does not show is carried along, so "Apply" changes only what was chosen.
  const hidden = {
    ...queryParams(q, props.defaults, {
      sort: sortParam(props.sort, props.defaults).sort,
      threshold: undefined,
      language: undefined,
      kind: undefined,
      dataset: undefined,
    }),
    ...props.keep,
  };
  return (
    <FilterForm action="/" hidden={hidden}>
      <DatasetSelect current={q.dataset} datasets={props.datasets} />
      <ThresholdSelect threshold={Number(q.threshold)} />
      <FilterSelect label="Language" name="language" values={["all", ...props.languages]} selected={q.language} />
      <KindSelect kind={q.kind} />
    </FilterForm>
  );
}

/** The leaderboard page for one API response, rows shown in the page's `sort` (see sortRows). */
export function boardPage(
  data: LeaderboardResponse,
  sort: string,
  defaults: LeaderboardQuery,
  datasets?: readonly BoardDataset[],
  paging?: BoardPaging,
): PageContent {
  const q = data.query;
  return {
    title: `RepoQA leaderboard (${q.dataset}, threshold ${thresholdKey(Number(q.threshold))}) – needlework`,
    description: "Long-context code understanding: RepoQA Searching Needle Function pass@1 by model.",
    body: <Board data={data} sort={sort} defaults={defaults} datasets={datasets} paging={paging} />,
  };
}

function Board(props: {
  data: LeaderboardResponse;
  sort: string;
  defaults: LeaderboardQuery;
  datasets?: readonly BoardDataset[];
  paging?: BoardPaging;
}) {
  const { data, sort, defaults } = props;
  const q = data.query;
  const rows = sortRows(data.rows, sort);
  const showErrors = rows.some((r) => r.errors > 0);
  const showExceeded = rows.some((r) => r.context_exceeded > 0);
  const apiParams = queryParams(q, defaults, { sort: isApiSort(sort) ? sortParam(sort, defaults).sort : undefined });
  const modelParams = queryParams(q, defaults, { sort: undefined, language: undefined, kind: undefined });
  const link = (next: string) => ({ ...queryParams(q, defaults, { sort: next }), ...props.paging?.keep });
  const twice = listedTwice(rows);
  const modelHref = (r: LeaderboardRow) =>
    `/models/${encodeURIComponent(r.model_slug)}${qs({ ...modelParams, ...(twice.has(r.model_slug) ? { kind: r.kind } : {}) })}`;
  const scope = q.language === "all" ? "all languages" : q.language;
  return (
    <>
      <h1>RepoQA “Searching Needle Function” leaderboard</h1>
      <p class="lede">
        Dataset <code>{q.dataset}</code>, {q.mode} scoring, similarity threshold {thresholdKey(Number(q.threshold))},{" "}
        {scope}
        {q.kind === "all" ? "" : `, ${q.kind} results only`}.
        {data.updated_at ? ` Updated ${when(data.updated_at)}.` : ""}
      </p>
      <Filters
        q={q}
        defaults={defaults}
        languages={data.languages}
        sort={sort}
        datasets={props.datasets}
        keep={props.paging?.keep}
      />
      <TableLinks params={{ ...apiParams, ...props.paging?.api }} />
      {rows.length === 0 ? (
        <p>
          No results for this query yet. An administrator loads the published results with{" "}
          <code>npm run leaderboard -- import …</code> (docs/deploying.md).
        </p>
      ) : (
        <div class="scroll">
          <table id="leaderboard">
            <thead>
              <tr>
                <HeadCells rankTitle="Rank by pass@1 at this threshold" sort={sort} link={link} />
                <SortHeader
                  label={`pass@1 %${q.language === "all" ? "" : ` (${q.language})`}`}
                  sortKey="rate"
                  sort={sort}
                  link={link}
                  title="pass@1 in percent, 95 % Wilson interval below"
                />
                <SortHeader label="n" sortKey="n" sort={sort} link={link} title="Tasks scored" />
                {data.languages.map((l) => (
                  <SortHeader label={l} sortKey={l} sort={sort} link={link} title={`pass@1 % in ${l}`} />
                ))}
                {showErrors ? (
                  <th scope="col" title="Requests that failed">
                    errors
                  </th>
                ) : null}
                {showExceeded ? (
                  <th scope="col" title="Prompts longer than the model's context window">
                    context exceeded
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-model={r.model_slug}>
                  <RowHead row={r} href={modelHref(r)} />
                  <td>{r.n ?? "–"}</td>
                  {data.languages.map((l) => {
                    const rate = r.languages[l];
                    return (
                      <td title={rate && interval(rate) ? `95 % interval ${interval(rate)}` : undefined}>
                        {pct(rate?.rate)}
                      </td>
                    );
                  })}
                  {showErrors ? <td>{r.errors || ""}</td> : null}
                  {showExceeded ? <td>{r.context_exceeded || ""}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.paging?.pager}
      <TopModels
        rows={rows}
        href={modelHref}
        metric={`pass@1${q.language === "all" ? "" : ` (${q.language})`}`}
        note="bars: 95 % Wilson intervals (none where a published result has no count)"
      />
      <Attribution rows={rows} />
      <section>
        <h2>What the numbers mean</h2>
        <p class="note">
          Each task hides one function (the needle) in a long code context and describes it in words; the model must
          reproduce it. An answer passes when, among the repository's needles, the one most similar to the answer's code
          (BLEU) is the target and that similarity reaches the threshold. <strong>pass@1</strong> is the share of tasks
          passed, in percent; the small numbers are its 95 % Wilson score interval. <strong>Verified</strong> rows were
          run by this service (the receipt is in the JSON); <strong>reported</strong> rows are published results
          imported with their source. A higher threshold asks for a closer reproduction.
        </p>
      </section>
    </>
  );
}
