/**
 * npm run bench: per-answer CPU cost of RepoQA scoring inside workerd (see bench/README.md).
 *
 * 1. Collects real Python functions from the standard library with the Node-side tree-sitter and
 *    builds candidates (10 needles, 200 functions) and model-like answers from them.
 * 2. Starts bench/worker.ts in local workerd (wrangler's unstable_startWorker), sends the data, and
 *    times `/run?case=X&iterations=N` against `iterations=0` from outside, because clocks do not
 *    advance inside a Worker during computation. Two figures per case: workerd CPU time (kernel
 *    schedstat of the workerd processes, insensitive to other load on the machine) and Node wall time.
 * 3. Cold start: several fresh workerd instances, timing the first tree-sitter load, the first
 *    200-function index build and the first answer against no-op requests.
 * 4. NLTK 3.8 on the same pairs with Debian's /usr/bin/python3, when it has nltk.
 *
 * 5. The service Worker itself (scripts/bench-service.mts): CPU of the first request of a fresh
 *    isolate and of warm requests, for POST /v1/score (official and strict, every language) and the
 *    leaderboard reads, against the Free plan's 10 ms.
 *
 * Options: --quick (fewer repetitions), --reps=N, --cold=N, --no-nltk, --no-service, --timeout=SECONDS (default 600).
 * Writes bench/results/latest.json.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import "../cli/lib/tree-sitter-node.ts";
import { extractFunctions, removeComments } from "../src/lib/code/functions.ts";
import { CompactReferenceSet } from "../src/lib/metrics/bleu-index.ts";
import { printServiceBench, runServiceBench } from "./bench-service.mts";
import { isolateNs, processNs, workerdDescendants } from "./lib/workerd-cpu.mts";

// Quiet, offline wrangler: no telemetry, no Request.cf download attempt.
process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.CI ??= "1";
const { unstable_startWorker } = await import("wrangler");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
const QUICK = flag("quick");
const REPS = option("reps", QUICK ? 3 : 9);
const COLD_RUNS = option("cold", QUICK ? 2 : 5);
/** Each timed request runs about this much work, so request overhead jitter stays small. */
const TARGET_REQUEST_MS = QUICK ? 150 : 300;

// Watchdog: a runaway case must not keep workerd busy forever.
const TIMEOUT_S = option("timeout", 600);
setTimeout(() => {
  console.error(`bench: no result after ${TIMEOUT_S} s, giving up`);
  for (const pid of workerdDescendants()) process.kill(pid, "SIGKILL");
  process.exit(2);
}, TIMEOUT_S * 1000).unref();

const STDLIB = "/usr/lib/python3.11";
const N_STRICT = 200;
const N_EXTRA = 50;
const N_NEEDLES = 10;
const FREE_PLAN_CPU_MS = 10;

// ---------------------------------------------------------------------------------------------
// Data: real functions, candidates, answers

interface Fn {
  name: string;
  path: string;
  code: string;
  code_without_comments: string;
  lines: number;
  /** The function as a model would print it: body dedented to the `def`'s column. */
  dedented: string;
}

async function collectFunctions(): Promise<Fn[]> {
  const files = readdirSync(STDLIB)
    .filter((f) => f.endsWith(".py"))
    .sort();
  const perFile: Fn[][] = [];
  for (const file of files) {
    const code = readFileSync(join(STDLIB, file), "utf8");
    const found = await extractFunctions("python", code);
    const picked: Fn[] = [];
    for (const f of found) {
      const lines = f.endLine - f.startLine;
      if (lines < 10 || lines > 80 || /\p{Cs}/u.test(f.text)) continue;
      const column = f.startIndex - (code.lastIndexOf("\n", f.startIndex - 1) + 1);
      const dedented = f.text
        .split("\n")
        .map((line, i) => (i === 0 ? line : line.replace(new RegExp(`^ {0,${column}}`), "")))
        .join("\n");
      picked.push({ name: f.name, path: `Lib/${file}`, code: f.text, code_without_comments: "", lines, dedented });
    }
    if (picked.length) perFile.push(picked);
  }
  // Round-robin over files (sorted), so the pool spans many modules, deterministically.
  const out: Fn[] = [];
  const seen = new Set<string>();
  for (let round = 0; out.length < N_STRICT + N_EXTRA; round++) {
    let any = false;
    for (const list of perFile) {
      const f = list[round * 3]; // every third function of a file: less near-duplicate overloads
      if (!f) continue;
      any = true;
      if (seen.has(f.code)) continue;
      seen.add(f.code);
      out.push(f);
      if (out.length === N_STRICT + N_EXTRA) break;
    }
    if (!any) throw new Error(`only ${out.length} usable functions in ${STDLIB}`);
  }
  for (const f of out) f.code_without_comments = await removeComments("python", f.code);
  return out;
}

