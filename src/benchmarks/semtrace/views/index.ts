/**
 * The family on the HTML pages: a board for each positional benchmark, one model page for the three
 * tasks of a study side by side, a run's accuracy-by-position curves, and the sample browser by D
 * and position; the sensitivity benchmarks' run pages (they have no board).
 */
import { notFound } from "../../../lib/errors";
import type { BenchmarkViews } from "../../../kit/pages/family";
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark, type PositionalBenchmark } from "../dataset/ids";
import type { PositionalModelBreakdown } from "../leaderboard";
import { CSS, boardPage, sortKeys } from "./board";
import { modelPage, type PositionalTasks } from "./model";
import { SHORT_NAMES, positionalParams } from "./positional";
import { runSummary } from "./run";
import { familySample } from "./sample";
import { positionalSampleFilters } from "./samples";
export { sensitivityRunViews } from "./sensitivity";

/** The views of one positional benchmark. */
export function positionalViews(benchmark: PositionalBenchmark): BenchmarkViews {
  return {
    shortName: SHORT_NAMES[benchmark],
    // Moving between the study's tasks keeps the dataset (the three share it); from elsewhere, the default one.
    boardLink: (current) =>
      positionalParams(benchmark, isPositionalBenchmark(current.benchmark) ? current.dataset : ""),
    sortKeys,
    board: boardPage,
    async model({ slug, query: q, kind, read }) {
      const readTask = async (query: typeof q) => (await read(query)) as PositionalModelBreakdown | undefined;
      // The asked task decides the dataset; the study's other two tasks are read on the same one.
      const main = await readTask(q);
      if (!main)
        notFound(
          `No model "${slug}" with ${benchmark} results${q.dataset ? ` on dataset ${q.dataset}` : ""}${q.kind && q.kind !== "all" ? ` (${q.kind})` : ""}.`,
        );
      const tasks: PositionalTasks = { [benchmark]: main };
      for (const other of POSITIONAL_BENCHMARKS) {
        if (other !== benchmark) tasks[other] = await readTask({ ...q, benchmark: other, dataset: main.dataset });
      }
      return modelPage(tasks, benchmark, kind);
    },
    passLabel: {
      label: "accuracy",
      title: "Exact-match answers of the scored samples (errors and context overflows not counted)",
    },
    run: runSummary(benchmark),
    sample: familySample(benchmark),
    sampleFilters: positionalSampleFilters,
    css: CSS,
  };
}
