/**
 * `npm run bench`, part of scripts/bench.mts: CPU per request of the real service Worker in local
 * workerd, on the first request of a fresh isolate ("cold") and once warm, for POST /v1/score
 * (official and strict, every language) and the leaderboard reads. See bench/README.md "Service".
 *
 * How a fresh isolate is had without paying workerd's process start in the figure: the Worker is
 * bundled once (`wrangler deploy --dry-run`), and one Miniflare (one workerd process) runs many
 * copies of it under different names. workerd evaluates every copy's modules at start-up (the
 * startup figure, against Cloudflare's 1 s limit) and gives each its own V8 isolate; the first
 * request sent to a copy is that isolate's first request. CPU is the workerd main thread's
 * (/proc schedstat), which runs every isolate, minus the median of a no-op Worker's request in the
 * same process (Miniflare's entry Worker and the HTTP path). The local D1 and R2 simulators also
 * run on that thread, so their share is in those figures; deployed they run outside the Worker. The
 * Worker-only figure replays each request in more fresh isolates with its storage reads held in
 * memory (lib/storage-tape.mts), and the I/O probe sends only the reads, for reading one against
 * the other.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import "../cli/lib/tree-sitter-node.ts";
import { analyzeFunctions } from "../src/benchmarks/repoqa/curate/functions.ts";
import { decodeHeader } from "../src/benchmarks/repoqa/store/score-index.ts";
import type { Language } from "../src/lib/code/languages.ts";
import type { ReleaseRepo } from "../src/benchmarks/repoqa/dataset/release.ts";
import { buildSuite, type CruxRecord } from "../src/benchmarks/semtrace/curate/index.ts";
import { SUITE_TASKS } from "../src/benchmarks/semtrace/dataset/index.ts";
import { fixtureRelease } from "../test/longcodeu/fixture.ts";
import { boardSeedStatements, rankBackfill } from "../test/leaderboard/board-seed.ts";
import { encodeCursor } from "../src/kit/leaderboard/ranks.ts";
import { syntheticRepoFiles } from "./lib/bench-code.mts";
import { TAPE_PATH, writeRecorder, writeReplayer, type Tape } from "./lib/storage-tape.mts";
import { processNs, threadNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const ROOT = join(import.meta.dirname, "..");
export const FREE_PLAN_CPU_MS = 10;
/**
 * The synthetic boards bench-board.mts measures the paged reads on (`--boards=1000,10000`). Not in this
 * bench: its cold figures take `coldRuns` copies of the Worker (and as many replay copies, each with
 * its tape) per case in one workerd, and with the 18 board cases (108 more copies of the bundle at 3
 * cold runs) the run spent over ten minutes of Node CPU before its first measurement (not profiled;
 * most likely building that one workerd's configuration). bench-board.mts measures the same reads
 * with one workerd per read.
 */
export const BOARD_SIZES = [1_000, 10_000];
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef";
const LANGS: Language[] = ["python", "cpp", "java", "typescript", "rust", "go"];
const DATASET = "bench-service";
const LEADERBOARD_DATA =
  process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? join(ROOT, "..", "shared", "data", "repoqa-official");
const CRUXEVAL = process.env.NEEDLEWORK_CRUXEVAL ?? join(ROOT, "..", "shared", "data", "cruxeval", "cruxeval.jsonl");
const SUITE = "bench-suite";
const LONGCODEU = "bench-longcodeu";

// ---------------------------------------------------------------------------------------------
// CPU clocks of the workerd process

// ---------------------------------------------------------------------------------------------
// Data: one repository per language

async function benchRelease(): Promise<Record<Language, ReleaseRepo[]>> {
  const out = {} as Record<Language, ReleaseRepo[]>;
  for (const language of LANGS) {
    const files = syntheticRepoFiles(language);
    const { functions } = await analyzeFunctions(language, Object.entries(files));
    const all = Object.entries(functions).flatMap(([path, fns]) => fns.map((fn) => ({ path, fn })));
    const eligible = all.filter(({ fn }) => fn.end_line - fn.start_line >= 8 && fn.end_line - fn.start_line <= 60);
    const seen = new Set<string>();
    const needles = [];
    for (let k = 0; k < eligible.length && needles.length < 10; k++) {
      const { path, fn } = eligible[Math.floor((k * eligible.length) / 10) % eligible.length];
      if (seen.has(fn.name)) continue;
      seen.add(fn.name);
      needles.push({
        ...fn,
        path,
        description: `The function ${needles.length}: it does what its body says, step by step.`,
      });
    }
    out[language] = [{ repo: `bench/${language}-repo`, content: files, functions, needles } as ReleaseRepo];
  }
  return out;
}

/** A model-like answer quoting a needle's text (dedent is not needed: the sanitizer parses the block). */
function answerFor(language: Language, code: string): string {
  return `Here is the function you asked for:\n\n\`\`\`${language}\n${code}\n\`\`\`\n\nIt does what the description says.`;
}

