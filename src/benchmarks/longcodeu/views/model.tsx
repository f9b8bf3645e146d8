/**
 * One model's LongCodeU page (`GET /models/:slug?benchmark=longcodeu[&dataset=…]`): the task ×
 * context-length grid for recall and for precision (coloured cells that also print their number,
 * so colour is never the only carrier), the average over tasks per length, and the unparseable
 * outputs, errors and context overflows apart.
 */
import type { LeaderboardKind } from "../../../leaderboard/types";
import type { PageContent } from "../../../page/family";
import { qs } from "../../../page/format";
import { HeatCell, HeatLegend } from "../../../page/svg";
import { KindBadge } from "../../../page/table";
import type { LongCodeUTask } from "../dataset";
import { BUCKET_KEYS, LONGCODEU_TASKS, TASK_METRICS, type LongCodeUBreakdown, type LongCodeUMetric, type LongCodeUModelBreakdown } from "../leaderboard";
import type { AverageCell } from "../table";
import { TASK_TITLES, bucketLabel, count, longcodeuParams, metricNames, score } from "./board";

type Cell = { n: number; recall: number | null; precision: number | null };

const COLUMNS = ["all", ...BUCKET_KEYS] as const;

/** One coloured cell: the value, and below it what it is a mean over. */
const ValueCell = (props: { value: number | null; note: string; title: string }) => (
  <HeatCell value={props.value} text={props.value === null ? undefined : score(props.value)} note={props.note} title={props.title} />
);

/** What a task × length grid reads: a model's breakdown, or a run's summary table (src/benchmarks/longcodeu/table.ts). */
export type TaskGrid = {
  tasks: Partial<Record<LongCodeUTask, { all: Cell; buckets: Partial<Record<string, Cell>> }>>;
  average: { all: AverageCell; buckets: Partial<Record<string, AverageCell>> };
};

