/**
 * pass@1 aggregates of a leaderboard entry, as the reference computes them: a task passes at a
 * threshold when its best match is the target and reaches the threshold; pass@1 is the mean.
 * Only scored samples count: an error or a context overflow is not a failed answer.
 *
 * Positional benchmarks (lexical recall, CRUXEval-O, SemTrace; see positional.ts) reuse the same
 * rows so every read path works unchanged: depth is the exact grid position, length is D, a task
 * passes when it is an exact match (the same at every threshold: thresholds mean nothing there, and
 * storing all eleven keeps the threshold-keyed reads free of special cases), and one more row per
 * threshold, `drop`/`median`, materialises the entry's median relative drop.
 *
 * LongCodeU has its own groups (task, task x length bucket, and the averages over tasks), stored
 * once under threshold "-": see longcodeu.ts.
 */
import { THRESHOLDS, thresholdKey } from "../benchmarks/repoqa/scorer";
import { isLongCodeUBenchmark, longcodeuAggregates } from "./longcodeu";
import { isPositionalBenchmark, positionKey, relativeAccuracy } from "./positional";
import type { Rate } from "./types";
import { wilson } from "./wilson";

export const THRESHOLD_KEYS: readonly string[] = THRESHOLDS.map(thresholdKey);

export const SAMPLE_STATUSES = ["scored", "error", "context_exceeded"] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/**
 * `drop` (positional benchmarks only, key "median"): `rate` holds the median relative drop, not a
 * pass rate; `n` is the number of D values it is the median of, `passed` 0, no interval.
 * `task` and `task_length`: LongCodeU only (longcodeu.ts).
 */
export const GROUP_TYPES = ["all", "language", "depth", "length", "heatmap", "drop", "task", "task_length"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** One per-task result, in the shape of a `leaderboard_samples` row. */
export interface Sample {
  taskId: string;
  language: string;
  needlePosition: number;
  tokenStart: number | null;
  tokenEnd: number | null;
  contextSize: number;
  isBest: boolean;
  bestSimilarity: number;
  bestTarget: string | null;
  status: SampleStatus;
  /** LongCodeU only (longcodeu.ts): precision (recall is `bestSimilarity`), unparseable output, length bucket (null: unknown). */
  precision?: number | null;
  unparseable?: boolean | null;
  bucket?: string | null;
}

/** One `leaderboard_aggregates` row without its entry id. */
export interface Aggregate {
  threshold: string;
  groupType: GroupType;
  groupKey: string;
  n: number;
  passed: number;
  rate: number;
  ciLow: number | null;
  ciHigh: number | null;
  /** Mean `best_similarity` of the group's scored samples (RepoQA: best similarity; positional: partial score); null without samples. */
  meanScore: number | null;
  /** LongCodeU only (null or absent elsewhere): mean precision and the group's counts. */
  meanPrecision?: number | null;
  unparseable?: number | null;
  errors?: number | null;
  contextExceeded?: number | null;
}

/** A rate with its Wilson interval; `rate` defaults to passed / n (published rates may be given). */
export function rateOf(passed: number, n: number, rate = n > 0 ? passed / n : 0): Rate {
  const ci = wilson(passed, n);
  return { rate, ci_low: ci.low, ci_high: ci.high, n, passed };
}

/** Depth buckets are tenths of the context: "0.0-0.1" ... "0.9-1.0" (1.0 falls in the last). */
export function depthBucket(depth: number): { key: string; lo: number; hi: number } {
  // The epsilon keeps 0.3 (= 2.9999999999999996 / 10) in "0.3-0.4".
  const i = Math.min(9, Math.max(0, Math.floor(depth * 10 + 1e-9)));
  return { key: `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`, lo: i / 10, hi: (i + 1) / 10 };
}

/** Context lengths are few and exact (the sizes contexts were built with): one bucket per size. */
export function lengthBucket(size: number): { key: string; lo: number; hi: number } {
  return { key: String(size), lo: size, hi: size };
}

export const heatmapKey = (depthKey: string, lengthKey: string) => `${depthKey}|${lengthKey}`;

export const passes = (s: Sample, threshold: number) => s.isBest && s.bestSimilarity >= threshold;

/**
 * Every aggregate of an entry with samples: all, per language, depth, length and depth x length, at
 * every threshold, with the mean best similarity of each group. `benchmark` picks the keys: RepoQA
 * (the default) buckets depth in tenths; a positional benchmark keys depth by exact grid position
 * (`positionKey`), passes on exact match and adds the `drop` row (see the module comment);
 * LongCodeU has its own groups (longcodeu.ts).
 */
export function aggregateSamples(samples: readonly Sample[], benchmark = "repoqa-snf"): Aggregate[] {
  if (isLongCodeUBenchmark(benchmark)) return longcodeuAggregates(samples);
  const positional = isPositionalBenchmark(benchmark);
  const depthKey = positional ? positionKey : (p: number) => depthBucket(p).key;
  const pass = positional ? (s: Sample) => s.isBest : passes;
  const groups = new Map<string, { type: GroupType; key: string; n: number; score: number; passed: number[] }>();
  const add = (type: GroupType, key: string, s: Sample) => {
    const id = `${type}\u0000${key}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { type, key, n: 0, score: 0, passed: THRESHOLDS.map(() => 0) }));
    g.n++;
    g.score += s.bestSimilarity;
    THRESHOLDS.forEach((t, i) => (g.passed[i] += pass(s, t) ? 1 : 0));
  };
  for (const s of samples) {
    if (s.status !== "scored") continue;
    const depth = depthKey(s.needlePosition);
    const length = lengthBucket(s.contextSize).key;
    add("all", "all", s);
    add("language", s.language, s);
    add("depth", depth, s);
    add("length", length, s);
    add("heatmap", heatmapKey(depth, length), s);
  }
  const out: Aggregate[] = [];
  for (const g of groups.values()) {
    THRESHOLDS.forEach((t, i) => {
      const r = rateOf(g.passed[i], g.n);
      out.push({ threshold: thresholdKey(t), groupType: g.type, groupKey: g.key, n: g.n, passed: g.passed[i], rate: r.rate, ciLow: r.ci_low, ciHigh: r.ci_high, meanScore: g.score / g.n });
    });
  }
  if (positional) out.push(...dropAggregates(out));
  return out;
}

/**
 * The `drop`/`median` row at every threshold, from the heatmap rows (identical at every threshold
 * for positional benchmarks); none when no D has a drop.
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
  return THRESHOLDS.map((t) => ({ threshold: thresholdKey(t), groupType: "drop" as const, groupKey: "median", n, passed: 0, rate: median_drop, ciLow: null, ciHigh: null, meanScore: null }));
}
