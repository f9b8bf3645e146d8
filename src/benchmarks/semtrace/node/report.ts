/**
 * The SemTrace family's section of `npm run eval`'s report: accuracy by distractors x position (the
 * paper's Figure 2 before normalisation) for the positional benchmarks, the sensitivity curve for the
 * line-removal ones. Pure functions of the results' `summary`.
 */
import type { RunResults } from "../../../../cli/lib/node-family";
import { pct, titledTable } from "../../../../cli/lib/text-table";

export interface PositionalSummary {
  grid: {
    distractors: number;
    position: number;
    n: number;
    accuracy: number;
    mean_score: number;
    unresolved: number;
    unparseable: number;
  }[];
  drops: { distractors: number; best: number; drop: number | null }[];
  median_drop: number | null;
  unresolved: number;
  unparseable: number;
}

export interface SensitivityResults {
  sensitivity: null | {
    per_snippet: { mean: number | null; snippets: number; unsolved: number };
    aggregate: number | null;
    curve: { bucket: string; n: number; accuracy: number }[];
  };
  /** Snippets left out of the figures for want of a scored complete version (../summary.ts). */
  without_complete?: { note: string };
}

/**
 * Accuracy (%) per distractor count (rows) and target position (columns), the paper's Figure 2
 * before normalisation, with each row's relative drop toward the middle and partial-match means.
 */
export function positionTable(summary: PositionalSummary): string {
  if (summary.grid.length === 0) return "accuracy by position: no scored samples";
  const positions = [...new Set(summary.grid.map((c) => c.position))].sort((a, b) => a - b);
  const ds = [...new Set(summary.grid.map((c) => c.distractors))].sort((a, b) => a - b);
  const cell = (d: number, p: number, f: (c: PositionalSummary["grid"][number]) => number) => {
    const c = summary.grid.find((x) => x.distractors === d && x.position === p);
    return c ? pct(f(c)) : "-";
  };
  const drop = (d: number) => summary.drops.find((r) => r.distractors === d)?.drop;
  const table = (title: string, f: (c: PositionalSummary["grid"][number]) => number, withDrop: boolean) => {
    const rows = [["D \\ position", ...positions.map(String), ...(withDrop ? ["drop"] : [])]];
    for (const d of ds)
      rows.push([
        String(d),
        ...positions.map((p) => cell(d, p, f)),
        ...(withDrop ? [drop(d) == null ? "-" : pct(drop(d)!)] : []),
      ]);
    return titledTable(title, rows);
  };
  const median = summary.median_drop === null ? "-" : `${pct(summary.median_drop)} %`;
  return [
    table(
      "accuracy (%) by distractors D and target position; drop = 1 - worst interior / best position",
      (c) => c.accuracy,
      true,
    ),
    `median relative drop toward the middle: ${median}; unresolved answers ${summary.unresolved}, unparseable ${summary.unparseable}`,
    "",
    table("partial match (%): mean fraction of list positions right", (c) => c.mean_score, false),
  ].join("\n");
}

/** Accuracy by fraction of lines removed, and the sensitivity (Eq. 1 of the paper). */
export function sensitivityTable(results: SensitivityResults): string {
  const s = results.sensitivity;
  const leftOut = results.without_complete ? [`left out: ${results.without_complete.note}`] : [];
  if (!s) return leftOut.length ? leftOut.join("\n") : "sensitivity: no scored samples";
  const fmt = (x: number | null) => (x === null ? "-" : x.toFixed(4));
  return [
    ...leftOut,
    titledTable("accuracy (%) by fraction of body lines removed", [
      ["lines removed", "n", "accuracy"],
      ...s.curve.map((c) => [c.bucket, String(c.n), pct(c.accuracy)]),
    ]),
    `sensitivity: per snippet ${fmt(s.per_snippet.mean)} over ${s.per_snippet.snippets} solved snippets (${s.per_snippet.unsolved} unsolved counted apart); aggregate ${fmt(s.aggregate)}`,
  ].join("\n");
}

/** The tables for a run of one of the family's benchmarks; undefined for another family's results. */
export function runReport(results: RunResults): string[] | undefined {
  const summary = "summary" in results ? results.summary : undefined;
  if (!summary || typeof summary !== "object") return undefined;
  if ("grid" in summary && "drops" in summary) return [positionTable(summary as PositionalSummary)];
  if ("sensitivity" in summary) return [sensitivityTable(summary as SensitivityResults)];
  return undefined;
}
