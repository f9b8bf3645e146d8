import type { RunMessage } from "./runs/config";
import type { RunCoordinator } from "./runs/coordinator";
import type { ModelLimiter } from "./runs/limiter";

/**
 * The Worker's bindings and secrets (wrangler.toml, `.dev.vars`, `wrangler secret put`). Model API
 * keys are further secrets named `*_API_KEY`, read by name (src/runs/models.ts `readApiKey`).
 */
export interface Env {
  DB: D1Database;
  DATASETS: R2Bucket;
  RUN_QUEUE: Queue<RunMessage>;
  RUNS: DurableObjectNamespace<RunCoordinator>;
  MODEL_LIMITERS: DurableObjectNamespace<ModelLimiter>;
  /** Workers AI; only works deployed (locally, calls fail and are recorded as errors). */
  AI?: Ai;
  /**
   * CPU budget plan (wrangler.toml `[vars]`): `paid` (default), `free`, or a positive number scaling
   * every paid limit; anything else refuses metered requests (src/code/budget.ts `budgetPlan`,
   * docs/limits.md, "CPU budgets").
   */
  CPU_BUDGET?: string;
  /** Bearer token for admin endpoints. Unset means admin endpoints are closed. */
  ADMIN_TOKEN?: string;
}

/** Hono generics for every router in the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string };
}
