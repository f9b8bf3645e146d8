/**
 * The LongCodeU leaderboard page (`/?benchmark=longcodeu[&dataset=…][&bucket=…][&metric=…]`): the
 * eight tasks' mean scores and their average (the paper's #Avg) in one context-length bucket, for
 * recall or precision, chosen with a plain GET form. The paper's own Table 3 is shown apart, as a
 * reference, when the view matches what it reports (recall, all lengths).
 */
import type { BoardDataset, LeaderboardQuery, LeaderboardResponse } from "../../../kit/leaderboard/types";
import { DatasetSelect, FilterForm, FilterSelect, KindSelect } from "../../../kit/pages/controls";
import type { BoardPaging, PageContent } from "../../../kit/pages/family";
import { qs, when } from "../../../kit/pages/format";
import { TopModels } from "../../../kit/pages/svg-rank";
import {
  FailureCells,
  FailureHeads,
  HeadCells,
  ModelCells,
  SortHeader,
  TableLinks,
  apiQuery,
  listedTwice,
  sortParam,
  sortRows,
  type ColumnValue,
} from "../../../kit/pages/table";
import {
  BUCKET_KEYS,
  LONGCODEU_BENCHMARK,
  LONGCODEU_TASKS,
  TASK_METRICS,
  type LongCodeUMetric,
  type LongCodeUQuery,
  type LongCodeUResponse,
  type LongCodeURow,
  type LongCodeUTask,
  type PaperReference,
} from "../leaderboard";

/** The page's sort keys: rate (the average), model, n, unparseable and each task. */
export const sortKeys = () => ["rate", "model", "n", "unparseable", ...LONGCODEU_TASKS];

/** The unparseable count and the task columns, the table's own sort keys. */
const column: ColumnValue = (row, key) => {
  const r = row as Partial<LongCodeURow>;
  if (key === "unparseable") return r.unparseable ?? null;
  if (r.tasks && key in r.tasks) return r.tasks[key as LongCodeUTask];
  return undefined;
};

/** The paper's task names (its appendix C). */
export const TASK_TITLES: Record<LongCodeUTask, string> = {
  CU_P: "Code unit perception",
  CU_SA: "Code unit semantic analysis",
  CU_DFA: "Code unit data-flow analysis",
  DRA_T1: "Dependency relation analysis, given a function",
  DRA_T2: "Dependency relation analysis, given a requirement",
  SRE_T1: "Semantic relation extraction, given a function",
  SRE_T2: "Semantic relation extraction, given a requirement",
  LDU: "Long documentation understanding",
};

/** A score (0 … 1) in percent with two decimals, as the paper prints them ("56.42"); "–" for none. */
export function score(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : (v * 100).toFixed(2);
}

/** "1 error", "2 errors". */
export const count = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

/** A length bucket as people read it. */
export const bucketLabel = (b: string) => (b === "all" ? "All lengths" : `${b} tokens`);

/** The metrics of a view, for captions: "LCS-R (CU_P), CodeBLEU (CU_SA), …". */
export const metricNames = (metric: LongCodeUMetric) =>
  LONGCODEU_TASKS.map((t) => `${TASK_METRICS[t][metric]} (${t})`).join(", ");

/** Query parameters of a LongCodeU page: dataset, and bucket, metric and kind when not the default. */
export function longcodeuParams(q: {
  dataset: string;
  bucket?: string;
  metric?: string;
  kind?: string;
}): Record<string, string> {
  return {
    benchmark: LONGCODEU_BENCHMARK,
    ...(q.dataset ? { dataset: q.dataset } : {}),
    ...(q.bucket && q.bucket !== "all" ? { bucket: q.bucket } : {}),
    ...(q.metric && q.metric !== "recall" ? { metric: q.metric } : {}),
    ...(q.kind && q.kind !== "all" ? { kind: q.kind } : {}),
  };
}

/** Dataset, length, metric and kind, carrying benchmark and sort along. */
function Filters(props: {
  q: LongCodeUQuery;
  sort: string;
  defaults: LeaderboardQuery;
  datasets?: readonly BoardDataset[];
  keep?: Record<string, string>;
}) {
  const { q } = props;
  const hidden = { ...longcodeuParams({ dataset: "" }), ...sortParam(props.sort, props.defaults), ...props.keep };
  return (
    <FilterForm action="/" hidden={hidden}>
      <DatasetSelect current={q.dataset} datasets={props.datasets} />
      <FilterSelect label="Length" name="bucket" values={["all", ...BUCKET_KEYS]} selected={q.bucket} />
      <FilterSelect label="Metric" name="metric" values={["recall", "precision"]} selected={q.metric} />
      <KindSelect kind={q.kind} />
    </FilterForm>
  );
}

