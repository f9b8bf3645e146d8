/**
 * The stored shapes of a leaderboard entry's samples and aggregates, and the pass-rate aggregation
 * most benchmarks use: pass@1 at every threshold of the sweep, as the reference computes it (a
 * task passes at a threshold when its best match is the target and reaches the threshold; pass@1
 * is the mean). Only scored samples count: an error or a context overflow is not a failed answer.
 *
 * A benchmark picks its depth keys and its pass rule (`passRateAggregates`); one measured over a
 * grid keys depth by the exact position and may add rows of its own (a `drop` row); one without a
 * threshold stores its own groups once, under a threshold key of its own (`task`, `task_length`).
 * A library module (no registry): `BenchmarkLeaderboard.aggregate` builds on it.
 */
import { THRESHOLDS, THRESHOLD_KEYS, thresholdKey } from "../../lib/metrics/thresholds";
import type { Rate } from "./types";
import { wilson } from "./wilson";

export { THRESHOLD_KEYS };

export const SAMPLE_STATUSES = ["scored", "error", "context_exceeded"] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/**
 * The stored group types. `drop` (key "median"): `rate` holds a median relative drop, not a pass
 * rate; `n` is the number of values it is the median of, `passed` 0, no interval. `task` and
 * `task_length`: groups of a benchmark made of several tasks. `born` (key: a UTC day): the scored
 * samples whose target was born that day, which the unseen view sums past a model's cutoff.
 */
export const GROUP_TYPES = [
  "all",
  "language",
  "depth",
  "length",
  "heatmap",
  "drop",
  "task",
  "task_length",
  "born",
] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** One per-task result, in the shape of a `leaderboard_samples` row. */
export interface Sample {
  taskId: string;
  language: string;
  position: number;
  tokenStart: number | null;
  tokenEnd: number | null;
  contextSize: number;
  passed: boolean;
  score: number;
  status: SampleStatus;
  /** The benchmark's own parts (`leaderboard_samples.parts`), or null. */
  parts: Record<string, unknown> | null;
  /** The UTC day its target was born, or null. */
  born: string | null;
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
  /** Mean `score` of the group's scored samples; null without samples. */
  meanScore: number | null;
  /** Graded answers only (null or absent elsewhere): mean precision and the group's counts. */
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

/** The default pass rule at a threshold: the sample passed and its score reaches the threshold. */
export const passes = (s: Sample, threshold: number) => s.passed && s.score >= threshold;

/** How a benchmark's pass-rate aggregates key depth and decide a pass. */
export interface PassRateRules {
  /** The depth group key of a needle position (default: tenths, `depthBucket`). */
  depthKey?(position: number): string;
  /** Whether a scored sample passes at a threshold (default: `passes`). */
  pass?(s: Sample, threshold: number): boolean;
}

/**
 * Pass-rate aggregates of an entry with samples: all, per language, depth, length, depth x length
 * and birth day (dated samples only), at every threshold, with the mean score of each group.
 */
export function passRateAggregates(samples: readonly Sample[], rules: PassRateRules = {}): Aggregate[] {
  const depthKey = rules.depthKey ?? ((p: number) => depthBucket(p).key);
  const pass = rules.pass ?? passes;
  const groups = new Map<string, { type: GroupType; key: string; n: number; score: number; passed: number[] }>();
  const add = (type: GroupType, key: string, s: Sample) => {
    const id = `${type}\u0000${key}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { type, key, n: 0, score: 0, passed: THRESHOLDS.map(() => 0) }));
    g.n++;
    g.score += s.score;
    for (const [i, t] of THRESHOLDS.entries()) g.passed[i] += pass(s, t) ? 1 : 0;
  };
  for (const s of samples) {
    if (s.status !== "scored") continue;
    const depth = depthKey(s.position);
    const length = lengthBucket(s.contextSize).key;
    add("all", "all", s);
    add("language", s.language, s);
    add("depth", depth, s);
    add("length", length, s);
    add("heatmap", heatmapKey(depth, length), s);
    if (s.born) add("born", s.born, s);
  }
  const out: Aggregate[] = [];
  for (const g of groups.values()) {
    THRESHOLDS.forEach((t, i) => {
      const r = rateOf(g.passed[i], g.n);
      out.push({
        threshold: thresholdKey(t),
        groupType: g.type,
        groupKey: g.key,
        n: g.n,
        passed: g.passed[i],
        rate: r.rate,
        ciLow: r.ci_low,
        ciHigh: r.ci_high,
        meanScore: g.score / g.n,
      });
    });
  }
  return out;
}
