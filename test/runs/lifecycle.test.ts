import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  runDurableObjectAlarm,
  runInDurableObject,
  SELF,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { ADMIN, BASE, get, post } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, readRun, samplesOf, startRun, waitForRun } from "./helpers";

const DATASET = "runs-lifecycle";

const coordinator = (id: string) => env.RUNS.get(env.RUNS.idFromName(id));

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("budget, cancel, redelivery, resume", () => {
  it("stops sending when the token budget would be exceeded", async () => {
    const dataset = await fixtureDataset(DATASET);
    // The go tasks share one small repository: their prompts are about the same size.
    const sizes = (
      await samplesOf(
        (
          await waitForRun((await startRun({ dataset, model: "baseline:empty", languages: ["go"] })).id)
        ).id,
      )
    ).map((s) => s.promptTokens);
    const perCall = Math.max(...sizes) + 64;
    const budget = Math.floor(2.5 * perCall);
    const run = await startRun({
      dataset,
      model: loopback("instant:budget"),
      languages: ["go"],
      concurrency: 1,
      max_tokens: 64,
      token_budget: budget,
      retry: FAST_RETRY,
      cache: false,
    });
    const done = await waitForRun(run.id);
    expect(done.status).toBe("budget_exhausted");
    // Admission counts what calls actually used plus the next call's worst case (prompt + max_tokens).
    expect(done.counts.scored).toBeGreaterThanOrEqual(2);
    expect(done.counts.skipped).toBeGreaterThanOrEqual(1);
    expect(done.counts.scored + done.counts.skipped).toBe(4);
    expect(done.model_calls).toBe(done.counts.scored);
    expect(done.tokens.prompt + done.tokens.completion).toBeLessThanOrEqual(budget);
    expect((await samplesOf(run.id)).length).toBe(done.counts.scored);
  });

  it("cancel stops the run: nothing more is sent and calls in flight are not counted as answers", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await startRun({ dataset, model: loopback("slow-400:cancel"), concurrency: 2, retry: FAST_RETRY });
    await until(async () => (await readRun(run.id)).counts.running === 2);
    const res = await post(`/v1/runs/${run.id}/cancel`, {}, ADMIN);
    expect(res.status).toBe(200);
    const done = await waitForRun(run.id);
    expect(done.status).toBe("cancelled");
    expect(done.counts.scored + done.counts.skipped).toBe(16);
    expect(done.counts.skipped).toBeGreaterThanOrEqual(14);
    expect((await post(`/v1/runs/${run.id}/cancel`, {}, ADMIN)).status).toBe(200);
  });

  it("redelivered messages write nothing twice and call no model again", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun(
      (await startRun({ dataset, model: loopback("instant:redeliver"), languages: ["go"], retry: FAST_RETRY })).id,
    );
    const before = await samplesOf(run.id);
    // The same messages again, straight into the consumer (twice in one batch) and through the queue.
    const messages = before.flatMap((s, i) => [
      { id: `a${i}`, timestamp: new Date(), attempts: 1, body: { run: run.id, unit: s.unit, attempt: 1 } },
      { id: `b${i}`, timestamp: new Date(), attempts: 2, body: { run: run.id, unit: s.unit, attempt: 1 } },
    ]);
    const batch = createMessageBatch("needlework-runs", messages);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.length).toBe(messages.length);
    await env.RUN_QUEUE.sendBatch(before.map((s) => ({ body: { run: run.id, unit: s.unit, attempt: 99 } })));
    await new Promise((r) => setTimeout(r, 300));
    const after = await samplesOf(run.id);
    expect(after).toEqual(before);
    expect((await readRun(run.id)).model_calls).toBe(4);
  });

  it("units whose consumer stopped heartbeating are sent again by the alarm and scored exactly once", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await startRun({
      dataset,
      model: loopback("slow-1500:resume"),
      concurrency: 2,
      limit: 4,
      retry: FAST_RETRY,
    });
    await until(async () => (await readRun(run.id)).counts.running === 2);
    const stub = coordinator(run.id);
    // The consumers holding these two units "die": their leases lapse.
    const lapsed = await runInDurableObject(stub, (_instance, state) => {
      const rows = state.storage.sql
        .exec<{ unit: string; attempt: number }>("SELECT unit, attempt FROM units WHERE state = 'running'")
        .toArray();
      state.storage.sql.exec("UPDATE units SET lease_until = 0 WHERE state = 'running'");
      return rows;
    });
    expect(lapsed).toHaveLength(2);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const resent = await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql
        .exec<{ attempt: number }>("SELECT attempt FROM units WHERE unit IN (?, ?)", lapsed[0].unit, lapsed[1].unit)
        .toArray(),
    );
    for (const r of resent) expect(r.attempt).toBe(2);
    const done = await waitForRun(run.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ done: 4, scored: 4 });
    const samples = await samplesOf(run.id);
    expect(samples.map((s) => s.unit).sort()).toEqual([...new Set(samples.map((s) => s.unit))].sort());
    expect(samples).toHaveLength(4);
  });
});

