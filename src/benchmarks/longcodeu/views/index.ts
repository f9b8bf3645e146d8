/**
 * LongCodeU on the HTML pages: its board (dataset, bucket and metric selectors, a column per task,
 * the top models), its model page, a run's graded headline and summary, the sample browser by task
 * and length bucket, and a sample's expected answer beside the model's.
 */
import { notFound } from "../../../lib/errors";
import type { BenchmarkViews } from "../../../kit/pages/family";
import { LONGCODEU_BENCHMARK, type LongCodeUModelBreakdown } from "../leaderboard";
import { CSS, boardPage, sortKeys } from "./board";
import { modelPage } from "./model";
import { runFigures, runSummary } from "./run";
import { sampleView } from "./sample";
import { longcodeuSampleFilters } from "./samples";

export const longcodeuViews: BenchmarkViews = {
  shortName: "LongCodeU",
  boardLink: () => ({ benchmark: LONGCODEU_BENCHMARK }),
  sortKeys,
  board: boardPage,
  async model({ slug, query: q, kind, read }) {
    const data = (await read(q)) as Partial<LongCodeUModelBreakdown> | undefined;
    if (!data?.longcodeu)
      notFound(
        `No model "${slug}" with LongCodeU results${q.dataset ? ` on dataset ${q.dataset}` : ""}${q.kind && q.kind !== "all" ? ` (${q.kind})` : ""}.`,
      );
    return modelPage(data as LongCodeUModelBreakdown, kind);
  },
  passLabel: {
    label: "recall 1",
    title:
      "Scored examples whose recall is 1 (every expected item found); the run's results give the mean recall and precision",
    passed: "recall 1",
    failed: "recall below 1",
  },
  run: runSummary,
  figures: runFigures,
  sample: sampleView,
  sampleFilters: longcodeuSampleFilters,
  css: CSS,
};