// ---------------------------------------------------------------------------------------------
// Miniflare

/** A temporary copy of a bundle directory (the benches write their entry wrappers into it). */
export function copyBundle(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), "nw-bench-bundle-"));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

export function bundle(): string {
  // BENCH_BUNDLE=DIR: a copy of a bundle made elsewhere (`wrangler deploy --dry-run --outdir DIR` at another commit), to compare.
  if (process.env.BENCH_BUNDLE) return copyBundle(process.env.BENCH_BUNDLE);
  const out = mkdtempSync(join(tmpdir(), "nw-bench-bundle-"));
  const r = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", out], {
    cwd: ROOT,
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stdout}${r.stderr}`);
  if (process.env.BENCH_HINT) {
    const f = join(out, "index.js");
    writeFileSync(f, `//# allFunctionsCalledOnLoad\n${readFileSync(f, "utf8")}`);
  }
  return out;
}

const NOOP_SCRIPT = `export default { fetch() { return new Response("ok"); } };`;

/**
 * The D1 queries and R2 reads of one score request and nothing else (the same SQL as
 * src/benchmarks/repoqa/store/index.ts sends, the same byte ranges of the score indexes): its CPU is what the local
 * simulators plus the bindings' own code cost, to read the score rows against.
 */
const IO_PROBE_SCRIPT = `export default { async fetch(request, env) {
  const p = JSON.parse(new URL(request.url).searchParams.get("p"));
  await env.DB.prepare('select "id", "benchmark", "name", "status", "languages", "repo_count", "task_count", "content_sha256", "context_config", "manifest_key", "created_at", "updated_at" from "datasets" "datasets" where "datasets"."id" = ? limit ?').bind(p.dataset, 1).raw();
  await env.DB.prepare('select "tasks"."task_id", "tasks"."language", "tasks"."repo", "tasks"."needle_index", "tasks"."shard_key", "dataset_shards"."sha256", "tasks"."name" from "tasks" left join "dataset_shards" on ("dataset_shards"."dataset_id" = "tasks"."dataset_id" and "dataset_shards"."language" = "tasks"."language" and "dataset_shards"."repo" = "tasks"."repo") where ("tasks"."dataset_id" = ? and "tasks"."task_id" in (?))').bind(p.dataset, p.task).raw();
  let bytes = 0;
  for (const [key, offset, length] of p.reads) {
    const o = await env.DATASETS.get(key, { range: { offset, length } });
    if (o) bytes += (await o.arrayBuffer()).byteLength;
  }
  return new Response(String(bytes));
} };`;

/** A copy of the service Worker; `entry`: the bundle's index.js, or a wrapper of it (lib/storage-tape.mts). */
function serviceWorker(name: string, bundleDir: string, entry = "index.js") {
  return {
    name,
    modules: readdirSync(bundleDir)
      .filter((f) => (f.endsWith(".js") || f.endsWith(".wasm")) && (f === entry || !f.startsWith("bench-")))
      .sort((a, b) => (a === entry ? -1 : b === entry ? 1 : a.localeCompare(b)))
      .map((f) => ({
        type: f.endsWith(".js") ? ("ESModule" as const) : ("CompiledWasm" as const),
        path: join(bundleDir, f),
      })),
    modulesRoot: bundleDir,
    compatibilityDate: "2026-10-01",
    d1Databases: { DB: "needlework-bench-db" },
    r2Buckets: { DATASETS: "needlework-bench-datasets" },
    bindings: { ADMIN_TOKEN },
  };
}

/** A Worker that sends one `SELECT 1` to D1 and nothing else: what one local D1 round trip costs (bench-board.mts). */
export const D1_PROBE_SCRIPT = `export default { async fetch(request, env) { await env.DB.prepare("SELECT 1 AS x").first(); return new Response("ok"); } };`;

