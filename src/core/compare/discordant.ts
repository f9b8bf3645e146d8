/**
 * The discordant pairs of a comparison (docs/compare.md, "Discordant tasks"): the tasks where the
 * two sides disagree, each with both verdicts. Pure, like ./pair.ts: the benchmark's CompareRule
 * says what passing and a grade are.
 *
 * - A rule with a pass rule: the pairs where exactly one side passes (`only_a`, `only_b`).
 * - A graded rule without one: the pairs whose grades differ (`a_higher`, `b_higher`).
 *
 * Order: graded benchmarks by the size of the difference, largest first; pass/fail ones `only_a`
 * before `only_b`; ties by key in code-point order. The whole list is computed (linear in the pairs,
 * then one sort); the answer carries one page of it.
 */
import type { CompareRule, CompareSample } from "../../benchmarks/types";

/** How two sides disagree on a task. */
export const DISCORDANT_KINDS = ["only_a", "only_b", "a_higher", "b_higher"] as const;
export type DiscordantKind = (typeof DISCORDANT_KINDS)[number];

/** One side's verdict on a discordant task. */
export interface DiscordantSide {
  /** The run's unit (its sample page is `/runs/{id}/samples/{unit}`); null for an entry's sample. */
  unit: string | null;
  /** Whether it passes under the rule (at the comparison's threshold); null without a pass rule. */
  passed: boolean | null;
  /** Its grade (graded benchmarks) or stored score. */
  score: number | null;
}

export interface DiscordantPair {
  key: string;
  kind: DiscordantKind;
  a: DiscordantSide;
  b: DiscordantSide;
  /** Grade A − grade B (graded benchmarks); null otherwise. */
  difference: number | null;
}

/** A pair of scored samples on one task. */
export interface ScoredPair {
  key: string;
  a: CompareSample;
  b: CompareSample;
}

const bytes = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const KIND_ORDER: Record<DiscordantKind, number> = { only_a: 0, only_b: 1, a_higher: 0, b_higher: 0 };

/** The discordant pairs of `pairs` under `rule`, in the order above. */
export function discordantPairs(
  rule: CompareRule,
  pairs: readonly ScoredPair[],
  threshold: number | null,
): DiscordantPair[] {
  const graded = rule.outcome === "graded" && rule.grade !== undefined;
  const out: DiscordantPair[] = [];
  for (const p of pairs) {
    const passA = rule.passes ? rule.passes(p.a, threshold ?? 0) : null;
    const passB = rule.passes ? rule.passes(p.b, threshold ?? 0) : null;
    const gradeA = graded ? rule.grade!(p.a) : null;
    const gradeB = graded ? rule.grade!(p.b) : null;
    const difference = gradeA !== null && gradeB !== null ? gradeA - gradeB : null;
    let kind: DiscordantKind | null = null;
    if (rule.passes) kind = passA === passB ? null : passA ? "only_a" : "only_b";
    else if (difference !== null && difference !== 0) kind = difference > 0 ? "a_higher" : "b_higher";
    if (kind === null) continue;
    out.push({
      key: p.key,
      kind,
      a: { unit: p.a.unit, passed: passA, score: gradeA ?? p.a.score },
      b: { unit: p.b.unit, passed: passB, score: gradeB ?? p.b.score },
      difference,
    });
  }
  return out.sort(
    (x, y) =>
      (graded ? Math.abs(y.difference!) - Math.abs(x.difference!) : 0) ||
      KIND_ORDER[x.kind] - KIND_ORDER[y.kind] ||
      bytes(x.key, y.key),
  );
}

/** How many discordant pairs of each kind the rule can give: `only_a` and `only_b` with a pass rule, else `a_higher` and `b_higher`. */
export function discordantCounts(
  list: readonly DiscordantPair[],
  byPass: boolean,
): Partial<Record<DiscordantKind, number>> {
  const counts: Partial<Record<DiscordantKind, number>> = byPass
    ? { only_a: 0, only_b: 0 }
    : { a_higher: 0, b_higher: 0 };
  for (const d of list) counts[d.kind]!++;
  return counts;
}
