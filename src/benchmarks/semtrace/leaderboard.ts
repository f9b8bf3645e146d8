/**
 * The leaderboard side of the positional benchmarks ("Sense and Sensitivity", Štorek et al.; spec
 * ../shared/spec/semtrace.md): lexical recall, CRUXEval-O and SemTrace, each measured over a grid of
 * D distractor functions x target position. Their samples carry the grid position in
 * `position` and D in `context_size`; a sample passes when `passed` (exact match) and
 * `score` is its partial score.
 *
 * They reuse the pass-rate rows (src/kit/leaderboard/pass-rate.ts) so every read path works unchanged:
 * depth is the exact grid position, length is D, a task passes when it is an exact match (the same
 * at every threshold: thresholds mean nothing there, and storing all eleven keeps the
 * threshold-keyed reads free of special cases), and one more row per threshold, `drop`/`median`,
 * materialises the entry's median relative drop. Board rows add `median_drop`, the board
 * `paper_median_drop`, a model's breakdown `positional`.
 *
 * The aggregation and the reads share the functions here, so the median drop materialised when an
 * entry is written is the one a breakdown recomputes.
 */
import { z } from "@hono/zod-openapi";
import { THRESHOLDS, thresholdKey } from "../../lib/metrics/thresholds";
import { passRateAggregates, type Aggregate, type PassRateRules, type Sample } from "../../kit/leaderboard/aggregate";
import { verdictSample, type BenchmarkLeaderboard } from "../../kit/leaderboard/family";
import { fixedOption } from "../../kit/leaderboard/options";
import { passRateLeaderboard, THRESHOLD_PARAM, type GridRow } from "../../kit/leaderboard/pass-rate";
import { toRate } from "../../kit/leaderboard/read";
import { RateSchema } from "../../kit/leaderboard/schemas";
import type { LeaderboardResponse, LeaderboardRow, PassRateBreakdown, Rate } from "../../kit/leaderboard/types";
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark, type PositionalBenchmark } from "./dataset/ids";

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
      if (r !== null && c.position > 0 && c.position < 1 && (worst === null || r < worst.relative))
        worst = { position: c.position, relative: r };
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

/** Accuracy, relative accuracy and mean partial score at one (position, D) cell. */
export interface PositionalCell extends Rate {
  /** The cell's key, as in `depth` and `heatmap` ("0", "0.1", "0.25", "1"). */
  position: string;
  distractors: number;
  /** Mean partial score (SemTrace: fraction of list positions right; others: exact match) of the scored samples. */
  mean_score: number | null;
  /** rate / the best rate over positions at this D; null when that best is 0. */
  relative: number | null;
}

/** The drop of one D: how far relative accuracy falls at the worst interior position. */
export interface PositionalDrop {
  distractors: number;
  /** The best accuracy over positions at this D (the denominator of relative accuracy). */
  best: number;
  /** The lowest relative accuracy at an interior position (0 < p < 1), and where. */
  min_relative: number | null;
  min_position: string | null;
  /** 1 - min_relative; null without an interior cell or when best is 0. */
  drop: number | null;
}

export interface PositionalBreakdown {
  /** Grid positions present, ascending (keys as in `cells`). */
  positions: string[];
  /** Distractor counts D present, ascending. */
  distractors: number[];
  /** One per (position, D) with scored samples, by D then position. */
  cells: PositionalCell[];
  /** Per D, ascending. */
  drops: PositionalDrop[];
  /** Median over D of `drops[].drop`; the leaderboard row's `median_drop`. */
  median_drop: number | null;
  /** Mean partial score over every scored sample. */
  mean_score: number | null;
  /** Samples of the entry that failed or overflowed the context window (not in any n). */
  errors: number;
  context_exceeded: number;
  /** The paper's median relative drop for this task (a reference figure, not this model's). */
  paper_median_drop: number;
}