/** Drops every 7th body line that does not open a block: a model's imperfect recall. */
function perturb(code: string): string {
  return code
    .split("\n")
    .filter((line, i) => i === 0 || i % 7 !== 3 || /:\s*$/.test(line) || line.trim() === "")
    .join("\n");
}

function modelAnswer(fn: Fn, body: string): string {
  return (
    `The function that matches the description is \`${fn.name}\` from ${fn.path}; here it is in full:\n\n` +
    "```python\n" +
    body +
    "\n```\n\n" +
    `It validates its inputs first and then performs the work described, returning the result to the caller.`
  );
}

function buildData(fns: Fn[]) {
  const strict = fns.slice(0, N_STRICT);
  const extra = fns.slice(N_STRICT);
  // Needles: 10 strict functions of 20-60 lines, spread over the pool.
  const eligible = strict.map((f, i) => ({ f, i })).filter(({ f }) => f.lines >= 20 && f.lines <= 60);
  if (eligible.length < N_NEEDLES) throw new Error("not enough 20-60 line functions for needles");
  const needleIdx = Array.from(
    { length: N_NEEDLES },
    (_, k) => eligible[Math.floor((k * eligible.length) / N_NEEDLES)].i,
  );
  const official = needleIdx.map((i) => strict[i]);
  const answers: { answer: string; official_index: number; strict_index: number; kind: string; lines: number }[] = [];
  const add = (fn: Fn, body: string, k: number, kind: string) =>
    answers.push({
      answer: modelAnswer(fn, body),
      official_index: k,
      strict_index: needleIdx[k],
      kind,
      lines: body.split("\n").length,
    });
  needleIdx.forEach((si, k) => {
    add(strict[si], strict[si].dedented, k, "verbatim");
    add(strict[si], perturb(strict[si].dedented), k, "perturbed");
  });
  // Wrong answers: a function outside the candidates, answered for needle k.
  const wrong = extra.filter((f) => f.lines >= 20 && f.lines <= 60).slice(0, 4);
  for (const [k, f] of wrong.entries()) add(f, f.dedented, k, "wrong function");
  const strip = ({ name, path, code, code_without_comments }: Fn) => ({ name, path, code, code_without_comments });
  return {
    official: official.map(strip),
    strict: strict.map(strip),
    answers: answers.map(({ answer, official_index, strict_index }) => ({ answer, official_index, strict_index })),
    answerKinds: answers.map((a) => a.kind),
    answerFunctionLines: answers.map((a) => a.lines),
  };
}

// ---------------------------------------------------------------------------------------------
// Timing helpers

type StartedWorker = Awaited<ReturnType<typeof unstable_startWorker>>;

interface Instance {
  worker: StartedWorker;
  /** The workerd process that runs the bench Worker's isolate (wrangler starts a second, its proxy). */
  pid: number;
  /** The first request to the fresh instance: workerd process start, Worker load, a no-op. */
  first: { wall: number; cpu: number; cpuAll: number };
}