/** `shared`: more of Miniflare's shared options (scripts/profile-cold.mts: `inspectorPort`). */
/** `wrapped`: copies whose entry is a wrapper of the bundle (`dir`: another bundle's, to compare two; bench-board.mts `--against`). */
export async function startMiniflare(
  bundleDir: string,
  persist: string,
  copies: string[],
  probes: string[] = [],
  wrapped: { name: string; entry: string; dir?: string }[] = [],
  scripts: { name: string; script: string }[] = [],
  shared: { inspectorPort?: number } = {},
) {
  const before = new Set(workerdDescendants());
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...shared,
      resourcePersistencePath: persist,
      // The first Worker answers on the instance's URL (the leaderboard import CLI uses it).
      workers: [
        ...copies.map((n) => serviceWorker(n, bundleDir)),
        ...wrapped.map((w) => serviceWorker(w.name, w.dir ?? bundleDir, w.entry)),
        { name: "noop", modules: true, script: NOOP_SCRIPT, compatibilityDate: "2026-10-01" },
        ...[...probes.map((name) => ({ name, script: IO_PROBE_SCRIPT })), ...scripts].map(({ name, script }) => ({
          name,
          modules: true,
          script,
          compatibilityDate: "2026-10-01",
          d1Databases: { DB: "needlework-bench-db" },
          r2Buckets: { DATASETS: "needlework-bench-datasets" },
        })),
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  const pids = workerdDescendants().filter((p) => !before.has(p));
  if (pids.length !== 1) throw new Error(`expected one new workerd process, found ${pids.length}`);
  return {
    mf,
    url,
    pid: pids[0],
    startupCpuMs: threadNs(pids[0], pids[0]) / 1e6,
    startupAllMs: processNs(pids[0]) / 1e6,
  };
}

export type Started = Awaited<ReturnType<typeof startMiniflare>>;

/**
 * Records, for each case that reads storage, what its request reads in a fresh isolate (one
 * recorder copy per case, so nothing is answered from an isolate's own caches): `Case.tape`.
 */
export async function recordTapes(bundleDir: string, persist: string, cases: Case[]) {
  const entry = writeRecorder(bundleDir);
  const recorded = cases.map((c, i) => ({ c, name: `rec${i}` })).filter(({ c }) => c.group !== "context");
  const s = await startMiniflare(
    bundleDir,
    persist,
    [],
    [],
    recorded.map(({ name }) => ({ name, entry })),
  );
  try {
    for (const { c, name } of recorded) {
      if (process.env.BENCH_VERBOSE) console.error(`recording ${c.name}`);
      await timedCase(s, name, c, "unexpected answer from the recorder");
      c.tape = JSON.parse((await timed(s, name, TAPE_PATH)).body) as Tape;
    }
  } finally {
    await s.mf.dispose();
  }
}

export interface Timed {
  cpu: number;
  all: number;
  wall: number;
  status: number;
  body: string;
}

export async function timed(s: Started, worker: string, path: string, init?: RequestInit): Promise<Timed> {
  const fetcher = await s.mf.getWorker(worker);
  const c0 = threadNs(s.pid, s.pid);
  const a0 = processNs(s.pid);
  const t0 = performance.now();
  const res = await fetcher.fetch(`http://bench.local${path}`, init as never);
  const body = await res.text();
  const wall = performance.now() - t0;
  return {
    cpu: (threadNs(s.pid, s.pid) - c0) / 1e6,
    all: (processNs(s.pid) - a0) / 1e6,
    wall,
    status: res.status,
    body,
  };
}

/** A case's request, timed, after checking its answer (`what` names the answer in the error: "unexpected answer", "cold answer"...). */
export async function timedCase(s: Started, worker: string, c: Case, what = "unexpected answer"): Promise<Timed> {
  const t = await timed(s, worker, c.path, c.init);
  if (!c.expect(t.status, t.body)) throw new Error(`${c.name}: ${what} ${t.status} ${t.body.slice(0, 300)}`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Setup: migrations, dataset, leaderboard

export async function applyMigrations(s: Started) {
  const db = await s.mf.getD1Database("DB", "setup");
  for (const file of readdirSync(join(ROOT, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(join(ROOT, "migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((x) => x.trim())
      .filter(Boolean);
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
}

async function admin(url: URL, method: string, path: string, body: unknown) {
  const res = await fetch(new URL(path, url), {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

function importLeaderboard(url: URL): string | null {
  if (!existsSync(join(LEADERBOARD_DATA, "COMBINED-RESULTS.json"))) return null;
  const files = [
    join(LEADERBOARD_DATA, "COMBINED-RESULTS.json"),
    ...readdirSync(join(LEADERBOARD_DATA, "scores")).map((f) => join(LEADERBOARD_DATA, "scores", f)),
  ];
  execFileSync(
    join(ROOT, "node_modules/.bin/tsx"),
    [
      join(ROOT, "cli/leaderboard.ts"),
      "import",
      ...files,
      "--dataset",
      "repoqa-2024-04-20",
      "--source",
      "RepoQA authors (EvalPlus)",
      "--license",
      "Apache-2.0",
      "--url",
      url.origin,
    ],
    { cwd: ROOT, env: { ...process.env, NEEDLEWORK_ADMIN_TOKEN: ADMIN_TOKEN }, stdio: "pipe" },
  );
  return `${files.length} published files`;
}

// ---------------------------------------------------------------------------------------------
// Cases

export interface Case {
  name: string;
  group: "score" | "leaderboard" | "context";
  path: string;
  init?: RequestInit;
  expect: (status: number, body: string) => boolean;
  /** For score cases: the I/O probe's request (same D1 queries and R2 reads). */
  probe?: string;
  /** What the request read from D1, R2 and the cache (lib/storage-tape.mts), for the Worker-only figure. */
  tape?: Tape;
  /** First asked by the tape's recorder (not by the setup's check), so its tape is a Cache API miss: the uncached read. */
  uncached?: boolean;
}

/**
 * The other families' datasets, imported as an admin would: a small SemTrace-family suite (built
 * from CRUXEval, when its file is there) and the LongCodeU test fixture. Resolves to a
 * `POST /v1/score` case in the any-benchmark shape per benchmark, on its first unit.
 */
async function otherFamilies(url: URL): Promise<Case[]> {
  const datasets: [string, string][] = [];
  if (existsSync(CRUXEVAL)) {
    const records = readFileSync(CRUXEVAL, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .slice(0, 50)
      .map((l) => JSON.parse(l) as CruxRecord);
    const functions = Array.from({ length: 12 }, (_, i) => ({
      id: i,
      name: `helper_${i}`,
      path: `lib/mod${i % 3}.py`,
      line: 10 * i,
      code: `def helper_${i}(items, limit=${i + 1}):\n    total = 0\n    for item in items[:limit]:\n        total += item * ${i + 2}\n    return total`,
    }));
    const suite = await buildSuite({
      seed: 7,
      grid: { distractors: [3, 6], positions: [0, 0.5, 1] },
      tasks: SUITE_TASKS,
      digits: 2,
      targets: 2,
      variants: { targets: 2, cap: 4 },
      pool: { source: { kind: "test" }, filter: { rule: "none" }, functions },
      cruxeval: { source: { kind: "cruxeval", file: "bench" }, records },
    });
    await admin(url, "POST", `/v1/datasets/${SUITE}/suite`, suite);
    for (const b of ["lexical-recall", "cruxeval-o", "semtrace", "sensitivity-semtrace"]) datasets.push([b, SUITE]);
  }
  await admin(url, "POST", `/v1/datasets/${LONGCODEU}/longcodeu`, fixtureRelease());
  datasets.push(["longcodeu", LONGCODEU]);
  const cases: Case[] = [];
  for (const [benchmark, dataset] of datasets) {
    const res = await fetch(new URL(`/v1/benchmarks/${benchmark}/datasets/${dataset}/units?limit=1`, url));
    const unit = ((await res.json()) as { units: { unit: string }[] }).units[0].unit;
    const answer =
      benchmark === "longcodeu"
        ? "```python\ndef total_stock_value(items):\n    total = 0.0\n    for item in items:\n        total += item.total_value()\n    return total\n```"
        : "[1, 2, 3]";
    cases.push({
      name: `score ${benchmark} (unit)`,
      group: "score",
      path: "/v1/score",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ benchmark, dataset, unit, answer }),
      },
      expect: (status) => status === 200,
    });
  }
  return cases;
}

function scoreCase(language: Language, mode: "official" | "strict", task: string, answer: string): Case {
  return {
    name: `score ${mode} ${language}`,
    group: "score",
    path: "/v1/score",
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataset: DATASET, task, answer, mode }),
    },
    expect: (status, body) => status === 200 && JSON.parse(body).pass === true,
  };
}

const ok = (status: number) => status === 200;
/** For reading the others: what a request costs with little or no work of its own. */
const CONTEXT_CASES: Case[] = [
  { name: "GET /v1 (no I/O)", group: "context", path: "/v1", expect: ok },
  {
    name: "POST /v1/metrics/bleu (1 pair)",
    group: "context",
    path: "/v1/metrics/bleu",
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pairs: [{ reference: "def f(a): return a", candidate: "def f(b): return b" }] }),
    },
    expect: ok,
  },
  {
    name: "POST /v1/score invalid (400)",
    group: "context",
    path: "/v1/score",
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataset: DATASET }),
    },
    expect: (s) => s === 400,
  },
];
const LEADERBOARD_CASES: Case[] = [
  { name: "GET /v1/leaderboard", group: "leaderboard", path: "/v1/leaderboard", expect: ok },
  {
    name: "GET /v1/leaderboard csv",
    group: "leaderboard",
    path: "/v1/leaderboard?format=csv&threshold=0.5&language=python",
    expect: ok,
  },
  {
    name: "GET /v1/leaderboard/models/…",
    group: "leaderboard",
    path: "/v1/leaderboard/models/gpt-4o-2024-05-13",
    expect: ok,
  },
  { name: "GET / (board page)", group: "leaderboard", path: "/", expect: ok },
  { name: "GET /models/… (page)", group: "leaderboard", path: "/models/gpt-4o-2024-05-13", expect: ok },
];

