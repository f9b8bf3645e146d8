/**
 * The demo datasets `npm start` loads: for each family (in registry order), each of its demos the
 * instance lacks, built from real code on this machine and imported; then each family's
 * `afterDemos`. And the text `npm start` closes with, about them. The docs test
 * (test/docs/examples.test.ts) loads its instance through the same function, so the README's
 * examples run against the very datasets `npm start` makes, and runs the closing text's commands.
 */
import { ApiError, ROOT, type Api } from "./api";
import { instanceFile, urlFlag } from "./instance";
import type { NodeFamily } from "./node-family";

/** Whether the instance has dataset `id` (and says so when it has). */
async function loaded(client: Api, id: string, log: (line: string) => void): Promise<boolean> {
  try {
    await client.dataset(id);
    log(`Dataset "${id}": already loaded`);
    return true;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    return false;
  }
}

export async function loadDemos(
  client: Api,
  families: readonly NodeFamily[],
  log: (line: string) => void,
): Promise<void> {
  for (const demo of families.flatMap((f) => f.demos ?? [])) {
    if (!(await loaded(client, demo.id, log))) await demo.load(client, log);
  }
  for (const family of families) await family.afterDemos?.(client, log);
}

/** `npm start`'s closing text for the instance at `base`: its addresses, and each demo's lines (the API calls the README teaches, eval commands). */
export function banner(base: string, families: readonly NodeFamily[]): string {
  const demos = families.flatMap((f) => f.demos ?? []).map((demo) => demo.usage(base, urlFlag(base)));
  return `
needlework is running at ${base}
  leaderboard:     ${base}/
  API description: ${base}/openapi.json     health: ${base}/v1/health
  npm run eval and the other commands find it without --url (${instanceFile().replace(ROOT, "")})

${demos.join("\n\n")}

Press Ctrl-C to stop.`;
}
