/**
 * The harness surface on the demo datasets of `npm start`, against a fresh `wrangler dev`:
 * - the export of every benchmark's demo in each format: wall time of the whole response, workerd
 *   main-thread CPU (/proc schedstat, as scripts/bench-budget.mts), bytes and units, the median of 3
 *   after one warming request;
 * - `POST /v1/score/promptfoo` with each benchmark's largest promptfoo test case sent back as
 *   promptfoo sends it (the prompt twice), and with a body of a 128K-token unit's size (1.5 M
 *   characters of code), beside `POST /v1/score` on the same output: CPU and wall, median of 5.
 *
 *   npx tsx scripts/bench-export.mts
 */
import { performance } from "node:perf_hooks";
import "../cli/lib/tree-sitter-node.ts";
import { api } from "../cli/lib/api.ts";
import { nodeFamilies } from "../cli/lib/families.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { mainThreadNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const DEMOS = ["demo", "semtrace-demo", "longcodeu-demo"];

const instance = await startIsolatedInstance("nw-bench-export");
try {
  const client = api(instance.url, instance.token);
  const loadStarted = performance.now();
  for (const demo of (await nodeFamilies()).flatMap((f) => f.demos ?? [])) await demo.load(client, () => {});
  console.log(`demos built and loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s\n`);

  async function timed(path: string, init?: RequestInit) {
    const pids = workerdDescendants();
    const c0 = mainThreadNs(pids);
    const t0 = performance.now();
    const res = await fetch(instance.url + path, init);
    const bytes = (await res.arrayBuffer()).byteLength;
    return {
      status: res.status,
      bytes,
      wall: performance.now() - t0,
      cpu: (mainThreadNs(pids) - c0) / 1e6,
      total: res.headers.get("x-total-count"),
    };
  }
  async function measure(path: string, init: RequestInit | undefined, reps: number) {
    const first = await timed(path, init);
    if (first.status !== 200) throw new Error(`${path}: ${first.status}`);
    const runs = [];
    for (let i = 0; i < reps; i++) runs.push(await timed(path, init));
    return { ...first, wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
  }

  const { benchmarks } = await client.request<{ benchmarks: { id: string; datasets: string[] }[] }>(
    "GET",
    "/v1/benchmarks",
  );
  console.log("export of a whole demo (one request; warm isolate, median of 3)\n");
  console.log(
    `  ${"benchmark / dataset".padEnd(36)} ${"format".padEnd(10)} ${"units".padStart(5)} ${"MB".padStart(6)} ${"wall ms".padStart(8)} ${"CPU ms".padStart(8)} ${"CPU/unit".padStart(9)}`,
  );
  const largest = new Map<string, any>();
  for (const b of benchmarks) {
    for (const d of b.datasets.filter((x) => DEMOS.includes(x))) {
      const base = `/v1/benchmarks/${b.id}/datasets/${d}/export`;
      if ((await fetch(`${instance.url}${base}?limit=1`)).status !== 200) continue; // a suite without this benchmark's targets
      for (const format of ["jsonl", "promptfoo", "inspect"]) {
        const r = await measure(`${base}?format=${format}`, undefined, 3);
        const units = Number(r.total);
        console.log(
          `  ${`${b.id} / ${d}`.padEnd(36)} ${format.padEnd(10)} ${String(units).padStart(5)} ${(r.bytes / 1e6).toFixed(2).padStart(6)} ${r.wall.toFixed(0).padStart(8)} ${r.cpu.toFixed(0).padStart(8)} ${(r.cpu / units).toFixed(1).padStart(9)}`,
        );
      }
      const lines = (await (await fetch(`${instance.url}${base}?format=promptfoo`)).text()).split("\n").filter(Boolean);
      largest.set(b.id, JSON.parse(lines.reduce((a, l) => (l.length > a.length ? l : a), "")));
    }
  }

  const post = (_path: string, body: string): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const webhook = (test: any, output: string) =>
    JSON.stringify({ output, context: { prompt: JSON.stringify(test.vars.messages), vars: test.vars } });
  console.log(
    "\nPOST /v1/score/promptfoo with a test case's largest prompt, against POST /v1/score on the same output (median of 5)\n",
  );
  for (const [id, test] of largest) {
    const output = "```python\ndef f(x):\n    return x\n```";
    const body = webhook(test, output);
    const pf = await measure("/v1/score/promptfoo", post("/v1/score/promptfoo", body), 5);
    const plain = await measure(
      "/v1/score",
      post(
        "/v1/score",
        JSON.stringify({
          benchmark: id,
          dataset: test.vars.dataset,
          unit: test.vars.unit,
          answer: output,
          options: test.vars.options,
        }),
      ),
      5,
    );
    console.log(
      `  ${id.padEnd(22)} body ${(body.length / 1e3).toFixed(0).padStart(5)} KB: ${pf.cpu.toFixed(1).padStart(6)} ms CPU ${pf.wall.toFixed(0).padStart(5)} ms wall;  /v1/score ${plain.cpu.toFixed(1).padStart(6)} ms CPU ${plain.wall.toFixed(0).padStart(5)} ms wall`,
    );
  }
  const test = largest.get("repoqa-snf");
  const code = "def f(x):\n    return {'key': \"value\", 'n': x}\n".repeat(32_000).slice(0, 1_500_000);
  const big = webhook(
    { vars: { ...test.vars, messages: [{ role: "user", content: code }] } },
    "```python\ndef f(x):\n    return x\n```",
  );
  const r = await measure("/v1/score/promptfoo", post("/v1/score/promptfoo", big), 5);
  console.log(
    `  ${"128K-token unit's size".padEnd(22)} body ${(big.length / 1e3).toFixed(0).padStart(5)} KB: ${r.cpu.toFixed(1).padStart(6)} ms CPU ${r.wall.toFixed(0).padStart(5)} ms wall`,
  );
} finally {
  await instance.stop();
}
