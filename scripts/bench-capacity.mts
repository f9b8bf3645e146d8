/**
 * `npm run bench` (capacity part): the figures behind docs/capacity.md, from a fresh local instance
 * (`wrangler dev`, its own --persist-to directory):
 * 1. storage per item: a RepoQA dataset (Python's `email` and `http` packages), a paper-size
 *    SemTrace-family suite (800 targets per task, D = 20-80, 11 positions) and a small LongCodeU build
 *    are loaded with their commands, then an oracle run of each of the first two; after each step the
 *    local D1 file (SQLite's dbstat: table and index pages) and R2 (miniflare's object index) are read,
 *    so every figure is the step's difference in bytes and rows; then both runs are deleted
 *    (DELETE /v1/runs/{id}) and what that gives back is read the same way;
 * 2. a leaderboard of 1,000 models with 500 per-task samples each (RepoQA's paper size), imported
 *    through POST /v1/leaderboard/import (the real store, one D1 batch per request of 50 models):
 *    bytes per entry, sample and aggregate row, and the import's requests and time;
 * 3. read latency at that scale, against a no-op route (GET /v1/health touches no storage), as a
 *    ratio of medians: GET /v1/leaderboard uncached (distinct queries, each a Cache API miss and a D1
 *    read) and cached, a model's breakdown (distinct models, uncached) and the board page GET /,
 *    with workerd's main-thread CPU per request (scripts/lib/workerd-cpu.mts).
 * Sequential requests on 127.0.0.1; `--models <n>` changes the leaderboard's size.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../cli/lib/api.ts";
import { pythonStdlibDir } from "../cli/lib/python-stdlib.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { mainThreadNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const MODELS = Number(process.argv.find((a) => a.startsWith("--models="))?.slice(9) ?? 1000);
/** `--reads-only`: skip the datasets and runs (part 1), import the board and measure its reads only. */
const READS_ONLY = process.argv.includes("--reads-only");
const PER_REQUEST = 50;
const LANGUAGES = ["python", "cpp", "java", "typescript", "rust"];
const PER_LANGUAGE = 100;
const THRESHOLDS = ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"];

const stdlib = pythonStdlibDir();
/** CRUXEval (../shared/data/cruxeval, never copied here) for the suite's CRUXEval tasks. */
const CRUXEVAL = process.env.NEEDLEWORK_CRUXEVAL ?? join(ROOT, "..", "shared", "data", "cruxeval", "cruxeval.jsonl");
if (!stdlib) {
  console.log("\nCapacity: skipped, no python3 (its standard library is the code the datasets are built from).");
  process.exit(0);
}

type Usage = {
  d1: Record<string, { rows: number; bytes: number; payload: number }>;
  r2: Record<string, { objects: number; bytes: number }>;
};

/**
 * D1 rows, pages (`bytes`: what the database file grows by) and payload (the rows' and index
 * entries' own bytes: the per-row figure, since a few rows fit in pages a table already has) per
 * table, indexes counted with their table; R2 objects and bytes per key prefix (two path segments).
 */
function usage(persistTo: string): Usage {
  const files = (sub: string) => {
    const dir = join(persistTo, "v3", sub);
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
          .map((f) => join(dir, f))
      : [];
  };
  const script = `
import json, sqlite3, sys
d1, r2 = sys.argv[1].split(",") if sys.argv[1] else [], sys.argv[2].split(",") if sys.argv[2] else []
out = {"d1": {}, "r2": {}}
for f in d1:
    c = sqlite3.connect(f"file:{f}?mode=ro", uri=True)
    owner = dict(c.execute("select name, tbl_name from sqlite_schema where name is not null"))
    for name, size, payload in c.execute("select name, sum(pgsize), sum(payload) from dbstat group by name"):
        t = owner.get(name, name)
        if t.startswith("sqlite_") or t.startswith("_cf_") or t.startswith("d1_"): continue
        e = out["d1"].setdefault(t, {"rows": 0, "bytes": 0, "payload": 0})
        e["bytes"] += size
        e["payload"] += payload
    for t in list(out["d1"]):
        out["d1"][t]["rows"] = c.execute(f'select count(*) from "{t}"').fetchone()[0]
for f in r2:
    c = sqlite3.connect(f"file:{f}?mode=ro", uri=True)
    for key, size in c.execute("select key, size from _mf_objects"):
        parts = key.split("/")
        prefix = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
        e = out["r2"].setdefault(prefix, {"objects": 0, "bytes": 0})
        e["objects"] += 1
        e["bytes"] += size
print(json.dumps(out))
`;
  return JSON.parse(
    execFileSync(
      "python3",
      ["-c", script, files("d1/miniflare-D1DatabaseObject").join(","), files("r2/miniflare-R2BucketObject").join(",")],
      { encoding: "utf8" },
    ),
  );
}

