/**
 * `npm run bench` (comparisons): the CPU of a paired comparison's statistics at 20,000 pairs
 * (docs/compare.md, "Cost"; docs/limits.md, "CPU budgets"), in Node, per figure the median of a few
 * repetitions of process CPU time (user + system, less sensitive to a shared machine than wall time).
 *
 * - `pairedBootstrap` of 20,000 differences (2,000 resamples × 20,000 draws of Python's
 *   `_randbelow`): as it was before the bootstrap was bounded (commit 3f02119's parent, read with
 *   `git show` into a temporary folder: one `randbelow` call per draw on a Uint32Array state with
 *   a modulo per twist step) against now (`PyRandom.fillRandbelow`); the same interval, checked;
 * - `comparePairs` (src/core/compare/pair.ts) on two synthetic sides of 20,000 samples in 8 groups:
 *   graded (the bootstrap overall and over the groups: 80,000,000 draws, the `paid` limit of
 *   `bootstrap_draws`) and pass/fail (table, McNemar, Newcombe: linear);
 * - the refusal of the same graded comparison under the `free` plan (before any draw).
 *
 * Then a request end to end: a fresh `wrangler dev` (its own state directory) gets two synthetic
 * completed RepoQA runs of 20,000 samples each written straight to its local D1
 * (test/page/runs-fixtures.ts, as scripts/bench-run-pages.mts), and `GET /v1/compare` and the
 * `/compare` page of the two (pass/fail: reading and parsing both sides, pairing, the figures, the
 * page; run B passes another set of tasks, so the answer lists discordant tasks: its first and last
 * page, and one task side by side) are requested 3 times to warm up, then --requests times; reported: median wall time from
 * Node and median CPU of workerd's main thread (scripts/lib/workerd-cpu.mts), beside the no-op
 * `GET /v1/health`. `--no-workerd` skips this part.
 *
 * Writes bench/results/compare.json. Options: --reps=N (default 3), --n=N pairs (default 20,000),
 * --requests=N (default 5).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompareRule, CompareSample } from "../src/benchmarks/types.ts";
import { FREE_PLAN, PAID_PLAN } from "../src/lib/code/budget.ts";
import { comparePairs } from "../src/core/compare/pair.ts";
import { BOOTSTRAP_RESAMPLES, pairedBootstrap } from "../src/lib/metrics/paired.ts";
import { WRANGLER_ENV, startIsolatedInstance } from "../cli/lib/local-service.ts";
import { disagreeingRunSql, syntheticRunSql } from "../test/page/runs-fixtures.ts";
import { mainThreadNs, processNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const REPS = arg("reps", 3);
const N = arg("n", 20_000);
const GROUPS = 8;
const REQUESTS = arg("requests", 5);
const ROOT = join(import.meta.dirname, "..");

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median CPU ms of `fn` over REPS runs (after one warm-up run), and its last result. */
function timed<T>(fn: () => T): { ms: number; result: T } {
  let result = fn();
  const ms: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t0 = cpuMs();
    result = fn();
    ms.push(cpuMs() - t0);
  }
  return { ms: median(ms), result };
}

/** A side of N scored samples: task i in group i mod GROUPS, a grade from a fixed hash, passing from 0.5. */
function side(offset: number): CompareSample[] {
  return Array.from({ length: N }, (_, i) => {
    const grade = ((i * 7919 + offset * 104729) % 1009) / 1008;
    return {
      unit: `t${i}`,
      taskId: `t${i}`,
      language: `g${i % GROUPS}`,
      position: null,
      contextSize: null,
      status: "scored",
      passed: grade >= 0.5,
      score: grade,
      detail: null,
    };
  });
}

/** The bootstrap before it was bounded: its two modules as they were, from git. */
async function bootstrapBefore(): Promise<typeof pairedBootstrap> {
  const dir = mkdtempSync(join(tmpdir(), "nw-bench-compare-"));
  for (const [from, to] of [
    ["src/lib/metrics/paired.ts", "metrics/paired.ts"],
    ["src/lib/datasets/pyrandom.ts", "datasets/pyrandom.ts"],
  ]) {
    mkdirSync(join(dir, to, ".."), { recursive: true });
    writeFileSync(join(dir, to), execFileSync("git", ["show", `3f02119^:${from}`], { cwd: ROOT }));
  }
  return (await import(join(dir, "metrics/paired.ts"))).pairedBootstrap;
}

const base = { pairKey: (s: CompareSample) => s.taskId, group: { by: "group", of: (s: CompareSample) => s.language } };
const graded: CompareRule = { ...base, outcome: "graded", grade: (s) => s.score ?? 0 };
const passFail: CompareRule = { ...base, outcome: "pass_fail", passes: (s) => s.passed === true };
const a = side(1);
const b = side(2);
const differences = a.map((s, i) => (s.score ?? 0) - (b[i].score ?? 0));

const before = await bootstrapBefore();
const bootBefore = timed(() => before(differences));
const bootNow = timed(() => pairedBootstrap(differences));
if (JSON.stringify(bootBefore.result) !== JSON.stringify(bootNow.result))
  throw new Error("the bounded bootstrap gives another interval than before");

const gradedPaid = timed(() => comparePairs(graded, a, b, null, PAID_PLAN));
const passFailPaid = timed(() => comparePairs(passFail, a, b, null, PAID_PLAN));
const refused = timed(() => {
  try {
    comparePairs(graded, a, b, null, FREE_PLAN);
    return "accepted";
  } catch (err) {
    return (err as { extra?: { budget?: string } }).extra?.budget ?? String(err);
  }
});

