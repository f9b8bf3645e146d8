/**
 * src/core/runs/retention.ts: DELETE /v1/runs/{id} and the scheduled prune, through the real D1, R2,
 * queue and coordinators. A deletion must leave no row and no object of the run behind, and must
 * leave a published leaderboard entry whole.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { ADMIN, del, get, post } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, readRun, startRun, waitForRun } from "./helpers";

const DATASET = "runs-retention";

async function rowsOf(runId: string) {
  const runs = await env.DB.prepare("SELECT COUNT(*) AS n FROM runs WHERE id = ?").bind(runId).first<{ n: number }>();
  const samples = await env.DB.prepare("SELECT COUNT(*) AS n FROM run_samples WHERE run_id = ?")
    .bind(runId)
    .first<{ n: number }>();
  return { runs: runs!.n, samples: samples!.n };
}

async function objectsOf(runId: string) {
  return (await env.DATASETS.list({ prefix: `runs/${runId}/` })).objects.length;
}

async function finishedRun(body: Record<string, unknown> = {}) {
  const dataset = await fixtureDataset(DATASET);
  return waitForRun((await startRun({ dataset, model: "baseline:oracle", concurrency: 8, ...body })).id);
}

/** Runs the Worker's scheduled handler as the Cron Trigger would, at `when`. */
async function prune(when: Date) {
  const ctx = createExecutionContext();
  await (worker.scheduled as NonNullable<ExportedHandler<typeof env>["scheduled"]>)(
    createScheduledController({ scheduledTime: when, cron: "17 * * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function age(runId: string, days: number) {
  const created = new Date(Date.now() - days * 86_400_000).toISOString();
  await env.DB.prepare("UPDATE runs SET created_at = ? WHERE id = ?").bind(created, runId).run();
}

describe("DELETE /v1/runs/{id}", () => {
  it("removes the run's rows, its stored outputs and page summary, and its coordinator's state", async () => {
    const run = await finishedRun({ publish: false });
    // The run page writes its summary under the run's prefix: it must go too.
    expect((await get(`/runs/${run.id}`)).status).toBe(200);
    const before = await rowsOf(run.id);
    expect(before).toEqual({ runs: 1, samples: 16 });
    const objects = await objectsOf(run.id);
    expect(objects).toBeGreaterThan(0);

    const res = await del(`/v1/runs/${run.id}`, ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: run.id, samples: 16, objects, complete: true });
    expect(await rowsOf(run.id)).toEqual({ runs: 0, samples: 0 });
    expect(await objectsOf(run.id)).toBe(0);
    expect((await get(`/v1/runs/${run.id}`)).status).toBe(404);
    expect((await get(`/runs/${run.id}`)).status).toBe(404);
    // The coordinator forgot the run: its progress is an empty one.
    const stub = env.RUNS.get(env.RUNS.idFromName(run.id)) as DurableObjectStub<
      import("../../src/core/runs/coordinator").RunCoordinator
    >;
    expect((await stub.progress()).units).toBe(0);
    // Deleting again: the run is gone.
    expect((await del(`/v1/runs/${run.id}`, ADMIN)).status).toBe(404);
  });

  it("is admin only, and refuses a running run with a 409 until it is cancelled", async () => {
    const done = await finishedRun({ publish: false });
    const anonymous = await del(`/v1/runs/${done.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain("application/problem+json");
    expect((await rowsOf(done.id)).samples).toBe(16);

    const dataset = await fixtureDataset(DATASET);
    const running = await startRun({
      dataset,
      model: loopback("slow-400:retention"),
      concurrency: 1,
      retry: FAST_RETRY,
    });
    const refused = await del(`/v1/runs/${running.id}`, ADMIN);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ detail: string }>()).detail).toContain("cancel it first");
    expect((await readRun(running.id)).status).toBe("running");
    expect((await post(`/v1/runs/${running.id}/cancel`, {}, ADMIN)).status).toBe(200);
    await waitForRun(running.id);
    expect((await del(`/v1/runs/${running.id}`, ADMIN)).status).toBe(200);
    expect(await rowsOf(running.id)).toEqual({ runs: 0, samples: 0 });
    expect(await objectsOf(running.id)).toBe(0);
  });

  it("leaves a published entry whole: its rows, its samples, its board", async () => {
    const run = await finishedRun({ publish: true, label: "retention-published" });
    const entry = await env.DB.prepare("SELECT id, n FROM leaderboard_entries WHERE source = ?")
      .bind(`needlework run ${run.id}`)
      .first<{ id: string; n: number }>();
    expect(entry?.n).toBe(16);
    const samples = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM leaderboard_samples WHERE entry_id = ?")
        .bind(entry!.id)
        .first<{ n: number }>())!.n;
    expect(await samples()).toBe(16);
    expect((await del(`/v1/runs/${run.id}`, ADMIN)).status).toBe(200);
    expect(await samples()).toBe(16);
    const board = await (await get(`/v1/leaderboard?dataset=${DATASET}`)).text();
    expect(board).toContain("retention-published");
  });
});

describe("the scheduled prune", () => {
  it("deletes unpublished finished runs older than RUN_RETENTION_DAYS, keeps newer and published ones, and sweeps orphaned objects", async () => {
    const old = await finishedRun({ publish: false });
    const recent = await finishedRun({ publish: false });
    const published = await finishedRun({ publish: true, label: "retention-kept" });
    await age(old.id, 31);
    await age(published.id, 31);
    await age(recent.id, 29);
    // Objects of a run D1 no longer knows (a deletion that ran out of pages, or rows removed by hand).
    const orphan = "run-20000101000000-0123456789";
    await env.DATASETS.put(`runs/${orphan}/outputs/x.json`, "{}");
    await env.DATASETS.put(`runs/${orphan}/page-summary.json`, "{}");

    expect(env.RUN_RETENTION_DAYS).toBe("30");
    await prune(new Date());

    expect(await rowsOf(old.id)).toEqual({ runs: 0, samples: 0 });
    expect(await objectsOf(old.id)).toBe(0);
    expect(await rowsOf(recent.id)).toEqual({ runs: 1, samples: 16 });
    expect(await objectsOf(recent.id)).toBeGreaterThan(0);
    expect(await rowsOf(published.id)).toEqual({ runs: 1, samples: 16 });
    expect(await objectsOf(orphan)).toBe(0);
  });
});
