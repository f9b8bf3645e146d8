/** The query parameters of RepoQA's board links: the shared ones, the threshold always, as its key ("0.8"). */
import type { LeaderboardQuery } from "../../../kit/leaderboard/types";
import { queryParams as sharedParams, thresholdKey } from "../../../kit/pages/format";

export const queryParams = (
  q: LeaderboardQuery,
  defaults: LeaderboardQuery,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> =>
  sharedParams(q, defaults, { threshold: thresholdKey(Number(q.threshold)), ...overrides }, ["threshold"]);
