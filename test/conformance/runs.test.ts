/**
 * An answer scored over HTTP and the same answer inside a run get the same verdict, for every
 * benchmark: a run goes through the real path (queue, consumer, R2, D1) with a built-in baseline or
 * the loopback model, then each stored sample's output is sent to POST /v1/score (and the batch
 * form) and the verdicts compared field by field; the prompt endpoint's prompt_sha256 and token
 * count equal the sample's.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allBenchmarks } from "../../src/benchmarks/registry";
import { outputKey } from "../../src/core/runs/store";
import { get, post } from "../helpers";
import { loopback, samplesOf, startRun, waitForRun } from "../runs/helpers";
import { FIXTURES, promptPath } from "./helpers";

/** Models whose answers mix passes and failures where a baseline can (bm25, the interpreter on lines removed, a real model call). */
const MODELS: Record<string, string[]> = {
  "repoqa-snf": ["baseline:bm25", "instant"],
  "lexical-recall": ["baseline:oracle", "instant"],
  "cruxeval-o": ["baseline:interpreter", "instant"],
  semtrace: ["baseline:interpreter", "instant"],
  "sensitivity-semtrace": ["baseline:interpreter"],
  // The fixture suite is built without python3: no interpreter answers for CRUXEval variants.
  "sensitivity-cruxeval-o": ["baseline:oracle", "baseline:empty"],
  longcodeu: ["baseline:oracle", "baseline:empty", "instant"],
  "toy-recall": ["baseline:oracle", "baseline:empty"],
};

describe.each(allBenchmarks().map((b) => [b.id, b.datasetKind] as const))("%s", (id, kind) => {
  it("every sample of a run gets the same verdict over HTTP", async () => {
    const models = MODELS[id];
    expect(models, `no run models for ${id}`).toBeDefined();
    const dataset = await FIXTURES[kind]();
    let compared = 0;
    const passes = new Set<boolean>();
    for (const model of models) {
      const spec = model === "instant" ? loopback(`instant:conf-${id}`) : model;
      const run = await waitForRun(
        (await startRun({ benchmark: id, dataset, model: spec, concurrency: 8, limit: 12, cache: false })).id,
        60_000,
      );
      expect(run.status, model).toBe("completed");
      const options = run.receipt.options as Record<string, unknown>;
      const samples = (await samplesOf(run.id)).filter((s) => s.status === "scored");
      expect(samples.length, model).toBeGreaterThan(0);
      const answers: { unit: string; answer: string }[] = [];
      for (const s of samples) {
        const stored = await (await env.DATASETS.get(outputKey(run.id, s.unit)))!.json<{ output: string }>();
        answers.push({ unit: s.unit, answer: stored.output });
        const res = await post("/v1/score", { benchmark: id, dataset, unit: s.unit, answer: stored.output, options });
        expect(res.status, await res.clone().text()).toBe(200);
        const http = await res.json<any>();
        expect(
          { passed: http.passed, score: http.score, detail: http.detail, task: http.task, language: http.language },
          `${model} ${s.unit}`,
        ).toEqual({
          passed: s.passed,
          score: s.score,
          detail: s.detail,
          task: s.taskId,
          language: s.language,
        });
        expect(http.options).toEqual(options);
        passes.add(s.passed);
        compared++;
      }
      const batch = await (await post("/v1/score/batch", { benchmark: id, dataset, options, answers })).json<any>();
      expect(
        batch.results.map((r: any) => [r.unit, r.passed, r.score]),
        model,
      ).toEqual(samples.map((s) => [s.unit, s.passed, s.score]));
      // What the prompt endpoint shows is what the run sent (prefill `assistant`, no system message).
      const first = samples[0];
      const prompt = await (
        await get(`${promptPath(id, dataset, first.unit)}?options=${encodeURIComponent(JSON.stringify(options))}`)
      ).json<any>();
      expect(prompt.prompt_sha256, model).toBe(first.promptSha256);
      if (model.startsWith("baseline:")) expect(prompt.prompt_tokens).toBe(first.promptTokens);
      expect(prompt.max_tokens).toBe((run.receipt.parameters as { max_tokens: number }).max_tokens);
    }
    expect(compared).toBeGreaterThan(0);
    // Both verdicts occur across the models, so agreement is not only on passes.
    expect([...passes].sort()).toEqual([false, true]);
  });
});
