/**
 * What `npm run eval` prints about a run: the progress line, the reference-style pass@1 table, the
 * depth table and the export file names. Pure functions of the API's JSON.
 */

/** A run's progress as `GET /v1/runs/{id}` and the `progress` events carry it. */
export type { RunProgress } from "../../src/runs/config";
import type { RunProgress } from "../../src/runs/config";
import { BUCKET_KEYS, LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset";
import type { LongCodeUSummary } from "../../src/benchmarks/longcodeu/summary";
import type { TableCell } from "../../src/benchmarks/longcodeu/table";

export interface Rate {
  n: number;
  passed: number;
  rate: number;
  ci_low: number;
  ci_high: number;
}

/** `GET /v1/runs/{id}/results`. */
export interface RunResults {
  run: string;
  model: string;
  status: string;
  threshold: string;
  thresholds: string[];
  samples: number;
  scored: number;
  errors: number;
  context_exceeded: number;
  pass_at_1: Record<string, Record<string, Rate>>;
  by_depth: ({ bucket: string } & Rate)[];
  /** The benchmark's own results (SemTrace family: the position grid, or sensitivity; LongCodeU: its table). */
  summary?: PositionalSummary | SensitivityResults | LongCodeUSummary;
  receipt?: Record<string, unknown>;
}

export interface PositionalSummary {
  grid: { distractors: number; position: number; n: number; accuracy: number; mean_score: number; unresolved: number; unparseable: number }[];
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
}

/** 950, 12.3k, 4.5M. */
export function compactNumber(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1e6) return `${(n / 1e3).toFixed(1)}k`;
  if (n < 1e9) return `${(n / 1e6).toFixed(1)}M`;
  return `${(n / 1e9).toFixed(1)}G`;
}

/** $0.0123 below a dollar, $12.35 above. */
export function formatCost(usd: number): string {
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/**
 * One line of progress, e.g.
 * `[██████░░░░] 10/16  passed 8  errors 0  ctx-exceeded 0  skipped 0  2.4 tasks/s  12.3k tokens`.
 * The bar fills with finished tasks (done or skipped); the rate is done tasks per second of `elapsedMs`.
 */
export function progressLine(p: RunProgress, opts: { width?: number; elapsedMs: number }): string {
  const width = Math.max(1, opts.width ?? 20);
  const finished = p.counts.done + p.counts.skipped;
  const filled = p.units > 0 ? Math.min(width, Math.floor((finished / p.units) * width)) : width;
  const bar = `[${"█".repeat(filled)}${"░".repeat(width - filled)}]`;
  const seconds = opts.elapsedMs / 1000;
  const rate = seconds > 0 ? `${(p.counts.done / seconds).toFixed(1)} tasks/s` : "- tasks/s";
  const parts = [
    `${bar} ${p.counts.done}/${p.units}`,
    `passed ${p.counts.passed}`,
    `errors ${p.counts.error}`,
    `ctx-exceeded ${p.counts.context_exceeded}`,
    `skipped ${p.counts.skipped}`,
    rate,
    `${compactNumber(p.tokens.prompt + p.tokens.completion)} tokens`,
  ];
  if (p.cost_usd !== null && p.cost_usd !== undefined) parts.push(formatCost(p.cost_usd));
  return parts.join("  ");
}

const pct = (rate: number) => (rate * 100).toFixed(1);

/** Left column left-aligned, the others right-aligned, two spaces apart. */
function grid(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd());
}

/** The groups of the table: `all` first, then the languages in the API's order. */
export function resultColumns(results: RunResults): string[] {
  const groups = Object.keys(results.pass_at_1);
  return [...groups.filter((g) => g === "all"), ...groups.filter((g) => g !== "all")];
}

/**
 * The reference's table: one row per threshold, pass@1 in percent for `all` and each language, a
 * row of n (scored samples) under the header; the run's threshold is marked with `*`.
 */
export function resultsTable(results: RunResults): string {
  const columns = resultColumns(results);
  if (columns.length === 0) return "pass@1: no scored samples";
  const nOf = (group: string) => Math.max(0, ...Object.values(results.pass_at_1[group]).map((r) => r.n));
  const rows: string[][] = [["threshold", ...columns], ["n", ...columns.map((g) => String(nOf(g)))]];
  for (const t of results.thresholds) {
    const cells = columns.map((g) => {
      const r = results.pass_at_1[g][t];
      return r ? pct(r.rate) : "-";
    });
    rows.push([t === results.threshold ? `${t} *` : t, ...cells]);
  }
  const lines = grid(rows);
  const rule = "-".repeat(Math.max(...lines.map((l) => l.length)));
  return [`pass@1 (%) by similarity threshold; * = the run's threshold`, lines[0], lines[1], rule, ...lines.slice(2)].join("\n");
}

