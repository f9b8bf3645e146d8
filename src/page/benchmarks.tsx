/** The benchmarks the pages can show, their short names, and the selector between them. */
import { LONGCODEU_BENCHMARK } from "../leaderboard/longcodeu";
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark, type PositionalBenchmark } from "../leaderboard/positional";
import type { LeaderboardQuery } from "../leaderboard/types";
import { qs } from "./format";

/** Short names; the positional ones in the order of their paper's Figure 2 (least to most sensitive to position). */
export const SHORT_NAMES: Record<"repoqa-snf" | PositionalBenchmark | typeof LONGCODEU_BENCHMARK, string> = {
  "repoqa-snf": "RepoQA",
  "lexical-recall": "Lexical recall",
  "cruxeval-o": "CRUXEval-O",
  semtrace: "SemTrace",
  longcodeu: "LongCodeU",
};

/** A drop (0 … 1) in percent with two decimals, as the paper prints them ("92.73"); "–" for none. */
export function dropPct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : (v * 100).toFixed(2);
}

/** Query parameters of a positional page: benchmark, dataset and a kind other than "all" (thresholds mean nothing there). */
export function positionalParams(benchmark: string, dataset: string, kind?: string): Record<string, string> {
  return { benchmark, ...(dataset ? { dataset } : {}), ...(kind && kind !== "all" ? { kind } : {}) };
}

/**
 * Links to each benchmark's leaderboard, the current one marked (`aria-current`). Moving between
 * positional benchmarks keeps the dataset (the three tasks of one study share it); RepoQA, the
 * positional ones and LongCodeU have their own defaults.
 */
export function BenchmarkNav(props: { q: LeaderboardQuery }) {
  const { q } = props;
  const study = isPositionalBenchmark(q.benchmark) ? q.dataset : "";
  const href = (b: string) => (b === "repoqa-snf" ? "/" : b === LONGCODEU_BENCHMARK ? `/${qs({ benchmark: b })}` : `/${qs(positionalParams(b, study))}`);
  return (
    <nav class="benchmarks" aria-label="Benchmark">
      {(["repoqa-snf", ...POSITIONAL_BENCHMARKS, LONGCODEU_BENCHMARK] as const).map((b) => (
        <a href={href(b)} aria-current={b === q.benchmark ? "page" : undefined}>
          {SHORT_NAMES[b]}
        </a>
      ))}
    </nav>
  );
}
