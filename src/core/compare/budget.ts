/**
 * The CPU budget of a comparison (docs/limits.md, "CPU budgets"; docs/compare.md, "Cost"). Reading
 * and pairing are linear in the samples and bounded by what a run or an entry can hold; the paired
 * bootstrap is not: it draws `resamples` × n indices once overall and once more over the groups.
 * So a graded comparison is refused before any draw when its draws exceed the plan's limit, a 422
 * `budget-exceeded` naming `bootstrap_draws` (src/lib/code/budget.ts's refusal, for a unit it does not
 * count: its sets stay the scorers').
 */
import { type BudgetPlan, FREE_PLAN, PAID_PLAN } from "../../lib/code/budget";
import { ProblemError } from "../../lib/errors";

/**
 * `paid`: a graded comparison of two 20,000-sample runs with groups (2 × 2,000 × 20,000 draws),
 * about 1 s of CPU (scripts/bench-compare.mts).
 */
export const PAID_BOOTSTRAP_DRAWS = 80_000_000;

/**
 * `free`: about 7 ms of the Free plan's 10 ms at the bench's ~14 ns per draw: 500,000 draws, a
 * graded comparison of 125 pairs with groups (250 without).
 */
export const FREE_BOOTSTRAP_DRAWS = 500_000;

/** The most bootstrap draws one comparison may make under `plan` (a numeric plan scales `paid`). */
export function bootstrapDrawLimit(plan: BudgetPlan): number {
  if (plan === FREE_PLAN) return FREE_BOOTSTRAP_DRAWS;
  if (plan === PAID_PLAN) return PAID_BOOTSTRAP_DRAWS;
  return Math.floor(PAID_BOOTSTRAP_DRAWS * Number(plan.name));
}

/** Refuses `draws` over `plan`'s limit: the 422 names the limit, the draws needed and the plan. */
export function checkBootstrapDraws(draws: number, plan: BudgetPlan): void {
  const limit = bootstrapDrawLimit(plan);
  if (draws <= limit) return;
  throw new ProblemError(
    "budget-exceeded",
    `This comparison's paired bootstrap needs ${draws} index draws, more than the per-request limit of ${limit} bootstrap draws (\`bootstrap_draws\`, CPU budget \`${plan.name}\`); see docs/limits.md, "CPU budgets". Compare fewer tasks (a smaller dataset), or on a deployment with a larger CPU budget.`,
    { budget: "bootstrap_draws", limit, draws, scope: "request", cpu_budget: plan.name },
  );
}
