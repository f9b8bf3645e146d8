/**
 * GET /v1/compare: a paired comparison of two runs or leaderboard entries on the same tasks
 * (docs/compare.md). Reads the sides, checks they are the same benchmark and dataset, and applies
 * the benchmark's CompareRule (reached through the registry).
 */
import { findBenchmark } from "../../benchmarks/registry";
import type { CompareRule } from "../../benchmarks/types";
import { budgetPlan } from "../../lib/code/budget";
import type { Env } from "../../lib/env";
import { invalid, ProblemError } from "../../lib/errors";
import { qs } from "../../kit/pages/format";
import { discordantCounts, type DiscordantKind, type DiscordantPair } from "./discordant";
import { comparePairs, type PairedComparison } from "./pair";
import { SCOPE_OPTIONS } from "../leaderboard/queries";
import { DISCORDANT_PER_PAGE, type CompareQuery } from "./query";
import { readSides, sideFields, type ScopeFilters, type Side, type SideInfo } from "./sides";

/** One discordant pair as the answer lists it: with the link to both answers side by side. */
export interface DiscordantItem extends DiscordantPair {
  /** The side-by-side page of this task (`GET /compare/task`). */
  answers: string;
}

/** One page of the discordant pairs (docs/compare.md, "Discordant tasks"). */
export interface DiscordantPage {
  /** `pass`: the sides disagree on passing; `grade`: on the grade (benchmarks without a pass rule). */
  by: "pass" | "grade";
  /** Every discordant pair, by kind (`only_a`, `only_b` by pass; `a_higher`, `b_higher` by grade). */
  counts: Partial<Record<DiscordantKind, number>>;
  total: number;
  page: number;
  pages: number;
  per_page: number;
  items: DiscordantItem[];
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
  discordant: DiscordantPage;
}

/**
 * The query that names a comparison again (its sides, their scope, the threshold the pass rule
 * read): for the page's links, the JSON link and the side-by-side pages.
 */
export function compareParams(
  r: Pick<CompareResponse, "a" | "b" | "benchmark" | "dataset" | "threshold">,
  threshold: number | null = r.threshold,
): Record<string, string> {
  const params: Record<string, string> = { a: r.a.id, b: r.b.id, benchmark: r.benchmark, dataset: r.dataset };
  const entry = r.a.kind === "entry" ? r.a : r.b.kind === "entry" ? r.b : null;
  for (const [name, value] of Object.entries(entry?.options ?? {})) if (value) params[name] = value;
  if (threshold !== null) params.threshold = String(threshold);
  return params;
}

/** The side-by-side page of task `key` of a comparison. */
export const answersHref = (params: Record<string, string>, key: string) => `/compare/task${qs({ ...params, key })}`;

/** Page `page` of the discordant list; a page past the last is a 400 naming `page`. */
function discordantPage(
  list: readonly DiscordantPair[],
  byPass: boolean,
  page: number,
  params: Record<string, string>,
): DiscordantPage {
  const pages = Math.max(1, Math.ceil(list.length / DISCORDANT_PER_PAGE));
  if (page > pages)
    throw new ProblemError(
      "validation-error",
      `page: must be at most ${pages} (${list.length} discordant tasks, ${DISCORDANT_PER_PAGE} a page).`,
      { errors: [{ path: "page", message: `at most ${pages}` }] },
    );
  const items = list
    .slice((page - 1) * DISCORDANT_PER_PAGE, page * DISCORDANT_PER_PAGE)
    .map((d) => ({ ...d, answers: answersHref(params, d.key) }));
  return {
    by: byPass ? "pass" : "grade",
    counts: discordantCounts(list, byPass),
    total: list.length,
    page,
    pages,
    per_page: DISCORDANT_PER_PAGE,
    items,
  };
}

/** Both sides of a comparison, checked to be the same benchmark and dataset, with the benchmark's rule and the threshold it reads. */
export async function comparedSides(
  env: Env,
  q: CompareQuery,
): Promise<{ a: Side; b: Side; rule: CompareRule; threshold: number | null }> {
  const [a, b] = await readSides(env, q.a, q.b, q);
  if (a.benchmark !== b.benchmark || a.dataset !== b.dataset) {
    invalid(
      `Both sides must be the same benchmark and dataset: a is ${a.benchmark} on ${a.dataset}, b is ${b.benchmark} on ${b.dataset}.`,
    );
  }
  const rule = findBenchmark(a.benchmark)?.compare;
  if (!rule) invalid(`Benchmark "${a.benchmark}" has no paired comparison.`);
  const threshold = rule.defaultThreshold === undefined ? null : (q.threshold ?? rule.defaultThreshold);
  return { a, b, rule, threshold };
}

/** A side as the answer describes it (without its samples). */
export const sideInfo = ({ samples: _samples, ...info }: Side): SideInfo => info;

/** Compares `a` with `b` (A − B) as docs/compare.md describes. */
export async function compare(env: Env, q: CompareQuery): Promise<CompareResponse> {
  const { a, b, rule, threshold } = await comparedSides(env, q);
  const { discordant, ...paired } = comparePairs(rule, a.samples, b.samples, threshold, budgetPlan(env));
  const head = { benchmark: a.benchmark, dataset: a.dataset, threshold, a: sideInfo(a), b: sideInfo(b) };
  return {
    benchmark: a.benchmark,
    dataset: a.dataset,
    outcome: rule.outcome,
    threshold,
    a: head.a,
    b: head.b,
    pairing: PAIRING_RULE,
    mcnemar: rule.passes ? MCNEMAR_RULE : null,
    ...paired,
    discordant: discordantPage(discordant, rule.passes !== undefined, q.page ?? 1, compareParams(head)),
  };
}

/** A comparison as GET /v1/compare answers it: each side's scope options as fields of the side. */
export const compareJson = (r: CompareResponse) => ({ ...r, a: sideFields(r.a), b: sideFields(r.b) });

/**
 * A query as the comparison reads it: the benchmarks' scope options it gives (`mode`,
 * `comment_mode`...) gathered under `options`, its other fields as they are.
 */
export function withScopeOptions<T extends Record<string, unknown>>(flat: T): T & ScopeFilters {
  const out: Record<string, unknown> = {};
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(flat)) {
    if (!SCOPE_OPTIONS.some(([n]) => n === name)) out[name] = value;
    else if (typeof value === "string") options[name] = value;
  }
  return (Object.keys(options).length ? { ...out, options } : out) as T & ScopeFilters;
}
