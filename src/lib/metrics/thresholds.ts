/**
 * The similarity thresholds of the reference's sweep (0.0 ... 1.0, 0.8 the headline): a scorer
 * reports pass at each, and the leaderboard stores and reads pass rates keyed by them.
 */
export const THRESHOLDS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0] as const;

/** The headline threshold: a run's and a leaderboard read's default. */
export const DEFAULT_THRESHOLD = 0.8;

/** A threshold as the reference's files and the stored aggregates key it ("0.8"). */
export function thresholdKey(t: number): string {
  return t.toFixed(1);
}

/** Every threshold's key, in sweep order. */
export const THRESHOLD_KEYS: readonly string[] = THRESHOLDS.map(thresholdKey);
