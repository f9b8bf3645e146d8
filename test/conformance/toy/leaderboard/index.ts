/**
 * The toy benchmark on the leaderboard: the shared pass-rate board, breakdown and CSV
 * (src/kit/leaderboard/pass-rate.ts) over the samples' own verdicts; its entries come from runs only.
 */
import { verdictSample, type BenchmarkLeaderboard } from "../../../../src/kit/leaderboard/family";
import { passRateLeaderboard, THRESHOLD_PARAM } from "../../../../src/kit/leaderboard/pass-rate";
import { TOY_BENCHMARK } from "../dataset";

export const toyLeaderboard: BenchmarkLeaderboard = {
  ...passRateLeaderboard(),
  about: `\`${TOY_BENCHMARK}\` (the test suite's toy family)`,
  sample: verdictSample,
  params: { threshold: THRESHOLD_PARAM },
  notImported: "is the test suite's toy: its results come from its runs",
};
