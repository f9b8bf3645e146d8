/**
 * GET /v1/compare: a paired comparison of two runs or leaderboard entries on the same tasks
 * (docs/compare.md). Reads the sides, checks they are the same benchmark and dataset, and applies
 * the benchmark's CompareRule (reached through the registry).
 */
import { findBenchmark } from "../benchmarks/registry";
import { budgetPlan } from "../code/budget";
import type { Env } from "../env";
import { ProblemError } from "../errors";
import { comparePairs, type PairedComparison } from "./pair";
import { readSides, type ScopeFilters, type SideInfo } from "./sides";

export interface CompareQuery extends ScopeFilters {
  a: string;
  b: string;
  threshold?: number;
}

/** The pairing rule, stated in every answer. */
export const PAIRING_RULE =
  "Samples pair by task (the benchmark's key: a task, or a task at one depth, size or grid cell). A task on one side only is listed under `unpaired`. A task on both sides pairs only when both samples are scored: an error or a context overflow on either side leaves the pair out of every figure and is listed under `not_scored` for that side.";

/** The McNemar convention, stated in every answer. */
export const MCNEMAR_RULE =
  "McNemar's exact test, two-sided: 2 · P(X ≤ min(only_a, only_b)) for X ~ Binomial(only_a + only_b, 1/2), capped at 1; 1 when no pair is discordant.";

export interface CompareResponse extends PairedComparison {
  benchmark: string;
  dataset: string;
  outcome: "pass_fail" | "graded";
  /** The threshold the pass rule read; null when it reads none. */
  threshold: number | null;
  a: SideInfo;
  b: SideInfo;
  pairing: string;
  mcnemar: string | null;
}

/** Compares `a` with `b` (A − B) as docs/compare.md describes. */
export async function compare(env: Env, q: CompareQuery): Promise<CompareResponse> {
  const [a, b] = await readSides(env, q.a, q.b, q);
  if (a.benchmark !== b.benchmark || a.dataset !== b.dataset) {
    throw new ProblemError("unprocessable-content", `Both sides must be the same benchmark and dataset: a is ${a.benchmark} on ${a.dataset}, b is ${b.benchmark} on ${b.dataset}.`);
  }
  const rule = findBenchmark(a.benchmark)?.compare;
  if (!rule) throw new ProblemError("unprocessable-content", `Benchmark "${a.benchmark}" has no paired comparison.`);
  const threshold = rule.defaultThreshold === undefined ? null : (q.threshold ?? rule.defaultThreshold);
  const { samples: _a, ...infoA } = a;
  const { samples: _b, ...infoB } = b;
  return {
    benchmark: a.benchmark,
    dataset: a.dataset,
    outcome: rule.outcome,
    threshold,
    a: infoA,
    b: infoB,
    pairing: PAIRING_RULE,
    mcnemar: rule.passes ? MCNEMAR_RULE : null,
    ...comparePairs(rule, a.samples, b.samples, threshold, budgetPlan(env)),
  };
}
