/**
 * The lexical-vs-semantic recall family (Štorek et al., "Sense and Sensitivity"; spec
 * ../shared/spec/semtrace.md). One dataset of this family holds every task; each task is its own
 * run benchmark and its own leaderboard benchmark.
 */

/** Benchmarks measured across the (distractors D x position) grid: the paper's Figure 2, side by side. */
export const POSITIONAL_BENCHMARKS = ["lexical-recall", "cruxeval-o", "semtrace"] as const;
export type PositionalBenchmark = (typeof POSITIONAL_BENCHMARKS)[number];

/** Counterfactual line-removal benchmarks (no distractors): semantic recall sensitivity. */
export const SENSITIVITY_BENCHMARKS = ["sensitivity-semtrace", "sensitivity-cruxeval-o"] as const;
export type SensitivityBenchmark = (typeof SENSITIVITY_BENCHMARKS)[number];

/** The `benchmark` of a dataset that holds this family's tasks. */
export const FAMILY_DATASET_BENCHMARK = "semtrace-suite";

export const isPositionalBenchmark = (id: string): id is PositionalBenchmark =>
  (POSITIONAL_BENCHMARKS as readonly string[]).includes(id);

/** Human titles, for the page and the registry. */
export const TITLES: Record<PositionalBenchmark | SensitivityBenchmark, string> = {
  "lexical-recall": "Lexical recall (keyed function retrieval)",
  "cruxeval-o": "CRUXEval output prediction with distractors",
  semtrace: "SemTrace output prediction",
  "sensitivity-semtrace": "Semantic recall sensitivity: SemTrace with lines removed",
  "sensitivity-cruxeval-o": "Semantic recall sensitivity: CRUXEval-O with lines removed",
};
