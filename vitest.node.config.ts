import { defineConfig } from "vitest/config";

/**
 * Node-side tests: commands (dataset builder, leaderboard import, the deploy bundle) run as a user
 * runs them, and the pages in a real browser (Debian's Chromium) against a local instance.
 */
export default defineConfig({
  test: {
    include: ["test/cli/**/*.test.ts", "test/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
