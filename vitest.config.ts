import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, relative, resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";

/** A model API key as a Worker secret; tests check it never lands in a row, object or response. */
const TEST_PROVIDER_KEY = "sk-test-needlework-4242-SECRET";
// test/global-setup.ts (same process) starts the loopback model that expects it.
process.env.NEEDLEWORK_TEST_PROVIDER_KEY = TEST_PROVIDER_KEY;

/**
 * The published RepoQA results (../shared/data/repoqa-official, never copied into this repository),
 * read here in Node and handed to the tests as a binding: workerd has no file system. When the
 * folder is missing the binding says so and the tests that need it fail with that message.
 * NEEDLEWORK_REPOQA_OFFICIAL points elsewhere.
 */
function officialResults(): { missing: string } | { dir: string; combined: string; scores: Record<string, string> } {
  const dir = resolve(import.meta.dirname, process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? "../shared/data/repoqa-official");
  if (!existsSync(join(dir, "COMBINED-RESULTS.json")) || !existsSync(join(dir, "scores"))) {
    return { missing: `${dir} (COMBINED-RESULTS.json and scores/*-SCORES.json) was not found` };
  }
  const scores = Object.fromEntries(
    readdirSync(join(dir, "scores"))
      .filter((f) => f.endsWith("-SCORES.json"))
      .sort()
      .map((f) => [f, readFileSync(join(dir, "scores", f), "utf8")]),
  );
  return { dir, combined: readFileSync(join(dir, "COMBINED-RESULTS.json"), "utf8"), scores };
}

/**
 * CRUXEval (../shared/data/cruxeval/cruxeval.jsonl, MIT, never copied here) for the literal parser
 * and the SemTrace-family tests, as a binding for the same reason. NEEDLEWORK_CRUXEVAL points elsewhere.
 */
function cruxeval(): { missing: string } | { path: string; jsonl: string } {
  const path = resolve(
    import.meta.dirname,
    process.env.NEEDLEWORK_CRUXEVAL ?? "../shared/data/cruxeval/cruxeval.jsonl",
  );
  return existsSync(path) ? { path, jsonl: readFileSync(path, "utf8") } : { missing: `${path} was not found` };
}

/**
 * A database as it stood at the previous schema and what the service answered over it
 * (test/fixtures/schema-0009/: its README says how they were recorded), for the migration test
 * (test/db/migration.test.ts), which migrates a copy and compares every row and read.
 */
function schemaFixture(): { seed: string; responses: string } {
  const read = (name: string) =>
    gunzipSync(readFileSync(resolve(import.meta.dirname, "test/fixtures/schema-0009", name))).toString("utf8");
  return { seed: read("seed-0009.sql.gz"), responses: read("responses.json.gz") };
}

/**
 * Test files that share one isolate per vitest worker (`isolate: false`). Starting a fresh workerd
 * runtime and loading the Worker costs seconds per file (vitest reports it as `setup`: three
 * quarters of this suite's time); a file that reaches no storage and no Worker state gains nothing
 * from it. So a file shares when it imports neither `cloudflare:test` nor the HTTP helpers (every
 * way to reach D1, R2, queues, Durable Objects or the app), and does not say it needs a fresh
 * isolate with the marker below (files that watch the isolate's own start: warm-up, lazy loading).
 * Every other file gets its own runtime and storage, as before.
 */
const FRESH_ISOLATE = "vitest: fresh isolate";
const REACHES_STORAGE = /cloudflare:test|from "(\.\.\/)+helpers"|\bSELF\b/;
const EXCLUDED = ["test/cli/**", "test/browser/**", "test/architecture/**", "test/docs/**", "**/node_modules/**"];
function sharedIsolateFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
    );
  const root = import.meta.dirname;
  return walk(join(root, "test"))
    .map((f) => relative(root, f))
    .filter((f) => !/^test\/(cli|browser|architecture|docs)\//.test(f))
    .filter((f) => {
      const text = readFileSync(join(root, f), "utf8");
      return !REACHES_STORAGE.test(text) && !text.includes(FRESH_ISOLATE);
    });
}

/**
 * What wrangler.toml configures for rate limits and what docs/limits.md says of them, for the test
 * that they agree with the RATE_LIMITS var (test/api/edge.test.ts): the suite itself runs with
 * other limits (below), and workerd cannot read files.
 */
function rateLimitConfig() {
  const config = unstable_readConfig({ config: "./wrangler.toml" }, { hideWarnings: true });
  return { bindings: config.ratelimits, doc: readFileSync(resolve(import.meta.dirname, "docs/limits.md"), "utf8") };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const shared = sharedIsolateFiles();
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          // A database no setup migrates: the migration test brings it to the previous schema itself.
          d1Databases: { MIGRATION_DB: "migration-test" },
          // The suite's requests all come from one client (no CF-Connecting-IP): its counters get
          // room for every test file; test/api/edge.test.ts limits with TEST_RATE_LIMIT instead.
          ratelimits: {
            ...Object.fromEntries(
              ["RATE_LIMIT_READ", "RATE_LIMIT_SCORE", "RATE_LIMIT_RUNS", "RATE_LIMIT_ADMIN"].map((name, i) => [
                name,
                { namespace_id: String(9001 + i), simple: { limit: 1_000_000, period: 60 } },
              ]),
            ),
            TEST_RATE_LIMIT: { namespace_id: "9100", simple: { limit: 3, period: 10 } },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_TOKEN: "test-admin-token",
            OFFICIAL_RESULTS: officialResults(),
            CRUXEVAL: cruxeval(),
            TEST_PROVIDER_API_KEY: TEST_PROVIDER_KEY,
            RATE_LIMIT_CONFIG: rateLimitConfig(),
            SCHEMA_0009: schemaFixture(),
          },
        },
      }),
    ],
    test: {
      setupFiles: ["./test/setup.ts"],
      globalSetup: ["./test/global-setup.ts"],
      // Run tests wait for real queue deliveries and loopback model latency; a loaded CI machine is slower.
      testTimeout: 30_000,
      // Two files at once even on a 2-core machine (vitest's default there is one): much of a
      // file's time is waiting (queue deliveries, loopback model latency, a runtime starting).
      maxWorkers: 2,
      reporters: ["default", "./test/summary-reporter.ts"],
      // Node-side command, browser, architecture and docs tests run under vitest.node.config.ts.
      exclude: EXCLUDED,
      projects: [
        { extends: true, test: { name: "shared-isolate", include: shared, isolate: false } },
        {
          extends: true,
          test: { name: "own-isolate", include: ["test/**/*.test.ts"], exclude: [...EXCLUDED, ...shared] },
        },
      ],
    },
  };
});
