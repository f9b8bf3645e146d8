/**
 * A run's results for the family: the (D x position) grid with the paper's relative accuracy, and
 * the sensitivity curve. Only scored samples count; errors and context overflows are counted apart.
 */
import type { SummarySample } from "../types";
import { summarizeSensitivity } from "./sensitivity";

export interface GridCell {
  distractors: number;
  position: number;
  n: number;
  passed: number;
  accuracy: number;
  /** Mean partial score (SemTrace: fraction of list positions right). */
  mean_score: number;
  unresolved: number;
  unparseable: number;
}

/**
 * Relative accuracy at each D: accuracy / the best position's accuracy at that D (null when no
 * position scores). drop(D) = 1 - the lowest relative accuracy at an interior position (0 < p < 1):
 * how far accuracy falls toward the middle. The median over D is the paper's "median relative drop".
 */
export function relativeAccuracy(cells: readonly { distractors: number; position: number; accuracy: number }[]) {
  const byD = new Map<number, { position: number; accuracy: number }[]>();
  for (const c of cells) {
    let list = byD.get(c.distractors);
    if (!list) byD.set(c.distractors, (list = []));
    list.push(c);
  }
  const rows = [...byD.entries()]
    .sort(([a], [b]) => a - b)
    .map(([distractors, list]) => {
      const sorted = [...list].sort((a, b) => a.position - b.position);
      const best = Math.max(...sorted.map((c) => c.accuracy));
      const relative = sorted.map((c) => ({ position: c.position, relative: best > 0 ? c.accuracy / best : null }));
      const interior = relative.filter((r) => r.position > 0 && r.position < 1 && r.relative !== null).map((r) => r.relative!);
      return { distractors, best_accuracy: best, relative, drop: interior.length ? 1 - Math.min(...interior) : null };
    });
  const drops = rows.map((r) => r.drop).filter((d): d is number => d !== null).sort((a, b) => a - b);
  const mid = drops.length >> 1;
  const median = drops.length === 0 ? null : drops.length % 2 ? drops[mid] : (drops[mid - 1] + drops[mid]) / 2;
  return { by_distractors: rows, median_drop: median };
}

export function positionalSummary(samples: readonly SummarySample[]) {
  const cells = new Map<string, GridCell>();
  for (const s of samples) {
    if (s.status !== "scored" || s.contextSize === null || s.position === null) continue;
    const key = `${s.contextSize}@${s.position}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { distractors: s.contextSize, position: s.position, n: 0, passed: 0, accuracy: 0, mean_score: 0, unresolved: 0, unparseable: 0 }));
    c.n++;
    if (s.passed) c.passed++;
    c.mean_score += s.score ?? 0;
    if (s.detail?.unresolved === true) c.unresolved++;
    if (s.detail?.unparseable === true) c.unparseable++;
  }
  const grid = [...cells.values()]
    .map((c) => ({ ...c, accuracy: c.passed / c.n, mean_score: c.mean_score / c.n }))
    .sort((a, b) => a.distractors - b.distractors || a.position - b.position);
  const total = (k: "unresolved" | "unparseable") => grid.reduce((n, c) => n + c[k], 0);
  return { grid, ...relativeAccuracy(grid), unresolved: total("unresolved"), unparseable: total("unparseable") };
}

export function sensitivitySummary(samples: readonly SummarySample[]) {
  const items = samples
    .filter((s) => s.status === "scored" && typeof s.detail?.base === "string" && typeof s.detail?.fraction === "number")
    .map((s) => ({ base: s.detail!.base as string, fraction: s.detail!.fraction as number, correct: s.passed === true }));
  return items.length ? { sensitivity: summarizeSensitivity(items) } : { sensitivity: null };
}
