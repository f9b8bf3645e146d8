/**
 * LongCodeU on a run's page: the task × length grids of mean recall and precision (the model
 * page's grids, from the run's `summarize` table) and each task's scored, unparseable, failed and
 * overflowed examples.
 */
import type { Child } from "hono/jsx";
import type { RunSummary } from "../../../page/family";
import { LONGCODEU_TASKS } from "../leaderboard";
import type { LongCodeUSummary } from "../summary";
import { CountTable, ScoreGrid, type CountRow } from "./model";

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
