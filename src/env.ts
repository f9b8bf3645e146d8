/** The Worker's bindings and secrets (wrangler.toml, `.dev.vars`, `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  DATASETS: R2Bucket;
  /** Bearer token for admin endpoints. Unset means admin endpoints are closed. */
  ADMIN_TOKEN?: string;
}

/** Hono generics for every router in the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string };
}
