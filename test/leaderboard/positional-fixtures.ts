/**
 * A synthetic positional run ("Sense and Sensitivity" grid) whose every aggregate is computed by
 * hand in test/leaderboard/positional.test.ts. Plain data, no imports from the Worker: the page and
 * browser tests use it too.
 *
 * Cells list the partial scores of the targets at (D, position); a score of 1 is an exact match
 * (is_best), anything else is not. D = 80 has four targets per cell, the others two.
 */
export interface GridSample {
  task: string;
  language: string;
  position: number;
  context_size: number;
  passed: boolean;
  score: number;
  status?: "scored" | "error" | "context_exceeded";
}

export const GRID: Record<number, Record<string, number[]>> = {
  20: { "0": [1, 1], "0.25": [1, 0.5], "0.5": [0.25, 1], "0.9": [1, 1], "1": [1, 1] },
  40: { "0": [1, 0], "0.25": [0.5, 1], "0.5": [0.5, 0.5], "0.9": [1, 0.2], "1": [0.8, 1] },
  60: { "0": [0, 0.5], "0.25": [0, 0.5], "0.5": [0, 0.5], "0.9": [0, 0.5], "1": [0, 0.5] },
  80: { "0": [1, 1, 1, 1], "0.25": [1, 1, 1, 0.5], "0.5": [1, 0.5, 1, 1], "0.9": [1, 1, 1, 1], "1": [1, 1, 1, 1] },
};

/**
 * The grid's samples for `benchmark`, plus one error (D 40, position 1) and one context overflow
 * (D 60, position 0.5), which must count in neither n nor any cell. Positions are computed as a
 * producer would (0.9 as 9 / 10), not copied from the keys.
 */
export function gridSamples(benchmark: string, grid: Record<number, Record<string, number[]>> = GRID): GridSample[] {
  const out: GridSample[] = [];
  for (const [d, cells] of Object.entries(grid)) {
    for (const [key, scores] of Object.entries(cells)) {
      const position = key === "0.25" ? 1 / 4 : Math.round(Number(key) * 10) / 10;
      for (const [i, score] of scores.entries()) {
        out.push({
          task: `python::${benchmark}::t-${String(i).padStart(4, "0")}`,
          language: "python",
          position: position,
          context_size: Number(d),
          passed: score === 1,
          score: score,
        });
      }
    }
  }
  const extra = (position: number, context_size: number, status: "error" | "context_exceeded"): GridSample => ({
    task: `python::${benchmark}::t-0099`,
    language: "python",
    position: position,
    context_size,
    passed: false,
    score: 0,
    status,
  });
  out.push(extra(1, 40, "error"), extra(0.5, 60, "context_exceeded"));
  return out;
}

/** A verified run of `benchmark` for publishVerifiedRun. */
export function positionalRun(model: string, benchmark: string, dataset: string, samples = gridSamples(benchmark)) {
  return {
    benchmark,
    dataset,
    model,
    receipt: { scorer_version: `${benchmark}/1`, finished_at: "2026-11-20T10:00:00.000Z" },
    samples,
  };
}

/** How a task's accuracy depends on position: `base` at the ends, falling by up to `dip` (times D / 80) in the middle. */
export const CURVES: Record<string, { base: number; dip: number }> = {
  "lexical-recall": { base: 0.97, dip: 0.03 },
  "cruxeval-o": { base: 0.72, dip: 0.55 },
  semtrace: { base: 0.9, dip: 0.93 },
};

/**
 * A full paper-sized grid for pages and screenshots: D in {20, 40, 60, 80}, the 11 positions 0 … 1,
 * `targets` per cell, exact matches following CURVES (deterministic), partial scores for the rest,
 * and one error. Numbers are illustrative, not checked by hand.
 */
export function curveSamples(benchmark: string, targets = 10): GridSample[] {
  const { base, dip } = CURVES[benchmark];
  const out: GridSample[] = [];
  for (const d of [20, 40, 60, 80]) {
    for (let k = 0; k <= 10; k++) {
      const position = k / 10;
      const accuracy = base * (1 - dip * Math.sin(Math.PI * position) ** 2 * (d / 80));
      const exact = Math.round(accuracy * targets);
      for (let i = 0; i < targets; i++) {
        const partial =
          benchmark === "semtrace"
            ? Math.round(
                (0.2 + 0.6 * (((i * 7 + k * 3 + d) % 10) / 10)) * (1 - 0.4 * Math.sin(Math.PI * position)) * 100,
              ) / 100
            : 0;
        out.push({
          task: `python::${benchmark}::t-${String(i).padStart(4, "0")}`,
          language: "python",
          position: position,
          context_size: d,
          passed: i < exact,
          score: i < exact ? 1 : partial,
        });
      }
    }
  }
  out.push({
    task: `python::${benchmark}::t-0099`,
    language: "python",
    position: 0.5,
    context_size: 80,
    passed: false,
    score: 0,
    status: "error",
  });
  return out;
}
