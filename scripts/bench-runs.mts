/**
 * `npm run bench` (fourth part): orchestration overhead of evaluation runs, end to end, against
 * `wrangler dev` on this machine. A fresh local instance (its own --persist-to directory) gets the
 * 16-task fixture dataset; a loopback model (cli/lib/loopback-model.ts) answers at once, so what is
 * timed is needlework itself: the RunCoordinator feeding the queue, the consumer claiming a unit,
 * loading the task from R2, building the prompt, calling the model over HTTP, storing the output in
 * R2, scoring it, writing the D1 row, reporting, and the run's finalisation.
 *
 * For each concurrency, several runs of the whole fixture (cache off, so every task calls the
 * model), each timed from POST /v1/runs until GET /v1/runs/{id} says completed (polled every
 * 50 ms); the median run gives tasks per second and ms per task. `baseline:empty` (no network) at
 * the highest concurrency shows the cost without any model call. The model's shared limit is raised
 * to the run's concurrency (`model_limits.concurrency`), so the run's own concurrency is what binds.
 * Locally, miniflare's queue hands the consumer one batch (at most max_batch_size = 10 messages) at
 * a time and the next only once that whole batch is done, so "running" shows what concurrency the
 * consumer really reached.
 *
 * Options: --runs=N (runs per figure, default 3).
 */
import { cpus } from "node:os";
import { join } from "node:path";
import { ROOT, api } from "../cli/lib/api.ts";
import { importReleaseFile } from "../src/benchmarks/repoqa/node/import-release.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { startLoopbackModel } from "../cli/lib/loopback-model.ts";

const RUNS = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 3);
const CONCURRENCY = [1, 4, 16];
const DATASET = "bench-runs";
const POLL_MS = 50;

type RunView = {
  id: string;
  status: string;
  units: number;
  counts: Record<string, number>;
  started_at: string;
  finished_at: string | null;
};

const instance = await startIsolatedInstance("nw-bench-runs");
const model = await startLoopbackModel();
const client = api(instance.url, instance.token);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function stats(): Promise<{ requests: Record<string, number>; maxInFlight: Record<string, number> }> {
  return (await fetch(`${model.url.replace(/\/v1$/, "")}/__stats`)).json() as never;
}

/** One run of the whole fixture: wall ms from POST to completed, checked for 16 scored tasks. */
async function timedRun(
  body: Record<string, unknown>,
): Promise<{ ms: number; tasks: number; serverMs: number; maxRunning: number }> {
  const t0 = performance.now();
  const created = await client.request<RunView>(
    "POST",
    "/v1/runs",
    { dataset: DATASET, cache: false, publish: false, ...body },
    { auth: true },
  );
  let maxRunning = 0;
  for (;;) {
    const run = await client.request<RunView>("GET", `/v1/runs/${created.id}`);
    maxRunning = Math.max(maxRunning, run.counts.running);
    if (run.status !== "running" && run.finished_at) {
      const ms = performance.now() - t0;
      if (run.status !== "completed" || run.counts.scored !== created.units)
        throw new Error(`run ${created.id} ended ${run.status}: ${JSON.stringify(run.counts)}`);
      return {
        ms,
        tasks: created.units,
        serverMs: Date.parse(run.finished_at) - Date.parse(run.started_at),
        maxRunning,
      };
    }
    if (performance.now() - t0 > 60_000)
      throw new Error(`run ${created.id} still ${run.status} after 60 s: ${JSON.stringify(run.counts)}`);
    await sleep(POLL_MS);
  }
}

interface Row {
  what: string;
  concurrency: number;
  runs: number;
  tasks: number;
  medianMs: number;
  serverMs: number;
  maxRunning: number;
  maxInFlight: number | null;
}

async function figure(
  what: string,
  concurrency: number,
  spec: (i: number) => string,
  modelName?: (i: number) => string,
): Promise<Row> {
  const times: number[] = [];
  const server: number[] = [];
  let tasks = 0;
  let maxRunning = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await timedRun({
      model: spec(i),
      concurrency,
      model_limits: spec(i).startsWith("baseline:") ? undefined : { concurrency },
    });
    times.push(r.ms);
    server.push(r.serverMs);
    tasks += r.tasks;
    maxRunning = Math.max(maxRunning, r.maxRunning);
  }
  let maxInFlight: number | null = null;
  if (modelName) {
    const s = await stats();
    maxInFlight = Math.max(...Array.from({ length: RUNS }, (_, i) => s.maxInFlight[modelName(i)] ?? 0));
  }
  return {
    what,
    concurrency,
    runs: RUNS,
    tasks,
    medianMs: median(times),
    serverMs: median(server),
    maxRunning,
    maxInFlight,
  };
}

try {
  await importReleaseFile(client, join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: DATASET,
    name: "fixture",
    license: "Apache-2.0",
  });
  // Warm-up (first module load, first Durable Objects, first R2/D1 reads): not counted.
  await timedRun({
    model: `openai-compatible:instant:bench-warmup@${model.url}`,
    concurrency: 4,
    model_limits: { concurrency: 4 },
  });

  const rows: Row[] = [];
  for (const c of CONCURRENCY) {
    const name = (i: number) => `instant:bench-${c}-${i}`;
    rows.push(await figure("loopback model (instant)", c, (i) => `openai-compatible:${name(i)}@${model.url}`, name));
  }
  const top = CONCURRENCY[CONCURRENCY.length - 1];
  rows.push(await figure("baseline:empty (no network)", top, () => "baseline:empty"));

  console.log(
    `\nRuns end to end against wrangler dev (${cpus().length} CPUs; 16-task fixture, cache off; median of ${RUNS} runs, POST to completed, polled every ${POLL_MS} ms):`,
  );
  console.log(
    `  ${"model".padEnd(28)}${"conc".padStart(5)}${"run ms".padStart(9)}${"ms/task".padStart(9)}${"tasks/s".padStart(9)}${"server ms".padStart(11)}${"running".padStart(9)}${"model calls at once".padStart(21)}  tasks`,
  );
  for (const r of rows) {
    const perRun = r.tasks / r.runs;
    console.log(
      `  ${r.what.padEnd(28)}${String(r.concurrency).padStart(5)}${r.medianMs.toFixed(0).padStart(9)}${(r.medianMs / perRun).toFixed(1).padStart(9)}${((perRun * 1000) / r.medianMs).toFixed(1).padStart(9)}` +
        `${r.serverMs.toFixed(0).padStart(11)}${String(r.maxRunning).padStart(9)}${(r.maxInFlight === null ? "-" : String(r.maxInFlight)).padStart(21)}  ${r.tasks}`,
    );
  }
  console.log(
    "  (server ms: the run's started_at to finished_at; running: most units claimed at once in the polls; model calls at once: the most the loopback model saw)",
  );
} finally {
  await model.close();
  await instance.stop();
}
