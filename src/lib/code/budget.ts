/**
 * CPU budgets for work done on what a caller sends (docs/limits.md, "CPU budgets").
 *
 * Inside a Worker `performance.now()` and `Date.now()` do not advance while code computes (and
 * tree-sitter's own `timeoutMicros` reads the same clock), so a budget cannot be a time. It is
 * counted instead in deterministic units of work that track CPU time, calibrated against measured
 * CPU (scripts/bench-budget.mts):
 *
 * - `parse_operations`: tree-sitter parser operations, counted by the parse's progress callback
 *   (tree-sitter calls it every 100 operations; returning true cancels the parse);
 * - `parse_recovery`: for every 100 operations made while every parse version is in error recovery,
 *   the bytes (UTF-8, as the core reads them) still to parse. Recovery is what makes garbage costly (the lexer rescans ahead
 *   at each retry), so garbage reaches this limit long before any real code does;
 * - `query_scan`: the sibling-scan steps tree-sitter's query cursor would make on the tree, computed
 *   before running a query (for each visible node it scans the later siblings up to the next named
 *   one: a node with a long run of unnamed children, such as an ERROR holding 65,000 `(`, costs the
 *   square of the run);
 * - `tree_nodes`: syntax-tree nodes CodeBLEU copies out and walks for its syntax and data-flow
 *   matches (about 10 µs each);
 * - `tree_text`: characters of S-expressions built for CodeBLEU's syntax match (a chain of depth d
 *   prints d nested copies of itself);
 * - `dataflow_steps`: recursive steps of CodeBLEU's data-flow extraction (loops are analysed twice
 *   per nesting level, so nested loops cost 2^depth; one code may take at most 400,000 steps, a
 *   `DataFlowBudgetError` as before, about 0.4 µs each);
 * - `bleu_tokens`: whitespace tokens of a BLEU or CodeBLEU request, counted before any work (the
 *   n-gram parts are linear in them; distinct tokens cost the most, about 1.5 µs each).
 *
 * The limits below are the `paid` set. The Worker var `CPU_BUDGET` (wrangler.toml `[vars]`) picks
 * the set a deployment uses, per request ({@link budgetPlan}): `paid` (or unset) these, `free` the
 * same scaled down for the Free plan's 10 ms per request ({@link FREE_FACTORS}), a positive number
 * every paid limit times that number. A meter carries its plan; meters made under it inherit it.
 *
 * A {@link WorkMeter} holds one request's (or one run unit's) totals and limits. It is made active
 * only around synchronous code (`meter.run(fn)`), so requests that interleave at `await`s never see
 * each other's meter; code that runs with no active meter (imports, the dataset builder, the Node
 * commands) is not limited. Exceeding a limit throws {@link BudgetExceededError}, a 422 problem
 * (`urn:needlework:problem:budget-exceeded`) that names the limit.
 */
import { ProblemError } from "../errors";

export const BUDGET_NAMES = [
  "parse_operations",
  "parse_recovery",
  "query_scan",
  "tree_nodes",
  "tree_text",
  "dataflow_steps",
  "bleu_tokens",
] as const;
export type BudgetName = (typeof BUDGET_NAMES)[number];
export type Budget = Readonly<Record<BudgetName, number>>;

/** Limits of one parse (or one tree, for `query_scan`), whatever the request. */
export const PER_PARSE: Pick<Budget, "parse_operations" | "parse_recovery" | "query_scan"> = Object.freeze({
  // A 64 KB Python file parses in about 33,000 operations; 64 KB of real code read with the wrong
  // grammar (all syntax errors) in up to about 62,000.
  parse_operations: 100_000,
  // Real code with errors (64 KB of Python read as Go) reaches about 700,000.
  parse_recovery: 1_000_000,
  // Real code: a few thousand steps; 1,000,000 steps take about 2.5 ms.
  query_scan: 4_000_000,
});

