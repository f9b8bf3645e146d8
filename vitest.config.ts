import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig } from "vitest/config";

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
  const path = resolve(import.meta.dirname, process.env.NEEDLEWORK_CRUXEVAL ?? "../shared/data/cruxeval/cruxeval.jsonl");
  return existsSync(path) ? { path, jsonl: readFileSync(path, "utf8") } : { missing: `${path} was not found` };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_TOKEN: "test-admin-token",
            OFFICIAL_RESULTS: officialResults(),
            CRUXEVAL: cruxeval(),
            TEST_PROVIDER_API_KEY: TEST_PROVIDER_KEY,
          },
        },
      }),
    ],
    test: {
      setupFiles: ["./test/setup.ts"],
      globalSetup: ["./test/global-setup.ts"],
      // Run tests wait for real queue deliveries and loopback model latency; a loaded CI machine is slower.
      testTimeout: 30_000,
      reporters: ["default", "./test/summary-reporter.ts"],
      include: ["test/**/*.test.ts"],
      // Node-side command, browser and architecture tests run under vitest.node.config.ts.
      exclude: ["test/cli/**", "test/browser/**", "test/architecture/**", "**/node_modules/**"],
    },
  };
});