/** Tasks × (all lengths, then each bucket) of one metric, with the average over tasks as the last row. */
export function ScoreGrid(props: { l: TaskGrid; metric: LongCodeUMetric }) {
  const { l, metric } = props;
  const at = (cells: { all: Cell; buckets: Partial<Record<string, Cell>> }, col: string) => (col === "all" ? cells.all : cells.buckets[col]);
  return (
    <figure>
      <div class="scroll fit">
        <table id={`grid-${metric}`} class="heatmap grid">
          <thead>
            <tr>
              <th class="l sticky" scope="col">task \ length</th>
              {COLUMNS.map((c) => (
                <th scope="col">{c === "all" ? "All" : c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LONGCODEU_TASKS.map((t) => {
              const cells = l.tasks[t];
              return (
                <tr data-task={t}>
                  <th class="l sticky" scope="row" title={TASK_TITLES[t]}>
                    {t}
                    <span class="ci">{TASK_METRICS[t][metric]}</span>
                  </th>
                  {COLUMNS.map((c) => {
                    const cell = cells ? at(cells, c) : undefined;
                    const value = cell && cell.n > 0 ? cell[metric] : null;
                    return <ValueCell value={value} note={`n=${cell?.n ?? 0}`} title={`${t}, ${bucketLabel(c)}: ${TASK_METRICS[t][metric]} ${score(value)} % over ${count(cell?.n ?? 0, "example")}`} />;
                  })}
                </tr>
              );
            })}
            <tr data-task="average">
              <th class="l sticky" scope="row" title="The mean of the task means (the paper's #Avg)">
                Avg
              </th>
              {COLUMNS.map((c) => {
                const avg = c === "all" ? l.average.all : l.average.buckets[c];
                const value = avg ? avg[metric] : null;
                const tasks = avg?.tasks ?? 0;
                return <ValueCell value={value} note={count(tasks, "task")} title={`Average over ${count(tasks, "task")}, ${bucketLabel(c)}: ${score(value)} %`} />;
              })}
            </tr>
          </tbody>
        </table>
      </div>
      <HeatLegend metric={metric} cell={`(cell: mean ${metric} % and scored examples; – none)`} />
    </figure>
  );
}

/** Scored, unparseable, failed and overflowed examples per task over all lengths. */
/** What a task's examples came to: scored (unparseable included), unparseable, failed, overflowed. */
type Counts = { n: number; unparseable: number; errors: number; context_exceeded: number };

/** A row of CountTable: its data-task key, its label and its counts. */
export type CountRow = [key: string, label: string, counts: Counts | undefined];

/**
 * The examples-per-task table of the model and run pages: one row per CountRow (zeros when it
 * has no counts); `scoredTitle` explains the scored column.
 */
export function CountTable(props: { id: string; rows: CountRow[]; scoredTitle?: string }) {
  return (
    <div class="scroll fit">
      <table id={props.id} class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">task</th>
            <th scope="col" title={props.scoredTitle}>scored</th>
            <th scope="col" title="Outputs that could not be parsed: scored 0">unparseable</th>
            <th scope="col" title="Model calls that failed (not scored)">errors</th>
            <th scope="col" title="Prompts longer than the model's context window (not scored)">context exceeded</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map(([key, label, c]) => (
            <tr data-task={key}>
              <th class="l" scope="row">{label}</th>
              <td>{c?.n ?? 0}</td>
              <td>{c?.unparseable ?? 0}</td>
              <td>{c?.errors ?? 0}</td>
              <td>{c?.context_exceeded ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Unparseable outputs per task and length bucket, as "unparseable of scored". */
function UnparseableGrid(props: { l: LongCodeUBreakdown }) {
  const { l } = props;
  return (
    <div class="scroll fit">
      <table id="unparseable-grid" class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">task \ length</th>
            {BUCKET_KEYS.map((b) => (
              <th scope="col">{b}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LONGCODEU_TASKS.map((t) => (
            <tr data-task={t}>
              <th class="l" scope="row">{t}</th>
              {BUCKET_KEYS.map((b) => {
                const c = l.tasks[t]?.buckets[b];
                return <td>{c && c.n > 0 ? `${c.unparseable} of ${c.n}` : "–"}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The LongCodeU model page for one breakdown. `kind` is the kind asked for, if any, kept in the
 * links (a model with both kinds shows the verified entry unless asked).
 */
export function modelPage(data: LongCodeUModelBreakdown, kind?: LeaderboardKind): PageContent {
  return {
    title: `${data.model} – LongCodeU (${data.dataset}) – needlework`,
    description: `LongCodeU results of ${data.model}: recall and precision per task and context length.`,
    body: <ModelBody data={data} kind={kind} />,
  };
}

function ModelBody(props: { data: LongCodeUModelBreakdown; kind?: LeaderboardKind }) {
  const { data } = props;
  const l = data.longcodeu;
  const params = longcodeuParams({ dataset: data.dataset, kind: props.kind });
  const slug = encodeURIComponent(data.model_slug);
  const all = l.average.all;
  return (
    <>
      <p class="links">
        <a href={`/${qs(params)}`}>← LongCodeU leaderboard</a>
      </p>
      <h1>
        {data.model} <KindBadge kind={data.kind} />
      </h1>
      <p class="lede">
        Dataset <code>{data.dataset}</code>: {count(all.n, "example")} scored over {count(all.tasks, "task")}; average recall{" "}
        <strong>{score(all.recall)} %</strong>, precision <strong>{score(all.precision)} %</strong>. {all.unparseable} unparseable (scored 0),{" "}
        {count(all.errors, "error")} and {count(all.context_exceeded, "context overflow")} (not scored).
      </p>
      <p class="links">
        <a href={`/v1/leaderboard/models/${slug}${qs(params)}`}>JSON of this model</a>
      </p>

      <h2>Recall by task and context length</h2>
      <p class="note">{metricNames("recall")}, in percent. Lengths in CodeLlama tokens of the context (1K = 1024).</p>
      <ScoreGrid l={l} metric="recall" />

      <h2>Precision by task and context length</h2>
      <p class="note">{metricNames("precision")}, in percent.</p>
      <ScoreGrid l={l} metric="precision" />

      <h2>Unparseable outputs, errors and overflows</h2>
      <p class="note">
        An output that cannot be parsed in the format its instruction asks for scores 0 and counts in the means above; a failed call or a
        prompt over the model's context window is not an answer and counts in no mean.
      </p>
      <CountTable
        id="counts"
        rows={[...LONGCODEU_TASKS.map((t): CountRow => [t, t, l.tasks[t]?.all]), ["all", "all tasks", l.average.all]]}
        scoredTitle="Examples scored (unparseable ones included)"
      />
      <h3>Unparseable outputs by context length</h3>
      <UnparseableGrid l={l} />
    </>
  );
}
