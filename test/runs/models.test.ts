import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, modelServer, samplesOf, startRun, waitForRun } from "./helpers";

const DATASET = "runs-models";

async function serverStats() {
  const res = await fetch(modelServer().replace(/\/v1$/, "/__stats"));
  return res.json<{
    requests: Record<string, number>;
    maxInFlight: Record<string, number>;
    authorization: Record<string, string[]>;
    bodies: Record<string, any[]>;
  }>();
}

describe("runs against an OpenAI-compatible model on loopback", () => {
  it("calls the model once per task with the recorded parameters, stores outputs in R2 and a receipt", async () => {
    const dataset = await fixtureDataset(DATASET);
    const model = "instant:basic";
    const run = await startRun({
      dataset,
      model: loopback(model),
      concurrency: 4,
      seed: 7,
      retry: FAST_RETRY,
      price: { input: 1, output: 2 },
    });
    const done = await waitForRun(run.id);
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ scored: 16, error: 0, context_exceeded: 0 });
    expect(done.model_calls).toBe(16);
    expect(done.tokens.completion).toBe(16 * 17);
    expect(done.cost_usd).toBeCloseTo((done.tokens.prompt * 1 + done.tokens.completion * 2) / 1e6, 12);
    const stats = await serverStats();
    expect(stats.requests[model]).toBe(16);
    // temperature 0, max_tokens 1024 always sent, seed when given, no system message
    for (const body of stats.bodies[model])
      expect(body).toMatchObject({ temperature: 0, max_tokens: 1024, seed: 7, message_count: 1 });
    expect(done.receipt).toMatchObject({
      benchmark: "repoqa-snf",
      dataset,
      prompt_template_version: "repoqa-0.1.2",
      scorer_version: expect.stringMatching(/^repoqa-snf\//),
      model: loopback(model),
      parameters: { temperature: 0, max_tokens: 1024, seed: 7, system_message: null },
    });
    expect(done.receipt.dataset_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(done.receipt).toMatchObject({
      parser_runtime: { package: "web-tree-sitter", core: "0.25", input_encoding: "utf-8" },
      grammars: {
        "tree-sitter-python": {
          package: "tree-sitter-python",
          version: expect.any(String),
          sha256: expect.any(String),
        },
      },
    });
    const samples = await samplesOf(done.id);
    const object = await env.DATASETS.get(samples[0].outputKey);
    expect(await object!.json()).toMatchObject({
      unit: samples[0].unit,
      output: expect.stringContaining("def answer"),
    });
    expect(samples[0].promptTokens).toBeGreaterThan(100);
    expect(samples[0].calls).toBe(1);
  });

  it("a second identical run is answered from the response cache: no model calls", async () => {
    const dataset = await fixtureDataset(DATASET);
    const model = "instant:cache";
    const first = await waitForRun(
      (await startRun({ dataset, model: loopback(model), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(first.model_calls).toBe(4);
    const second = await waitForRun(
      (await startRun({ dataset, model: loopback(model), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(second.counts.scored).toBe(4);
    expect(second.model_calls).toBe(0);
    expect(second.cached).toBe(4);
    expect((await serverStats()).requests[model]).toBe(4);
    // Other parameters are another cache entry.
    const third = await waitForRun(
      (await startRun({ dataset, model: loopback(model), languages: ["go"], temperature: 0.5, retry: FAST_RETRY })).id,
    );
    expect(third.model_calls).toBe(4);
    const uncached = await waitForRun(
      (await startRun({ dataset, model: loopback(model), languages: ["go"], cache: false, retry: FAST_RETRY })).id,
    );
    expect(uncached.model_calls).toBe(4);
  });

  it("retries 429 (honouring Retry-After) and 5xx, and counts the calls", async () => {
    const dataset = await fixtureDataset(DATASET);
    const r429 = await waitForRun(
      (await startRun({ dataset, model: loopback("flaky429:a"), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(r429.counts).toMatchObject({ scored: 4, error: 0 });
    expect(r429.model_calls).toBe(8);
    const r500 = await waitForRun(
      (await startRun({ dataset, model: loopback("flaky500:a"), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(r500.counts).toMatchObject({ scored: 4, error: 0 });
    expect(r500.model_calls).toBe(12);
    for (const s of await samplesOf(r500.id)) expect(s.calls).toBe(3);
  });

  it("a provider that keeps failing marks samples `error` with the reason, never a wrong answer", async () => {
    const dataset = await fixtureDataset(DATASET);
    const done = await waitForRun(
      (await startRun({ dataset, model: loopback("down:a"), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(done.status).toBe("completed");
    expect(done.counts).toMatchObject({ scored: 0, error: 4, passed: 0 });
    const samples = await samplesOf(done.id);
    for (const s of samples) {
      expect(s.status).toBe("error");
      expect(s.error).toMatch(/503/);
      expect(s.calls).toBe(FAST_RETRY.maxAttempts);
      expect(s.passed).toBeNull();
    }
    const results = await (await get(`/v1/runs/${done.id}/results`)).json<any>();
    expect(results).toMatchObject({ scored: 0, errors: 4 });
    expect(results.pass_at_1.all).toBeUndefined();
  });

  it("a task that cannot fit is context_exceeded and never sent; a provider's overflow error counts the same", async () => {
    const dataset = await fixtureDataset(DATASET);
    const model = "instant:window";
    const done = await waitForRun(
      (
        await startRun({
          dataset,
          model: loopback(model),
          languages: ["python"],
          model_limits: { contextWindow: 1500 },
          retry: FAST_RETRY,
        })
      ).id,
    );
    expect(done.counts).toMatchObject({ context_exceeded: 8, scored: 0, error: 0 });
    expect((await serverStats()).requests[model]).toBeUndefined();
    for (const s of await samplesOf(done.id)) expect(s.error).toMatch(/exceed the 1500-token window/);
    const provider = await waitForRun(
      (await startRun({ dataset, model: loopback("overflow:a"), languages: ["go"], retry: FAST_RETRY })).id,
    );
    expect(provider.counts).toMatchObject({ context_exceeded: 4, error: 0 });
    expect(provider.model_calls).toBe(4);
  });

  it("two runs against one model share its concurrency limit", async () => {
    const dataset = await fixtureDataset(DATASET);
    const model = "slow-150:shared";
    const limits = { model_limits: { concurrency: 2 }, concurrency: 6, retry: FAST_RETRY };
    const [a, b] = await Promise.all([
      startRun({ dataset, model: loopback(model), ...limits }),
      startRun({ dataset, model: loopback(model), ...limits, temperature: 0.1 }),
    ]);
    await Promise.all([waitForRun(a.id), waitForRun(b.id)]);
    const stats = await serverStats();
    // Every request accounted for: one per unit of each run, plus the failed tries their samples record.
    const retried = (await Promise.all([samplesOf(a.id), samplesOf(b.id)]))
      .flat()
      .reduce((n, s) => n + (s.detail?.attempts?.length ?? 0), 0);
    expect(stats.requests[model]).toBe(32 + retried);
    expect(stats.maxInFlight[model]).toBe(2);
  });

  it("a run never has more than its own concurrency in flight", async () => {
    const dataset = await fixtureDataset(DATASET);
    const model = "slow-120:run-limit";
    const { id } = await startRun({
      dataset,
      model: loopback(model),
      concurrency: 3,
      model_limits: { concurrency: 10 },
      retry: FAST_RETRY,
    });
    await waitForRun(id);
    const stats = await serverStats();
    // One request per unit, plus the failed ones each sample records (a call past FAST_RETRY's
    // timeout on a loaded machine is tried again): every request the server saw is accounted for.
    const retried = (await samplesOf(id)).reduce((n, s) => n + (s.detail?.attempts?.length ?? 0), 0);
    expect(stats.requests[model]).toBe(16 + retried);
    expect(stats.maxInFlight[model]).toBe(3);
  });
});
