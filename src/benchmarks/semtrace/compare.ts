/**
 * How the family's samples compare (GET /v1/compare). Positional benchmarks pair per grid cell
 * (target, D, position) and group by position; they pass on exact match, and SemTrace, whose
 * answers earn partial credit, is graded by that partial score (its exact-match table is given as
 * well). Sensitivity benchmarks pair per target and pass on exact match.
 */
import { positionKey } from "./leaderboard";
import type { CompareRule, CompareSample } from "../types";
import { parsePositionalUnit } from "./benchmark";
import type { PositionalBenchmark } from "./dataset/ids";

/** A run's cell from its unit (`<target>@<D>@<position>`), an entry's from its stored D and position. */
function cellKey(s: CompareSample): string {
  if (s.unit !== null) {
    const { distractors, position } = parsePositionalUnit(s.unit);
    return `${s.taskId}@${distractors}@${positionKey(position)}`;
  }
  return `${s.taskId}@${s.contextSize}@${positionKey(s.position ?? 0)}`;
}

const exact = (s: CompareSample) => s.passed === true;

/** The rule of a positional benchmark: graded by partial score for SemTrace, pass/fail elsewhere. */
export function positionalCompare(task: PositionalBenchmark): CompareRule {
  return {
    outcome: task === "semtrace" ? "graded" : "pass_fail",
    pairKey: cellKey,
    passes: exact,
    ...(task === "semtrace" ? { grade: (s: CompareSample) => s.score ?? 0 } : {}),
    group: { by: "position", of: (s) => positionKey(s.position ?? 0) },
  };
}

/** The rule of a sensitivity benchmark: one sample per target, exact match. */
export const sensitivityCompare: CompareRule = { outcome: "pass_fail", pairKey: (s) => s.taskId, passes: exact };