/** A positional board row: `rate` is exact-match accuracy (the same at every threshold). */
export interface PositionalRow extends LeaderboardRow {
  /**
   * The median over D of the relative accuracy drop toward the middle of the context (see
   * `relativeAccuracy`); null when no D has one (e.g. accuracy 0 everywhere).
   */
  median_drop: number | null;
}

/** A positional board. */
export interface PositionalResponse extends LeaderboardResponse {
  rows: PositionalRow[];
  /** The paper's median relative drop for this task, a reference figure. */
  paper_median_drop: number;
}

/**
 * A positional model breakdown: `depth` has one bucket per grid position (key: see `positionKey`,
 * lo = hi = the position), `length` one per D (lo = hi = D), `heatmap` is position x D, and a task
 * passes when it is an exact match, at every threshold alike.
 */
export interface PositionalModelBreakdown extends PassRateBreakdown {
  positional: PositionalBreakdown;
}

/** Depth keyed by exact grid position; a pass is an exact match, at every threshold. */
const RULES: PassRateRules = { depthKey: positionKey, pass: (s) => s.passed };

/**
 * The `drop`/`median` row at every threshold, from the heatmap rows (identical at every threshold);
 * none when no D has a drop.
 */
function dropAggregates(aggregates: readonly Aggregate[]): Aggregate[] {
  const first = thresholdKey(THRESHOLDS[0]);
  const cells = aggregates
    .filter((a) => a.groupType === "heatmap" && a.threshold === first)
    .map((a) => {
      const [position, distractors] = a.groupKey.split("|");
      return { position: Number(position), distractors: Number(distractors), rate: a.rate };
    });
  const { drops, median_drop } = relativeAccuracy(cells);
  if (median_drop === null) return [];
  const n = drops.filter((d) => d.drop !== null).length;
  return THRESHOLDS.map((t) => ({
    threshold: thresholdKey(t),
    groupType: "drop" as const,
    groupKey: "median",
    n,
    passed: 0,
    rate: median_drop,
    ciLow: null,
    ciHigh: null,
    meanScore: null,
  }));
}

/** Every aggregate of a positional entry: the pass-rate groups keyed by grid position, and the `drop` row. */
export function positionalAggregates(samples: readonly Sample[]): Aggregate[] {
  const out = passRateAggregates(samples, RULES);
  return [...out, ...dropAggregates(out)];
}

/**
 * The positional part of a breakdown from its heatmap aggregates (position x D): cells with their
 * relative accuracy and mean partial score, the drop per D and its median (`relativeAccuracy`).
 */
export function positionalBreakdown(
  benchmark: string,
  grid: readonly GridRow[],
  meanScore: number | null,
): Omit<PositionalBreakdown, "errors" | "context_exceeded"> {
  const cells = grid
    .map((r) => {
      const [position, distractors] = r.groupKey.split("|");
      return { position, distractors: Number(distractors), ...toRate(r), mean_score: r.meanScore };
    })
    .sort((x, y) => x.distractors - y.distractors || Number(x.position) - Number(y.position));
  const rel = relativeAccuracy(
    cells.map((c) => ({ position: Number(c.position), distractors: c.distractors, rate: c.rate })),
  );
  return {
    positions: [...new Set(cells.map((c) => c.position))].sort((x, y) => Number(x) - Number(y)),
    distractors: [...new Set(cells.map((c) => c.distractors))].sort((x, y) => x - y),
    cells: cells.map((c) => ({ ...c, relative: rel.relative.get(`${c.position}|${c.distractors}`) ?? null })),
    drops: rel.drops,
    median_drop: rel.median_drop,
    mean_score: meanScore,
    paper_median_drop: PAPER_MEDIAN_DROP[benchmark as PositionalBenchmark],
  };
}

