/**
 * The Worker's bindings and secrets (wrangler.toml, `.dev.vars`, `wrangler secret put`). Model API
 * keys are further secrets named `*_API_KEY`, read by name (src/runs/models.ts `readApiKey`).
 * A leaf module: the run bindings are declared untyped here and narrowed by the modules in
 * src/runs/ that own what they carry (`runQueue`, `coordinatorOf`, the model limiters).
 */
export interface Env {
  DB: D1Database;
  DATASETS: R2Bucket;
  /** Units of runs to do (src/runs/config.ts `RunMessage`). */
  RUN_QUEUE: Queue;
  /** One RunCoordinator Durable Object per run (src/runs/coordinator.ts). */
  RUNS: DurableObjectNamespace;
  /** One ModelLimiter Durable Object per model (src/runs/limiter.ts). */
  MODEL_LIMITERS: DurableObjectNamespace;
  /** Workers AI; only works deployed (locally, calls fail and are recorded as errors). */
  AI?: Ai;
  /**
   * CPU budget plan (wrangler.toml `[vars]`): `paid` (default), `free`, or a positive number scaling
   * every paid limit; anything else refuses metered requests (src/code/budget.ts `budgetPlan`,
   * docs/limits.md, "CPU budgets").
   */
  CPU_BUDGET?: string;
  /**
   * Days after which the daily prune deletes an unpublished, finished run (wrangler.toml `[vars]`;
   * default 30, "off" keeps every run). src/runs/retention.ts.
   */
  RUN_RETENTION_DAYS?: string;
  /** Bearer token for admin endpoints. Unset means admin endpoints are closed. */
  ADMIN_TOKEN?: string;
}

/** Hono generics for every router in the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string };
}
