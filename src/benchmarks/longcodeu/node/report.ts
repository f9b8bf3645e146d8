/**
 * LongCodeU's section of `npm run eval`'s report: recall and precision per task and length bucket.
 * Pure functions of the results' `summary` (its `Benchmark.summarize`, ../summary.ts).
 */
import type { RunResults } from "../../../../cli/lib/node-family";
import { grid, pct, rule } from "../../../../cli/lib/text-table";
import { BUCKET_KEYS, LONGCODEU_TASKS } from "../dataset/index";
import type { LongCodeUSummary } from "../summary";
import type { TableCell } from "../score/table";

/**
 * One table for recall and one for precision, in percent, per task (with its metric) and length
 * bucket, the paper's #Avg (mean of the task means) last; n = scored samples, and the unparseable /
 * error / context-exceeded counts of each task.
 */
export function longcodeuResultsTable(summary: LongCodeUSummary): string {
  const { table, metrics } = summary;
  const tasks = LONGCODEU_TASKS.filter((t) => table.tasks[t]);
  if (tasks.length === 0) return "LongCodeU: no samples";
  const buckets = BUCKET_KEYS.filter((b) => tasks.some((t) => table.tasks[t]!.buckets[b]));
  const value = (x: number | null | undefined) => (x === null || x === undefined ? "-" : pct(x));
  const section = (kind: "recall" | "precision") => {
    const rows = [["task", "metric", "n", "all", ...buckets, "unparseable", "errors", "ctx-exceeded"]];
    for (const t of tasks) {
      const cell = table.tasks[t]!;
      const b = (k: (typeof buckets)[number]) => value((cell.buckets[k] as TableCell | undefined)?.[kind]);
      rows.push([
        t,
        metrics[t] ?? "",
        String(cell.all.n),
        value(cell.all[kind]),
        ...buckets.map(b),
        String(cell.all.unparseable),
        String(cell.all.errors),
        String(cell.all.context_exceeded),
      ]);
    }
    rows.push([
      "#Avg",
      "",
      "",
      value(table.average.all[kind]),
      ...buckets.map((k) => value(table.average.buckets[k]?.[kind])),
      "",
      "",
      "",
    ]);
    const lines = grid(rows);
    const line = rule(lines);
    return [
      `LongCodeU ${kind} (%) by task and context length (#Avg: mean of the task means; unparseable answers score 0)`,
      lines[0],
      line,
      ...lines.slice(1, -1),
      line,
      lines[lines.length - 1],
    ].join("\n");
  };
  return [section("recall"), "", section("precision")].join("\n");
}

/** The tables for a LongCodeU run; undefined for another family's results. */
export function runReport(results: RunResults): string[] | undefined {
  const summary = "summary" in results ? results.summary : undefined;
  if (!summary || typeof summary !== "object" || !("table" in summary) || !("metrics" in summary)) return undefined;
  return [longcodeuResultsTable(summary as LongCodeUSummary)];
}
