/**
 * pass@1 aggregates of a leaderboard entry, as the reference computes them: a task passes at a
 * threshold when its best match is the target and reaches the threshold; pass@1 is the mean.
 * Only scored samples count: an error or a context overflow is not a failed answer.
 */
import { THRESHOLDS, thresholdKey } from "../benchmarks/repoqa/scorer";
import type { Rate } from "./types";
import { wilson } from "./wilson";

export const THRESHOLD_KEYS: readonly string[] = THRESHOLDS.map(thresholdKey);

export const SAMPLE_STATUSES = ["scored", "error", "context_exceeded"] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export const GROUP_TYPES = ["all", "language", "depth", "length", "heatmap"] as const;
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

/** Every aggregate of an entry with samples: all, per language, depth, length and depth x length. */
export function aggregateSamples(samples: readonly Sample[]): Aggregate[] {
  const groups = new Map<string, { type: GroupType; key: string; n: number; passed: number[] }>();
  const add = (type: GroupType, key: string, s: Sample) => {
    const id = `${type}\u0000${key}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { type, key, n: 0, passed: THRESHOLDS.map(() => 0) }));
    g.n++;
    THRESHOLDS.forEach((t, i) => (g.passed[i] += passes(s, t) ? 1 : 0));
  };
  for (const s of samples) {
    if (s.status !== "scored") continue;
    const depth = depthBucket(s.needlePosition).key;
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
      out.push({ threshold: thresholdKey(t), groupType: g.type, groupKey: g.key, n: g.n, passed: g.passed[i], rate: r.rate, ciLow: r.ci_low, ciHigh: r.ci_high });
    });
  }
  return out;
}
