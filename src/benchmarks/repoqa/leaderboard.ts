/**
 * RepoQA on the leaderboard: pass@1 at every similarity threshold, with depth in tenths of the
 * context (the shared pass-rate board, src/leaderboard/pass-rate.ts), its default dataset, its
 * scoring and comment modes, and the import of the reference's published result files
 * (./leaderboard-import.ts).
 */
import {
  verdictSample,
  type BenchmarkLeaderboard,
  type RunSample,
  type VerifiedSample,
} from "../../leaderboard/family";
import { passRateLeaderboard } from "../../leaderboard/pass-rate";
import { COMMENT_MODES } from "./dataset/context";
import { repoqaReportedImport } from "./leaderboard-import";
import { SCORING_MODES } from "./scorer";

/** The dataset a RepoQA read without `dataset` shows: the reference's release. */
export const DEFAULT_LEADERBOARD_DATASET = "repoqa-2024-04-20";

/** A finished run's sample keeps its needle verdict (best match, its similarity and name) in place of the generic pass and score. */
function sample(row: RunSample): VerifiedSample {
  const detail = row.detail ?? {};
  return {
    ...verdictSample(row),
    is_best: detail.is_best === true,
    best_similarity: typeof detail.best_similarity === "number" ? detail.best_similarity : 0,
    best_target: typeof detail.best_target === "string" ? detail.best_target : null,
  };
}

/** How RepoQA is shown on the leaderboard. */
export const repoqaLeaderboard: BenchmarkLeaderboard = {
  ...passRateLeaderboard(),
  about: "%s (RepoQA)",
  sample,
  defaultDataset: DEFAULT_LEADERBOARD_DATASET,
  scoringModes: SCORING_MODES,
  commentModes: COMMENT_MODES,
  reported: repoqaReportedImport,
};