/**
 * Synthetic boards of `size` models each (test/leaderboard/board-seed.ts: entries and aggregates in
 * two SQL statements, every tenth model verified), then the rank values of every entry from the
 * migration's backfill: a board of 10,000 models in seconds, where imports would take minutes.
 */
export async function seedBoards(s: Started, sizes: readonly number[]) {
  const db = await s.mf.getD1Database("DB", "setup");
  const migration = readdirSync(join(ROOT, "migrations")).find((f) => f.endsWith("_leaderboard_ranks.sql"))!;
  const backfill = rankBackfill(readFileSync(join(ROOT, "migrations", migration), "utf8"));
  for (const size of sizes) {
    await db.batch(
      boardSeedStatements({
        dataset: boardDataset(size),
        models: size,
        verifiedEvery: 10,
        receipt: BENCH_RECEIPT,
        bornDays: 30,
      }).map((q) => db.prepare(q)),
    );
  }
  await db.batch([db.prepare("DELETE FROM leaderboard_ranks"), ...backfill.map((q) => db.prepare(q))]);
}

const boardDataset = (size: number) => `bench-board-${size}`;

const hex = (seed: number) => Array.from({ length: 64 }, (_, k) => ((seed * 31 + k * 7) % 16).toString(16)).join("");
/**
 * The receipt of the seeded boards' verified entries: a run's receipt in its full shape (the tree-sitter
 * runtime, seven grammars, parameters, options), 1.6 KB of JSON, so a board read carries what a real
 * board of runs carries.
 */