/** What a step added: per D1 table and R2 prefix, rows/objects and bytes (only what changed). */
function delta(before: Usage, after: Usage) {
  // Every table and prefix of either side: a deletion empties some.
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const none = { rows: 0, bytes: 0, payload: 0, objects: 0 };
  const d1 = keys(before.d1, after.d1)
    .map((t) => {
      const [b, a] = [before.d1[t] ?? none, after.d1[t] ?? none];
      return { table: t, rows: a.rows - b.rows, bytes: a.bytes - b.bytes, payload: a.payload - b.payload };
    })
    .filter((x) => x.rows || x.bytes);
  const r2 = keys(before.r2, after.r2)
    .map((p) => {
      const [b, a] = [before.r2[p] ?? none, after.r2[p] ?? none];
      return { prefix: p, objects: a.objects - b.objects, bytes: a.bytes - b.bytes };
    })
    .filter((x) => x.objects || x.bytes);
  return { d1, r2 };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
function printDelta(what: string, d: ReturnType<typeof delta>, seconds: number) {
  const d1Bytes = d.d1.reduce((s, x) => s + x.bytes, 0);
  const r2Bytes = d.r2.reduce((s, x) => s + x.bytes, 0);
  console.log(
    `  ${what} (${seconds.toFixed(1)} s): D1 ${kb(d1Bytes)}, R2 ${kb(r2Bytes)} in ${d.r2.reduce((s, x) => s + x.objects, 0)} objects`,
  );
  for (const x of d.d1) {
    const perRow =
      x.rows > 0
        ? `  ${(x.payload / x.rows).toFixed(0)} B/row payload, ${(x.bytes / x.rows).toFixed(0)} B/row in pages`
        : "";
    console.log(
      `    D1 ${x.table.padEnd(24)} ${String(x.rows).padStart(8)} rows  pages ${kb(x.bytes).padStart(12)}  payload ${kb(x.payload).padStart(12)}${perRow}`,
    );
  }
  for (const x of d.r2)
    console.log(`    R2 ${x.prefix.padEnd(40)} ${String(x.objects).padStart(6)} objects ${kb(x.bytes).padStart(12)}`);
}

const instance = await startIsolatedInstance("nw-bench-cap");
const { url, persistTo } = instance;
const env = { ...process.env, NEEDLEWORK_ADMIN_TOKEN: instance.token };
const run = promisify(execFile);

/** Runs an npm command (`npm run <script> -- …`) against the instance; the step's storage difference is printed. */
async function step(what: string, script: string, args: string[]): Promise<void> {
  const before = usage(persistTo);
  const t = performance.now();
  try {
    await run("npm", ["run", "--silent", script, "--", ...args, "--url", url], {
      cwd: ROOT,
      env,
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    console.log(`  ${what}: failed (${e.message.split("\n")[0]})\n${(e.stderr ?? "").slice(-600)}`);
    return;
  }
  printDelta(what, delta(before, usage(persistTo)), (performance.now() - t) / 1000);
}

/** A RepoQA SCORES file of `count` models from `first`, each with 500 per-task rows; model i passes about (i mod 501) of them. */
function scoresFile(first: number, count: number): Record<string, unknown> {
  const file: Record<string, unknown> = {};
  for (let i = first; i < first + count; i++) {
    const passed = (i * 37) % (LANGUAGES.length * PER_LANGUAGE + 1);
    let k = 0;
    const results = Object.fromEntries(
      LANGUAGES.map((lang) => [
        lang,
        Array.from({ length: PER_LANGUAGE }, (_, j) => {
          const ok = k++ < passed;
          return {
            repo: `${lang}/repo-${j % 10}`,
            name: `fn_${j}`,
            needle_position: (j % 10) / 10 + 0.05,
            is_best_similar: ok,
            best_similar_score: ok ? 1 : 0.5,
            best_target: ok ? `fn_${j}` : `other_${j}`,
            position: { token_start: 100 * j, token_end: 100 * j + 50 },
          };
        }),
      ]),
    );
    const scores: Record<string, Record<string, { "pass@1": number }>> = {};
    for (const [group, rows] of [["all", Object.values(results).flat()], ...Object.entries(results)] as [
      string,
      { is_best_similar: boolean; best_similar_score: number }[],
    ][]) {
      scores[group] = Object.fromEntries(
        THRESHOLDS.map((t) => [
          t,
          { "pass@1": rows.filter((r) => r.is_best_similar && r.best_similar_score >= Number(t)).length / rows.length },
        ]),
      );
    }
    file[`capacity/model-${String(i).padStart(5, "0")}`] = {
      eval_date: "2024-05-13 01:00:00",
      train_size: "32k",
      scores,
      results,
    };
  }
  return file;
}

async function timed(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; bytes: number }> {
  const t = performance.now();
  const res = await fetch(url + path, { headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status, bytes: body.byteLength };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

/** Sequential requests to `paths`: median wall time, workerd main-thread CPU per request, response size. */
async function measure(paths: string[]): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const pids = workerdDescendants();
  const cpu0 = mainThreadNs(pids);
  const times: number[] = [];
  let bytes = 0;
  for (const p of paths) {
    const r = await timed(p);
    if (r.status !== 200) throw new Error(`GET ${p}: ${r.status}`);
    times.push(r.ms);
    bytes = r.bytes;
  }
  // wrangler dev restarts workerd when the working tree changes, which resets its clocks: no CPU figure then.
  const cpu = mainThreadNs(pids) - cpu0;
  const restarted = cpu < 0 || workerdDescendants().join() !== pids.join();
  return { ms: median(times), cpuMs: restarted ? Number.NaN : cpu / 1e6 / paths.length, bytes };
}

const cpuText = (ms: number) => (Number.isNaN(ms) ? "CPU n/a (workerd restarted)" : `CPU ${ms.toFixed(2)} ms`);

/** Part 1: datasets and runs loaded with their commands, then the runs deleted; each step's storage difference printed. */
async function storageSteps() {
  await step("RepoQA dataset, email + http packages (20 needles, 16K contexts)", "dataset", [
    "build",
    join(stdlib!, "email"),
    join(stdlib!, "http"),
    "--id",
    "cap-repoqa",
    "--no-contexts",
    "--out",
    join(persistTo, "cap-repoqa.json"),
  ]);
  await step("RepoQA dataset contexts, same dataset built again with its 16K contexts", "dataset", [
    "build",
    join(stdlib!, "email"),
    join(stdlib!, "http"),
    "--id",
    "cap-repoqa",
    "--replace",
    "--out",
    join(persistTo, "cap-repoqa.json"),
  ]);
  await step("SemTrace-family suite, paper size (5 tasks, 800 targets, 4 x 11 grid)", "semtrace", [
    "build",
    "--id",
    "cap-semtrace",
    "--cruxeval",
    CRUXEVAL,
    "--out",
    join(persistTo, "cap-semtrace.json"),
  ]);
  await step("LongCodeU build, email package, 1 example per task and bucket up to 16K", "longcodeu", [
    "build",
    "--id",
    "cap-longcodeu",
    "--repo",
    join(stdlib!, "email"),
    "--per-bucket",
    "1",
    "--buckets",
    "0-8K,8-16K",
    "--out",
    join(persistTo, "cap-longcodeu"),
  ]);
  await step("run: RepoQA oracle over the 20 needles", "eval", [
    "--dataset",
    "cap-repoqa",
    "--model",
    "baseline:oracle",
    "--no-publish",
    "--out",
    join(persistTo, "results"),
  ]);
  await step("run: SemTrace oracle, 88 units", "eval", [
    "--benchmark",
    "semtrace",
    "--dataset",
    "cap-semtrace",
    "--model",
    "baseline:oracle",
    "--limit",
    "88",
    "--concurrency",
    "8",
    "--no-publish",
    "--out",
    join(persistTo, "results"),
  ]);

  // Retention (src/core/runs/retention.ts): what deleting the two runs gives back. SQLite keeps freed
  // pages in its free list (the file does not shrink until VACUUM), so the tables' pages are the figure.
  const listed = (await (await fetch(`${url}/v1/runs?limit=10`)).json()) as {
    runs: { id: string; benchmark: string; units: number }[];
  };
  for (const r of listed.runs) {
    const before = usage(persistTo);
    const t = performance.now();
    const res = await fetch(`${url}/v1/runs/${r.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${instance.token}` },
    });
    if (res.status !== 200) throw new Error(`DELETE /v1/runs/${r.id}: ${res.status} ${await res.text()}`);
    printDelta(
      `DELETE /v1/runs/{id}: ${r.benchmark} run of ${r.units} units`,
      delta(before, usage(persistTo)),
      (performance.now() - t) / 1000,
    );
  }
}

try {
  console.log(
    `\nCapacity (docs/capacity.md): storage per item and reads at ${MODELS} leaderboard models, local wrangler dev`,
  );
  if (!READS_ONLY) await storageSteps();
  else console.log("  --reads-only: datasets and runs skipped");

  const before = usage(persistTo);
  const importMs: number[] = [];
  let bodyBytes = 0;
  for (let first = 0; first < MODELS; first += PER_REQUEST) {
    const body = JSON.stringify({
      kind: "reported",
      dataset: "repoqa-2024-04-20",
      source: "capacity bench",
      license: "CC0-1.0",
      file: scoresFile(first, Math.min(PER_REQUEST, MODELS - first)),
    });
    bodyBytes = Math.max(bodyBytes, body.length);
    // wrangler dev restarts the Worker when the working tree changes (503 "restarted mid-request");
    // an import is idempotent, so it is sent again.
    for (let attempt = 1; ; attempt++) {
      const t = performance.now();
      const res = await fetch(`${url}/v1/leaderboard/import`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${instance.token}` },
        body,
      });
      const text = await res.text();
      if (res.status === 503 && attempt < 5) continue;
      if (res.status !== 200) throw new Error(`import: ${res.status} ${text.slice(0, 300)}`);
      importMs.push(performance.now() - t);
      break;
    }
  }
  const total = importMs.reduce((a, b) => a + b, 0) / 1000;
  printDelta(
    `leaderboard: ${MODELS} models x ${LANGUAGES.length * PER_LANGUAGE} samples, ${importMs.length} import requests of ${PER_REQUEST} models (largest body ${(bodyBytes / 1e6).toFixed(1)} MB, median ${median(importMs).toFixed(0)} ms)`,
    delta(before, usage(persistTo)),
    total,
  );

  const noop = await measure(Array.from({ length: 100 }, () => "/v1/health"));
  const misses = THRESHOLDS.flatMap((t) =>
    ["all", ...LANGUAGES].map((l) => `/v1/leaderboard?threshold=${t}&language=${l}`),
  );
  // The second page of each threshold's board by name, by the cursor its first page gives.
  const second = await Promise.all(
    THRESHOLDS.map(async (t) => {
      const first = (await (await fetch(`${url}/v1/leaderboard?threshold=${t}&sort=model`)).json()) as {
        next: string | null;
      };
      return `/v1/leaderboard?threshold=${t}&sort=model${first.next ? `&cursor=${first.next}` : ""}`;
    }),
  );
  const reads: [string, { ms: number; cpuMs: number; bytes: number }][] = [
    ["GET /v1/leaderboard first page, uncached (66 distinct queries)", await measure(misses)],
    ["GET /v1/leaderboard second page by cursor, by name, uncached (11)", await measure(second)],
    [
      "GET /v1/leaderboard, cached (Cache API hit)",
      await measure(Array.from({ length: 100 }, () => "/v1/leaderboard")),
    ],
    [
      "GET /v1/leaderboard/models/<slug>, uncached (50 models)",
      await measure(
        Array.from(
          { length: 50 },
          (_, i) => `/v1/leaderboard/models/capacity--model-${String(Math.floor((i * MODELS) / 50)).padStart(5, "0")}`,
        ),
      ),
    ],
    ["GET / (the board page, read every time)", await measure(Array.from({ length: 30 }, () => "/"))],
  ];
  console.log(
    `  reads with ${MODELS} models, median wall time (ratio to the no-op), workerd CPU per request, response size:`,
  );
  console.log(
    `    ${"GET /v1/health (no-op)".padEnd(58)} ${noop.ms.toFixed(2).padStart(8)} ms  (1.0x)  ${cpuText(noop.cpuMs)}  ${kb(noop.bytes)}`,
  );
  for (const [name, r] of reads)
    console.log(
      `    ${name.padEnd(58)} ${r.ms.toFixed(2).padStart(8)} ms  (${(r.ms / noop.ms).toFixed(1)}x)  ${cpuText(r.cpuMs)}  ${kb(r.bytes)}`,
    );
} finally {
  await instance.stop();
}
