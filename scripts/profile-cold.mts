/**
 * What a fresh isolate's first leaderboard read spends its CPU on (the figures are
 * scripts/bench-board.mts's, this says why). The reads of scripts/bench-board.mts on one board,
 * each replayed from its storage tape (lib/storage-tape.mts) in `--copies` fresh isolates of one
 * workerd started with an inspector port; for each isolate's first request, over the Chrome DevTools
 * Protocol (Node's WebSocket):
 * - V8's best-effort coverage just before and just after the request: the functions that ran for the
 *   first time in that request (compiled then, on first call: what the start-up warm-up, src/core/warmup/warmup.ts,
 *   did not reach), with the bytes of source they span;
 * - a CPU profile of the request (Profiler.start / stop, 50 µs sampling): the top functions by self
 *   and total time, and the profile saved as a .cpuprofile for DevTools (`--out=DIR`);
 * - whether the module's evaluation (the warm-up) runs in the request: it must not, Cloudflare runs it
 *   at start-up under the 1 s startup limit, not in a request's CPU.
 * The profiler slows what it watches: read its times as shares, and bench-board.mts for the figures.
 *
 *   npx tsx scripts/profile-cold.mts [--board=1000] [--copies=3] [--case=page] [--top=25] [--out=DIR] [--then=N]
 *
 * `--case`: only the reads whose name matches this regular expression; `--cpu`: no inspector, only
 * the Worker CPU of each read cold (median of the copies) and warm, as bench-board.mts measures it;
 * `--startup`: only the start-up CPU per isolate (workerd with 1 + `--copies` copies against 1), beside a
 * no-op Worker's measured the same way (scripts/lib/startup.mts, which `npm run bench` uses too);
 * `--then=N`: also profile each copy's Nth request (warm) for comparison.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../cli/lib/local-service.ts";
import { STARTUP_BUDGET_MS, noopBundle, perIsolateMs } from "./lib/startup.mts";
import { writeReplayer } from "./lib/storage-tape.mts";
import {
  applyMigrations,
  boardCases,
  bundle,
  median,
  recordTapes,
  seedBoards,
  startMiniflare,
  timed,
  timedCase,
  type Case,
  type Started,
} from "./bench-service.mts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const size = Number(arg("board") ?? 1000);
const copies = Number(arg("copies") ?? 3);
const only = arg("case");
const top = Number(arg("top") ?? 25);
const outDir = arg("out");
const then = Number(arg("then") ?? 0);
const cpuOnly = process.argv.includes("--cpu");
const startupOnly = process.argv.includes("--startup");

// ---------------------------------------------------------------------------------------------
// The DevTools protocol, over Node's WebSocket

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

async function connect(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => (ws.addEventListener("open", resolve), ws.addEventListener("error", reject)));
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.addEventListener("message", (ev: MessageEvent) => {
    const msg = JSON.parse(String(ev.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const w = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id!);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  return {
    send<T = unknown>(method: string, params: object = {}): Promise<T> {
      const id = next++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    },
    close: () => ws.close(),
  };
}
type Session = Awaited<ReturnType<typeof connect>>;

/** The inspector's WebSocket of the Worker `name` (workerd lists one target per Worker). */
async function targetOf(port: number, name: string): Promise<string> {
  const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    id: string;
    title?: string;
    webSocketDebuggerUrl: string;
  }[];
  const t = list.find((x) => x.id === `core:user:${name}` || x.title === name || x.id.endsWith(`:${name}`));
  if (!t) throw new Error(`no inspector target for ${name}: ${list.map((x) => x.id).join(", ")}`);
  return t.webSocketDebuggerUrl;
}

// ---------------------------------------------------------------------------------------------
// What ran: coverage before and after, and the profile

/** Functions of `script` (bundle index.js) that have run, keyed by their start offset. */
function ranFunctions(coverage: ScriptCoverage[]): Map<string, { name: string; start: number; end: number }> {
  const out = new Map<string, { name: string; start: number; end: number }>();
  for (const s of coverage) {
    if (!s.url.endsWith("index.js")) continue;
    for (const f of s.functions) {
      const r = f.ranges[0];
      if (r.count > 0)
        out.set(`${r.startOffset}`, { name: f.functionName || "(anonymous)", start: r.startOffset, end: r.endOffset });
    }
  }
  return out;
}

