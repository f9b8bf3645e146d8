/**
 * `npm run bench` (run pages): page timings of a 20,000-sample run against a no-op route.
 *
 * A fresh `wrangler dev` (its own state directory) gets a synthetic completed RepoQA run of 20,000
 * samples written straight to its local D1 (test/page/runs-fixtures.ts: languages, depths, sizes,
 * passes, errors and overflows in a fixed pattern), and the fixture dataset with a real oracle run
 * for a sample page that rebuilds its prompt, extracted code, diff and candidate similarities.
 * The synthetic samples' answers are one real stored output (their keys point at it), so a search
 * reads real answers from R2. The run page's first view (which computes the summary and keeps it in R2) is timed once; every
 * page is then requested 3 times to warm up and N times in sequence; reported: the median and
 * p95 wall time seen from Node, and the median CPU of workerd's main thread (where the isolate runs;
 * scripts/lib/workerd-cpu.mts), each also as a ratio to the no-op GET /v1/health.
 *
 * The run's exports (the per-sample JSONL, a part of it, the results) are timed the same way with at
 * most 5 requests each, since each reads the whole run.
 *
 * Options: --n=COUNT requests per page (default 20), --samples=COUNT synthetic samples (default 20000).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT, api } from "../cli/lib/api.ts";
import { WRANGLER_ENV, startIsolatedInstance } from "../cli/lib/local-service.ts";
import { importReleaseFile } from "../src/benchmarks/repoqa/node/import-release.ts";
import { syntheticRunSql, syntheticSample } from "../test/page/runs-fixtures.ts";
import { mainThreadNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const N = Number(option("n") ?? 20);
const SAMPLES = Number(option("samples") ?? 20_000);
const RUN = "run-20261124000000-0000020000";
const DATASET = "bench-run-pages";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

const instance = await startIsolatedInstance("nw-bench-run-pages");
try {
  // The synthetic run, through wrangler's own D1 client into the instance's local database.
  const sqlDir = mkdtempSync(join(tmpdir(), "nw-bench-run-pages-sql-"));
  const file = join(sqlDir, "run.sql");
  writeFileSync(file, syntheticRunSql(RUN, SAMPLES).join("\n"));
  const t0 = performance.now();
  const loaded = spawnSync(
    join(ROOT, "node_modules/.bin/wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", instance.persistTo, "--file", file, "--yes"],
    { cwd: ROOT, env: { ...WRANGLER_ENV, CI: "1" }, encoding: "utf8" },
  );
  rmSync(sqlDir, { recursive: true, force: true });
  if (loaded.status !== 0) throw new Error(`loading the synthetic run failed:\n${loaded.stdout}${loaded.stderr}`);
  console.log(
    `Run pages: ${SAMPLES.toLocaleString("en-US")} synthetic samples written to local D1 in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // A real run for a full sample page.
  const client = api(instance.url, instance.token);
  await importReleaseFile(client, join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: DATASET,
    name: "fixture",
    license: "Apache-2.0",
  });
  const post = await fetch(`${instance.url}/v1/runs`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${instance.token}` },
    body: JSON.stringify({ dataset: DATASET, model: "baseline:bm25", publish: false }),
  });
  if (post.status !== 202) throw new Error(`POST /v1/runs: ${post.status} ${await post.text()}`);
  const real = (await post.json()) as { id: string };
  for (let status = "running"; status === "running"; await new Promise((r) => setTimeout(r, 200))) {
    status = ((await (await fetch(`${instance.url}/v1/runs/${real.id}`)).json()) as { status: string }).status;
  }
  const realSamples = (
    (await (await fetch(`${instance.url}/v1/runs/${real.id}/samples?limit=500`)).json()) as {
      samples: { unit: string; passed: boolean }[];
    }
  ).samples;
  const failed = realSamples.find((s) => !s.passed) ?? realSamples[0];

  // The synthetic samples' answers: the real run's stored output of one unit (so a search reads real answers from R2).
  const answerKey = `runs/${real.id}/outputs/${encodeURIComponent(failed.unit)}.json`;
  const keyed = spawnSync(
    join(ROOT, "node_modules/.bin/wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      instance.persistTo,
      "--yes",
      "--command",
      `UPDATE run_samples SET output_key = '${answerKey}' WHERE run_id = '${RUN}' AND status = 'scored'`,
    ],
    { cwd: ROOT, env: { ...WRANGLER_ENV, CI: "1" }, encoding: "utf8" },
  );
  if (keyed.status !== 0)
    throw new Error(`storing the synthetic answers' keys failed:\n${keyed.stdout}${keyed.stderr}`);
  const word = "return";

  const pids = workerdDescendants();
  if (pids.length === 0) throw new Error("no workerd process found under wrangler dev");
  async function send(path: string) {
    const c0 = mainThreadNs(pids);
    const t = performance.now();
    const res = await fetch(instance.url + path);
    const body = await res.text();
    const wall = performance.now() - t;
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 300)}`);
    return { wall, cpu: (mainThreadNs(pids) - c0) / 1e6, bytes: body.length };
  }
  async function measure(path: string, n = N) {
    for (let i = 0; i < 3; i++) await send(path);
    const runs = [];
    for (let i = 0; i < n; i++) runs.push(await send(path));
    return {
      wall: median(runs.map((r) => r.wall)),
      p95: p95(runs.map((r) => r.wall)),
      cpu: median(runs.map((r) => r.cpu)),
      bytes: runs[0].bytes,
    };
  }

  const pages = Math.ceil(SAMPLES / 50);
  const failedPages = Math.ceil(
    Array.from({ length: SAMPLES }, (_, i) => syntheticSample(i)).filter((s) => s.status === "scored" && !s.passed)
      .length / 50,
  );
  const cases: [string, string][] = [
    ["no-op GET /v1/health", "/v1/health"],
    ["/runs (list, 2 runs)", "/runs"],
    [`/runs/{id} later views (summary from R2; figures and errors by kind from D1)`, `/runs/${RUN}`],
    ["/runs/{id}/samples first page", `/runs/${RUN}/samples`],
    [`/runs/{id}/samples middle page (${pages >> 1})`, `/runs/${RUN}/samples?page=${pages >> 1}`],
    [`/runs/{id}/samples last page (${pages})`, `/runs/${RUN}/samples?page=${pages}`],
    [
      `/runs/{id}/samples?outcome=failed last page (${failedPages})`,
      `/runs/${RUN}/samples?outcome=failed&page=${failedPages}`,
    ],
    ["/runs/{id}/samples?language=python&depth=0.3-0.4", `/runs/${RUN}/samples?language=python&depth=0.3-0.4`],
    [
      "/runs/{id}/samples?task=go::synthetic/repo100::",
      `/runs/${RUN}/samples?task=${encodeURIComponent("go::synthetic/repo100::")}`,
    ],
    ["/runs/{id}/samples?sort=-score first page", `/runs/${RUN}/samples?sort=-score`],
    [`/runs/{id}/samples?sort=-score last page (${pages})`, `/runs/${RUN}/samples?sort=-score&page=${pages}`],
    [`/runs/{id}/samples?q=${word} (search: 100 stored answers read)`, `/runs/${RUN}/samples?q=${word}`],
    [
      "/runs/{id}/samples/{unit} (synthetic: no dataset)",
      `/runs/${RUN}/samples/${encodeURIComponent(syntheticSample(SAMPLES >> 1).unit)}`,
    ],
    [
      "/runs/{id}/samples/{unit}?sort=-score (its place and neighbours by score)",
      `/runs/${RUN}/samples/${encodeURIComponent(syntheticSample(SAMPLES >> 1).unit)}?sort=-score`,
    ],
    [
      `/runs/{id}/samples/{unit}?q=${word} (nearest matches, up to 25 answers each way)`,
      `/runs/${RUN}/samples/${encodeURIComponent(syntheticSample(SAMPLES >> 1).unit)}?q=${word}`,
    ],
    [
      "/runs/{id}/samples/{unit} (real bm25 sample: prompt, diff, candidates)",
      `/runs/${real.id}/samples/${encodeURIComponent(failed.unit)}`,
    ],
  ];
  const results = [];
  // The first view of a finished run reads and aggregates every sample, then keeps the summary in R2.
  const first = await send(`/runs/${RUN}`);
  results.push({
    name: `/runs/{id} first view (reads ${SAMPLES.toLocaleString("en-US")} samples, stores the summary; 1 request)`,
    wall: first.wall,
    p95: first.wall,
    cpu: first.cpu,
    bytes: first.bytes,
  });
  for (const [name, path] of cases) results.push({ name, ...(await measure(path)) });
  // The exports read the whole run (docs/runs.md, "Exports"): fewer repetitions.
  const exports: [string, string][] = [
    [
      "/v1/runs/{id}/outputs.jsonl?format=samples&limit=1000 (a part)",
      `/v1/runs/${RUN}/outputs.jsonl?format=samples&limit=1000`,
    ],
    [
      `/v1/runs/{id}/outputs.jsonl?format=samples (all ${SAMPLES.toLocaleString("en-US")} lines, streamed)`,
      `/v1/runs/${RUN}/outputs.jsonl?format=samples`,
    ],
    [`/v1/runs/{id}/results (reads all ${SAMPLES.toLocaleString("en-US")} samples)`, `/v1/runs/${RUN}/results`],
  ];
  for (const [name, path] of exports) results.push({ name, ...(await measure(path, Math.min(N, 5))) });
  results.unshift(results.splice(1, 1)[0]);
  const noop = results[0];
  console.log(
    `Run pages against wrangler dev: ${N} sequential requests each after 3 warm-ups; median and p95 wall (ms, from Node), median CPU of workerd's main thread (ms); ratios to the no-op`,
  );
  console.log(
    [
      "page".padEnd(78),
      "wall".padStart(7),
      "p95".padStart(7),
      "×no-op".padStart(7),
      "CPU".padStart(7),
      "×no-op".padStart(7),
      "KB".padStart(6),
    ].join(" "),
  );
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(78),
        r.wall.toFixed(1).padStart(7),
        r.p95.toFixed(1).padStart(7),
        (r.wall / noop.wall).toFixed(1).padStart(7),
        r.cpu.toFixed(1).padStart(7),
        (r.cpu / Math.max(noop.cpu, 0.01)).toFixed(1).padStart(7),
        (r.bytes / 1024).toFixed(0).padStart(6),
      ].join(" "),
    );
  }
} finally {
  await instance.stop();
}
