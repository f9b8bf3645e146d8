/**
 * The Worker's bindings and secrets (wrangler.toml, `.dev.vars`, `wrangler secret put`). Model API
 * keys are further secrets named `*_API_KEY`, read by name (src/core/runs/models.ts `readApiKey`).
 * A leaf module: the run bindings are declared untyped here and narrowed by the modules in
 * src/core/runs/ that own what they carry (`runQueue`, `coordinatorOf`, the model limiters).
 */
import type { TokenRole } from "./db/schema";

export interface Env {
  DB: D1Database;
  DATASETS: R2Bucket;
  /** Units of runs to do (src/core/runs/config.ts `RunMessage`). */
  RUN_QUEUE: Queue;
  /** One RunCoordinator Durable Object per run (src/core/runs/coordinator.ts). */
  RUNS: DurableObjectNamespace;
  /** One ModelLimiter Durable Object per model (src/core/runs/limiter.ts). */
  MODEL_LIMITERS: DurableObjectNamespace;
  /** Workers AI; only works deployed (locally, calls fail and are recorded as errors). */
  AI?: Ai;
  /**
   * CPU budget plan (wrangler.toml `[vars]`): `paid` (default), `free`, or a positive number scaling
   * every paid limit; anything else refuses metered requests (src/lib/code/budget.ts `budgetPlan`,
   * docs/limits.md, "CPU budgets").
   */
  CPU_BUDGET?: string;
  /**
   * Days after which the daily prune deletes an unpublished, finished run (wrangler.toml `[vars]`;
   * default 30, "off" keeps every run). src/core/runs/retention.ts.
   */
  RUN_RETENTION_DAYS?: string;
  /**
   * Rate Limiting bindings, one counter per class (wrangler.toml `[[ratelimits]]`,
   * src/lib/middleware/rate-limit.ts); a class whose binding is absent is not limited.
   */
  RATE_LIMIT_READ?: RateLimit;
  RATE_LIMIT_SCORE?: RateLimit;
  RATE_LIMIT_RUNS?: RateLimit;
  RATE_LIMIT_ADMIN?: RateLimit;
  /** The bindings' limits as the 429's headers state them (wrangler.toml `[vars]`, checked by src/lib/middleware/rate-limit.ts). */
  RATE_LIMITS?: unknown;
  /** Bearer token for admin endpoints. Unset means admin endpoints are closed. */
  ADMIN_TOKEN?: string;
}

/** A request's bearer token, resolved: the secret is `admin` (id `admin`), a named token its row's id and role. */
export interface Identity {
  id: string;
  role: TokenRole;
}

/** What a request's Authorization header is: no bearer token, a token of this instance, or any other bearer token. */
export type Caller = Identity | "anonymous" | "invalid";

/** Hono generics for every router in the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** The bearer token's caller, resolved once per request (src/lib/middleware/admin.ts `callerOf`). */
    caller?: Promise<Caller>;
  };
}