const key = (f: CallFrame) => `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}`;

/** Self and total time (ms) by function, from a CPU profile. */
function profileTimes(p: Profile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    let id: number | undefined = p.samples[i];
    const k0 = key(byId.get(id)!.callFrame);
    self.set(k0, (self.get(k0) ?? 0) + dt);
    const seen = new Set<string>();
    for (; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id)!.callFrame);
      if (k === "(root) :0" || seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  return { self, total, ms: (p.endTime - p.startTime) / 1000 };
}

interface Observation {
  cpu: number;
  profileMs: number;
  self: Map<string, number>;
  total: Map<string, number>;
  firstRun: { name: string; start: number; end: number }[];
}

async function observe(s: Started, session: Session, worker: string, c: Case, n: number): Promise<Observation> {
  const before = ranFunctions(
    (await session.send<{ result: ScriptCoverage[] }>("Profiler.getBestEffortCoverage")).result,
  );
  await session.send("Profiler.setSamplingInterval", { interval: 50 });
  await session.send("Profiler.start");
  const t = await timed(s, worker, c.path, c.init);
  const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
  if (!c.expect(t.status, t.body)) throw new Error(`${c.name}: unexpected answer ${t.status} ${t.body.slice(0, 300)}`);
  const after = ranFunctions(
    (await session.send<{ result: ScriptCoverage[] }>("Profiler.getBestEffortCoverage")).result,
  );
  const firstRun = [...after].filter(([k]) => !before.has(k)).map(([, f]) => f);
  if (outDir)
    writeFileSync(
      join(outDir, `${c.name.replace(/[^\w]+/g, "-")}-${worker}-req${n}.cpuprofile`),
      JSON.stringify(profile),
    );
  return { cpu: t.cpu, profileMs: (profile.endTime - profile.startTime) / 1000, ...profileTimes(profile), firstRun };
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (x: number) => x.toFixed(2).padStart(7);

function report(title: string, obs: Observation[], source: string) {
  console.log(`\n## ${title}`);
  console.log(
    `request CPU (workerd main thread, profiler on) ${obs.map((o) => o.cpu.toFixed(1)).join(", ")} ms; profiled ${obs.map((o) => o.profileMs.toFixed(1)).join(", ")} ms`,
  );
  const mean = (m: (o: Observation) => Map<string, number>) => {
    const sum = new Map<string, number>();
    for (const o of obs) for (const [k, v] of m(o)) sum.set(k, (sum.get(k) ?? 0) + v / obs.length);
    return [...sum].sort((a, b) => b[1] - a[1]).slice(0, top);
  };
  console.log(`top self time (ms, mean of ${obs.length}):`);
  for (const [k, v] of mean((o) => o.self)) console.log(`  ${fmt(v)}  ${k}`);
  console.log(`top total time (ms):`);
  for (const [k, v] of mean((o) => o.total)) console.log(`  ${fmt(v)}  ${k}`);
  const first = obs[0].firstRun;
  const bytes = first.reduce((n, f) => n + f.end - f.start, 0);
  console.log(
    `functions first run in this request (first copy): ${first.length}, ${(bytes / 1024).toFixed(1)} KiB of source; by file of origin:`,
  );
  const byOrigin = new Map<string, { n: number; bytes: number; names: string[] }>();
  for (const f of first) {
    const origin = originOf(source, f.start);
    const g = byOrigin.get(origin) ?? { n: 0, bytes: 0, names: [] };
    g.n++, (g.bytes += f.end - f.start), g.names.push(f.name);
    byOrigin.set(origin, g);
  }
  for (const [origin, g] of [...byOrigin].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top)) {
    console.log(
      `  ${String(g.n).padStart(4)} fns ${(g.bytes / 1024).toFixed(1).padStart(6)} KiB  ${origin}: ${[...new Set(g.names)].slice(0, 8).join(", ")}`,
    );
  }
}

/** The bundle's `// path` comment (esbuild marks each module's start) at or before `offset`. */
function originOf(source: string, offset: number): string {
  const at = source.lastIndexOf("\n// ", offset);
  if (at < 0) return "?";
  return source.slice(at + 4, source.indexOf("\n", at + 4));
}

