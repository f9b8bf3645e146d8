import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, ADMIN_TOKEN: "test-admin-token" },
        },
      }),
    ],
    test: {
      setupFiles: ["./test/setup.ts"],
      reporters: ["default", "./test/summary-reporter.ts"],
      include: ["test/**/*.test.ts"],
      // Node-side command tests run under vitest.node.config.ts.
      exclude: ["test/cli/**", "**/node_modules/**"],
    },
  };
});
