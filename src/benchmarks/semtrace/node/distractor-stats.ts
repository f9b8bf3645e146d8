/** The numbers behind the distractor filters: numpy's percentile and the token window nearest a mean. */

export const windowMean = (sorted: readonly number[], start: number, width: number) =>
  sorted.slice(start, start + width).reduce((a, b) => a + b, 0) / width;

/** Start of the window of ceil(n/2) ascending values whose mean is nearest `target` (the first on a tie). */
export function nearestMeanWindow(sorted: readonly number[], target: number): { start: number; width: number } {
  const width = Math.ceil(sorted.length / 2);
  let sum = sorted.slice(0, width).reduce((a, b) => a + b, 0);
  let best = { start: 0, distance: Math.abs(sum / width - target) };
  for (let start = 1; start + width <= sorted.length; start++) {
    sum += sorted[start + width - 1] - sorted[start - 1];
    const distance = Math.abs(sum / width - target);
    if (distance < best.distance) best = { start, distance };
  }
  return { start: best.start, width };
}

/**
 * numpy's default `percentile` (method "linear") of ascending `sorted`: the value at virtual index
 * (q/100)(n-1), interpolated with numpy's `_lerp` (which computes from the upper end when t >= 0.5)
 * so the result is the same double numpy gives.
 */
export function percentile(sorted: readonly number[], q: number): number {
  const n = sorted.length;
  if (n === 0) throw new Error("percentile of an empty list");
  const virtual = (q / 100) * (n - 1);
  const lo = Math.floor(virtual);
  const hi = Math.min(lo + 1, n - 1);
  const t = virtual - lo;
  const a = sorted[lo];
  const b = sorted[hi];
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}