const BENCH_RECEIPT: Record<string, unknown> = {
  run: "run_01JBENCH0000000000000000",
  benchmark: "repoqa-snf",
  dataset: "bench-board",
  dataset_sha256: hex(1),
  prompt_template_version: "repoqa-snf/1",
  scorer_version: "0.4.0",
  service_version: "0.4.0",
  parser_runtime: {
    package: "web-tree-sitter",
    version: "0.25.10",
    core: "0.25",
    sha256: hex(2),
    input_encoding: "utf-8",
    package_sha256: hex(3),
  },
  grammars: Object.fromEntries(
    ["cpp", "go", "java", "python", "rust", "typescript", "tsx"].map((l, k) => [
      l,
      { package: `tree-sitter-${l}`, version: "0.23.4", sha256: hex(10 + k) },
    ]),
  ),
  model: "openai-compatible:acme/bench-model-70b-instruct@https://api.example.com/v1",
  parameters: { temperature: 0, max_tokens: 1024, seed: 0, system_message: null },
  options: { scoring_mode: "official", comment_mode: "original", threshold: 0.8 },
  filters: { languages: null, limit: null },
  context_window: 131072,
  seed_applied: true,
  comment_mode: "original",
  created_at: "2026-11-01T10:00:00.000Z",
  finished_at: "2026-11-01T11:23:45.000Z",
};

/**
 * The public reads of a board of `size` models, each uncached (a Cache API miss: the D1 reads and the
 * rendering): the first page, a page from the middle by cursor (best first and by name), a
 * language's verified rows, the CSV, the board page and a deep board page, a model's breakdown and page.
 */
export function boardCases(size: number): Case[] {
  const dataset = boardDataset(size);
  const name = `${size.toLocaleString("en")} models`;
  const mid = encodeCursor({ sort: "-rate", dir: "after", value: 0.5, key: `${dataset}/model-` });
  const midName = encodeCursor({
    sort: "model",
    dir: "after",
    value: null,
    key: `${dataset}/model-${String(size >> 1).padStart(5, "0")}`,
  });
  const model = `${dataset}--model-${String(size - 7).padStart(5, "0")}`;
  const q = `dataset=${dataset}`;
  return [
    { name: `board ${name}: first page`, path: `/v1/leaderboard?${q}` },
    { name: `board ${name}: middle page`, path: `/v1/leaderboard?${q}&cursor=${mid}` },
    { name: `board ${name}: by name, middle`, path: `/v1/leaderboard?${q}&sort=model&cursor=${midName}` },
    {
      name: `board ${name}: python, verified`,
      path: `/v1/leaderboard?${q}&language=python&kind=verified&threshold=0.5`,
    },
    { name: `board ${name}: CSV first page`, path: `/v1/leaderboard?${q}&format=csv` },
    { name: `board ${name}: page GET /`, path: `/?${q}` },
    { name: `board ${name}: page, middle`, path: `/?${q}&cursor=${mid}` },
    { name: `board ${name}: unseen view`, path: `/v1/leaderboard?${q}&unseen=1` },
    { name: `board ${name}: unseen page`, path: `/?${q}&unseen=1` },
    { name: `board ${name}: a model`, path: `/v1/leaderboard/models/${model}?${q}` },
    { name: `board ${name}: model page`, path: `/models/${model}?${q}` },
  ].map((c) => ({ ...c, group: "leaderboard" as const, expect: ok, uncached: true }));
}

