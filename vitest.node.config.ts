import { defineConfig } from "vitest/config";

/** Node-side commands (the dataset builder CLI), tested as a user runs them. */
export default defineConfig({
  test: {
    include: ["test/cli/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});
