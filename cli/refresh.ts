/**
 * One refresh window now, against a running instance, through the same steps as the Cron Trigger
 * (docs/refresh.md, "The same build locally"):
 *
 *   npm run refresh -- --sources <file.json> [--window-start YYYY-MM-DD] [--url <instance>] [--wait <seconds>]
 *
 * The sources file has the shape of wrangler.toml's `[vars.REFRESH]` (as JSON). Without a registry
 * for npm in it, npm's own setting (`npm config get registry`, the same as `npm install` reads) is
 * used, so an operator sees what the deployed refresh would build from where. The command starts the
 * window (POST /v1/refresh/windows, admin), follows its steps until it is held out, public or failed,
 * and prints the window's record: each step with what it fetched, built or skipped and why.
 *
 * Exit codes: 0 the window is held out (or public); 1 it failed, or is still building after --wait;
 * 2 a wrong command line or sources file (nothing is started).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { isDay } from "../src/lib/born";
import { parseRefreshConfig } from "../src/core/refresh/config";
import { ApiError, api, type Api } from "./lib/api";
import { intOption, runCommand, UsageError } from "./lib/args";
import { defaultUrl } from "./lib/instance";
import { withService } from "./lib/local-service";
import { npmRegistry } from "./lib/npm-registry";

const USAGE =
  "usage: npm run refresh -- --sources <file.json> [--window-start YYYY-MM-DD] [--url <instance>] [--wait <seconds, default 1800>]";

/** The states a window ends in: nothing more happens without a later tick. */
const SETTLED = new Set(["held-out", "public", "failed"]);

interface StepRecord {
  step: string;
  status: string;
  attempts: number;
  reason: string | null;
  subrequests: number | null;
  fetched_bytes: number | null;
  stored_bytes: number | null;
  record: Record<string, unknown> | null;
}
interface WindowRecord {
  window: {
    id: string;
    start: string;
    end: string;
    status: string;
    datasets: Record<string, string>;
    error: string | null;
  };
  steps: StepRecord[];
  dates: string;
}

/** The sources file, with npm's registry filled in from npm's own setting when the file names none. */
export async function readSources(path: string, registry: () => Promise<string>): Promise<Record<string, unknown>> {
  const text = await readFile(path, "utf8").catch((err) => {
    throw new UsageError(`${path}: ${(err as Error).message}`);
  });
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    throw new UsageError(`${path}: not JSON (the shape of wrangler.toml's [vars.REFRESH], docs/refresh.md)`);
  }
  if (!config || typeof config !== "object" || Array.isArray(config))
    throw new UsageError(`${path}: expected an object with "sources" and "benchmarks" (docs/refresh.md)`);
  const c = config as Record<string, unknown>;
  const registries = (c.registries ?? {}) as Record<string, unknown>;
  const needsNpm =
    Array.isArray(c.sources) && c.sources.some((s) => String((s as { spec?: unknown }).spec).startsWith("npm:"));
  const filled =
    needsNpm && registries.npm === undefined ? { ...c, registries: { ...registries, npm: await registry() } } : c;
  // The shape is checked here, so a wrong file starts nothing; the benchmarks' own options are the
  // instance's to check (it knows its benchmarks), and its refusal is reported as this file's.
  try {
    parseRefreshConfig(filled);
  } catch (err) {
    throw new UsageError(`${path}: ${(err as Error).message} (docs/refresh.md, "Configuration")`);
  }
  return filled;
}

const kib = (n: number | null) => (n === null ? "-" : `${(n / 1024).toFixed(0)} KiB`);

/** What a finished step made: a build's units and the version they came from, an import's dataset. */
function madeBy(s: StepRecord): string {
  const r = s.record ?? {};
  if (s.step.startsWith("build/") && r.units !== undefined) return `${r.units} units from version ${r.version}`;
  if (s.step.startsWith("import/") && r.examples !== undefined) return `${r.examples} examples in ${r.dataset}`;
  if (s.step.startsWith("import/") && r.tasks !== undefined)
    return `${r.tasks} needles${r.repo ? ` of ${r.repo}` : ""} in ${r.dataset}`;
  return "";
}