/**
 * Per-request totals. One answer (`/v1/score`, one run unit) may be parsed a few times (each fenced
 * block until one holds a function, once more with `ignore_comments`).
 */
export const BUDGETS = Object.freeze({
  score: Object.freeze({
    parse_operations: 200_000,
    parse_recovery: 1_500_000,
    query_scan: 8_000_000,
    tree_nodes: 0,
    tree_text: 0,
    dataflow_steps: 0,
    bleu_tokens: 0,
  }),
  /** A whole batch of up to 100 answers: about 100 answers of 8 KB of code each (most are far smaller). */
  batch: Object.freeze({
    parse_operations: 400_000,
    parse_recovery: 1_000_000,
    query_scan: 24_000_000,
    tree_nodes: 0,
    tree_text: 0,
    dataflow_steps: 0,
    bleu_tokens: 0,
  }),
  /** BLEU request: 1000 pairs of two 200-token functions (an exact pre-check: tokens are counted first). */
  bleu: Object.freeze({
    parse_operations: 0,
    parse_recovery: 0,
    query_scan: 0,
    tree_nodes: 0,
    tree_text: 0,
    dataflow_steps: 0,
    bleu_tokens: 400_000,
  }),
  /**
   * CodeBLEU request (every distinct string parsed once): about one pair of 64 KB files, or 200 pairs
   * of 30-line functions.
   */
  codebleu: Object.freeze({
    parse_operations: 600_000,
    parse_recovery: 1_500_000,
    query_scan: 0,
    tree_nodes: 60_000,
    tree_text: 16_000_000,
    dataflow_steps: 600_000,
    bleu_tokens: 400_000,
  }),
  /**
   * A request to the benchmark-generic `/v1/score` or `/v1/score/batch` (any benchmark): the total
   * over every answer of the request, on top of each answer's own per-unit budget (what a run
   * unit gets, e.g. `score`, or `codebleu` per pair). About two CodeBLEU requests, or the query
   * scans of a batch of similarity-scored answers.
   */
  benchmark: Object.freeze({
    parse_operations: 1_200_000,
    parse_recovery: 1_500_000,
    query_scan: 24_000_000,
    tree_nodes: 120_000,
    tree_text: 32_000_000,
    dataflow_steps: 1_200_000,
    bleu_tokens: 400_000,
  }),
} satisfies Record<string, Budget>);

const DESCRIPTIONS: Record<BudgetName, string> = {
  parse_operations: "tree-sitter parse operations",
  parse_recovery: "tree-sitter error-recovery work (operations in error recovery x bytes left)",
  query_scan: "tree-sitter query steps (sibling scans over runs of unnamed nodes)",
  tree_nodes: "syntax-tree nodes",
  dataflow_steps: "data-flow extraction steps",
  tree_text: "characters of syntax-tree S-expressions",
  bleu_tokens: "whitespace tokens",
};

export type BudgetKind = keyof typeof BUDGETS;
export type PerParse = typeof PER_PARSE;

/** One deployment's limits: its name as `CPU_BUDGET` gives it, the per-parse limits, every request set. */
export interface BudgetPlan {
  /** `paid`, `free`, or the number as configured (`0.5`). */
  readonly name: string;
  readonly perParse: PerParse;
  readonly budgets: Readonly<Record<BudgetKind, Budget>>;
}

/** Today's limits: the default, and what `CPU_BUDGET = "paid"` (or no `CPU_BUDGET`) means. */
export const PAID_PLAN: BudgetPlan = Object.freeze({ name: "paid", perParse: PER_PARSE, budgets: BUDGETS });

function scaleLimits<T extends Partial<Budget>>(limits: T, factor: number): T {
  return Object.freeze(
    Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, Math.floor((v as number) * factor)])),
  ) as T;
}

