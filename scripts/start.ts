/**
 * `npm start`: a running local needlework with demo datasets, in one command.
 *
 * 1. makes sure .dev.vars holds an ADMIN_TOKEN (creates a random one when absent);
 * 2. applies the D1 migrations to the local database;
 * 3. starts `wrangler dev --local` (D1, R2 under .wrangler/state) and records its URL in
 *    .needlework/instance.json, where the commands find it without --url (cli/lib/instance.ts);
 *    refuses to start when another recorded instance runs over the same state;
 * 4. for each family (cli/lib/families.ts, in registry order), builds each of its demo datasets
 *    the instance lacks from real code on this machine and imports it through the admin API
 *    (`NodeFamily.demos`, in src/benchmarks/<family>/node/);
 * 5. then each family's `afterDemos` (e.g. seeding the leaderboard with published results)
 *    (4 and 5: cli/lib/demos.ts, which the docs test shares);
 * 6. prints the URL, and each demo's lines: the API calls the README teaches, eval commands
 *    (`banner` in cli/lib/demos.ts; the docs test runs its commands).
 *
 * PORT (default 8787) picks the port. Ctrl-C stops everything.
 */
import "../cli/lib/tree-sitter-node";
import { api, waitForService } from "../cli/lib/api";
import { banner, loadDemos } from "../cli/lib/demos";
import { nodeFamilies } from "../cli/lib/families";
import { instanceFile, recordInstance, recordedInstance } from "../cli/lib/instance";
import { applyLocalMigrations, ensureAdminToken, startWranglerDev } from "../cli/lib/local-service";

const PORT = Number(process.env.PORT ?? 8787);
const URL_BASE = `http://127.0.0.1:${PORT}`;

async function main() {
  const running = recordedInstance();
  if (running) {
    console.error(
      `npm start: needlework is already running at ${running.url} (${running.by}, process ${running.pid}) over .wrangler/state; ` +
        `use it (the commands find it without --url), or stop it first. (If that process is not needlework, delete ${instanceFile()}.)`,
    );
    process.exit(1);
  }
  const token = ensureAdminToken();
  applyLocalMigrations();
  console.log("D1: migrations applied to the local database");
  const dev = startWranglerDev(PORT, "inherit");
  recordInstance(URL_BASE, "npm start");
  const stop = () => dev.kill("SIGINT");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  dev.on("exit", (code) => process.exit(code ?? 0));
  await waitForService(URL_BASE, 90_000);
  const client = api(URL_BASE, token);
  const families = await nodeFamilies();
  await loadDemos(client, families, console.log);
  console.log(banner(URL_BASE, families));
}

main().catch((err) => {
  console.error(`npm start failed: ${(err as Error).message}`);
  process.exit(1);
});
