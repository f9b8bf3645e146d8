/**
 * The demo datasets `npm start` loads: for each family (in registry order), each of its demos the
 * instance lacks, built from real code on this machine and imported; then each family's
 * `afterDemos`. The docs test (test/docs/examples.test.ts) loads its instance through the same
 * function, so the README's examples run against the very datasets `npm start` makes.
 */
import { ApiError, type Api } from "./api";
import type { NodeFamily } from "./node-family";

/** Whether the instance has dataset `id` (and says so when it has). */
async function loaded(client: Api, id: string, log: (line: string) => void): Promise<boolean> {
  try {
    await client.request("GET", `/v1/datasets/${encodeURIComponent(id)}`);
    log(`Dataset "${id}": already loaded`);
    return true;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    return false;
  }
}

export async function loadDemos(client: Api, families: readonly NodeFamily[], log: (line: string) => void): Promise<void> {
  for (const demo of families.flatMap((f) => f.demos ?? [])) {
    if (!(await loaded(client, demo.id, log))) await demo.load(client, log);
  }
  for (const family of families) await family.afterDemos?.(client, log);
}
