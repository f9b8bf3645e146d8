/**
 * How LongCodeU's samples compare (GET /v1/compare): graded by the example's recall (the paper's
 * recall metric of its task), per task. No pass rule: the paper reports means, not passes.
 */
import type { CompareRule, CompareSample } from "../types";

/** A scored sample's recall: a run's detail carries it (its score too), an entry stores it as best_similarity. */
const recallOf = (s: CompareSample) => (typeof s.detail?.recall === "number" ? s.detail.recall : (s.score ?? 0));

export const longcodeuCompare: CompareRule = {
  outcome: "graded",
  // `python::<TASK>::<example id>`: one sample per example on either side.
  pairKey: (s) => s.taskId,
  grade: recallOf,
  group: { by: "task", of: (s) => s.taskId.split("::")[1] ?? "" },
};
