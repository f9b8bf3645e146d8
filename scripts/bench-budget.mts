/**
 * `npm run bench` (CPU budgets): the CPU each pathological input of
 * test/limits/corpus.ts costs the real service, and the worst case per endpoint next to the Free
 * plan's 10 ms per request. docs/limits.md, "CPU budgets" explains the limits these figures check.
 *
 * A fresh `wrangler dev` (its own state directory, as scripts/bench-runs.mts) gets the fixture
 * dataset. Each case is sent twice (the first warms the isolate: grammars, candidate indexes, JIT)
 * and the second is measured: CPU time of the main threads of wrangler's workerd processes (the
 * thread that runs the isolates; /proc/<pid>/task/<pid>/schedstat, as scripts/bench.mts reads it)
 * minus the median of a no-op request (GET /v1/health), and wall time seen from Node. Clocks do not
 * advance inside a Worker while it computes, hence the outside view.
 *
 * Options: --only=REGEX (cases whose name matches), --timeout=SECONDS per request (default 120),
 * --json=PATH (default bench/results/budget.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT, api } from "../cli/lib/api.ts";
import { importReleaseFile } from "../src/benchmarks/repoqa/node/import-release.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { corpus, type Endpoint } from "../test/limits/corpus.ts";
import { mainThreadNs, workerdDescendants } from "./lib/workerd-cpu.mts";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ONLY = option("only");
const TIMEOUT_S = Number(option("timeout") ?? 120);
const OUT = option("json") ?? join(ROOT, "bench", "results", "budget.json");
const FREE_PLAN_CPU_MS = 10;
const DATASET = "bench-budget";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const instance = await startIsolatedInstance("nw-bench-budget");
try {
  const client = api(instance.url, instance.token);
  await importReleaseFile(client, join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: DATASET,
    name: "fixture",
    license: "Apache-2.0",
  });
  if (workerdDescendants().length === 0) throw new Error("no workerd process found under wrangler dev");

  /**
   * One request, timed. wrangler dev restarts workerd when a source file changes (others may be
   * editing the checkout): a request during which the set of workerd processes changed is sent
   * again, so no figure mixes two processes.
   */
  async function send(
    endpoint: string,
    body?: unknown,
  ): Promise<{ status: number; type: string; budget: string; cpu: number; wall: number }> {
    for (let attempt = 1; ; attempt++) {
      const pids = workerdDescendants();
      const r = await sendOnce(pids, endpoint, body);
      if (workerdDescendants().join() === pids.join() || attempt === 4) return r;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await sendOnce(workerdDescendants(), endpoint, body); // warm the new process
    }
  }

  async function sendOnce(
    pids: number[],
    endpoint: string,
    body?: unknown,
  ): Promise<{ status: number; type: string; budget: string; cpu: number; wall: number }> {
    const c0 = mainThreadNs(pids);
    const t0 = performance.now();
    let status = 0;
    let text = "";
    try {
      const res = await fetch(instance.url + endpoint, {
        method: body === undefined ? "GET" : "POST",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_S * 1000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      status = -1;
      text = JSON.stringify({ type: `client gave up after ${TIMEOUT_S} s (${(err as Error).name})` });
    }
    const wall = performance.now() - t0;
    const cpu = (mainThreadNs(pids) - c0) / 1e6;
    let problem: { type?: string; budget?: string } = {};
    if (status !== 200) {
      try {
        problem = JSON.parse(text);
      } catch {
        /* not JSON */
      }
    }
    return {
      status,
      type: (problem.type ?? "").replace("urn:needlework:problem:", ""),
      budget: problem.budget ?? "",
      cpu,
      wall,
    };
  }

  // The no-op baseline: request path, wrangler's proxy, JSON.
  for (let i = 0; i < 3; i++) await send("/v1/health");
  const noops: number[] = [];
  for (let i = 0; i < 7; i++) noops.push((await send("/v1/health")).cpu);
  const noop = median(noops);

  const cases = corpus(DATASET).filter((c) => !ONLY || new RegExp(ONLY).test(c.name));
  console.log(
    `CPU budgets: ${cases.length} pathological cases against wrangler dev (main-thread CPU of workerd, minus a no-op request of ${noop.toFixed(1)} ms)`,
  );
  const rows: { name: string; endpoint: Endpoint; status: number; outcome: string; cpu_ms: number; wall_ms: number }[] =
    [];
  for (const c of cases) {
    await send(c.endpoint, c.body); // warm-up
    const r = await send(c.endpoint, c.body);
    const outcome =
      r.status === 200 ? "scored" : r.status === -1 ? r.type : `${r.type}${r.budget ? ` (${r.budget})` : ""}`;
    rows.push({
      name: c.name,
      endpoint: c.endpoint,
      status: r.status,
      outcome,
      cpu_ms: Math.max(0, r.cpu - noop),
      wall_ms: r.wall,
    });
    console.log(
      `  ${c.name.padEnd(62)} ${String(r.status).padStart(4)} ${outcome.padEnd(40)} ${(r.cpu - noop).toFixed(1).padStart(9)} ms CPU ${r.wall.toFixed(0).padStart(7)} ms wall`,
    );
  }

  console.log(
    `\nWorst case per endpoint (CPU of one request, warm isolate) against the Free plan's ${FREE_PLAN_CPU_MS} ms:`,
  );
  const endpoints = [...new Set(rows.map((r) => r.endpoint))];
  const worst = endpoints.map((endpoint) => {
    const mine = rows.filter((r) => r.endpoint === endpoint);
    const top = mine.reduce((a, b) => (b.cpu_ms > a.cpu_ms ? b : a));
    const refused = mine.filter((r) => r.status === 422).length;
    console.log(
      `  ${endpoint.padEnd(22)} ${top.cpu_ms.toFixed(1).padStart(8)} ms  (x${(top.cpu_ms / FREE_PLAN_CPU_MS).toFixed(1)} the ${FREE_PLAN_CPU_MS} ms budget)  worst: ${top.name} -> ${top.outcome}; ${refused}/${mine.length} refused, ${mine.filter((r) => r.status >= 500 || r.status < 0).length} failed`,
    );
    return {
      endpoint,
      worst_cpu_ms: top.cpu_ms,
      worst_case: top.name,
      outcome: top.outcome,
      cases: mine.length,
      refused,
    };
  });
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify(
      { generated_at: new Date().toISOString(), free_plan_cpu_ms: FREE_PLAN_CPU_MS, noop_cpu_ms: noop, worst, rows },
      null,
      2,
    ) + "\n",
  );
  console.log(`wrote ${OUT}`);
} finally {
  await instance.stop();
}
