/**
 * How RepoQA's samples compare (GET /v1/compare): pass/fail at a threshold, as the leaderboard
 * counts a pass (the best match is the target and reaches the threshold), per language.
 */
import type { CompareRule } from "../types";
import { DEFAULT_THRESHOLD } from "./score/scorer";

export const repoqaCompare: CompareRule = {
  outcome: "pass_fail",
  defaultThreshold: DEFAULT_THRESHOLD,
  // A run's unit is the task, or `<task>@<depth>` with several depths; an entry stores one sample per task.
  pairKey: (s) => s.unit ?? s.taskId,
  // A run's sample keeps the needle verdict in its detail; an entry's stores it as its pass and score.
  passes: (s, threshold) => {
    const best = s.unit === null ? s.passed === true : s.detail?.is_best === true;
    const similarity = s.unit === null ? s.score : s.detail?.best_similarity;
    return best && typeof similarity === "number" && similarity >= threshold;
  },
  group: { by: "language", of: (s) => s.language },
};
