/**
 * A positional benchmark on a run's page: accuracy by target position × distractor count D (the
 * model page's heatmap, from the run's `summarize` grid) and the median drop of relative accuracy.
 */
import type { Child } from "hono/jsx";
import type { RunSummary } from "../../../page/family";
import { Heatmap } from "../../../page/svg";
import type { PositionalBenchmark } from "../ids";
import { positionKey } from "../leaderboard";
import type { positionalSummary } from "../summary";
import { heatmapLabels } from "./model";
import { dropPct } from "./positional";

/** The summary views of a run of `benchmark`. */
export const runSummary = (benchmark: PositionalBenchmark) =>
  function positionalRunSummary({ summary }: RunSummary): Child {
    const grid = (summary as ReturnType<typeof positionalSummary> | null)?.grid ?? [];
    if (grid.length === 0) return <p class="note">No scored samples.</p>;
    const { median_drop } = summary as ReturnType<typeof positionalSummary>;
    // Grid cells come sorted by D, then position: the heatmap's rows and columns in that order.
    const cells = grid.map((c) => ({ depth: positionKey(c.position), length: String(c.distractors), rate: c.accuracy, n: c.n }));
    return (
      <>
        <h3>Accuracy by position × D</h3>
        <Heatmap cells={cells} depth={[]} length={[]} labels={heatmapLabels(benchmark)} />
        <p id="median-drop">Median drop of relative accuracy over D: {dropPct(median_drop)} %.</p>
      </>
    );
  };
