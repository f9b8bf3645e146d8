/**
 * LongCodeU's task × length grids as the model and run pages show them: mean recall or precision
 * per task and length bucket in coloured cells that also print their number (colour is never the
 * only carrier), the average over tasks as the last row, and the examples-per-task counts.
 */
import { HeatCell, HeatLegend } from "../../../kit/pages/svg";
import type { LongCodeUTask } from "../dataset/index";
import { BUCKET_KEYS, LONGCODEU_TASKS, TASK_METRICS, type LongCodeUMetric } from "../leaderboard";
import type { AverageCell } from "../score/table";
import { TASK_TITLES, bucketLabel, count, score } from "./board";

type Cell = { n: number; recall: number | null; precision: number | null };

const COLUMNS = ["all", ...BUCKET_KEYS] as const;

/** One coloured cell: the value, and below it what it is a mean over. */
const ValueCell = (props: { value: number | null; note: string; title: string }) => (
  <HeatCell
    value={props.value}
    text={props.value === null ? undefined : score(props.value)}
    note={props.note}
    title={props.title}
  />
);

/** What a task × length grid reads: a model's breakdown, or a run's summary table (src/benchmarks/longcodeu/score/table.ts). */
export type TaskGrid = {
  tasks: Partial<Record<LongCodeUTask, { all: Cell; buckets: Partial<Record<string, Cell>> }>>;
  average: { all: AverageCell; buckets: Partial<Record<string, AverageCell>> };
};

/** Tasks × (all lengths, then each bucket) of one metric, with the average over tasks as the last row. */
export function ScoreGrid(props: { l: TaskGrid; metric: LongCodeUMetric }) {
  const { l, metric } = props;
  const at = (cells: { all: Cell; buckets: Partial<Record<string, Cell>> }, col: string) =>
    col === "all" ? cells.all : cells.buckets[col];
  return (
    <figure>
      <div class="scroll fit">
        <table id={`grid-${metric}`} class="heatmap grid">
          <thead>
            <tr>
              <th class="l sticky" scope="col">
                task \ length
              </th>
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
                    return (
                      <ValueCell
                        value={value}
                        note={`n=${cell?.n ?? 0}`}
                        title={`${t}, ${bucketLabel(c)}: ${TASK_METRICS[t][metric]} ${score(value)} % over ${count(cell?.n ?? 0, "example")}`}
                      />
                    );
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
                return (
                  <ValueCell
                    value={value}
                    note={count(tasks, "task")}
                    title={`Average over ${count(tasks, "task")}, ${bucketLabel(c)}: ${score(value)} %`}
                  />
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
      <HeatLegend metric={metric} cell={`(cell: mean ${metric} % and scored examples; – none)`} />
    </figure>
  );
}

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
            <th class="l" scope="col">
              task
            </th>
            <th scope="col" title={props.scoredTitle}>
              scored
            </th>
            <th scope="col" title="Outputs that could not be parsed: scored 0">
              unparseable
            </th>
            <th scope="col" title="Model calls that failed (not scored)">
              errors
            </th>
            <th scope="col" title="Prompts longer than the model's context window (not scored)">
              context exceeded
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map(([key, label, c]) => (
            <tr data-task={key}>
              <th class="l" scope="row">
                {label}
              </th>
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
