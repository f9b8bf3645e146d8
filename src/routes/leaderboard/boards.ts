/** The registry's leaderboards the routes are built from, and the one whose published results files the import reads. */
import type { BenchmarkLeaderboard, ReportedImport } from "../../kit/leaderboard/family";
import { LEADERBOARD_BENCHMARKS, leaderboardOf } from "../../core/leaderboard/queries";

/** Every leaderboard benchmark's leaderboard, in registry order. */
export const BOARDS = LEADERBOARD_BENCHMARKS.map((id) => leaderboardOf(id)!);
/** The benchmark whose published results files the import reads (the first with `reported`). */
export const importer = BOARDS.find((b) => b.reported) as BenchmarkLeaderboard & { reported: ReportedImport };

/** Why the import refuses a benchmark's file: any benchmark but the importer's is published by runs. */
export const refusal = (benchmark: string): string | undefined => {
  const board = leaderboardOf(benchmark);
  return board === importer ? undefined : (board?.notImported ?? "is published by runs of this service");
};
