/**
 * The promise of runs: stop `wrangler dev` in the middle of a run and start it again; the run
 * completes with every task scored exactly once and nothing lost.
 *
 * A local instance with fresh state (its own --persist-to directory) and a loopback model that
 * answers after 700 ms run the 16-task fixture at concurrency 3. Once a few units are done and
 * others are in flight, the whole wrangler process tree (the `wrangler` launcher, its Node CLI and
 * workerd) gets SIGKILL: no graceful shutdown, as when a laptop dies. The same persist directory is
 * then served again on the same port.
 *
 * After the restart the test first watches only D1 (the samples list, which never touches the
 * run's Durable Object) to see whether the coordinator's own alarm, persisted by workerd, resumes
 * the run unaided; only if it does not does it read the run (GET /v1/runs/{id} re-arms a lost
 * alarm). Either way the run must complete with 16 distinct scored samples.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, api, waitForService, type Api } from "../../cli/lib/api";
import { applyLocalMigrations, ensureAdminToken, freePort, startWranglerDev } from "../../cli/lib/local-service";
import { importReleaseFile } from "../../src/benchmarks/repoqa/node/import-release";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import { alive, killTree } from "../../cli/lib/process-tree";

const DATASET = "resume-fixture";
const MODEL = "slow-700:resume";
const TASKS = 16;
/** Long enough for the 30 s lease of the units killed in flight, the 5 s alarm and the rest. */
const RECOVERY_TIMEOUT_MS = 90_000;

type RunView = {
  id: string;
  status: string;
  units: number;
  counts: Record<string, number>;
  model_calls: number;
  started_at: string;
  finished_at: string | null;
};
type Sample = { unit: string; status: string; calls: number; cached: boolean; passed: boolean | null };

let persist: string;
let port: number;
let inspectorPort: number;
let url: string;
let dev: ChildProcess | undefined;
let devLog = "";
let model: LoopbackModel;
let client: Api;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(): ChildProcess {
  const child = startWranglerDev(port, "pipe", { persistTo: persist, inspectorPort });
  child.stdout?.on("data", (d) => (devLog += d));
  child.stderr?.on("data", (d) => (devLog += d));
  return child;
}

/** Whether anything accepts connections on 127.0.0.1:`p`. */
function listening(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: p });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

const readRun = (id: string) => client.request<RunView>("GET", `/v1/runs/${id}`);
const samplesOf = async (id: string) =>
  (await client.request<{ samples: Sample[]; next: string | null }>("GET", `/v1/runs/${id}/samples?limit=500`)).samples;
const stats = async () =>
  (await (await fetch(`${model.url.replace(/\/v1$/, "")}/__stats`)).json()) as {
    requests: Record<string, number>;
    maxInFlight: Record<string, number>;
  };

beforeAll(async () => {
  persist = mkdtempSync(join(tmpdir(), "nw-resume-"));
  [port, inspectorPort] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  ensureAdminToken(() => {});
  applyLocalMigrations(persist);
  dev = start();
  model = await startLoopbackModel();
  client = api(url);
  await waitForService(url, 90_000);
  await importReleaseFile(client, join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: DATASET,
    name: "fixture",
    license: "Apache-2.0",
  });
}, 240_000);

afterAll(async () => {
  if (dev?.pid && alive(dev.pid)) await killTree(dev.pid).catch(() => {});
  await model?.close();
  if (persist) rmSync(persist, { recursive: true, force: true });
});