/** The paper's Table 3, apart from our rows. */
function PaperTable(props: { rows: readonly PaperReference[] }) {
  return (
    <div class="scroll">
      <table id="paper-reference">
        <caption class="muted">
          Li et al., LongCodeU, Table 3: recall metrics over all lengths on the paper's data set, in percent.
        </caption>
        <thead>
          <tr>
            <th class="l sticky" scope="col">
              model (paper)
            </th>
            <th scope="col" title="The mean of the eight task scores">
              Avg
            </th>
            {LONGCODEU_TASKS.map((t) => (
              <th scope="col" title={`${TASK_TITLES[t]} (${TASK_METRICS[t].recall})`}>
                {t}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr>
              <th class="l sticky" scope="row">
                {r.model}
              </th>
              <td>
                <strong>{score(r.average)}</strong>
              </td>
              {LONGCODEU_TASKS.map((t) => (
                <td>{score(r.tasks[t])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The LongCodeU leaderboard for one API response, rows in the page's `sort`. */
export function boardPage(
  data: LeaderboardResponse,
  sort: string,
  defaults: LeaderboardQuery,
  datasets?: readonly BoardDataset[],
  paging?: BoardPaging,
): PageContent {
  const q = data.query;
  return {
    title: `LongCodeU leaderboard${q.dataset ? ` (${q.dataset})` : ""} – needlework`,
    description: "LongCodeU: long code understanding in eight tasks, recall and precision by context length, by model.",
    body: (
      <Board data={data as LongCodeUResponse} sort={sort} defaults={defaults} datasets={datasets} paging={paging} />
    ),
  };
}

function Board(props: {
  data: LongCodeUResponse;
  sort: string;
  defaults: LeaderboardQuery;
  datasets?: readonly BoardDataset[];
  paging?: BoardPaging;
}) {
  const { data, sort, defaults } = props;
  const q = data.query;
  const metric = q.metric ?? "recall";
  const bucket = q.bucket ?? "all";
  const rows = sortRows(data.rows, sort, column) as LongCodeURow[];
  const params = longcodeuParams(q);
  const apiParams = apiQuery(params, sort, defaults);
  const twice = listedTwice(rows);
  const modelHref = (r: LongCodeURow) =>
    `/models/${encodeURIComponent(r.model_slug)}${qs(longcodeuParams({ dataset: q.dataset, kind: twice.has(r.model_slug) ? r.kind : undefined }))}`;
  const showExceeded = rows.some((r) => r.context_exceeded > 0);
  const link = (next: string) => ({ ...params, sort: next, ...props.paging?.keep });
  const header = (label: string, key: string, title: string) => (
    <SortHeader label={label} sortKey={key} sort={sort} link={link} title={title} />
  );
  return (
    <>
      <h1>LongCodeU: long code understanding</h1>
      <p class="lede">
        {q.dataset ? (
          <>
            Dataset <code>{q.dataset}</code>
          </>
        ) : (
          "No dataset loaded yet"
        )}
        : eight tasks over real repositories' code and documentation (Li et al., “LongCodeU”).{" "}
        {metric === "recall" ? "Recall" : "Precision"},{" "}
        {bucket === "all" ? "all context lengths" : `contexts of ${bucket} tokens`}
        {q.kind === "all" ? "" : `, ${q.kind} results only`}.
        {data.updated_at ? ` Updated ${when(data.updated_at)}.` : ""}
      </p>
      <Filters q={q} sort={sort} defaults={defaults} datasets={props.datasets} keep={props.paging?.keep} />
      <TableLinks params={{ ...apiParams, ...props.paging?.api }} />
      <p class="note">
        {metric === "recall" ? "Recall" : "Precision"} in percent: {metricNames(metric)}. Avg is the mean of the task
        means.
      </p>
      {rows.length === 0 ? (
        <p id="no-results">
          No LongCodeU results {bucket === "all" ? "" : `for ${bucket} tokens `}
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
              , e.g. <code>npm run eval -- --benchmark longcodeu --dataset {q.dataset} --model baseline:oracle</code>
            </>
          ) : (
            <>
              {" "}
              (<code>npm start</code> loads the demo <code>longcodeu-demo</code>;{" "}
              <code>npm run longcodeu -- build</code> builds one, docs/longcodeu.md)
            </>
          )}
          .
        </p>
      ) : (
        <div class="scroll">
          <table id="leaderboard" class="longcodeu">
            <thead>
              <tr>
                <HeadCells rankTitle="Rank by the average" sort={sort} link={link} />
                {/* The average first: what a phone shows without scrolling. */}
                {header("Avg %", "rate", `The mean over tasks of each task's mean ${metric} (the paper's #Avg)`)}
                {LONGCODEU_TASKS.map((t) => header(t, t, `${TASK_TITLES[t]}: mean ${TASK_METRICS[t][metric]} %`))}
                {header("n", "n", "Examples scored")}
                {header("unparseable", "unparseable", "Outputs that could not be parsed: scored 0 and counted in n")}
                <FailureHeads showExceeded={showExceeded} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-model={r.model_slug}>
                  <ModelCells row={r} href={modelHref(r)} />
                  <td class="rate" data-rate={String(r.rate)}>
                    <strong>{score(r.rate)}</strong>
                    {r.tasks_averaged !== undefined && r.tasks_averaged < LONGCODEU_TASKS.length ? (
                      <span class="ci">{r.tasks_averaged} of 8 tasks</span>
                    ) : null}
                  </td>
                  {LONGCODEU_TASKS.map((t) => (
                    <td data-task={t}>{score(r.tasks?.[t])}</td>
                  ))}
                  <td>{r.n ?? "–"}</td>
                  <td>{r.unparseable || ""}</td>
                  <FailureCells row={r} showExceeded={showExceeded} />
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
        metric={`average ${metric}${bucket === "all" ? "" : `, ${bucket} tokens`}`}
        note="no interval: the average is a mean of graded scores over tasks, not a pass rate"
      />
      <section>
        <h2>The paper's results (reference)</h2>
        {data.paper_reference ? (
          <>
            <p class="note">
              Published figures of the paper's models on the paper's own data set, for orientation only: they are not
              entries of this leaderboard and were not measured here.
            </p>
            <PaperTable rows={data.paper_reference} />
          </>
        ) : (
          <p class="note">
            The paper reports recall over all context lengths: choose{" "}
            <a href={`/${qs(longcodeuParams({ dataset: q.dataset, kind: q.kind }))}`}>recall, all lengths</a> to see its
            Table 3 beside these rows.
          </p>
        )}
      </section>
      <section>
        <h2>What the numbers mean</h2>
        <p class="note">
          Each example gives a model a long context (code of one repository, 0 to 128K CodeLlama tokens, or its numbered
          documentation for LDU) and asks for code units, names, lines or a section from it. Each task has the paper's
          metric: <strong>recall</strong> (EM-R for data-flow lines, LCS-R for function names in order, CB-R: CodeBLEU
          of each predicted unit against the reference unit of the same name, over the reference's units) and{" "}
          <strong>precision</strong> (the same over the predicted ones); CU_SA is scored with CodeBLEU and LDU with
          BLEU, the same under both. A task's score is the mean over its scored examples; <strong>Avg</strong> is the
          mean of the task scores (over the tasks with examples in the chosen length bucket, said below it when fewer
          than eight). An output that cannot be parsed scores 0 and is counted as <strong>unparseable</strong>; errors
          and context overflows are counted apart and are not answers.
        </p>
      </section>
    </>
  );
}

/** The stylesheet rules of the LongCodeU table: wrapping column headers, narrower cells. */
export const CSS = `table.longcodeu th[scope="col"] { white-space: normal; }
table.longcodeu th, table.longcodeu td { padding-left: .45rem; padding-right: .45rem; }
td.ok, td.miss { white-space: normal; min-width: 6rem; } td.ok { color: #0f5323; } td.miss { color: #82071e; }
pre.code.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
.beside > section { min-width: 0; }
dl.anchor { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem .75rem; margin: .5rem 0; }
dl.anchor dt { color: var(--muted); font-size: .85rem; }
dl.anchor dd { margin: 0; min-width: 0; }
`;