/** The window's record as lines: the window, then one line per step and its reason. */
export function recordLines(r: WindowRecord): string[] {
  const w = r.window;
  const lines = [
    `window ${w.id} (${w.start} to ${w.end}, end excluded): ${w.status}${w.error ? ` (${w.error})` : ""}`,
    ...Object.entries(w.datasets).map(([benchmark, dataset]) => `  ${benchmark}: dataset ${dataset}`),
    `  ${"step".padEnd(40)} ${"status".padEnd(9)} tries  requests  fetched     stored`,
  ];
  for (const s of r.steps) {
    lines.push(
      `  ${s.step.padEnd(40)} ${s.status.padEnd(9)} ${String(s.attempts).padStart(5)}  ${String(s.subrequests ?? "-").padStart(8)}  ${kib(s.fetched_bytes).padStart(10)} ${kib(s.stored_bytes).padStart(10)}`,
    );
    const made = s.status === "done" ? madeBy(s) : "";
    if (made) lines.push(`    ${made}`);
    if (s.reason) lines.push(`    ${s.reason}`);
  }
  lines.push(`  ${r.dates}`);
  return lines;
}

async function follow(client: Api, id: string, waitMs: number, log: (line: string) => void): Promise<WindowRecord> {
  const deadline = Date.now() + waitMs;
  let seen = "";
  for (;;) {
    const record = await client.request<WindowRecord>("GET", `/v1/refresh/windows/${encodeURIComponent(id)}`);
    const progress = record.steps.map((s) => `${s.step}:${s.status}`).join(" ");
    if (progress !== seen) {
      const done = record.steps.filter((s) => s.status !== "running").length;
      log(`  ${record.window.status}: ${done} of ${record.steps.length} steps settled`);
      seen = progress;
    }
    if (SETTLED.has(record.window.status)) return record;
    if (Date.now() > deadline) {
      log(`  still ${record.window.status} after ${waitMs / 1000} s: it goes on in the instance; the record so far:`);
      return record;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sources: { type: "string" },
      "window-start": { type: "string" },
      url: { type: "string", default: defaultUrl() },
      wait: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.sources) throw new UsageError(`--sources is required\n${USAGE}`);
  const windowStart = values["window-start"];
  if (windowStart !== undefined && !isDay(windowStart))
    throw new UsageError(`--window-start ${windowStart}: expected a UTC day, YYYY-MM-DD`);
  const waitMs = (intOption(values.wait, "wait", 1) ?? 1800) * 1000;
  const config = await readSources(values.sources, () => npmRegistry());
  const client = api(values.url!);
  return withService(
    client.url,
    async () => {
      const started = await client
        .request<{ window: string; created: boolean }>(
          "POST",
          "/v1/refresh/windows",
          { config, ...(windowStart ? { window_start: windowStart } : {}) },
          { auth: true },
        )
        .catch((err) => {
          // The instance refusing the file (a benchmark it lacks, options it refuses): the file's to fix.
          if (err instanceof ApiError && (err.status === 400 || err.status === 422))
            throw new UsageError(`${values.sources}: ${err.problem?.detail ?? err.message}`);
          throw err;
        });
      console.log(
        `window ${started.window}: ${started.created ? "started" : "already known, following it"} at ${client.url}`,
      );
      const record = await follow(client, started.window, waitMs, console.log);
      for (const line of recordLines(record)) console.log(line);
      if (!SETTLED.has(record.window.status))
        console.log(
          `window ${record.window.id} is still ${record.window.status}: follow it with GET ${client.url}/v1/refresh/windows/${record.window.id}`,
        );
      return record.window.status === "held-out" || record.window.status === "public" ? 0 : 1;
    },
    console.log,
    "npm run refresh",
  );
}

if (process.argv[1]?.endsWith("refresh.ts")) runCommand(main, "refresh");