describe("a run survives wrangler dev being killed mid-run", () => {
  it("completes after a restart with every task scored exactly once", async () => {
    const created = await client.request<RunView>(
      "POST",
      "/v1/runs",
      { dataset: DATASET, model: `openai-compatible:${MODEL}@${model.url}`, concurrency: 3, publish: false },
      { auth: true },
    );
    expect(created.units).toBe(TASKS);

    // Kill once a few units are done and others are in the model's hands.
    let before: RunView;
    const until = Date.now() + 30_000;
    for (;;) {
      before = await readRun(created.id);
      if (before.counts.done >= 3 && before.counts.running > 0) break;
      if (before.status !== "running") throw new Error(`run ended before the kill: ${JSON.stringify(before)}`);
      if (Date.now() > until)
        throw new Error(`run never reached 3 done with some running: ${JSON.stringify(before.counts)}`);
      await sleep(50);
    }
    const requestsBefore = (await stats()).requests[MODEL] ?? 0;
    const killed = await killTree(dev!.pid!);
    const killedAt = Date.now();
    // Every process of the tree is gone, and nothing (no orphan workerd) still holds the port.
    expect(killed.some((p) => /workerd/.test(p))).toBe(true);
    expect(await listening(port)).toBe(false);
    const afterKill = await stats();
    console.log(`killed ${killed.length} processes:\n  ${killed.join("\n  ")}`);
    console.log(
      `at the kill: ${JSON.stringify(before.counts)}; model requests so far ${requestsBefore} (${afterKill.requests[MODEL]} once the kill landed)`,
    );

    devLog += "\n===== RESTART =====\n";
    dev = start();
    await waitForService(url, 90_000);
    const upAt = Date.now();

    // Phase 1: watch D1 only, so nothing re-arms the coordinator's alarm: does the run resume by itself?
    const doneBefore = (await samplesOf(created.id)).length;
    let firstNewSampleAt: number | null = null;
    let samples: Sample[] = [];
    const timeline: [number, number][] = [];
    const unaidedUntil = killedAt + 45_000;
    while (Date.now() < unaidedUntil) {
      samples = await samplesOf(created.id);
      if (samples.length > doneBefore && firstNewSampleAt === null) firstNewSampleAt = Date.now();
      if (samples.length !== timeline.at(-1)?.[1]) timeline.push([Date.now() - killedAt, samples.length]);
      if (samples.length >= TASKS) break;
      await sleep(250);
    }
    const resumedUnaided = firstNewSampleAt !== null;
    console.log(
      resumedUnaided
        ? `resumed by itself (persisted alarm): first new sample ${((firstNewSampleAt! - killedAt) / 1000).toFixed(1)} s after the kill, ${((firstNewSampleAt! - upAt) / 1000).toFixed(1)} s after the restart answered`
        : `NOT resumed by itself within ${(unaidedUntil - killedAt) / 1000} s of the kill: ${samples.length} samples (as at the kill: ${doneBefore}); reading the run now`,
    );

    console.log(
      `samples stored, by seconds after the kill: ${timeline.map(([ms, n]) => `${(ms / 1000).toFixed(1)} s: ${n}`).join(", ")}`,
    );

    // Phase 2: read the run (which re-arms a lost alarm) until it completes.
    let run: RunView;
    const deadline = upAt + RECOVERY_TIMEOUT_MS;
    for (;;) {
      run = await readRun(created.id);
      if (run.status !== "running" && run.finished_at) break;
      if (Date.now() > deadline) {
        // The instance's own lines (not the polling): a "Reloading local server" means wrangler
        // restarted the Worker meanwhile (a file under src/ changed), a second interruption.
        const log = devLog
          .split("\n")
          .filter((line) => !/\] GET \/v1\//.test(line))
          .slice(-40)
          .join("\n");
        throw new Error(
          `run still ${run.status} ${RECOVERY_TIMEOUT_MS / 1000} s after the restart: ${JSON.stringify(run.counts)}\n${log}`,
        );
      }
      await sleep(250);
    }
    const completedAt = Date.now();
    const final = await stats();
    const requests = final.requests[MODEL] ?? 0;
    console.log(
      `recovery: ${((completedAt - killedAt) / 1000).toFixed(1)} s from the kill to completed ` +
        `(${((completedAt - upAt) / 1000).toFixed(1)} s after the restarted instance answered; leases are 30 s); ` +
        `model requests ${requests} for ${TASKS} tasks (${requests - TASKS} repeated: in flight at the kill); max in flight ${final.maxInFlight[MODEL]}`,
    );

    expect(run.status).toBe("completed");
    expect(run.counts).toMatchObject({
      done: TASKS,
      scored: TASKS,
      error: 0,
      context_exceeded: 0,
      skipped: 0,
      pending: 0,
      queued: 0,
      running: 0,
    });
    samples = await samplesOf(created.id);
    expect(samples).toHaveLength(TASKS);
    expect(new Set(samples.map((s) => s.unit)).size).toBe(TASKS);
    expect(samples.every((s) => s.status === "scored")).toBe(true);
    expect(requests).toBeGreaterThanOrEqual(TASKS);
    // A unit in flight at the kill is asked again, nothing else: at most `concurrency` repeats.
    expect(requests - TASKS).toBeLessThanOrEqual(3);
  }, 240_000);
});
