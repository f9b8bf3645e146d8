/**
 * What `npm run eval` prints about a run: the progress line, the reference-style pass@1 table, the
 * depth table and the export file names. Pure functions of the API's JSON.
 */

import type { RunProgress as EventProgress } from "../../packages/client/src/index";
import { BASELINE_NOTE, isBaselineSpec } from "../../src/core/runs/models";
import type { NodeFamily, Rate, RunResults, SweptRunResults } from "./node-family";
import { grid, pct, rule, titledTable } from "./text-table";

export type { RunResults, SweptRunResults } from "./node-family";

/** A run's progress as `GET /v1/runs/{id}` and the `progress` events carry it (the client package's types; a run has no `updated_at`). */
export type RunProgress = Omit<EventProgress, "updated_at">;

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

/**
 * What a finished run spent: model calls, cache hits, tokens and the cost estimate, e.g.
 * `40 model calls, 0 cached; 633.3k tokens (633.3k prompt + 1.2k completion), cost $0.0123`; a
 * built-in baseline calls no model and says so instead.
 */
export function spendLine(model: string, p: RunProgress): string {
  if (isBaselineSpec(model)) return `${model} is ${BASELINE_NOTE}`;
  const tokens = `${compactNumber(p.tokens.prompt + p.tokens.completion)} tokens (${compactNumber(p.tokens.prompt)} prompt + ${compactNumber(p.tokens.completion)} completion)`;
  const cost = p.cost_usd !== null && p.cost_usd !== undefined ? `, cost ${formatCost(p.cost_usd)}` : "";
  return `${p.model_calls} model calls, ${p.cached} cached; ${tokens}${cost}`;
}

/** The groups of the table: `all` first, then the languages in the API's order. */
export function resultColumns(results: { pass_at_1?: Record<string, unknown> }): string[] {
  const groups = Object.keys(results.pass_at_1 ?? {});
  return [...groups.filter((g) => g === "all"), ...groups.filter((g) => g !== "all")];
}

/**
 * The reference's table: one row per threshold, pass@1 in percent for `all` and each language, a
 * row of n (scored samples) under the header; the run's threshold is marked with `*`.
 */
export function resultsTable(results: SweptRunResults): string {
  const columns = resultColumns(results);
  if (columns.length === 0) return "pass@1: no scored samples";
  const passAt1 = results.pass_at_1;
  const nOf = (group: string) => Math.max(0, ...Object.values(passAt1[group]).map((r) => r.n));
  const rows: string[][] = [
    ["threshold", ...columns],
    ["n", ...columns.map((g) => String(nOf(g)))],
  ];
  for (const t of results.thresholds) {
    const cells = columns.map((g) => {
      const r = passAt1[g][t];
      return r ? pct(r.rate) : "-";
    });
    rows.push([t === results.threshold ? `${t} *` : t, ...cells]);
  }
  const lines = grid(rows);
  return [
    `pass@1 (%) by similarity threshold; * = the run's threshold`,
    lines[0],
    lines[1],
    rule(lines),
    ...lines.slice(2),
  ].join("\n");
}

/** pass@1 per needle-depth bucket at the run's threshold, with its 95 % Wilson interval. */
export function depthTable(results: SweptRunResults): string {
  if (!results.by_depth.length) return "pass@1 by needle depth: no scored samples";
  const rows = [["depth", "n", "passed", "pass@1", "95% CI"]];
  for (const d of [...results.by_depth].sort((a, b) => a.bucket.localeCompare(b.bucket))) {
    rows.push([d.bucket, String(d.n), String(d.passed), pct(d.rate), `${pct(d.ci_low)}-${pct(d.ci_high)}`]);
  }
  return titledTable(`pass@1 (%) by needle depth at threshold ${results.threshold}`, rows);
}

/**
 * The tables `npm run eval` prints for a run's results: the section of the first family whose
 * `runReport` reads them, else the pass@1 tables every run has.
 */
export function resultTables(results: RunResults, families: readonly NodeFamily[]): string[] {
  for (const family of families) {
    const tables = family.runReport?.(results);
    if (tables) return tables;
  }
  if ("thresholds" in results) return [resultsTable(results), depthTable(results)];
  return "pass_at_1" in results ? [passTable(results.pass_at_1)] : [];
}

/** pass@1 of a benchmark without a threshold: the passed share of the scored samples per group, with its 95 % Wilson interval. */
export function passTable(passAt1: Record<string, Rate>): string {
  const columns = resultColumns({ pass_at_1: passAt1 });
  if (columns.length === 0) return "pass@1: no scored samples";
  const rows = [["", "n", "passed", "pass@1", "95% CI"]];
  for (const g of columns) {
    const r = passAt1[g];
    rows.push([g, String(r.n), String(r.passed), pct(r.rate), `${pct(r.ci_low)}-${pct(r.ci_high)}`]);
  }
  return titledTable("pass@1 (%) of the scored samples", rows);
}

export { exportNames, inspectLogName } from "../../src/core/runs/export-names";
