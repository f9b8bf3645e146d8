import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../src/lib/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      TEST_PROVIDER_API_KEY: string;
      /** A Rate Limiting binding of 3 requests per 10 s, for the 429 tests (vitest.config.ts). */
      TEST_RATE_LIMIT: RateLimit;
      /** wrangler.toml's [[ratelimits]] and docs/limits.md's text, read by vitest.config.ts. */
      RATE_LIMIT_CONFIG: {
        bindings: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
        doc: string;
      };
      /** Published RepoQA results read by vitest.config.ts: file texts, or why they are missing. */
      OFFICIAL_RESULTS: { missing: string } | { dir: string; combined: string; scores: Record<string, string> };
      /** A database no setup migrates (test/db/migration.test.ts). */
      MIGRATION_DB: D1Database;
      /** The previous schema's seed rows (SQL) and the service's recorded answers over them (JSON). */
      SCHEMA_0009: { seed: string; responses: string };
      /** CRUXEval's JSONL read by vitest.config.ts, or why it is missing. */
      CRUXEVAL: { missing: string } | { path: string; jsonl: string };
    }
  }
}