// ---------------------------------------------------------------------------------------------

const bundleDir = bundle();
const persist = mkdtempSync(join(tmpdir(), "nw-profile-cold-"));
if (outDir) mkdirSync(outDir, { recursive: true });
try {
  if (startupOnly) {
    // Start-up CPU per isolate against a no-op Worker's, with the load: the same measure as `npm run bench` (lib/startup.mts).
    const noop = noopBundle();
    try {
      const before = loadavg()[0];
      const noopMs = await perIsolateMs(noop, persist, copies);
      const serviceMs = await perIsolateMs(bundleDir, persist, copies);
      console.log(
        `start-up per isolate (module evaluation, wasm, grammars, warm-up; 1 + ${copies} copies against 1): ${serviceMs.toFixed(0)} ms of main-thread CPU; a no-op Worker ${noopMs.toFixed(0)} ms; budget ${STARTUP_BUDGET_MS} ms; load ${before.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
      );
    } finally {
      rmSync(noop, { recursive: true, force: true });
    }
  } else await profileReads();
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(persist, { recursive: true, force: true });
}

async function profileReads() {
  const setup = await startMiniflare(bundleDir, persist, ["setup"]);
  try {
    await applyMigrations(setup);
    await seedBoards(setup, [size]);
  } finally {
    await setup.mf.dispose();
  }
  const cases = boardCases(size).filter((c) => !only || new RegExp(only).test(c.name));
  await recordTapes(bundleDir, persist, cases);
  const source = readFileSync(join(bundleDir, "index.js"), "utf8");
  // A fresh no-op isolate's first request, against its later ones: what any isolate's first request costs workerd itself.
  writeFileSync(join(bundleDir, "bench-noop.js"), `export default { fetch() { return new Response("ok"); } };`);
  for (const [i, c] of cases.entries()) {
    const entry = writeReplayer(bundleDir, `profile${i}`, c.tape!);
    const port = await freePort();
    const names = Array.from({ length: copies }, (_, r) => `p${r}`);
    const noops = Array.from({ length: copies }, (_, r) => ({ name: `n${r}`, entry: "bench-noop.js" }));
    const s = await startMiniflare(
      bundleDir,
      persist,
      [],
      [],
      [...names.map((name) => ({ name, entry })), ...noops],
      [],
      cpuOnly ? {} : { inspectorPort: port },
    );
    try {
      const noop: number[] = [];
      for (let k = 0; k < 10; k++) noop.push((await timed(s, "noop", "/")).cpu);
      const base = median(noop.slice(3));
      const freshNoop: number[] = [];
      for (const n of noops) freshNoop.push((await timed(s, n.name, "/")).cpu - base);
      const head = `\n# ${c.name} (start-up of ${2 * copies} copies: ${s.startupCpuMs.toFixed(0)} ms main-thread CPU; a no-op Worker's request ${base.toFixed(2)} ms; a fresh no-op isolate's first request ${median(freshNoop).toFixed(2)} ms more)`;
      if (cpuOnly) {
        const cold: number[] = [];
        for (const name of names) cold.push((await timedCase(s, name, c)).cpu - base);
        const warm: number[] = [];
        for (let k = 0; k < 8; k++) warm.push((await timedCase(s, names[0], c)).cpu - base);
        console.log(
          `${head}\nWorker CPU cold ${median(cold).toFixed(2)} ms (${cold.map((x) => x.toFixed(1)).join(", ")}), warm ${median(warm.slice(3)).toFixed(2)} ms`,
        );
        continue;
      }
      const cold: Observation[] = [];
      const warm: Observation[] = [];
      for (const name of names) {
        const session = await connect(await targetOf(port, name));
        try {
          await session.send("Profiler.enable");
          cold.push(await observe(s, session, name, c, 1));
          if (then > 1) {
            for (let k = 2; k < then; k++) await timed(s, name, c.path, c.init);
            warm.push(await observe(s, session, name, c, then));
          }
        } finally {
          session.close();
        }
      }
      console.log(head);
      report("first request of a fresh isolate", cold, source);
      if (warm.length) report(`request ${then} of the same isolates`, warm, source);
    } finally {
      await s.mf.dispose();
    }
  }
}