/** pass@1 per needle-depth bucket at the run's threshold, with its 95 % Wilson interval. */
export function depthTable(results: RunResults): string {
  if (results.by_depth.length === 0) return "pass@1 by needle depth: no scored samples";
  const rows = [["depth", "n", "passed", "pass@1", "95% CI"]];
  for (const d of [...results.by_depth].sort((a, b) => a.bucket.localeCompare(b.bucket))) {
    rows.push([d.bucket, String(d.n), String(d.passed), pct(d.rate), `${pct(d.ci_low)}-${pct(d.ci_high)}`]);
  }
  const lines = grid(rows);
  return [`pass@1 (%) by needle depth at threshold ${results.threshold}`, lines[0], "-".repeat(Math.max(...lines.map((l) => l.length))), ...lines.slice(1)].join("\n");
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
    for (const d of ds) rows.push([String(d), ...positions.map((p) => cell(d, p, f)), ...(withDrop ? [drop(d) == null ? "-" : pct(drop(d)!)] : [])]);
    const lines = grid(rows);
    return [title, lines[0], "-".repeat(Math.max(...lines.map((l) => l.length))), ...lines.slice(1)].join("\n");
  };
  const median = summary.median_drop === null ? "-" : `${pct(summary.median_drop)} %`;
  return [
    table("accuracy (%) by distractors D and target position; drop = 1 - worst interior / best position", (c) => c.accuracy, true),
    `median relative drop toward the middle: ${median}; unresolved answers ${summary.unresolved}, unparseable ${summary.unparseable}`,
    "",
    table("partial match (%): mean fraction of list positions right", (c) => c.mean_score, false),
  ].join("\n");
}

/** Accuracy by fraction of lines removed, and the sensitivity (Eq. 1 of the paper). */
export function sensitivityTable(results: SensitivityResults): string {
  const s = results.sensitivity;
  if (!s) return "sensitivity: no scored samples";
  const rows = [["lines removed", "n", "accuracy"], ...s.curve.map((c) => [c.bucket, String(c.n), pct(c.accuracy)])];
  const lines = grid(rows);
  const fmt = (x: number | null) => (x === null ? "-" : x.toFixed(4));
  return [
    "accuracy (%) by fraction of body lines removed",
    lines[0],
    "-".repeat(Math.max(...lines.map((l) => l.length))),
    ...lines.slice(1),
    `sensitivity: per snippet ${fmt(s.per_snippet.mean)} over ${s.per_snippet.snippets} solved snippets (${s.per_snippet.unsolved} unsolved counted apart); aggregate ${fmt(s.aggregate)}`,
  ].join("\n");
}

/**
 * LongCodeU: one table for recall and one for precision, in percent, per task (with its metric) and
 * length bucket, the paper's #Avg (mean of the task means) last; n = scored samples, and the
 * unparseable / error / context-exceeded counts of each task.
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
      rows.push([t, metrics[t] ?? "", String(cell.all.n), value(cell.all[kind]), ...buckets.map(b), String(cell.all.unparseable), String(cell.all.errors), String(cell.all.context_exceeded)]);
    }
    rows.push(["#Avg", "", "", value(table.average.all[kind]), ...buckets.map((k) => value(table.average.buckets[k]?.[kind])), "", "", ""]);
    const lines = grid(rows);
    const rule = "-".repeat(Math.max(...lines.map((l) => l.length)));
    return [`LongCodeU ${kind} (%) by task and context length (#Avg: mean of the task means; unparseable answers score 0)`, lines[0], rule, ...lines.slice(1, -1), rule, lines[lines.length - 1]].join("\n");
  };
  return [section("recall"), "", section("precision")].join("\n");
}

/** The tables `npm run eval` prints for a run's results. */
export function resultTables(results: RunResults): string[] {
  if (results.summary && "table" in results.summary && "metrics" in results.summary) return [longcodeuResultsTable(results.summary)];
  if (results.summary && "grid" in results.summary) return [positionTable(results.summary)];
  if (results.summary && "sensitivity" in results.summary) return [sensitivityTable(results.summary)];
  return [resultsTable(results), depthTable(results)];
}

/**
 * The reference's file names for a model: `search_needle_function.py` writes
 * `<model with "/" as "_slash_">.jsonl`, `compute_score` writes `<same>-SCORES.json` beside it.
 */
export function exportNames(label: string): { base: string; outputs: string; scores: string } {
  const base = label.replaceAll("/", "_slash_");
  return { base, outputs: `${base}.jsonl`, scores: `${base}-SCORES.json` };
}