/**
 * `free`: each paid set times its factor, so that its worst accepted input (bench/results/budget.json,
 * measured under `paid`; work is linear in the units) costs about 7 ms of CPU: 10 ms of the Free plan
 * minus about 3 ms of warm per-request overhead. Worst paid CPU minus the no-op request (5.4 ms on the
 * bench machine), times the factor: score 82 ms x 0.08 = 6.6 ms; batch 224 ms x 0.03 = 6.7 ms; bleu
 * 92 ms x 0.075 = 6.9 ms; codebleu 282 ms x 0.025 = 7.1 ms; benchmark (about two CodeBLEU requests,
 * 565 ms) x 0.0125 = 7.1 ms. Per-parse limits take score's factor (one answer is at least one parse).
 * docs/limits.md, "CPU budgets", "The Free plan".
 */
export const FREE_FACTORS: Readonly<Record<BudgetKind | "per_parse", number>> = Object.freeze({
  per_parse: 0.08,
  score: 0.08,
  batch: 0.03,
  bleu: 0.075,
  codebleu: 0.025,
  benchmark: 0.0125,
});

function scaledPlan(name: string, factor: (kind: BudgetKind | "per_parse") => number): BudgetPlan {
  const budgets = Object.fromEntries(
    (Object.keys(BUDGETS) as BudgetKind[]).map((k) => [k, scaleLimits(BUDGETS[k], factor(k))]),
  ) as Record<BudgetKind, Budget>;
  return Object.freeze({
    name,
    perParse: scaleLimits(PER_PARSE, factor("per_parse")),
    budgets: Object.freeze(budgets),
  });
}

export const FREE_PLAN: BudgetPlan = scaledPlan("free", (k) => FREE_FACTORS[k]);

/** Largest numeric `CPU_BUDGET` accepted (the Paid plan's CPU limit can be raised to 5 minutes, 10 x 30 s). */
export const MAX_BUDGET_FACTOR = 10;

const numericPlans = new Map<string, BudgetPlan>();

/**
 * The plan `CPU_BUDGET` selects, read per request. Unset or empty: `paid`. A value that is neither
 * `paid`, `free` nor a number in (0, 10] is refused at request time, a 500 `internal-error` problem
 * naming the variable and the value (never a guess: falling back to `paid` on a Free deployment would
 * trade our 422 for the platform's kill). Only requests that meter work ask: the rest keep working.
 */
export function budgetPlan(env: { CPU_BUDGET?: unknown }): BudgetPlan {
  const raw = env.CPU_BUDGET;
  const value = typeof raw === "string" ? raw.trim() : raw;
  if (value === undefined || value === null || value === "" || value === "paid") return PAID_PLAN;
  if (value === "free") return FREE_PLAN;
  const text = String(value);
  const factor = typeof value === "number" ? value : /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(factor > 0 && factor <= MAX_BUDGET_FACTOR)) {
    throw new ProblemError(
      "internal-error",
      `This deployment is misconfigured: the Worker variable CPU_BUDGET is ${JSON.stringify(text)}, which is not "paid", "free" or a number greater than 0 and at most ${MAX_BUDGET_FACTOR}; nothing is scored until the operator fixes it (docs/deploying.md, "CPU budget").`,
      { setting: "CPU_BUDGET", value: text },
    );
  }
  if (factor === 1) return PAID_PLAN;
  let plan = numericPlans.get(text);
  if (!plan) {
    plan = scaledPlan(text, () => factor);
    if (numericPlans.size < 16) numericPlans.set(text, plan);
  }
  return plan;
}

/** Thrown when an input needs more work than a budget allows: a 422 problem naming the limit. */
export class BudgetExceededError extends ProblemError {
  constructor(
    readonly budget: BudgetName,
    readonly limit: number,
    readonly scope: "parse" | "request",
    readonly where?: string,
    readonly plan: string = PAID_PLAN.name,
  ) {
    super(
      "budget-exceeded",
      `${where ? `${where}: ` : ""}scoring this input needs more than the ${scope === "parse" ? "per-parse" : "per-request"} limit of ${limit} ${DESCRIPTIONS[budget]} (\`${budget}\`, CPU budget \`${plan}\`); see docs/limits.md, "CPU budgets". Send smaller or well-formed code${scope === "request" ? ", or fewer items per request" : ""}.`,
      { budget, limit, scope, cpu_budget: plan, ...(where ? { where } : {}) },
    );
    this.name = "BudgetExceededError";
  }

