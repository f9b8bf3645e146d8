import { defineConfig } from "vitest/config";

/**
 * Node-side tests: commands (dataset builder, leaderboard import, the deploy bundle) run as a user
 * runs them, the pages in a real browser (Debian's Chromium) against a local instance, and the
 * architecture rules (test/architecture/: the import rules of .dependency-cruiser.cjs, family names),
 * and the docs test (test/docs/: every shell example of README.md and docs/ run as printed).
 */
export default defineConfig({
  test: {
    include: [
      "test/cli/**/*.test.ts",
      "test/browser/**/*.test.ts",
      "test/architecture/**/*.test.ts",
      "test/docs/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    // Two files at once even on a 2-core machine (vitest's default there is one): most of a
    // command or browser test's time is waiting on a child process or a local instance.
    maxWorkers: 2,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
