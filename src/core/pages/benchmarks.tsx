/** The selector between the benchmarks the pages show: every hosted benchmark with views, from the registry. */
import { allBenchmarks } from "../../benchmarks/registry";
import type { LeaderboardQuery } from "../../kit/leaderboard/types";
import { qs } from "../../kit/pages/format";

/**
 * Links to each benchmark's leaderboard, the current one marked (`aria-current`); each benchmark
 * says where its link goes from the board shown (a family may keep the dataset among its own).
 */
export function BenchmarkNav(props: { q: LeaderboardQuery }) {
  const { q } = props;
  return (
    <nav class="benchmarks" aria-label="Benchmark">
      {allBenchmarks().map((b) =>
        b.views ? (
          <a href={`/${qs(b.views.boardLink(q))}`} aria-current={b.id === q.benchmark ? "page" : undefined}>
            {b.views.shortName}
          </a>
        ) : null,
      )}
    </nav>
  );
}