  /** The same refusal, saying which item of a request it was. */
  at(where: string): BudgetExceededError {
    return this.where ? this : new BudgetExceededError(this.budget, this.limit, this.scope, where, this.plan);
  }
}

let active: WorkMeter | undefined;

/** The meter of the synchronous section running now, if any. */
export function activeMeter(): WorkMeter | undefined {
  return active;
}

/**
 * One request's (or run unit's) work, checked against its limits. With a `parent` (the request's
 * meter around one answer's), every charge counts against both and the tighter one applies.
 */
export class WorkMeter {
  readonly used: Record<BudgetName, number> = {
    parse_operations: 0,
    parse_recovery: 0,
    query_scan: 0,
    tree_nodes: 0,
    tree_text: 0,
    dataflow_steps: 0,
    bleu_tokens: 0,
  };
  /** The plan whose limits apply: given, else the parent's, else `paid`. */
  readonly plan: BudgetPlan;

  constructor(
    readonly limits: Budget,
    readonly parent?: WorkMeter,
    plan?: BudgetPlan,
  ) {
    this.plan = plan ?? parent?.plan ?? PAID_PLAN;
  }

  /** A meter with `plan`'s `kind` limits (under `parent`, whose plan it keeps when `plan` is not given). */
  static of(kind: BudgetKind, parent?: WorkMeter, plan?: BudgetPlan): WorkMeter {
    const p = plan ?? parent?.plan ?? PAID_PLAN;
    return new WorkMeter(p.budgets[kind], parent, p);
  }

  /** No limits of its own: carries `plan` to the meters made under it (a run unit, which has no request). */
  static unlimited(plan: BudgetPlan): WorkMeter {
    const none = Object.fromEntries(BUDGET_NAMES.map((n) => [n, Number.POSITIVE_INFINITY])) as Budget;
    return new WorkMeter(none, undefined, plan);
  }

  /** This plan's per-parse limits. */
  get perParse(): PerParse {
    return this.plan.perParse;
  }

  /** Whether `amount` more of `name` still fits the request's total (and its parent's). */
  fits(name: BudgetName, amount: number): boolean {
    return this.used[name] + amount <= this.limits[name] && (this.parent?.fits(name, amount) ?? true);
  }

  /** Remaining allowance of `name` for the request (and its parent). */
  remaining(name: BudgetName): number {
    const own = Math.max(0, this.limits[name] - this.used[name]);
    return this.parent ? Math.min(own, this.parent.remaining(name)) : own;
  }

  /** Adds `amount`; throws when the request's total (or its parent's) goes over its limit. */
  charge(name: BudgetName, amount: number): void {
    this.used[name] += amount;
    if (this.used[name] > this.limits[name])
      throw new BudgetExceededError(name, this.limits[name], "request", undefined, this.plan.name);
    this.parent?.charge(name, amount);
  }

  /** Whether some total of this meter went over its limit (a refusal was thrown). */
  exhausted(): boolean {
    return BUDGET_NAMES.some((name) => this.used[name] > this.limits[name]);
  }

  /** Runs the synchronous `fn` with this meter active (never across an `await`). */
  run<T>(fn: () => T): T {
    const previous = active;
    active = this;
    try {
      return fn();
    } finally {
      active = previous;
    }
  }
}

/** `fn()` under `meter` when there is one, else as is. */
export function metered<T>(meter: WorkMeter | undefined, fn: () => T): T {
  return meter ? meter.run(fn) : fn();
}
