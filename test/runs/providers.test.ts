import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RunConfig } from "../../src/core/runs/config";
import { generate } from "../../src/core/runs/generate";
import { modelLimits, parseModelSpec, readApiKey } from "../../src/core/runs/models";
import { API_KEY_NAME } from "../../src/lib/patterns";
import { DEFAULT_RETRY } from "../../src/core/runs/retry";
import { fixtureDataset, samplesOf, startRun, waitForRun } from "./helpers";

function configFor(spec: string, overrides: Partial<RunConfig> = {}): RunConfig {
  const model = parseModelSpec(spec);
  return {
    id: "run-20260101000000-0000000000",
    benchmark: "repoqa-snf",
    datasetId: "d",
    datasetSha256: "0".repeat(64),
    model,
    apiKeyName: null,
    parameters: { temperature: 0, max_tokens: 1024, seed: 3, system_message: null },
    limits: modelLimits(model),
    options: {},
    concurrency: 1,
    tokenBudget: null,
    retry: DEFAULT_RETRY,
    cache: true,
    publish: false,
    price: null,
    ...overrides,
  };
}

describe("model specs", () => {
  it("parses and normalises the three providers", () => {
    expect(parseModelSpec("workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct")).toMatchObject({
      provider: "workers-ai",
      modelId: "@cf/qwen/qwen2.5-coder-32b-instruct",
      label: "@cf/qwen/qwen2.5-coder-32b-instruct",
      limiterKey: "workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct",
    });
    expect(parseModelSpec("openai-compatible:org/model@v2@https://api.example.com/v1/")).toMatchObject({
      spec: "openai-compatible:org/model@v2@https://api.example.com/v1",
      modelId: "org/model@v2",
      baseUrl: "https://api.example.com/v1",
      label: "org/model@v2",
    });
    expect(parseModelSpec("baseline:bm25")).toMatchObject({ provider: "baseline", modelId: "bm25", limiterKey: null });
  });

  it("knows Workers AI windows smaller than upstream and takes overrides", () => {
    expect(modelLimits(parseModelSpec("workers-ai:@cf/meta/llama-3.3-70b-instruct-fp8-fast")).contextWindow).toBe(
      24_000,
    );
    expect(modelLimits(parseModelSpec("workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct")).contextWindow).toBe(32_768);
    expect(
      modelLimits(parseModelSpec("openai-compatible:m@http://127.0.0.1:1/v1"), { contextWindow: 8192 }).contextWindow,
    ).toBe(8192);
  });

  it("reads only *_API_KEY secrets, by name", () => {
    expect(API_KEY_NAME.test("OPENROUTER_API_KEY")).toBe(true);
    expect(API_KEY_NAME.test("ADMIN_TOKEN")).toBe(false);
    expect(readApiKey({ X_API_KEY: "k" }, "X_API_KEY")).toBe("k");
    expect(readApiKey({}, null)).toBeUndefined();
    expect(() => readApiKey({ ADMIN_TOKEN: "t" }, "ADMIN_TOKEN")).toThrow(/must name/);
    expect(() => readApiKey({}, "X_API_KEY")).toThrow(/not set/);
  });
});

describe("Workers AI through workers-ai-provider", () => {
  it("calls the binding with the model, the messages (system first), temperature and max_tokens", async () => {
    const calls: { model: string; inputs: any }[] = [];
    const AI = {
      async run(model: string, inputs: any) {
        calls.push({ model, inputs });
        return { response: "```python\ndef f():\n    pass\n```", usage: { prompt_tokens: 120, completion_tokens: 9 } };
      },
    } as unknown as Ai;
    const config = configFor("workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct", {
      parameters: { temperature: 0, max_tokens: 1024, seed: 3, system_message: "Be terse." },
    });
    const out = await generate(
      { ...env, AI },
      config,
      [{ role: "user", content: "find it" }],
      new AbortController().signal,
    );
    expect(out).toMatchObject({ text: expect.stringContaining("def f()"), usage: { prompt: 120, completion: 9 } });
    expect(calls).toHaveLength(1);
    expect(calls[0].model).toBe("@cf/qwen/qwen2.5-coder-32b-instruct");
    expect(calls[0].inputs).toMatchObject({ max_tokens: 1024, temperature: 0 });
    // workers-ai-provider 4.0.0 drops the seed; the registry says so and receipts record seed_applied: false.
    expect(calls[0].inputs.random_seed).toBeUndefined();
    expect(config.limits.seed).toBe(false);
    expect(calls[0].inputs.messages).toEqual([
      { role: "system", content: "Be terse." },
      { role: "user", content: "find it" },
    ]);
  });

  it("offline, a Workers AI run records the binding's failure as errors, not wrong answers", async () => {
    const dataset = await fixtureDataset("runs-providers");
    const done = await waitForRun(
      (
        await startRun({
          dataset,
          model: "workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct",
          languages: ["go"],
          retry: { maxAttempts: 1 },
        })
      ).id,
    );
    expect(done.counts).toMatchObject({ error: 4, scored: 0 });
    for (const s of await samplesOf(done.id)) expect(s.error).toBeTruthy();
  });
});