export interface ServiceRow {
  case: string;
  group: string;
  cold_cpu_ms: number;
  cold_samples_ms: number[];
  cold_all_threads_ms: number;
  warm_cpu_ms: number;
  warm_all_threads_ms: number;
  /** The same D1 queries and R2 reads from a Worker that does nothing else (score cases). */
  io_probe_cold_ms: number | null;
  io_probe_warm_ms: number | null;
  /** The same request replayed from its tape, without the local simulators: the Worker's own CPU. */
  worker_cold_ms: number | null;
  worker_warm_ms: number | null;
  target_ms: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function runServiceBench(opts: { coldRuns: number; warmReps: number; log?: (s: string) => void }) {
  const log = opts.log ?? console.log;
  const t0 = performance.now();
  const bundleDir = bundle();
  const persist = mkdtempSync(join(tmpdir(), "nw-bench-state-"));
  try {
    // 1. One copy: migrations, the dataset (every language), the leaderboard.
    const release = await benchRelease();
    const setup = await startMiniflare(bundleDir, persist, ["setup"]);
    let leaderboard: string | null;
    const cases: Case[] = [];
    const stored: { key: string; bytes: number }[] = [];
    try {
      await applyMigrations(setup);
      for (const language of LANGS) {
        for (const repo of release[language])
          await admin(setup.url, "POST", `/v1/datasets/${DATASET}/repos`, { language, repo });
      }
      await admin(setup.url, "POST", `/v1/datasets/${DATASET}/commit`, { name: "bench" });
      leaderboard = importLeaderboard(setup.url);
      const bucket = await setup.mf.getR2Bucket("DATASETS", "setup");
      for (let cursor: string | undefined, first = true; first || cursor; first = false) {
        const page = await bucket.list({ prefix: `datasets/${DATASET}/`, cursor });
        for (const o of page.objects) stored.push({ key: o.key.slice(`datasets/${DATASET}/`.length), bytes: o.size });
        cursor = page.truncated ? page.cursor : undefined;
      }
      for (const language of LANGS) {
        const repo = release[language][0];
        const needle = repo.needles[3];
        const code = repo.content[needle.path].split("\n").slice(needle.start_line, needle.end_line).join("\n");
        const task = `${language}::${repo.repo}::${needle.name}`;
        // The byte ranges a cold request reads (src/benchmarks/repoqa/store/shard-cache.ts openIndex and set).
        const full = (suffix: RegExp) =>
          `datasets/${DATASET}/${stored.find((o) => suffix.test(o.key) && o.key.endsWith(".score-index"))!.key}`;
        const repoKey = full(new RegExp(`^repoqa/${language}/`));
        const ctxKey = full(new RegExp(`^contexts/16384/original/${language}/`));
        const header = async (key: string) => {
          const o = await bucket.get(key, { range: { offset: 0, length: 65536 } });
          return decodeHeader(new Uint8Array(await o!.arrayBuffer()));
        };
        const setRead = (key: string, e: { offset: number; length: number }) =>
          e.offset + e.length <= 65536 ? [] : [[key, e.offset, e.length]];
        const repoHeader = await header(repoKey);
        const ctxHeader = await header(ctxKey);
        if (ctxHeader.kind !== "contexts") throw new Error("bench: not a contexts index");
        const taskIndex = ctxHeader.tasks.findIndex((t) => t.task_id === task);
        const probe = (reads: unknown[]) =>
          `/?p=${encodeURIComponent(JSON.stringify({ dataset: DATASET, task, reads }))}`;
        cases.push({
          ...scoreCase(language, "official", task, answerFor(language, code)),
          probe: probe([[repoKey, 0, 65536], ...setRead(repoKey, repoHeader.sets["needles:false"])]),
        });
        cases.push({
          ...scoreCase(language, "strict", task, answerFor(language, code)),
          probe: probe([[ctxKey, 0, 65536], ...setRead(ctxKey, ctxHeader.sets[`${taskIndex}:false`])]),
        });
        if (language === "python") {
          // The any-benchmark shape (Benchmark.hasUnit instead of listing the dataset's units), strict.
          const body = {
            benchmark: "repoqa-snf",
            dataset: DATASET,
            unit: task,
            answer: answerFor(language, code),
            options: { scoring_mode: "strict" },
          };
          cases.push({
            name: "score repoqa-snf (unit) python",
            group: "score",
            path: "/v1/score",
            init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
            expect: (status, body) => status === 200 && JSON.parse(body).passed === true,
          });
        }
      }
      cases.push(...(await otherFamilies(setup.url)));
      if (leaderboard) cases.push(...LEADERBOARD_CASES);
      cases.push(...CONTEXT_CASES);
      // Check every case answers as expected (and fill the Cache API for the leaderboard reads); the uncached ones are checked by the recorder.
      for (const c of cases) {
        if (c.uncached) continue;
        await timedCase(setup, "setup", c);
      }
    } finally {
      await setup.mf.dispose();
    }
    await recordTapes(bundleDir, persist, cases);
    if (process.env.BENCH_KEEP) writeFileSync(join(persist, "cases.json"), JSON.stringify(cases));
    log(
      `service bench: bundle, ${LANGS.length} languages imported${leaderboard ? `, leaderboard (${leaderboard})` : " (no leaderboard data)"} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // 2. Startup: one process with 1 copy, one with many; the difference per copy is one isolate's start.
    const copies = cases.flatMap((_c, i) => Array.from({ length: opts.coldRuns }, (_, r) => `c${i}-${r}`));
    const one = await startMiniflare(bundleDir, persist, ["only"]);
    await one.mf.dispose();
    const probeCases = cases.map((c, i) => ({ c, i })).filter(({ c }) => c.probe);
    const probes = probeCases.flatMap(({ i }) => Array.from({ length: opts.coldRuns }, (_, r) => `p${i}-${r}`));
    // "spare" and "probe-spare" take one request of each case before any measurement: the local D1,
    // R2 and cache simulators (and the OS's file cache) are then warm for every measured isolate.
    const replays = cases.flatMap((c, i) => {
      if (!c.tape) return [];
      const entry = writeReplayer(bundleDir, String(i), c.tape);
      return Array.from({ length: opts.coldRuns }, (_, r) => ({ name: `r${i}-${r}`, entry }));
    });
    const many = await startMiniflare(bundleDir, persist, [...copies, "spare"], [...probes, "probe-spare"], replays);
    // copies + "spare" + replays: service isolates against one; the probes and the no-op Worker are tiny.
    const startupPerIsolate = (many.startupCpuMs - one.startupCpuMs) / (copies.length + 1 + replays.length);
    const rows: ServiceRow[] = [];
    try {
      const noop: Timed[] = [];
      for (let i = 0; i < 15; i++) noop.push(await timed(many, "noop", "/"));
      const base = median(noop.slice(5).map((n) => n.cpu));
      const baseAll = median(noop.slice(5).map((n) => n.all));
      for (const c of cases) {
        await timed(many, "spare", c.path, c.init);
        if (c.probe) await timed(many, "probe-spare", c.probe);
      }
      const cold = cases.map(() => [] as Timed[]);
      const probeCold = cases.map(() => [] as Timed[]);
      const replayCold = cases.map(() => [] as Timed[]);
      // Round-robin over the cases, so load from outside spreads over all of them.
      for (let r = 0; r < opts.coldRuns; r++) {
        for (let i = 0; i < cases.length; i++) {
          cold[i].push(await timedCase(many, `c${i}-${r}`, cases[i], "cold answer"));
          await timed(many, "noop", "/");
          if (cases[i].probe) {
            probeCold[i].push(await timed(many, `p${i}-${r}`, cases[i].probe!));
            await timed(many, "noop", "/");
          }
          if (cases[i].tape) {
            replayCold[i].push(await timedCase(many, `r${i}-${r}`, cases[i], "replayed answer"));
            await timed(many, "noop", "/");
          }
        }
      }
      for (let i = 0; i < cases.length; i++) {
        const w = `c${i}-${opts.coldRuns - 1}`;
        for (let k = 0; k < 5; k++) await timed(many, w, cases[i].path, cases[i].init);
        const warm: Timed[] = [];
        for (let k = 0; k < opts.warmReps; k++) warm.push(await timed(many, w, cases[i].path, cases[i].init));
        const replayWarm: Timed[] = [];
        for (let k = 0; cases[i].tape && k < opts.warmReps + 5; k++)
          replayWarm.push(await timed(many, `r${i}-${opts.coldRuns - 1}`, cases[i].path, cases[i].init));
        const probeWarm: Timed[] = [];
        if (cases[i].probe) {
          for (let k = 0; k < opts.warmReps + 5; k++)
            probeWarm.push(await timed(many, `p${i}-${opts.coldRuns - 1}`, cases[i].probe!));
        }
        rows.push({
          case: cases[i].name,
          group: cases[i].group,
          cold_cpu_ms: median(cold[i].map((t) => t.cpu - base)),
          cold_samples_ms: cold[i].map((t) => t.cpu - base),
          cold_all_threads_ms: median(cold[i].map((t) => t.all - baseAll)),
          warm_cpu_ms: median(warm.map((t) => t.cpu - base)),
          warm_all_threads_ms: median(warm.map((t) => t.all - baseAll)),
          io_probe_cold_ms: probeCold[i].length ? median(probeCold[i].map((t) => t.cpu - base)) : null,
          io_probe_warm_ms: probeWarm.length ? median(probeWarm.slice(5).map((t) => t.cpu - base)) : null,
          worker_cold_ms: replayCold[i].length ? median(replayCold[i].map((t) => t.cpu - base)) : null,
          worker_warm_ms: replayWarm.length ? median(replayWarm.slice(5).map((t) => t.cpu - base)) : null,
          target_ms: FREE_PLAN_CPU_MS,
        });
      }
      return {
        rows,
        noop_cpu_ms: base,
        startup: {
          copies: copies.length + 1 + replays.length,
          one_ms: one.startupCpuMs,
          many_ms: many.startupCpuMs,
          per_isolate_ms: startupPerIsolate,
        },
        leaderboard,
        stored,
      };
    } finally {
      await many.mf.dispose();
    }
  } finally {
    if (process.env.BENCH_KEEP) log(`kept ${bundleDir} and ${persist} (cases in ${join(persist, "cases.json")})`);
    else {
      rmSync(bundleDir, { recursive: true, force: true });
      rmSync(persist, { recursive: true, force: true });
    }
  }
}

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

export function printServiceBench(
  res: Awaited<ReturnType<typeof runServiceBench>>,
  log: (s: string) => void = console.log,
) {
  log(
    `\nService requests in local workerd (one isolate per copy of the Worker; CPU of workerd's main thread minus a no-op request ` +
      `(${fmt(res.noop_cpu_ms)} ms); includes the local D1/R2/cache simulators, which share that thread):`,
  );
  const head = `${"request".padEnd(34)}${"cold CPU ms".padStart(12)}${"warm CPU ms".padStart(12)}${"Worker only: cold / warm".padStart(26)}${"budget".padStart(8)}  ${"verdict (Worker, cold)".padEnd(24)}${"I/O alone: cold / warm".padStart(24)}`;
  const kinds = (suffix: RegExp) => res.stored.filter((o) => suffix.test(o.key));
  const kb = (xs: { bytes: number }[]) =>
    `${xs.length} objects, ${(xs.reduce((n, o) => n + o.bytes, 0) / 1024).toFixed(0)} KB (largest ${(Math.max(0, ...xs.map((o) => o.bytes)) / 1024).toFixed(0)} KB)`;
  log(
    `  stored: shards ${kb(kinds(/^repoqa\/.*\.json$/))}; contexts ${kb(kinds(/^contexts\/.*\.json$/))}; score indexes ${kb(kinds(/\.score-index$/))}`,
  );
  log(head);
  log("-".repeat(head.length + 6));
  for (const r of res.rows) {
    const cold = r.worker_cold_ms ?? r.cold_cpu_ms;
    const verdict =
      (cold <= r.target_ms ? "OK" : `over x${(cold / r.target_ms).toFixed(2)}`) +
      (r.worker_cold_ms == null ? " (all)" : "");
    const io = r.io_probe_cold_ms == null ? "" : `${fmt(r.io_probe_cold_ms)} / ${fmt(r.io_probe_warm_ms!)}`;
    const worker = r.worker_cold_ms == null ? "" : `${fmt(r.worker_cold_ms)} / ${fmt(r.worker_warm_ms!)}`;
    log(
      `${r.case.padEnd(34)}${fmt(r.cold_cpu_ms).padStart(12)}${fmt(r.warm_cpu_ms).padStart(12)}${worker.padStart(26)}${`≤ ${r.target_ms}`.padStart(8)}  ${verdict.padEnd(24)}${io.padStart(24)}`,
    );
  }
  const worst = (group: string) =>
    Math.max(...res.rows.filter((r) => r.group === group).map((r) => r.worker_cold_ms ?? r.cold_cpu_ms));
  log(
    `  worst Worker-only cold: /v1/score ${fmt(worst("score"))} ms; leaderboard reads ${res.rows.some((r) => r.group === "leaderboard") ? `${fmt(worst("leaderboard"))} ms` : "not measured"} (budget ${FREE_PLAN_CPU_MS} ms)`,
  );
  log(
    `  cold = first request of a fresh isolate (median of ${res.rows[0]?.cold_samples_ms.length ?? 0}); warm = median of later requests to that isolate.\n` +
      `  I/O alone = a Worker that sends only the request's D1 queries and R2 reads (the simulators' CPU plus the bindings' own code), in a fresh isolate / warm.\n` +
      `  Worker only = the same request in a fresh isolate of the same Worker, its D1 results, R2 reads and cache hits replayed from memory (scripts/lib/storage-tape.mts): no simulator on the thread, as deployed.\n` +
      `  startup (module evaluation, wasm compilation) per isolate: ${fmt(res.startup.per_isolate_ms)} ms CPU ` +
      `(${res.startup.copies} copies ${fmt(res.startup.many_ms)} ms vs 1 copy ${fmt(res.startup.one_ms)} ms), against Cloudflare's 1 s startup limit`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const res = await runServiceBench({ coldRuns: quick ? 2 : 3, warmReps: quick ? 5 : 11 });
  printServiceBench(res);
}
