/**
 * A positional benchmark on a run's page, from the run's `summarize` grid: accuracy by target
 * position per D with 95 % Wilson intervals (the paper's central figure), relative accuracy with
 * the drop of each D and the median drop beside the paper's, SemTrace's partial match, and the
 * position × D heatmap — the model page's figures, for one run.
 */
import type { Child } from "hono/jsx";
import { wilson } from "../../../kit/leaderboard/wilson";
import type { RunSummary } from "../../../kit/pages/family";
import { Heatmap } from "../../../kit/pages/svg";
import type { PositionalBenchmark } from "../dataset/ids";
import { PAPER_MEDIAN_DROP, positionKey } from "../leaderboard";
import type { positionalSummary } from "../summary/index";
import { AccuracyCurve, PartialCurve, RelativeCurve, RelativeNote, type PositionalView } from "./curves";
import { heatmapLabels } from "./model";

type Summary = ReturnType<typeof positionalSummary>;

/** A run's grid as the figures read a breakdown: cells keyed like the leaderboard's, each with its Wilson interval. */
export function fromRunSummary(benchmark: PositionalBenchmark, summary: Summary): PositionalView {
  const cells = summary.grid.map((c) => {
    const ci = wilson(c.passed, c.n);
    return {
      position: positionKey(c.position),
      distractors: c.distractors,
      rate: c.accuracy,
      n: c.n,
      passed: c.passed,
      ci_low: ci.low,
      ci_high: ci.high,
      mean_score: c.mean_score,
      relative: c.relative,
    };
  });
  const n = summary.grid.reduce((sum, c) => sum + c.n, 0);
  return {
    positions: [...new Set(cells.map((c) => c.position))].sort((a, b) => Number(a) - Number(b)),
    distractors: [...new Set(cells.map((c) => c.distractors))].sort((a, b) => a - b),
    cells,
    drops: summary.drops,
    median_drop: summary.median_drop,
    mean_score: n ? summary.grid.reduce((sum, c) => sum + c.mean_score * c.n, 0) / n : null,
    paper_median_drop: PAPER_MEDIAN_DROP[benchmark],
  };
}

/** The summary views of a run of `benchmark`. */
export const runSummary = (benchmark: PositionalBenchmark) =>
  function positionalRunSummary({ summary }: RunSummary): Child {
    const grid = (summary as Summary | null)?.grid ?? [];
    if (grid.length === 0) return <p class="note">No scored samples.</p>;
    const s = summary as Summary;
    const p = fromRunSummary(benchmark, s);
    // Grid cells come sorted by D, then position: the heatmap's rows and columns in that order.
    const cells = grid.map((c) => ({
      depth: positionKey(c.position),
      length: String(c.distractors),
      rate: c.accuracy,
      n: c.n,
    }));
    return (
      <>
        <h3>Accuracy by position, per D</h3>
        <p class="note">
          Exact-match accuracy at each target position, one line per number of distractors D; the whiskers are 95 %
          Wilson intervals.
        </p>
        <AccuracyCurve b={benchmark} p={p} />
        <h3>Relative accuracy and the drop toward the middle</h3>
        <RelativeNote />
        <RelativeCurve b={benchmark} p={p} />
        {benchmark === "semtrace" ? (
          <>
            <h3>Partial match</h3>
            <PartialCurve p={p} />
          </>
        ) : null}
        <h3>Accuracy by position × D</h3>
        <Heatmap cells={cells} depth={[]} length={[]} labels={heatmapLabels(benchmark)} />
        {s.unresolved || s.unparseable ? (
          <p class="note" id="answer-forms">
            {s.unresolved} answers wrote an unresolved expression (accepted at its value); {s.unparseable} could not be
            read as a literal.
          </p>
        ) : null}
      </>
    );
  };