const PositionalSchema = z
  .object({
    positions: z.array(z.string()).openapi({
      description:
        'Grid positions present, ascending, as keys: the position rounded to 6 decimals, shortest form ("0", "0.1", "0.25", "1")',
    }),
    distractors: z.array(z.number().int()).openapi({ description: "Distractor counts D present, ascending" }),
    cells: z
      .array(
        RateSchema.extend({
          position: z.string(),
          distractors: z.number().int(),
          mean_score: z.number().nullable().openapi({
            description: "Mean partial score of the cell's scored samples (SemTrace: fraction of list positions right)",
          }),
          relative: z
            .number()
            .nullable()
            .openapi({ description: "rate / the best rate over positions at this D; null when that best is 0" }),
        }),
      )
      .openapi({ description: "One per (position, D) with scored samples, by D then position" }),
    drops: z.array(
      z.object({
        distractors: z.number().int(),
        best: z.number().openapi({ description: "Best accuracy over positions at this D" }),
        min_relative: z
          .number()
          .nullable()
          .openapi({ description: "Lowest relative accuracy at an interior position (0 < p < 1)" }),
        min_position: z.string().nullable(),
        drop: z.number().nullable().openapi({ description: "1 - min_relative" }),
      }),
    ),
    median_drop: z.number().nullable().openapi({ description: "Median over D of drop" }),
    mean_score: z.number().nullable().openapi({ description: "Mean partial score over all scored samples" }),
    errors: z.number().int().openapi({ description: "Samples whose model call failed (not in any n)" }),
    context_exceeded: z
      .number()
      .int()
      .openapi({ description: "Samples whose prompt exceeded the model's context window (not in any n)" }),
    paper_median_drop: z
      .number()
      .openapi({ description: "The paper's median relative drop for this task (reference figure)" }),
  })
  .openapi("PositionalBreakdown");

/** The fields positional benchmarks add to the leaderboard's schemas. */
const SCHEMAS = {
  row: {
    median_drop: z.number().nullable().optional().openapi({
      description:
        "Positional benchmarks only: the median over D of drop(D) = 1 - min over interior positions (0 < p < 1) of accuracy(D, p) / max over positions of accuracy(D, ·); null when no D has one. Rows of positional benchmarks: `rate` is exact-match accuracy (the same at every threshold).",
    }),
  },
  response: {
    paper_median_drop: z.number().optional().openapi({
      description: "Positional benchmarks only: the paper's median relative drop for this task (reference figure)",
    }),
  },
  breakdown: {
    positional: PositionalSchema.optional().openapi({
      description:
        "Positional benchmarks only. There `depth` is keyed by exact grid position (lo = hi = the position), `length` by D, `heatmap` is position x D, and pass means exact match at every threshold.",
    }),
  },
};

/** How a positional benchmark is shown on the leaderboard. */
export function positionalLeaderboard(task: PositionalBenchmark): BenchmarkLeaderboard {
  return {
    ...passRateLeaderboard({
      ...RULES,
      rowGroup: { groupType: "drop", field: "median_drop" },
      extras: () => ({ paper_median_drop: PAPER_MEDIAN_DROP[task] }),
      depthBounds: (key) => ({ lo: Number(key), hi: Number(key) }),
      numericDepth: true,
      part: (_q, grid, meanScore, entry) => ({
        positional: {
          ...positionalBreakdown(task, grid, meanScore),
          errors: entry.errors,
          context_exceeded: entry.contextExceeded,
        },
      }),
    }),
    aggregate: positionalAggregates,
    about: 'a positional benchmark of "Sense and Sensitivity": %s',
    // Exact match is `passed`, the partial score `score`, D `context_size`.
    sample: verdictSample,
    params: {
      // Thresholds mean nothing here (a pass is an exact match at every one), but the board reads the pass-rate rows by one.
      threshold: { ...THRESHOLD_PARAM, owner: "RepoQA and the SemTrace family" },
      mode: fixedOption("the SemTrace family", "official"),
      comment_mode: fixedOption("the SemTrace family", "original"),
    },
    schemas: SCHEMAS,
    notImported: "is positional: its results are published by runs of this service",
  };
}
