/**
 * What one refresh window costs in workerd: a fresh local instance (its own --persist-to directory
 * and port), the real command `npm run refresh -- --sources <file> --window-start <day> --url <it>`,
 * and, while the window builds, the Worker's workerd process sampled from /proc (Linux): its CPU
 * time (utime + stime) and resident memory (VmRSS every 200 ms, VmHWM before and after). Then the
 * window's record (GET /v1/refresh/windows/{id}) per step: status, units, subrequests, bytes fetched
 * and stored, wall time and the workerd CPU spent between the step's start and end (steps run one at
 * a time on the refresh queue, so that CPU is the step's, plus the command's polls); and in all, with
 * what D1 and R2 hold on disk after the window against before.
 *
 *   npx tsx scripts/bench-refresh.mts --sources <file.json> [--window-start YYYY-MM-DD] [--wait <seconds>] [--json <out.json>]
 *       [--v8-flags=--max-heap-size=64]
 *
 * The isolate's own heap and backing stores are read over the V8 inspector (scripts/lib/isolate-heap.mts).
 * `--v8-flags` are handed to the Worker's workerd: with `--max-heap-size=<MiB>` the window shows
 * whether it completes inside that heap (workerd dies with the isolate when it does not).
 *
 * The registry is npm's own setting (`npm config get registry`), as the command reads it. A record
 * of workerd's own CPU per step is not possible from inside the Worker (docs/refresh.md), hence the
 * sampling here. Not part of `npm run bench`: it needs the network (or a registry stand-in).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "../cli/lib/api.ts";
import { type IsolatedInstance, startIsolatedInstance, WRANGLER_ENV } from "../cli/lib/local-service.ts";
import { commandOf, processTree } from "../cli/lib/process-tree.ts";
import { type HeapSample, sampleIsolateHeap } from "./lib/isolate-heap.mts";

const MiB = 2 ** 20;

/** Clock ticks per second of /proc/<pid>/stat's utime and stime. */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (ms) of a process so far, its exited threads included (utime + stime); undefined once it is gone. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "(comm) ": state is field 3 of stat(5), so utime (14) and stime (15) are at 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return undefined;
  }
}

/** VmRSS and VmHWM of a process, in bytes; undefined once it is gone. */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1]) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return undefined;
  }
}

/**
 * The workerd process that runs the Worker (with its local D1, R2 and queues) under a `wrangler dev`:
 * wrangler starts two, the Worker's (its entry socket on port 0) and a front proxy.
 */
export function workerOf(devPid: number): number {
  const workerds = processTree(devPid).filter((pid) => /workerd serve/.test(commandOf(pid)));
  const worker = workerds.find((pid) => /--socket-addr=entry=127\.0\.0\.1:0\b/.test(commandOf(pid)));
  if (worker === undefined)
    throw new Error(`no Worker's workerd under wrangler dev (pid ${devPid}): found ${workerds.length} workerd`);
  return worker;
}

/**
 * A local instance running the Worker as bundled now (`wrangler deploy --dry-run`, what a deploy
 * uploads): `wrangler dev` over the source tree rebuilds and restarts workerd whenever a file of
 * `src/` changes, and a restart mid-window loses the queue's messages and the process being measured.
 */
