/** RepoQA's leaderboard parameters, read by its board and by the import of published results. */
import type { QueryParam } from "../../../kit/leaderboard/family";
import { THRESHOLD_PARAM } from "../../../kit/leaderboard/pass-rate";
import { COMMENT_MODES } from "../dataset/context";
import { SCORING_MODES } from "../score/scorer";

/** RepoQA's board options: the threshold a read shows, and the scoring and comment modes its entries are stored under. */
export const REPOQA_PARAMS: Record<string, QueryParam> = {
  threshold: { ...THRESHOLD_PARAM, owner: "RepoQA and the SemTrace family" },
  mode: {
    owner: "RepoQA",
    values: SCORING_MODES,
    default: SCORING_MODES[0],
    description: "Scoring mode: `official` (the reference's) or `strict`",
    scope: true,
  },
  comment_mode: {
    owner: "RepoQA",
    values: COMMENT_MODES,
    default: COMMENT_MODES[0],
    description: "Comment mode of the contexts the entries were scored on",
    scope: true,
  },
};