async function startInstance(): Promise<Instance> {
  const before = new Set(workerdDescendants());
  const worker = await unstable_startWorker({
    config: join(root, "bench", "wrangler.toml"),
    dev: { server: { port: 0 }, inspector: false, watch: false, persist: false, logLevel: "warn" },
  } as Parameters<typeof unstable_startWorker>[0]);
  await worker.ready;
  // The user Worker's workerd may start only now; snapshot what exists, then send the first request.
  const existing = new Map(
    workerdDescendants()
      .filter((p) => !before.has(p))
      .map((p) => [p, { main: isolateNs(p), all: processNs(p) }]),
  );
  const t0 = performance.now();
  const res = await worker.fetch("http://bench.local/noop");
  await res.text();
  const wall = performance.now() - t0;
  // The bench Worker's process is the new one that worked hardest on that first request.
  let best: { pid: number; cpu: number; cpuAll: number } | undefined;
  for (const pid of workerdDescendants().filter((p) => !before.has(p))) {
    const was = existing.get(pid) ?? { main: 0, all: 0 };
    const cpu = isolateNs(pid) - was.main;
    if (!best || cpu > best.cpu) best = { pid, cpu, cpuAll: processNs(pid) - was.all };
  }
  if (!best) throw new Error("could not find the workerd process of the bench worker");
  return { worker, pid: best.pid, first: { wall, cpu: best.cpu / 1e6, cpuAll: best.cpuAll / 1e6 } };
}

interface Timed {
  wall: number;
  /** CPU of the isolate thread. */
  cpu: number;
  /** CPU of all threads of the bench Worker's workerd process (adds concurrent GC, JIT/wasm tier-up). */
  cpuAll: number;
  body: any;
}

