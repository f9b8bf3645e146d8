/**
 * LongCodeU on a run's page: the task × length grids of mean recall and precision (the model
 * page's grids, from the run's `summarize` table) and each task's scored, unparseable, failed and
 * overflowed examples.
 */
import type { Child } from "hono/jsx";
import type { RunSummary } from "../../../page/family";
import { LONGCODEU_TASKS } from "../leaderboard";
import type { LongCodeUSummary } from "../summary";
import { ScoreGrid } from "./model";

export function runSummary({ summary }: RunSummary): Child {
  const table = (summary as LongCodeUSummary | null)?.table;
  if (!table || Object.keys(table.tasks).length === 0) return <p class="note">No samples with a task.</p>;
  return (
    <>
      <h3>Mean recall (%) by task and context length</h3>
      <ScoreGrid l={table} metric="recall" />
      <h3>Mean precision (%)</h3>
      <ScoreGrid l={table} metric="precision" />
      <h3>Examples per task</h3>
      <div class="scroll fit">
        <table id="run-counts" class="compact">
          <thead>
            <tr>
              <th class="l" scope="col">task</th>
              <th scope="col">scored</th>
              <th scope="col" title="Outputs that could not be parsed: scored 0">unparseable</th>
              <th scope="col" title="Model calls that failed (not scored)">errors</th>
              <th scope="col" title="Prompts longer than the model's context window (not scored)">context exceeded</th>
            </tr>
          </thead>
          <tbody>
            {LONGCODEU_TASKS.flatMap((t) => {
              const c = table.tasks[t]?.all;
              return c
                ? [
                    <tr data-task={t}>
                      <th class="l" scope="row">{t}</th>
                      <td>{c.n}</td>
                      <td>{c.unparseable}</td>
                      <td>{c.errors}</td>
                      <td>{c.context_exceeded}</td>
                    </tr>,
                  ]
                : [];
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