describe("secrets", () => {
  const key = () => env.TEST_PROVIDER_API_KEY;

  async function everythingStored(): Promise<string> {
    const tables = ["runs", "run_samples", "leaderboard_entries", "leaderboard_samples"];
    let text = "";
    for (const t of tables) text += JSON.stringify((await env.DB.prepare(`SELECT * FROM ${t}`).all()).results);
    let cursor: string | undefined;
    do {
      const page = await env.DATASETS.list({ prefix: "runs/", cursor });
      for (const o of page.objects) text += await (await env.DATASETS.get(o.key))!.text();
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    const cache = await env.DATASETS.list({ prefix: "cache/" });
    for (const o of cache.objects) text += await (await env.DATASETS.get(o.key))!.text();
    return text;
  }

  it("the key named by api_key reaches the provider and nothing else: rows, objects, responses, events", async () => {
    const dataset = await fixtureDataset(DATASET);
    const ok = await waitForRun(
      (
        await startRun({
          dataset,
          model: loopback("keyed:a"),
          api_key: "TEST_PROVIDER_API_KEY",
          languages: ["go"],
          retry: FAST_RETRY,
        })
      ).id,
    );
    expect(ok.counts.scored).toBe(4);
    // A provider that echoes the key in its error: the stored reason is redacted.
    const echoed = await waitForRun(
      (
        await startRun({
          dataset,
          model: loopback("reject:a"),
          api_key: "TEST_PROVIDER_API_KEY",
          languages: ["go"],
          retry: FAST_RETRY,
        })
      ).id,
    );
    expect(echoed.counts.error).toBe(4);
    const samples = await samplesOf(echoed.id);
    expect(samples[0].error).toMatch(/401.*\[redacted\]/);
    let responses = "";
    for (const path of [
      `/v1/runs/${ok.id}`,
      `/v1/runs/${echoed.id}`,
      `/v1/runs/${echoed.id}/samples`,
      `/v1/runs/${ok.id}/results`,
      "/v1/runs",
      `/v1/runs/${ok.id}/events`,
      `/v1/runs/${ok.id}/scores.json`,
    ]) {
      responses += await (await get(path)).text();
    }
    expect(responses).toContain("TEST_PROVIDER_API_KEY");
    expect(responses).not.toContain(key());
    expect(await everythingStored()).not.toContain(key());
  });

  it("only *_API_KEY secrets can be named, and a missing one is a 422 before anything runs", async () => {
    const dataset = await fixtureDataset(DATASET);
    for (const api_key of ["ADMIN_TOKEN", "DB", "test_api_key"]) {
      const res = await post("/v1/runs", { dataset, model: loopback("instant:x"), api_key }, ADMIN);
      expect(res.status).toBe(422);
      expect(await res.text()).not.toContain("test-admin-token");
    }
    const missing = await post(
      "/v1/runs",
      { dataset, model: loopback("instant:x"), api_key: "MISSING_API_KEY" },
      ADMIN,
    );
    expect(missing.status).toBe(422);
    expect((await missing.json<any>()).detail).toMatch(/MISSING_API_KEY is not set/);
  });
});

describe("bad requests", () => {
  it("answer 4xx in the problem envelope", async () => {
    const dataset = await fixtureDataset(DATASET);
    const cases: [unknown, Record<string, string>, number][] = [
      [{ dataset, model: "baseline:oracle" }, {}, 401],
      [{ dataset, model: "gpt-4o" }, ADMIN, 422],
      [{ dataset, model: "baseline:psychic" }, ADMIN, 422],
      [{ dataset, model: "openai-compatible:m@ftp://x" }, ADMIN, 422],
      [{ dataset, model: "openai-compatible:m@http://user:pw@host/v1" }, ADMIN, 422],
      [{ dataset: "no-such-dataset", model: "baseline:oracle" }, ADMIN, 404],
      [{ dataset, model: "baseline:oracle", benchmark: "nope" }, ADMIN, 422],
      [{ dataset, model: "baseline:oracle", languages: ["cobol"] }, ADMIN, 422],
      [{ dataset, model: "baseline:oracle", options: { scoring_mode: "lenient" } }, ADMIN, 422],
      [{ dataset, model: "baseline:oracle", options: { context_size: 4096 } }, ADMIN, 422],
      [{ dataset, model: "baseline:oracle", concurrency: 0 }, ADMIN, 400],
      [{ dataset, model: "baseline:oracle", surprise: 1 }, ADMIN, 400],
      [{ dataset, model: "baseline:oracle", limit: 3, publish: true }, ADMIN, 422],
      ["{not json", ADMIN, 400],
    ];
    for (const [body, headers, status] of cases) {
      const res = await post("/v1/runs", body, headers);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    }
    expect((await get("/v1/runs/not-a-run")).status).toBe(400);
    expect((await get("/v1/runs/run-20200101000000-0000000000")).status).toBe(404);
    expect((await post("/v1/runs/run-20200101000000-0000000000/cancel", {}, ADMIN)).status).toBe(404);
    expect(
      (
        await SELF.fetch(`${BASE}/v1/runs`, {
          method: "POST",
          headers: { ...ADMIN, "content-type": "application/json" },
          body: "x".repeat(8 * 1024 * 1024 + 1),
        })
      ).status,
    ).toBe(413);
  });
});

describe("units that cannot be processed", () => {
  it("are retried, then recorded as internal errors instead of looping forever", async () => {
    const dataset = await fixtureDataset("runs-broken");
    // Lose the go repository's stored objects: its tasks can no longer be prompted.
    const objects = await env.DATASETS.list({ prefix: `datasets/${dataset}/` });
    const go = objects.objects.filter((o) => o.key.includes("copperkettle"));
    expect(go.length).toBeGreaterThan(0);
    await env.DATASETS.delete(go.map((o) => o.key));
    const done = await waitForRun(
      (await startRun({ dataset, model: "baseline:oracle", languages: ["go"] })).id,
      45_000,
    );
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ error: 4, scored: 0 });
    for (const s of await samplesOf(done.id))
      expect(s.error).toMatch(/^internal: A stored part of this dataset is missing/);
  }, 60_000);

  it("a unit no consumer ever finishes is given up after six sends", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await startRun({ dataset, model: loopback("hang:giveup"), limit: 1, retry: { timeoutMs: 600_000 } });
    const stub = coordinator(run.id);
    await until(async () => (await readRun(run.id)).counts.running === 1);
    // Six sends whose consumers all vanished: the lease lapses each time.
    await runInDurableObject(stub, (_i, state) =>
      state.storage.sql.exec("UPDATE units SET attempt = 6, lease_until = 0"),
    );
    await runDurableObjectAlarm(stub);
    const done = await waitForRun(run.id);
    expect(done.counts).toMatchObject({ error: 1, done: 1 });
    expect((await samplesOf(run.id))[0].error).toMatch(/no consumer finished it in 6 attempts/);
    await post(`/v1/runs/${run.id}/cancel`, {}, ADMIN);
  });
});