async function request(inst: Instance, path: string, body?: unknown): Promise<Timed> {
  const init: RequestInit =
    body === undefined ? { method: path === "/noop" ? "GET" : "POST" } : { method: "POST", body: JSON.stringify(body) };
  const a0 = processNs(inst.pid);
  const c0 = isolateNs(inst.pid);
  const t0 = performance.now();
  const res = await inst.worker.fetch(`http://bench.local${path}`, init as any);
  const text = await res.text();
  const t1 = performance.now();
  const c1 = isolateNs(inst.pid);
  const a1 = processNs(inst.pid);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 2000)}`);
  return { wall: t1 - t0, cpu: (c1 - c0) / 1e6, cpuAll: (a1 - a0) / 1e6, body: JSON.parse(text) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface CaseResult {
  case: string;
  what: string;
  iterations: number;
  cpu_ms: number;
  cpu_all_threads_ms: number;
  wall_ms: number;
  cpu_min_ms: number;
  cpu_samples_ms: number[];
  /** (max - min) / median of the per-repetition CPU figures. */
  spread: number;
  target_ms: number | null;
  reps: number;
}

const runCase = (inst: Instance, name: string, n: number, start = 0) =>
  request(inst, `/run?case=${name}&iterations=${n}&start=${start}`);

/** Warm-up and calibration: N such that one request does about TARGET_REQUEST_MS of work. */
async function calibrate(inst: Instance, name: string): Promise<number> {
  let n = 1;
  let probe = await runCase(inst, name, n);
  while (probe.wall < 50 && n < 1e6) {
    n *= 4;
    probe = await runCase(inst, name, n);
  }
  // Whole request time / n over-estimates the per-iteration cost (safe: N only gets smaller).
  let N = Math.max(1, Math.round((TARGET_REQUEST_MS * n) / probe.wall));
  // One full-size warm-up, then correct N from it (the ramp ran partly cold).
  for (let k = 0; k < 2; k++) {
    const full = await runCase(inst, name, N);
    N = Math.max(1, Math.min(N * 4, Math.round((TARGET_REQUEST_MS * N) / Math.max(full.wall, 1))));
  }
  return N;
}

/**
 * Every case is calibrated and warmed up first (so wasm and JS have tiered up for all of them),
 * then the repetitions go round-robin over the cases, so a burst of outside load is spread over
 * cases instead of skewing one.
 */
async function measureCases(
  inst: Instance,
  cases: readonly (readonly [string, string, number | null])[],
): Promise<CaseResult[]> {
  const iterations: number[] = [];
  for (const [name] of cases) iterations.push(await calibrate(inst, name));
  const samples = cases.map(() => ({ cpu: [] as number[], cpuAll: [] as number[], wall: [] as number[] }));
  for (let r = 0; r < REPS; r++) {
    for (let c = 0; c < cases.length; c++) {
      const N = iterations[c];
      const zero = await runCase(inst, cases[c][0], 0);
      const full = await runCase(inst, cases[c][0], N, r * 7);
      samples[c].cpu.push((full.cpu - zero.cpu) / N);
      samples[c].cpuAll.push((full.cpuAll - zero.cpuAll) / N);
      samples[c].wall.push((full.wall - zero.wall) / N);
    }
  }
  return cases.map(([name, what, target], c) => {
    const { cpu, cpuAll, wall } = samples[c];
    const m = median(cpu);
    return {
      case: name,
      what,
      iterations: iterations[c],
      cpu_ms: m,
      cpu_all_threads_ms: median(cpuAll),
      wall_ms: median(wall),
      cpu_min_ms: Math.min(...cpu),
      cpu_samples_ms: cpu,
      spread: (Math.max(...cpu) - Math.min(...cpu)) / m,
      target_ms: target,
      reps: REPS,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Cold start

interface ColdSample {
  ts_init: Timed;
  index_200_first: Timed;
  index_200_second: Timed;
  index_200_load: Timed;
  answer_first: Timed;
  answer_second: Timed;
  noop: Timed[];
  startup_ms: number;
  first_request: Instance["first"];
}

async function coldRun(data: unknown, keep: boolean): Promise<{ sample: ColdSample; inst?: Instance }> {
  const t0 = performance.now();
  const inst = await startInstance();
  const startup_ms = performance.now() - t0;
  // Request path warm-up (no tree-sitter, no BLEU), then the data upload.
  for (let i = 0; i < 3; i++) await request(inst, "/noop");
  await request(inst, "/data", data);
  const noop: Timed[] = [];
  const baseline = async () => noop.push(await request(inst, "/noop"));
  await baseline();
  await baseline();
  const ts_init = await request(inst, "/init-ts");
  await baseline();
  const index_200_first = await request(inst, "/build-index?set=strict");
  await baseline();
  const index_200_second = await request(inst, "/build-index?set=strict");
  await baseline();
  const index_200_load = await request(inst, "/load-index?set=strict");
  await baseline();
  const answer_first = await request(inst, "/cold-answer?set=strict&answer=1");
  await baseline();
  const answer_second = await request(inst, "/cold-answer?set=strict&answer=3");
  await baseline();
  const sample = {
    ts_init,
    index_200_first,
    index_200_second,
    index_200_load,
    answer_first,
    answer_second,
    noop,
    startup_ms,
    first_request: inst.first,
  };
  if (keep) return { sample, inst };
  await inst.worker.dispose();
  return { sample };
}

// ---------------------------------------------------------------------------------------------
// NLTK reference (Debian python3 with nltk 3.8)

const NLTK_SCRIPT = String.raw`
import json, re, sys, time
import nltk
from nltk.translate.bleu_score import sentence_bleu, SmoothingFunction

def compute_function_similarity(candidate_function, reference_function):
    # repoqa/compute_score.py, verbatim in substance
    candidate_tokens = [item for item in re.split(r"\s+", candidate_function.strip())]
    reference_tokens = [item for item in re.split(r"\s+", reference_function.strip())]
    chencherry = SmoothingFunction()
    return sentence_bleu([reference_tokens], candidate_tokens, smoothing_function=chencherry.method4)

d = json.load(sys.stdin)
extracted, official, strict, pairs = d["extracted"], d["official"], d["strict"], d["pairs"]

