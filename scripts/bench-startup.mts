/**
 * Start-up CPU per isolate of the service's bundle against a no-op Worker measured in the same run,
 * held to a budget of 400 ms (part of `npm run bench`; docs/speed.md, "Start-up"). Each round is a
 * no-op and a service measurement back to back, with the load average beside it: on a busy machine
 * the figures rise, and the report says so rather than passing the load off as a regression.
 *
 *   npx tsx scripts/bench-startup.mts [--copies=10] [--rounds=3]
 *
 * BENCH_BUNDLE=DIR measures another bundle (`wrangler deploy --dry-run --outdir DIR` of another
 * commit). Writes bench/results/startup.json; says OVER or WITHIN the budget (a report, not a failure:
 * a busy machine's figure is not the deployed one).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../cli/lib/api.ts";
import { measureStartup, startupReport } from "./lib/startup.mts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const res = await measureStartup({ copies: Number(arg("copies") ?? 10), rounds: Number(arg("rounds") ?? 3) });
for (const line of startupReport(res)) console.log(line);
mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
writeFileSync(
  join(ROOT, "bench", "results", "startup.json"),
  `${JSON.stringify({ at: new Date().toISOString(), ...res }, null, 2)}\n`,
);
