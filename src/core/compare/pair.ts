/**
 * Pairing two sides' samples by task and computing the paired figures (docs/compare.md). Pure:
 * the benchmark's CompareRule says what a task is, what passing or a grade is and how results
 * group; this module knows no family.
 */
import type { CompareRule, CompareSample } from "../../benchmarks/types";
import type { BudgetPlan } from "../../lib/code/budget";
import { invalid } from "../../lib/errors";
import { wilson } from "../../kit/leaderboard/wilson";
import {
  BOOTSTRAP_RESAMPLES,
  mcnemarExact,
  newcombeDifference,
  pairedBootstrap,
  type BootstrapDifference,
  type PairedDifference,
  type PairedTable,
} from "../../lib/metrics/paired";
import { checkBootstrapDraws } from "./budget";
import { discordantPairs, type DiscordantPair, type ScoredPair } from "./discordant";

/** Keys of one side's samples that were not scored, by status (left out of every figure). */
export interface NotScored {
  error: string[];
  context_exceeded: string[];
}

/** The figures of a set of pairs: the whole comparison or one group. */
export interface PairedFigures {
  n_paired: number;
  /** Pass/fail outcomes of the pairs; null when the benchmark has no pass rule. */
  table: PairedTable | null;
  /** McNemar's exact two-sided p-value on the discordant pairs; null without a table. */
  mcnemar_p: number | null;
  /** pass@1 of each side over the pairs; null without a table. */
  pass_at_1: { a: number; b: number } | null;
  /** Mean grade of each side over the pairs (graded benchmarks); null otherwise. */
  mean_grade: { a: number; b: number } | null;
  /** A − B: of pass@1 (Newcombe) or of the mean grade (paired bootstrap); null without pairs. */
  difference: PairedDifference | BootstrapDifference | null;
}

/** Everything a comparison reports about its pairs. */
export interface PairedComparison extends PairedFigures {
  unpaired: { a: string[]; b: string[] };
  not_scored: { a: NotScored; b: NotScored };
  groups: { by: string; rows: (PairedFigures & { key: string })[] } | null;
}

/** A comparison and every discordant pair of it, in order (./discordant.ts); the answer pages the list. */
export interface PairedResult extends PairedComparison {
  discordant: DiscordantPair[];
}

type Pair = ScoredPair;

/** One side's samples by pair key; a key twice on one side cannot pair (422 naming it). */
function keyed(rule: CompareRule, samples: readonly CompareSample[], side: "a" | "b"): Map<string, CompareSample> {
  const out = new Map<string, CompareSample>();
  for (const s of samples) {
    const key = rule.pairKey(s);
    if (out.has(key))
      invalid(
        `Side ${side} has more than one sample of task "${key}", so its samples cannot be paired one to one; compare the runs instead.`,
      );
    out.set(key, s);
  }
  return out;
}

const bytes = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The figures of `pairs` under `rule` (at `threshold` when the rule reads one). */
function figures(rule: CompareRule, pairs: readonly Pair[], threshold: number | null): PairedFigures {
  const n = pairs.length;
  let table: PairedTable | null = null;
  if (rule.passes) {
    const passes = rule.passes;
    table = { both: 0, only_a: 0, only_b: 0, neither: 0 };
    for (const p of pairs) {
      const a = passes(p.a, threshold ?? 0);
      const b = passes(p.b, threshold ?? 0);
      table[a ? (b ? "both" : "only_a") : b ? "only_b" : "neither"]++;
    }
  }
  const passAt1 = table && n > 0 ? { a: (table.both + table.only_a) / n, b: (table.both + table.only_b) / n } : null;
  let meanGrade: PairedFigures["mean_grade"] = null;
  let difference: PairedFigures["difference"] = null;
  if (rule.outcome === "graded" && rule.grade) {
    const grade = rule.grade;
    const gradesA = pairs.map((p) => grade(p.a));
    const gradesB = pairs.map((p) => grade(p.b));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    if (n > 0) meanGrade = { a: mean(gradesA), b: mean(gradesB) };
    difference = pairedBootstrap(gradesA.map((g, i) => g - gradesB[i]));
  } else if (table) {
    difference = newcombeDifference(table, wilson);
  }
  return {
    n_paired: n,
    table,
    mcnemar_p: table ? mcnemarExact(table.only_a, table.only_b) : null,
    pass_at_1: passAt1,
    mean_grade: meanGrade,
    difference,
  };
}

/**
 * Pairs A's and B's samples by the rule's key and computes the figures, overall and per group.
 * A key on one side only is unpaired (named); a key on both sides pairs only when both samples
 * are scored, otherwise it is named under each side whose sample is an error or a context
 * overflow. Keys are listed in code-point order; the discordant pairs in ./discordant.ts's order. A graded comparison whose bootstrap draws (overall
 * and per group) exceed `plan`'s limit is refused before any draw (./budget.ts).
 */
export function comparePairs(
  rule: CompareRule,
  samplesA: readonly CompareSample[],
  samplesB: readonly CompareSample[],
  threshold: number | null,
  plan: BudgetPlan,
): PairedResult {
  const a = keyed(rule, samplesA, "a");
  const b = keyed(rule, samplesB, "b");
  const unpaired = {
    a: [...a.keys()].filter((k) => !b.has(k)).sort(bytes),
    b: [...b.keys()].filter((k) => !a.has(k)).sort(bytes),
  };
  const notScored = {
    a: { error: [] as string[], context_exceeded: [] as string[] },
    b: { error: [] as string[], context_exceeded: [] as string[] },
  };
  const pairs: Pair[] = [];
  for (const key of [...a.keys()].filter((k) => b.has(k)).sort(bytes)) {
    const pair = { key, a: a.get(key)!, b: b.get(key)! };
    if (pair.a.status !== "scored") notScored.a[pair.a.status].push(key);
    if (pair.b.status !== "scored") notScored.b[pair.b.status].push(key);
    if (pair.a.status === "scored" && pair.b.status === "scored") pairs.push(pair);
  }
  if (rule.outcome === "graded") checkBootstrapDraws(BOOTSTRAP_RESAMPLES * pairs.length * (rule.group ? 2 : 1), plan);
  let groups: PairedComparison["groups"] = null;
  if (rule.group) {
    const of = rule.group.of;
    const byKey = new Map<string, Pair[]>();
    for (const p of pairs) {
      const key = of(p.a);
      const group = byKey.get(key);
      if (group) group.push(p);
      else byKey.set(key, [p]);
    }
    const rows = [...byKey.keys()].sort(bytes).map((key) => ({ key, ...figures(rule, byKey.get(key)!, threshold) }));
    groups = { by: rule.group.by, rows };
  }
  return {
    ...figures(rule, pairs, threshold),
    unpaired,
    not_scored: notScored,
    groups,
    discordant: discordantPairs(rule, pairs, threshold),
  };
}
