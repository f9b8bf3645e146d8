/** RepoQA on the HTML pages: its leaderboard (the site's front page), its model page and its run and sample views. */
import { ProblemError } from "../../../lib/errors";
import type { BenchmarkViews } from "../../../kit/pages/family";
import { boardPage, sortKeys } from "./board";
import { modelPage, type RepoqaBreakdown } from "./model";
import { runSummary, sampleView } from "./run";

export const repoqaViews: BenchmarkViews = {
  shortName: "RepoQA",
  // The front page: its defaults are the leaderboard's.
  boardLink: () => ({}),
  sortKeys,
  board: boardPage,
  async model({ slug, query: q, kind, read, defaults }) {
    const data = await read(q);
    if (!data)
      throw new ProblemError(
        "not-found",
        `No model "${slug}" on this leaderboard (dataset ${q.dataset ?? defaults.dataset}${q.kind && q.kind !== "all" ? `, ${q.kind} results` : ""}).`,
      );
    return modelPage(data as RepoqaBreakdown, defaults, kind);
  },
  run: runSummary,
  sample: sampleView,
};