export async function startBundledInstance(
  prefix: string,
  options: { v8Flags?: string[] } = {},
): Promise<IsolatedInstance> {
  const out = mkdtempSync(join(tmpdir(), `${prefix}-bundle-`));
  const wrangler = join(ROOT, "node_modules/.bin/wrangler");
  const built = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", out], {
    cwd: ROOT,
    env: WRANGLER_ENV,
    encoding: "utf8",
  });
  try {
    if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${built.stdout}${built.stderr}`);
    const instance = await startIsolatedInstance(prefix, {
      entry: join(out, "index.js"),
      // Named: wrangler looks for it beside the entry otherwise, and the bundle's folder has none.
      config: join(ROOT, "wrangler.toml"),
      // The dry run's output is already the Worker (bundling it again fails on its Node-only branches).
      noBundle: true,
      v8Flags: options.v8Flags,
    });
    return {
      ...instance,
      async stop() {
        await instance.stop();
        rmSync(out, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
}

export interface Sample {
  at: number;
  cpuMs: number;
  rss: number;
}

export interface MemoryFigures {
  pid: number;
  before: { rss: number; hwm: number; cpuMs: number };
  after: { rss: number; hwm: number; cpuMs: number };
  /** The highest VmRSS seen while sampling. */
  maxRss: number;
  /** The peak (VmHWM after, or a higher VmRSS sampled) minus VmRSS before: how far the window took the process above where it stood. */
  growth: number;
  samples: Sample[];
}

/** Samples a process every `intervalMs` until `stop()`: its CPU and memory before, during and after. */
export function sampleProcess(pid: number, intervalMs = 200): { stop(): MemoryFigures } {
  const read = () => {
    const m = memoryOf(pid);
    const cpuMs = cpuMsOf(pid);
    if (!m || cpuMs === undefined) throw new Error(`process ${pid} is gone (did wrangler dev restart workerd?)`);
    return { ...m, cpuMs };
  };
  const before = read();
  const samples: Sample[] = [{ at: Date.now(), cpuMs: before.cpuMs, rss: before.rss }];
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    const cpuMs = cpuMsOf(pid);
    if (m && cpuMs !== undefined) samples.push({ at: Date.now(), cpuMs, rss: m.rss });
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const m = memoryOf(pid);
      const cpuMs = cpuMsOf(pid);
      if (!m || cpuMs === undefined)
        throw new Error(
          `workerd (pid ${pid}) exited while the window built: its isolate out of memory under --v8-flags, or wrangler dev restarted it`,
        );
      const after = { ...m, cpuMs };
      samples.push({ at: Date.now(), cpuMs: after.cpuMs, rss: after.rss });
      const maxRss = Math.max(...samples.map((s) => s.rss));
      // Both: Linux updates VmHWM from per-thread counters it syncs lazily, so a VmRSS read may run ahead of it.
      return { pid, before, after, maxRss, growth: Math.max(after.hwm, maxRss) - before.rss, samples };
    },
  };
}

/** The process CPU (ms) sampled at `at`, interpolated between the samples around it. */
export function cpuAt(samples: readonly Sample[], at: number): number {
  if (at <= samples[0].at) return samples[0].cpuMs;
  for (let i = 1; i < samples.length; i++) {
    const [a, b] = [samples[i - 1], samples[i]];
    if (at <= b.at) return b.at === a.at ? b.cpuMs : a.cpuMs + ((b.cpuMs - a.cpuMs) * (at - a.at)) / (b.at - a.at);
  }
  return samples.at(-1)!.cpuMs;
}

export interface StepFigures {
  step: string;
  status: string;
  attempts: number;
  reason: string | null;
  record: Record<string, unknown> | null;
  subrequests: number | null;
  fetched_bytes: number | null;
  stored_bytes: number | null;
  cpu_ms: number | null;
  started_at: string;
  finished_at: string | null;
}
export interface WindowRecord {
  window: { id: string; start: string; end: string; status: string; datasets: Record<string, string> };
  steps: StepFigures[];
}

/** Bytes of every file under `dir` (what D1's SQLite files or R2's blobs take on disk). */
export function bytesUnder(dir: string): number {
  let total = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return 0;
  }
  for (const e of entries) {
    try {
      const s = statSync(join(dir, e));
      if (s.isFile()) total += s.size;
    } catch {
      // removed meanwhile (a SQLite journal)
    }
  }
  return total;
}

const kib = (n: number | null | undefined) => (n === null || n === undefined ? "-" : `${(n / 1024).toFixed(0)} KiB`);
const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;

/** What a step made: a build's units and version, an import's, or the reason it was skipped. */
function made(s: StepFigures): string {
  const r = s.record ?? {};
  if (s.status !== "done") return s.reason ?? "";
  if (s.step.startsWith("build/")) return `${r.units} units from ${r.version}${r.language ? ` (${r.language})` : ""}`;
  if ("examples" in r) return `${r.examples} examples, ${r.contexts} contexts`;
  if ("tasks" in r) return `${r.tasks} tasks${r.functions === undefined ? "" : `, ${r.functions} functions`}`;
  return "";
}

/** What the isolate holds at a sample: its JS heap's used bytes (garbage included) and its backing stores. */
export const isolateBytes = (h: HeapSample) => h.used + h.backing;

/** The record's steps as a table, with the workerd CPU sampled between each step's start and end. */
export function stepTable(
  record: WindowRecord,
  samples: readonly Sample[],
  heap: readonly HeapSample[] = [],
): string[] {
  const lines = [
    `${"step".padEnd(30)} ${"status".padEnd(8)} ${"requests".padStart(8)} ${"fetched".padStart(10)} ${"stored".padStart(10)} ${"wall".padStart(7)} ${"CPU".padStart(7)} ${"RSS max".padStart(10)} ${"isolate max".padStart(11)}  made`,
  ];
  for (const s of record.steps) {
    const start = Date.parse(s.started_at);
    const end = s.finished_at ? Date.parse(s.finished_at) : Number.NaN;
    const wall = Number.isNaN(end) ? "-" : `${((end - start) / 1000).toFixed(1)} s`;
    const cpu = Number.isNaN(end) ? "-" : `${((cpuAt(samples, end) - cpuAt(samples, start)) / 1000).toFixed(1)} s`;
    const during = samples.filter((x) => x.at >= start && x.at <= end).map((x) => x.rss);
    const rss = during.length ? mib(Math.max(...during)) : "-";
    const isolate = heap.filter((x) => x.at >= start && x.at <= end).map(isolateBytes);
    const held = isolate.length ? mib(Math.max(...isolate)) : "-";
    lines.push(
      `${s.step.padEnd(30)} ${s.status.padEnd(8)} ${String(s.subrequests ?? "-").padStart(8)} ${kib(s.fetched_bytes).padStart(10)} ${kib(s.stored_bytes).padStart(10)} ${wall.padStart(7)} ${cpu.padStart(7)} ${rss.padStart(10)} ${held.padStart(11)}  ${made(s).slice(0, 120)}`,
    );
  }
  const sum = (f: (s: StepFigures) => number | null) => record.steps.reduce((n, s) => n + (f(s) ?? 0), 0);
  lines.push(
    `${"in all".padEnd(30)} ${"".padEnd(8)} ${String(sum((s) => s.subrequests)).padStart(8)} ${kib(sum((s) => s.fetched_bytes)).padStart(10)} ${kib(sum((s) => s.stored_bytes)).padStart(10)}`,
  );
  return lines;
}

/** Runs `npm run refresh -- <args>` as a user would: its exit code and output. */
export function runRefresh(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", "refresh", "--", ...args], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGINT"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      sources: { type: "string" },
      "window-start": { type: "string" },
      wait: { type: "string", default: "1800" },
      json: { type: "string" },
      "v8-flags": { type: "string" },
    },
  });
  if (!values.sources) {
    console.error("usage: npx tsx scripts/bench-refresh.mts --sources <file.json> [--window-start YYYY-MM-DD]");
    process.exit(2);
  }
  const v8Flags = values["v8-flags"]?.split(" ").filter(Boolean);
  const instance = await startBundledInstance("nw-bench-refresh", { v8Flags });
  try {
    const worker = workerOf(instance.dev.pid!);
    const state = (kind: string) => bytesUnder(join(instance.persistTo, "v3", kind));
    const disk = { d1: state("d1"), r2: state("r2") };
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    const sampler = sampleProcess(worker);
    const heapSampler = await sampleIsolateHeap(instance.inspectorPort);
    const started = Date.now();
    const { code, stdout, stderr } = await runRefresh(
      [
        "--sources",
        values.sources,
        ...(values["window-start"] ? ["--window-start", values["window-start"]] : []),
        "--url",
        instance.url,
        "--wait",
        values.wait!,
      ],
      {
        ...process.env,
        NEEDLEWORK_ADMIN_TOKEN: instance.token,
        NEEDLEWORK_DIR: mkdtempSync(join(tmpdir(), "nw-bench-refresh-work-")),
      },
      (Number(values.wait) + 120) * 1000,
    );
    const memory = sampler.stop();
    const heap = await heapSampler.stop();
    const wallS = (Date.now() - started) / 1000;
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    const id = /^window (w-\d{4}-\d{2}-\d{2}):/m.exec(stdout)?.[1];
    if (!id) throw new Error(`npm run refresh exited ${code} without naming a window`);
    const record = (await (await fetch(`${instance.url}/v1/refresh/windows/${id}`)).json()) as WindowRecord;
    const after = { d1: state("d1"), r2: state("r2") };
    console.log(`\nnpm run refresh exited ${code} after ${wallS.toFixed(0)} s; load average before: ${load}`);
    for (const line of stepTable(record, memory.samples, heap)) console.log(line);
    const top = (f: (h: HeapSample) => number) => mib(Math.max(...heap.map(f)));
    console.log(
      heap.length === 0
        ? "the isolate (V8 inspector): no sample answered"
        : `the isolate (V8 inspector, ${heap.length} samples): at most ${top(isolateBytes)} of JS heap and backing stores at once ` +
            `(heap used ${mib(heap[0].used)} before, at most ${top((h) => h.used)}; heap reserved at most ${top((h) => h.total)}; ` +
            `backing stores at most ${top((h) => h.backing)})`,
    );
    const cpuS = (memory.after.cpuMs - memory.before.cpuMs) / 1000;
    console.log(
      `workerd (the Worker's, pid ${worker}): CPU ${cpuS.toFixed(1)} s over the window; ` +
        `RSS ${mib(memory.before.rss)} before, at most ${mib(memory.maxRss)} sampled, VmHWM ${mib(memory.before.hwm)} → ${mib(memory.after.hwm)} ` +
        `(growth over the RSS before: ${mib(memory.growth)})`,
    );
    console.log(
      `on disk: D1 ${mib(disk.d1)} → ${mib(after.d1)} (+${kib(after.d1 - disk.d1)}), R2 ${mib(disk.r2)} → ${mib(after.r2)} (+${kib(after.r2 - disk.r2)})`,
    );
    if (values.json)
      writeFileSync(
        values.json,
        `${JSON.stringify({ load, exit: code, wall_s: wallS, record, memory: { ...memory, samples: undefined }, heap, disk: { before: disk, after } }, null, 2)}\n`,
      );
    process.exitCode = code;
  } finally {
    await instance.stop();
  }
}

if (process.argv[1]?.endsWith("bench-refresh.mts")) await main();