const draws = BOOTSTRAP_RESAMPLES * N;
const n = N.toLocaleString("en");
const rows = [
  [`pairedBootstrap, ${n} differences (${draws.toLocaleString("en")} draws), before`, bootBefore.ms],
  [`pairedBootstrap, ${n} differences (${draws.toLocaleString("en")} draws), now`, bootNow.ms],
  [
    `comparePairs graded, ${n} pairs in ${GROUPS} groups (${(2 * draws).toLocaleString("en")} draws), paid`,
    gradedPaid.ms,
  ],
  [`comparePairs pass/fail, ${n} pairs in ${GROUPS} groups`, passFailPaid.ms],
  [`the same graded comparison under free: refused (${refused.result})`, refused.ms],
] as const;
console.log(`| what | CPU ms (median of ${REPS}) |\n| --- | --- |`);
for (const [what, ms] of rows) console.log(`| ${what} | ${ms.toFixed(0)} |`);
console.log(
  `bootstrap: ${((bootBefore.ms * 1e6) / draws).toFixed(1)} ns per draw before, ${((bootNow.ms * 1e6) / draws).toFixed(1)} now`,
);

/** Median wall and workerd main-thread CPU (ms) of GET /v1/health, /v1/compare and /compare on two synthetic N-sample runs. */
async function endToEnd(): Promise<
  Record<string, { wall_ms: number; cpu_ms: number; all_threads_cpu_ms: number; bytes: number }>
> {
  const instance = await startIsolatedInstance("nw-bench-compare");
  try {
    const sqlDir = mkdtempSync(join(tmpdir(), "nw-bench-compare-sql-"));
    const file = join(sqlDir, "runs.sql");
    const [runA, runB] = ["run-20261124000000-000000000a", "run-20261124000000-000000000b"];
    // B passes another set of tasks than A, so the comparison has discordant tasks to list.
    writeFileSync(file, [...syntheticRunSql(runA, N), ...syntheticRunSql(runB, N), disagreeingRunSql(runB)].join("\n"));
    const loaded = spawnSync(
      join(ROOT, "node_modules/.bin/wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", instance.persistTo, "--file", file, "--yes"],
      { cwd: ROOT, env: { ...WRANGLER_ENV, CI: "1" }, encoding: "utf8" },
    );
    rmSync(sqlDir, { recursive: true, force: true });
    if (loaded.status !== 0) throw new Error(`loading the synthetic runs failed:\n${loaded.stdout}${loaded.stderr}`);
    const pids = workerdDescendants();
    if (pids.length === 0) throw new Error("no workerd process found under wrangler dev");
    const allNs = () => pids.reduce((sum, pid) => sum + processNs(pid), 0);
    const send = async (path: string) => {
      const c0 = mainThreadNs(pids);
      const a0 = allNs();
      const t0 = performance.now();
      const res = await fetch(instance.url + path);
      const body = await res.text();
      const wall = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 300)}`);
      return { wall, cpu: (mainThreadNs(pids) - c0) / 1e6, all: (allNs() - a0) / 1e6, bytes: body.length };
    };
    const first = (await (await fetch(`${instance.url}/v1/compare?a=${runA}&b=${runB}`)).json()) as {
      discordant: { pages: number; total: number; items: { key: string }[] };
    };
    const lastPage = first.discordant.pages;
    const firstKey = first.discordant.items[0].key;
    console.log(`discordant tasks: ${first.discordant.total} in ${lastPage} pages`);
    const out: Record<string, { wall_ms: number; cpu_ms: number; all_threads_cpu_ms: number; bytes: number }> = {};
    for (const [name, path] of [
      ["no-op GET /v1/health", "/v1/health"],
      [`GET /v1/compare, two ${n}-sample runs (pass/fail)`, `/v1/compare?a=${runA}&b=${runB}`],
      [`GET /compare (the page), the same`, `/compare?a=${runA}&b=${runB}`],
      [`GET /v1/compare, the discordant list's last page`, `/v1/compare?a=${runA}&b=${runB}&page=${lastPage}`],
      [
        `GET /compare/task, one discordant task side by side (no stored answers)`,
        `/compare/task?a=${runA}&b=${runB}&key=${encodeURIComponent(firstKey)}`,
      ],
    ]) {
      for (let i = 0; i < 3; i++) await send(path);
      const runs = [];
      for (let i = 0; i < REQUESTS; i++) runs.push(await send(path));
      out[name] = {
        wall_ms: median(runs.map((r) => r.wall)),
        cpu_ms: median(runs.map((r) => r.cpu)),
        all_threads_cpu_ms: median(runs.map((r) => r.all)),
        bytes: runs[0].bytes,
      };
    }
    return out;
  } finally {
    await instance.stop();
  }
}

const requests = process.argv.includes("--no-workerd") ? null : await endToEnd();
if (requests) {
  console.log(
    `\n| request under wrangler dev (median of ${REQUESTS}) | wall ms | workerd main-thread CPU ms | all workerd threads CPU ms | KB |\n| --- | --- | --- | --- | --- |`,
  );
  for (const [name, r] of Object.entries(requests))
    console.log(
      `| ${name} | ${r.wall_ms.toFixed(0)} | ${r.cpu_ms.toFixed(0)} | ${r.all_threads_cpu_ms.toFixed(0)} | ${(r.bytes / 1024).toFixed(0)} |`,
    );
}

const dir = join(ROOT, "bench", "results");
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, "compare.json"),
  JSON.stringify(
    {
      n: N,
      groups: GROUPS,
      reps: REPS,
      resamples: BOOTSTRAP_RESAMPLES,
      cpu_ms: {
        bootstrap_before: bootBefore.ms,
        bootstrap_now: bootNow.ms,
        graded_paid: gradedPaid.ms,
        pass_fail: passFailPaid.ms,
        graded_free_refused: refused.ms,
      },
      refused_by: refused.result,
      requests,
    },
    null,
    2,
  ) + "\n",
);
