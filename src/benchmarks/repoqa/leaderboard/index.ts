/**
 * RepoQA on the leaderboard: pass@1 at every similarity threshold, with depth in tenths of the
 * context (the shared pass-rate board, src/kit/leaderboard/pass-rate.ts), its default dataset, its
 * scoring and comment modes as the scope of its entries, and the import of the reference's
 * published result files (./leaderboard-import.ts).
 */
import { verdictSample, type BenchmarkLeaderboard, type RunSample } from "../../../kit/leaderboard/family";
import { passRateLeaderboard } from "../../../kit/leaderboard/pass-rate";
import { COMMENT_MODES } from "../dataset/context";
import { repoqaReportedImport } from "./import";
import { REPOQA_PARAMS } from "./params";
import { SCORING_MODES } from "../score/scorer";

/** The dataset a RepoQA read without `dataset` shows: the reference's release. */
export const DEFAULT_LEADERBOARD_DATASET = "repoqa-2024-04-20";

/**
 * A finished run's sample keeps its needle verdict in place of the generic pass and score: whether
 * the best match is the needle (`passed`), its similarity (`score`) and the name it matched
 * (`parts.target`), so that every threshold of the sweep can be read from it.
 */
function sample(row: RunSample) {
  const detail = row.detail ?? {};
  return {
    ...verdictSample(row),
    passed: detail.is_best === true,
    score: typeof detail.best_similarity === "number" ? detail.best_similarity : 0,
    parts: typeof detail.best_target === "string" ? { target: detail.best_target } : null,
  };
}

/** How RepoQA is shown on the leaderboard. */
export const repoqaLeaderboard: BenchmarkLeaderboard = {
  ...passRateLeaderboard(),
  about: "%s (RepoQA)",
  sample,
  defaultDataset: DEFAULT_LEADERBOARD_DATASET,
  params: REPOQA_PARAMS,
  // A run's scoring mode is its option; its comment mode, the contexts it read (the receipt).
  runScope: ({ options, receipt }) => ({
    mode: typeof options.scoring_mode === "string" ? options.scoring_mode : SCORING_MODES[0],
    comment_mode: typeof receipt.comment_mode === "string" ? receipt.comment_mode : COMMENT_MODES[0],
  }),
  reported: repoqaReportedImport,
};
