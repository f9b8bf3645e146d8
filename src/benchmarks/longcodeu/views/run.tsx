/**
 * LongCodeU on a run's page, from the run's `summarize` table: its headline figures (the graded
 * metric's mean, not a pass share: `figures`), each task's metric and mean score, the mean recall
 * by context length as a chart, the task × length grids of mean recall and precision (the model
 * page's), and each task's scored, unparseable, failed and overflowed examples.
 */
import type { Child } from "hono/jsx";
import type { RunFigure, RunSummary } from "../../../kit/pages/family";
import { LONGCODEU_TASKS, TASK_METRICS } from "../leaderboard";
import type { LongCodeUSummary } from "../summary";
import { TASK_TITLES, count, score } from "./board";
import { LengthChart } from "./length-chart";
import { CountTable, ScoreGrid, type CountRow } from "./grids";

const tableOf = (summary: RunSummary["summary"]) => (summary as LongCodeUSummary | null)?.table;

/**
 * A run's headline: with one task, its metric's mean (e.g. "LCS-R (%)"); with several, the average
 * over tasks of their mean recall and precision (the paper's #Avg). Then the unparseable outputs.
 */
export function runFigures({ summary }: RunSummary): RunFigure[] {
  const table = tableOf(summary);
  const tasks = LONGCODEU_TASKS.filter((t) => table?.tasks[t]);
  if (!table || tasks.length === 0) return [];
  const avg = table.average.all;
  const unparseable = tasks.reduce((n, t) => n + (table.tasks[t]?.all.unparseable ?? 0), 0);
  const one = tasks.length === 1 ? tasks[0] : null;
  const figures: (RunFigure | null)[] = [
    one
      ? {
          label: `${TASK_METRICS[one].recall} (%)`,
          name: "recall",
          value: score(avg.recall),
          title: `${one}: mean ${TASK_METRICS[one].recall} over its scored examples`,
        }
      : {
          label: "mean recall (%)",
          name: "recall",
          value: score(avg.recall),
          title: `The mean over ${count(tasks.length, "task")} of each task's mean recall (the paper's #Avg)`,
        },
    one && TASK_METRICS[one].precision === TASK_METRICS[one].recall
      ? null
      : {
          label: one ? `${TASK_METRICS[one].precision} (%)` : "mean precision (%)",
          name: "precision",
          value: score(avg.precision),
          title: "The same over precision",
        },
    {
      label: "unparseable",
      name: "unparseable",
      value: String(unparseable),
      title: "Outputs not in the shape the instruction asks for: scored 0, counted in the means",
    },
  ];
  return figures.filter((f): f is RunFigure => f !== null);
}

/** Each task's metric and mean scores over all lengths, then the average over tasks. */
function TaskTable(props: { table: NonNullable<ReturnType<typeof tableOf>> }) {
  const { table } = props;
  const tasks = LONGCODEU_TASKS.filter((t) => table.tasks[t]);
  return (
    <div class="scroll fit">
      <table id="task-scores" class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">
              task
            </th>
            <th class="l" scope="col">
              metric
            </th>
            <th scope="col" title="Mean recall of the scored examples">
              recall %
            </th>
            <th scope="col" title="Mean precision of the scored examples">
              precision %
            </th>
            <th scope="col" title="Examples scored (unparseable ones included)">
              n
            </th>
            <th scope="col" title="Outputs that could not be parsed: scored 0">
              unparseable
            </th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((t) => {
            const c = table.tasks[t]!.all;
            const m = TASK_METRICS[t];
            return (
              <tr data-task={t}>
                <th class="l" scope="row" title={TASK_TITLES[t]}>
                  {t}
                  <span class="ci">{TASK_TITLES[t]}</span>
                </th>
                <td class="l">{m.recall === m.precision ? m.recall : `${m.recall} / ${m.precision}`}</td>
                <td>
                  <strong>{score(c.recall)}</strong>
                </td>
                <td>{score(c.precision)}</td>
                <td>{c.n}</td>
                <td>{c.unparseable || ""}</td>
              </tr>
            );
          })}
          {tasks.length > 1 ? (
            <tr data-task="average">
              <th class="l" scope="row" title="The mean of the task means (the paper's #Avg)">
                Avg
              </th>
              <td class="l">{count(table.average.all.tasks, "task")}</td>
              <td>
                <strong>{score(table.average.all.recall)}</strong>
              </td>
              <td>{score(table.average.all.precision)}</td>
              <td></td>
              <td></td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

export function runSummary({ summary }: RunSummary): Child {
  const table = tableOf(summary);
  if (!table || Object.keys(table.tasks).length === 0) return <p class="note">No samples with a task.</p>;
  return (
    <>
      <h3>Mean score per task</h3>
      <p class="note">
        Each task is scored with the paper's metric: a graded score from 0 to 1 per example (LCS, exact match of lines,
        CodeBLEU, BLEU), averaged over the task's scored examples.
      </p>
      <TaskTable table={table} />
      <h3>Mean recall by context length</h3>
      <LengthChart id="length-chart" l={table} metric="recall" />
      <h3>Mean recall (%) by task and context length</h3>
      <ScoreGrid l={table} metric="recall" />
      <h3>Mean precision (%)</h3>
      <ScoreGrid l={table} metric="precision" />
      <h3>Examples per task</h3>
      <CountTable
        id="run-counts"
        rows={LONGCODEU_TASKS.flatMap((t): CountRow[] => {
          const c = table.tasks[t]?.all;
          return c ? [[t, t, c]] : [];
        })}
      />
    </>
  );
}
