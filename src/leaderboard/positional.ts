/**
 * The leaderboard side of the positional benchmarks ("Sense and Sensitivity", Štorek et al.; spec
 * ../shared/spec/semtrace.md): lexical recall, CRUXEval-O and SemTrace, each measured over a grid of
 * D distractor functions x target position. Their samples carry the grid position in
 * `needle_position` and D in `context_size`; a sample passes when `is_best` (exact match) and
 * `best_similarity` is its partial score.
 *
 * Pure functions only (no D1): the aggregation in aggregate.ts and the reads in queries.ts share them,
 * so the median drop materialised when an entry is written is the one a breakdown recomputes.
 */
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark, type PositionalBenchmark } from "../benchmarks/semtrace/ids";
import type { PositionalDrop } from "./types";

export { POSITIONAL_BENCHMARKS, isPositionalBenchmark, type PositionalBenchmark };

/**
 * The paper's "median relative drop toward the middle of the context" per task (section 5, Figure 2),
 * as fractions: reference figures shown beside ours, never computed here.
 */
export const PAPER_MEDIAN_DROP: Record<PositionalBenchmark, number> = {
  "lexical-recall": 0.0239,
  "cruxeval-o": 0.5336,
  semtrace: 0.9273,
};

/**
 * The aggregate key of a grid position: the position rounded to 6 decimals and written as the
 * shortest decimal JavaScript prints ("0", "0.1", "0.25", "1"). Grid positions are exact keys, never
 * buckets: 0.9 and 1.0 are different cells. The rounding only merges floating-point spellings of one
 * position (3 * 0.1 = 0.30000000000000004 is "0.3"); grids finer than 1e-6 are not supported.
 */
export function positionKey(position: number): string {
  return String(Math.round(position * 1e6) / 1e6);
}

/** The median of numbers (mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One heatmap cell: accuracy at (D, position). */
export interface GridRate {
  distractors: number;
  position: number;
  rate: number;
}

export interface RelativeAccuracy {
  /** relative accuracy per cell key `${positionKey}|${D}`: rate / best at that D, null when best = 0. */
  relative: Map<string, number | null>;
  /** Per D, ascending. */
  drops: PositionalDrop[];
  /** Median over D of the drops that exist; null when none does. */
  median_drop: number | null;
}

/**
 * The paper's Figure 2 normalisation, from the heatmap's accuracies:
 * - best(D) = max over positions of accuracy(D, p);
 * - relative(D, p) = accuracy(D, p) / best(D), null when best(D) = 0 (a model that never answers
 *   right at some D has no position effect to show there);
 * - drop(D) = 1 - min over interior positions (0 < p < 1) of relative(D, p): how far accuracy falls
 *   away from the two ends of the context; null without an interior cell or when best(D) = 0;
 * - median_drop = the median over D of drop(D) (the paper's "median relative drop toward the middle").
 * Cells without scored samples are absent, not zero.
 */
export function relativeAccuracy(cells: readonly GridRate[]): RelativeAccuracy {
  const byD = new Map<number, GridRate[]>();
  for (const c of cells) {
    let list = byD.get(c.distractors);
    if (!list) byD.set(c.distractors, (list = []));
    list.push(c);
  }
  const relative = new Map<string, number | null>();
  const drops: PositionalDrop[] = [];
  for (const [distractors, list] of [...byD.entries()].sort(([a], [b]) => a - b)) {
    const best = Math.max(...list.map((c) => c.rate));
    let worst: { position: number; relative: number } | null = null;
    for (const c of [...list].sort((a, b) => a.position - b.position)) {
      const r = best > 0 ? c.rate / best : null;
      relative.set(`${positionKey(c.position)}|${distractors}`, r);
      // Strictly inside the context: the two ends are where recall is expected to be best.
      if (r !== null && c.position > 0 && c.position < 1 && (worst === null || r < worst.relative)) worst = { position: c.position, relative: r };
    }
    drops.push({
      distractors,
      best,
      min_relative: worst?.relative ?? null,
      min_position: worst ? positionKey(worst.position) : null,
      drop: worst ? 1 - worst.relative : null,
    });
  }
  return { relative, drops, median_drop: median(drops.flatMap((d) => (d.drop === null ? [] : [d.drop]))) };
}