def per_answer(cands, reps):
    best = []
    for _ in range(reps):
        t = time.process_time()
        for e in extracted:
            for c in cands:
                compute_function_similarity(e, c)
        best.append((time.process_time() - t) * 1000 / len(extracted))
    best.sort()
    return best[len(best) // 2]

def per_pair(reps):
    out = []
    for _ in range(reps):
        t = time.process_time()
        k = 0
        while k < 2000:
            for p in pairs:
                compute_function_similarity(p["candidate"], p["reference"])
                k += 1
        out.append((time.process_time() - t) * 1000 / k)
    out.sort()
    return out[len(out) // 2]

diff = max(abs(compute_function_similarity(e, c) - s) for e, row in zip(extracted, d["official_scores"]) for c, s in zip(official, row))
print(json.dumps({
    "nltk_version": nltk.__version__,
    "python": sys.version.split()[0],
    "pair_ms": per_pair(3),
    "official_ms": per_answer(official, 5),
    "strict_ms": per_answer(strict, d["strict_reps"]),
    "max_abs_diff_vs_worker": diff,
}))
`;

function runNltk(input: unknown): { ok: true; result: any } | { ok: false; note: string } {
  const py = "/usr/bin/python3";
  if (!existsSync(py)) return { ok: false, note: `${py} not found` };
  const probe = spawnSync(py, ["-c", "import nltk; print(nltk.__version__)"], { encoding: "utf8" });
  if (probe.status !== 0) return { ok: false, note: `${py} has no nltk (${probe.stderr.trim().split("\n").pop()})` };
  const res = spawnSync(py, ["-c", NLTK_SCRIPT], {
    input: JSON.stringify(input),
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (res.status !== 0) return { ok: false, note: `NLTK run failed: ${res.stderr.slice(-500)}` };
  return { ok: true, result: JSON.parse(res.stdout) };
}

// ---------------------------------------------------------------------------------------------
// Main

const fmt = (x: number | null | undefined, digits = 3) =>
  x == null || Number.isNaN(x) ? "-" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(digits);
const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);

function machineInfo() {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const model = cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? cpus()[0]?.model ?? "unknown";
  const mhz = cpuinfo.match(/^cpu MHz\s*:\s*(.*)$/m)?.[1];
  const pkgVersion = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version as string;
    } catch {
      return "?";
    }
  };
  return {
    node: process.version,
    cpu: model,
    cpu_mhz: mhz ? Number(mhz) : null,
    cpus: cpus().length,
    wrangler: pkgVersion("wrangler"),
    workerd: pkgVersion("@cloudflare/workerd-linux-64"),
    web_tree_sitter: pkgVersion("web-tree-sitter"),
    loadavg_start: loadavg().map((x) => Number(x.toFixed(2))),
  };
}

const started = performance.now();
const machine = machineInfo();
console.log(
  `needlework bench: node ${machine.node}, ${machine.cpu} (${machine.cpus} CPUs), wrangler ${machine.wrangler}, workerd ${machine.workerd}`,
);
console.log(
  `load average at start: ${machine.loadavg_start.join(" ")}${machine.loadavg_start[0] > machine.cpus / 2 ? "  (machine is busy: wall times will be inflated; CPU times much less)" : ""}`,
);

const t = performance.now();
const fns = await collectFunctions();
const data = buildData(fns);
const answerLines = data.answerFunctionLines;
console.log(
  `data: ${fns.length} functions from ${STDLIB} (tree-sitter, Node side, ${((performance.now() - t) / 1000).toFixed(1)} s); ` +
    `${data.answers.length} answers (code ${Math.min(...answerLines)}-${Math.max(...answerLines)} lines, ` +
    `${Math.round(data.answers.reduce((s, a) => s + a.answer.length, 0) / data.answers.length)} chars avg); ` +
    `candidates: ${data.official.length} needles, ${data.strict.length} functions`,
);
const encodeIndex = (fns: { code: string }[]) =>
  Buffer.from(CompactReferenceSet.fromReferences(fns.map((f) => f.code)).encode()).toString("base64");
const payload = {
  official: data.official,
  strict: data.strict,
  answers: data.answers,
  pairs: [] as { reference: string; candidate: string }[],
  index: { strict: encodeIndex(data.strict), official: encodeIndex(data.official) },
};

// Cold starts: fresh workerd each time; the last instance stays up for the warm cases.
console.log(`cold start: ${COLD_RUNS} fresh workerd instances ...`);
const cold: ColdSample[] = [];
let inst: Instance | undefined;
for (let k = 0; k < COLD_RUNS; k++) {
  const r = await coldRun(payload, k === COLD_RUNS - 1);
  cold.push(r.sample);
  inst = r.inst;
}
if (!inst) throw new Error("no instance");

// Warm cases.
const setup = await request(inst, "/setup");
const extracted: string[] = setup.body.extracted;
payload.pairs = data.answers.map((a, i) => ({ reference: data.strict[a.strict_index].code, candidate: extracted[i] }));
await request(inst, "/data", payload);
await request(inst, "/setup");

const CASES: [string, string, number | null][] = [
  ["official", "sanitize + BLEU vs 10 needles", 1],
  ["strict", "sanitize + BLEU vs 200 functions", 5],
  ["official-idx", "the same, precomputed index (score-index)", 1],
  ["strict-idx", "the same, precomputed index (score-index)", 5],
  ["official-ic", "sanitize + remove comments + BLEU vs 10", 1],
  ["strict-ic", "sanitize + remove comments + BLEU vs 200", 5],
  ["bleu-pair", "raw BLEU endpoint: 1 sentenceBleu pair", null],
  ["sanitize", "part: sanitizeOutput (regex + parse + query)", null],
  ["fence-regex", "part of sanitize: pyStrip + fenced-block regex", null],
  ["parse", "part of sanitize: tree-sitter parse of the block", null],
  ["remove-comments", "part: removeComments (parse + 2 queries)", null],
  ["bleu-10", "part: ReferenceSet.score vs 10", null],
  ["bleu-200", "part: ReferenceSet.score vs 200", null],
  ["bleu-200-idx", "part: the same, precomputed index", null],
  ["index-200", "warm new ReferenceSet(200 functions)", null],
];
console.log(`warm cases: ${CASES.length} cases x ${REPS} repetitions of (N iterations - 0 iterations) ...`);
const results = await measureCases(inst, CASES);
await inst.worker.dispose();

// NLTK.
let nltk: ReturnType<typeof runNltk> = { ok: false, note: "skipped (--no-nltk)" };
if (!flag("no-nltk")) {
  console.log("NLTK reference with /usr/bin/python3 ...");
  nltk = runNltk({
    extracted,
    official: data.official.map((f) => f.code),
    strict: data.strict.map((f) => f.code),
    pairs: payload.pairs,
    official_scores: setup.body.official_scores,
    strict_reps: QUICK ? 1 : 2,
  });
}

// ---------------------------------------------------------------------------------------------
// Report

const coldFig = (pick: (s: ColdSample) => Timed, field: "cpu" | "cpuAll" | "wall") =>
  median(cold.map((s) => pick(s)[field] - median(s.noop.map((n) => n[field]))));
const coldRows = [
  {
    case: "cold: ts init + python",
    what: 'first loadLanguage("python") (service: at start-up)',
    pick: (s: ColdSample) => s.ts_init,
  },
  {
    case: "cold: index-200 #1",
    what: "first new ReferenceSet(200) (datasets w/o index)",
    pick: (s: ColdSample) => s.index_200_first,
  },
  { case: "cold: index-200 #2", what: "second build in the same isolate", pick: (s: ColdSample) => s.index_200_second },
  {
    case: "cold: load index-200",
    what: "decode its precomputed index (score-index)",
    pick: (s: ColdSample) => s.index_200_load,
  },
  {
    case: "cold: first answer",
    what: "first strict evaluateAnswer on that index",
    pick: (s: ColdSample) => s.answer_first,
  },
  { case: "cold: second answer", what: "second strict evaluateAnswer", pick: (s: ColdSample) => s.answer_second },
].map((r) => ({
  case: r.case,
  what: r.what,
  runs: cold.length,
  cpu_ms: coldFig(r.pick, "cpu"),
  cpu_all_threads_ms: coldFig(r.pick, "cpuAll"),
  wall_ms: coldFig(r.pick, "wall"),
  samples_cpu_ms: cold.map((s) => r.pick(s).cpu - median(s.noop.map((n) => n.cpu))),
  target_ms: FREE_PLAN_CPU_MS,
}));
// The very first request of a fresh instance, reported apart: it is dominated by workerd's own
// process start (locally a Worker with no code at all costs about as much), so it says little about
// this Worker and is not comparable to anything Cloudflare bills.
const firstRequest = {
  cpu_ms: median(cold.map((s) => s.first_request.cpu)),
  cpu_all_threads_ms: median(cold.map((s) => s.first_request.cpuAll)),
  wall_ms: median(cold.map((s) => s.first_request.wall)),
};

const verdict = (value: number, target: number | null) =>
  target == null ? "" : value < target ? "OK" : `over x${(value / target).toFixed(2)}`;
const header = `${pad("case", 24)}${pad("what", 48)}${lpad("iters", 7)}${lpad("CPU ms", 9)}${lpad("min", 9)}${lpad("wall ms", 9)}${lpad("spread", 8)}${lpad("target", 8)}  verdict`;
const rule = "-".repeat(header.length + 8);
console.log(
  `\nPer answer, warm isolate: (t(N) - t(0)) / N, ${REPS} repetitions. CPU ms = median CPU time of the isolate's thread in ` +
    `workerd (the verdict uses it); min = the least of the repetitions (closest to a quiet machine); wall = median seen from Node.`,
);
console.log(header);
console.log(rule);
for (const r of results) {
  console.log(
    `${pad(r.case, 24)}${pad(r.what, 48)}${lpad(String(r.iterations), 7)}${lpad(fmt(r.cpu_ms), 9)}${lpad(fmt(r.cpu_min_ms), 9)}${lpad(fmt(r.wall_ms), 9)}` +
      `${lpad(`${Math.round(r.spread * 100)}%`, 8)}${lpad(r.target_ms == null ? "-" : `< ${r.target_ms}`, 8)}  ${verdict(r.cpu_ms, r.target_ms)}`,
  );
}
console.log(
  `\nCold start, fresh workerd instances (median of ${cold.length}, each minus that instance's median no-op request; ` +
    `target = the Free plan's ${FREE_PLAN_CPU_MS} ms CPU per request, which the request that pays it is held to):`,
);
console.log(
  `${pad("case", 24)}${pad("what", 48)}${lpad("runs", 7)}${lpad("CPU ms", 9)}${lpad("all thr", 9)}${lpad("wall ms", 9)}${lpad("", 8)}${lpad("target", 8)}  verdict`,
);
console.log(
  "  (CPU ms = isolate thread; all thr = every thread of that workerd process, adding concurrent GC and JIT/wasm tier-up)",
);
console.log(rule);
for (const r of coldRows) {
  console.log(
    `${pad(r.case, 24)}${pad(r.what, 48)}${lpad(String(r.runs), 7)}${lpad(fmt(r.cpu_ms, 2), 9)}${lpad(fmt(r.cpu_all_threads_ms, 2), 9)}${lpad(fmt(r.wall_ms, 2), 9)}` +
      `${lpad("", 8)}${lpad(r.target_ms == null ? "-" : `< ${r.target_ms}`, 8)}  ${verdict(r.cpu_ms, r.target_ms)}`,
  );
}
console.log(
  `  per-instance isolate CPU ms, ts init + python: ${coldRows[0].samples_cpu_ms.map((x) => x.toFixed(1)).join(", ")}`,
);
console.log(
  `  per-instance isolate CPU ms, first index-200: ${coldRows[1].samples_cpu_ms.map((x) => x.toFixed(1)).join(", ")}`,
);
console.log(
  `  not in the table: first request to a new workerd process ${fmt(firstRequest.cpu_ms, 0)} ms CPU (main thread), ${fmt(firstRequest.wall_ms, 0)} ms wall, ` +
    `mostly workerd's own start; wrangler unstable_startWorker until ready ${fmt(median(cold.map((s) => s.startup_ms)), 0)} ms wall`,
);

console.log("\nReference: NLTK 3.8 sentence_bleu (method4), as repoqa/compute_score.py calls it, same pairs:");
if (nltk.ok) {
  const n = nltk.result;
  console.log(`  python ${n.python}, nltk ${n.nltk_version} (process CPU time, median)`);
  console.log(
    `  1 pair:                   ${fmt(n.pair_ms)} ms   (worker bleu-pair ${fmt(results.find((r) => r.case === "bleu-pair")!.cpu_ms)} ms)`,
  );
  console.log(
    `  10 needles per answer:    ${fmt(n.official_ms)} ms   (worker bleu-10 ${fmt(results.find((r) => r.case === "bleu-10")!.cpu_ms)} ms; BLEU only, no sanitize)`,
  );
  console.log(
    `  200 functions per answer: ${fmt(n.strict_ms)} ms   (worker bleu-200 ${fmt(results.find((r) => r.case === "bleu-200")!.cpu_ms)} ms)`,
  );
  console.log(`  max |NLTK - worker| over the official scores: ${n.max_abs_diff_vs_worker.toExponential(2)}`);
} else {
  console.log(
    `  skipped: ${nltk.note} (earlier reference figure: about 0.3 ms per pair, 3 ms for 10 needles, 67 ms for 200 candidates)`,
  );
}
// The service itself: first request of a fresh isolate and warm, per route (scripts/bench-service.mts).
let service: Awaited<ReturnType<typeof runServiceBench>> | { skipped: string };
if (flag("no-service")) service = { skipped: "--no-service" };
else {
  console.log("\nService requests: the real Worker, one fresh isolate per request and route ...");
  service = await runServiceBench({ coldRuns: QUICK ? 2 : 3, warmReps: QUICK ? 5 : 11, log: console.log });
  printServiceBench(service);
}

const loadEnd = loadavg().map((x) => Number(x.toFixed(2)));
console.log(
  `\nload average at end: ${loadEnd.join(" ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const out = {
  generated_at: new Date().toISOString(),
  method:
    "outside timing: (t(N iterations) - t(0 iterations)) / N; CPU from /proc schedstat of the workerd processes, wall from Node performance.now()",
  machine: { ...machine, loadavg_end: loadEnd },
  options: { reps: REPS, cold_runs: COLD_RUNS, target_request_ms: TARGET_REQUEST_MS, quick: QUICK },
  data: {
    functions: fns.length,
    source: STDLIB,
    needles: data.official.length,
    strict_candidates: data.strict.length,
    answers: data.answers.length,
    answer_kinds: data.answerKinds,
    answer_code_lines: { min: Math.min(...answerLines), max: Math.max(...answerLines) },
  },
  warm: results.map((r) => ({ ...r, verdict: verdict(r.cpu_ms, r.target_ms) || null })),
  cold: coldRows.map((r) => ({ ...r, verdict: verdict(r.cpu_ms, r.target_ms) })),
  cold_first_request_new_workerd: {
    ...firstRequest,
    note: "mostly workerd process start; a Worker with no code costs about as much locally",
  },
  cold_startup_wall_ms: cold.map((s) => s.startup_ms),
  nltk: nltk.ok ? nltk.result : { skipped: nltk.note },
  service,
};
mkdirSync(join(root, "bench", "results"), { recursive: true });
writeFileSync(join(root, "bench", "results", "latest.json"), JSON.stringify(out, null, 2) + "\n");
console.log("wrote bench/results/latest.json");
