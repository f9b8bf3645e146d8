/**
 * A run's exports for every benchmark (src/core/runs/export.ts, src/routes/runs/): the per-sample JSONL
 * (`outputs.jsonl?format=samples`) checked line by line against the stored samples and their R2
 * outputs, what `outputs.jsonl` answers without a format, the run as inspect_ai's log
 * (`log?format=inspect`: its samples made from those lines, its results from their verdicts; its
 * schema is checked against inspect_ai's in test/cli/promptfoo.test.ts, where ajv can compile it),
 * the results' fields per family (and every answer about a run checked against the OpenAPI
 * document's schemas with ajv: POST /v1/runs, the run, its results, samples, re-score and events,
 * the runs list), the file names (no `:`), and a 10,000-sample run streamed a part
 * at a time in unit order.
 */
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allBenchmarks, getBenchmark } from "../../src/benchmarks/registry";
import { inspectLogSample } from "../../src/core/harnesses/inspect-log";
import { exportNames, inspectLogName } from "../../src/core/runs/export-names";
import { outputKey } from "../../src/core/runs/store";
import { FIXTURES } from "../conformance/helpers";
import { ADMIN, BASE, get, post } from "../helpers";
import { syntheticRunSql, syntheticSample } from "../page/runs-fixtures";
import { openApiValidator, samplesOf, startRun, waitForRun } from "./helpers";

const lines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l)
    .map((l) => JSON.parse(l));

/** A finished run of `id` on its fixture: the oracle where it has one (else empty answers), a few units. */
async function finishedRun(id: string, label: string) {
  const benchmark = getBenchmark(id);
  const dataset = await FIXTURES[benchmark.datasetKind]();
  const model = benchmark.baselines.includes("oracle") ? "baseline:oracle" : "baseline:empty";
  return waitForRun((await startRun({ benchmark: id, dataset, model, label, limit: 6, concurrency: 6 })).id, 60_000);
}

describe.each(allBenchmarks().map((b) => b.id))("%s", (id) => {
  it("outputs.jsonl?format=samples: one line per sample, in unit order, with its output, verdict and dataset keys", async () => {
    const label = `export:${id}/1`;
    const run = await finishedRun(id, label);
    const res = await get(`/v1/runs/${run.id}/outputs.jsonl?format=samples`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="export_${id}_slash_1-samples.jsonl"`);
    const got = lines(await res.text());
    const samples = await samplesOf(run.id);
    expect(samples.length).toBeGreaterThan(0);
    expect(got.map((l) => l.unit)).toEqual(samples.map((s) => s.unit));
    for (const [i, s] of samples.entries()) {
      const stored = s.outputKey
        ? await (await env.DATASETS.get(outputKey(run.id, s.unit)))!.json<{ output: string; finish_reason: string }>()
        : null;
      const { attempts: _, ...detail } = s.detail ?? {};
      expect(got[i]).toEqual({
        run: run.id,
        unit: s.unit,
        task_id: s.taskId,
        language: s.language,
        position: s.position,
        context_size: s.contextSize,
        status: s.status,
        output: stored?.output ?? null,
        finish_reason: stored?.finish_reason ?? null,
        verdict: s.status === "scored" ? { passed: s.passed, score: s.score, detail } : null,
        error: s.error,
        attempts: null,
        prompt_sha256: s.promptSha256,
        prompt_tokens: s.promptTokens,
        completion_tokens: s.completionTokens,
        cached: s.cached,
        calls: s.calls,
        latency_ms: s.latencyMs,
        scorer_version: s.scorerVersion,
        finished_at: s.finishedAt,
      });
    }
    // Paging: `limit` and `after` cut the same lines.
    const first = lines(await (await get(`/v1/runs/${run.id}/outputs.jsonl?format=samples&limit=2`)).text());
    const rest = lines(
      await (
        await get(`/v1/runs/${run.id}/outputs.jsonl?format=samples&after=${encodeURIComponent(first[1].unit)}`)
      ).text(),
    );
    expect([...first, ...rest]).toEqual(got);

    // Without a format: the reference's file where the benchmark has one, else the same lines.
    const byDefault = await get(`/v1/runs/${run.id}/outputs.jsonl`);
    expect(byDefault.status).toBe(200);
    if (getBenchmark(id).referenceFiles) {
      expect(byDefault.headers.get("content-disposition")).toBe(`attachment; filename="export_${id}_slash_1.jsonl"`);
      expect(lines(await byDefault.text())[0]).toHaveProperty("code_context");
    } else {
      expect(byDefault.headers.get("content-disposition")).toBe(
        `attachment; filename="export_${id}_slash_1-samples.jsonl"`,
      );
      expect(lines(await byDefault.text())).toEqual(got);
      const reference = await get(`/v1/runs/${run.id}/outputs.jsonl?format=reference`);
      expect(reference.status).toBe(422);
    }

    // inspect_ai's log: the same samples (the export's view of each), the results their verdicts give.
    const logRes = await get(`/v1/runs/${run.id}/log?format=inspect`);
    expect(logRes.status).toBe(200);
    expect(logRes.headers.get("content-type")).toMatch(/^application\/json/);
    expect(logRes.headers.get("content-disposition")).toBe(
      `attachment; filename="${inspectLogName({ id: run.id, benchmark: id, createdAt: String(run.created_at) })}"`,
    );
    const log = await logRes.json<any>();
    const row = { benchmark: id, datasetId: String(run.receipt.dataset), model: String(run.receipt.model) };
    expect(log.samples).toEqual(got.map((line) => inspectLogSample(row, line)));
    expect(Object.keys(log).indexOf("results")).toBeLessThan(Object.keys(log).indexOf("samples"));
    const scored = got.filter((l) => l.verdict);
    expect(log).toMatchObject({
      version: 2,
      status: "success",
      eval: { task: `needlework/${id}`, run_id: run.id, model: row.model, dataset: { samples: got.length } },
    });
    expect(log.results.scores.map((s: any) => [s.name, s.scorer, s.scored_samples, s.unscored_samples])).toEqual([
      ["passed", "needlework", scored.length, got.length - scored.length],
      ["score", "needlework", scored.length, got.length - scored.length],
    ]);
    expect(log.results.scores[0].metrics.accuracy.value).toBeCloseTo(
      scored.filter((l) => l.verdict.passed).length / scored.length,
      12,
    );
    expect(log.results.scores[1].metrics.mean.value).toBeCloseTo(
      scored.reduce((a, l) => a + l.verdict.score, 0) / scored.length,
      12,
    );
    // In parts, as the samples export pages: the same header, the samples cut by `limit` and `after`.
    const part1 = await (await get(`/v1/runs/${run.id}/log?format=inspect&limit=2`)).json<any>();
    const part2 = await (
      await get(`/v1/runs/${run.id}/log?format=inspect&after=${encodeURIComponent(part1.samples.at(-1).id)}`)
    ).json<any>();
    expect([...part1.samples, ...part2.samples]).toEqual(log.samples);
    expect(part1.samples.length).toBe(Math.min(2, got.length));
    expect(part2.results).toEqual(log.results);
    // The log is the only format, and a run that does not exist is a 404 like every export's.
    expect((await get(`/v1/runs/${run.id}/log`)).status).toBe(200);
    expect((await get(`/v1/runs/${run.id}/log?format=eval`)).status).toBe(400);
    expect((await get(`/v1/runs/${run.id}/log?format=inspect&limit=0`)).status).toBe(400);
    expect((await get(`/v1/runs/run-20990101000000-0000000000/log?format=inspect`)).status).toBe(404);
  });

  it("results carry the benchmark's own fields: the threshold sweep and depth table only where it sweeps a threshold; every answer about the run is what the OpenAPI document says", async () => {
    const benchmark = getBenchmark(id);
    const openapi = await openApiValidator();
    const created = await startRun({
      benchmark: id,
      dataset: await FIXTURES[benchmark.datasetKind](),
      model: benchmark.baselines.includes("oracle") ? "baseline:oracle" : "baseline:empty",
      label: `results-${id}`,
      limit: 6,
      concurrency: 6,
    });
    openapi.response("post", "/v1/runs", 202, created);
    const run = await waitForRun(created.id, 60_000);
    const res = await get(`/v1/runs/${run.id}/results`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="results-${id}-results.json"`);
    const results = await res.json<any>();
    openapi.response("get", "/v1/runs/{id}/results", 200, results);
    openapi.response("get", "/v1/runs/{id}", 200, run);
    openapi.response("get", "/v1/runs/{id}/samples", 200, await (await get(`/v1/runs/${run.id}/samples`)).json());
    openapi.response("get", "/v1/runs", 200, await (await get("/v1/runs?limit=5")).json());
    const rescored = await post(`/v1/runs/${run.id}/rescore`, { options: {} }, ADMIN);
    expect(rescored.status).toBe(200);
    openapi.response("post", "/v1/runs/{id}/rescore", 200, await rescored.json());
    // The events of a finished run: its progress, then done, each a RunProgress.
    const events = [...(await (await get(`/v1/runs/${run.id}/events`)).text()).matchAll(/^data: (.*)$/gm)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) openapi.component("RunProgress", e);
    // The schemas can fail: another benchmark's results, a run without its counts.
    const other = allBenchmarks().find(
      (b) =>
        b.id !== id &&
        (Boolean(b.thresholdSweep) !== Boolean(benchmark.thresholdSweep) ||
          Boolean(b.summarize) !== Boolean(benchmark.summarize)),
    );
    if (other)
      expect(() => openapi.response("get", "/v1/runs/{id}/results", 200, { ...results, benchmark: other.id })).toThrow(
        /must/,
      );
    expect(() =>
      openapi.response("get", "/v1/runs/{id}/results", 200, { ...results, benchmark: "no-such-benchmark" }),
    ).toThrow();
    const { counts: _c, ...uncounted } = run;
    expect(() => openapi.response("get", "/v1/runs/{id}", 200, uncounted)).toThrow(/counts/);
    expect(results).toMatchObject({
      run: run.id,
      benchmark: id,
      label: `results-${id}`,
      samples: run.counts.done,
      scored: run.counts.scored,
      errors: run.counts.error,
      context_exceeded: run.counts.context_exceeded,
    });
    const shared = [
      "run",
      "benchmark",
      "model",
      "label",
      "status",
      "samples",
      "scored",
      "errors",
      "context_exceeded",
      "receipt",
    ];
    const own = [
      ...(benchmark.thresholdSweep
        ? ["threshold", "thresholds", "pass_at_1", "by_depth"]
        : benchmark.leaderboard?.passRates === false
          ? []
          : ["pass_at_1"]),
      ...(benchmark.summarize ? ["summary"] : []),
    ];
    expect(Object.keys(results).sort()).toEqual([...shared, ...own].sort());
    if (benchmark.thresholdSweep) {
      expect(results.thresholds).toHaveLength(11);
      expect(results.pass_at_1.all[results.threshold]).toMatchObject({
        n: run.counts.scored,
        passed: run.counts.passed,
      });
      expect(results.by_depth.length).toBeGreaterThan(0);
    } else if (own.includes("pass_at_1")) {
      // Its one pass rule: the scorer's passed share, as the run counts it.
      expect(results.pass_at_1.all).toMatchObject({
        n: run.counts.scored,
        passed: run.counts.passed,
        rate: run.counts.passed / run.counts.scored,
      });
      const samples = (await samplesOf(run.id)).filter((s) => s.status === "scored");
      for (const language of new Set(samples.map((s) => s.language))) {
        const of = samples.filter((s) => s.language === language);
        expect(results.pass_at_1[language]).toMatchObject({ n: of.length, passed: of.filter((s) => s.passed).length });
      }
    }
  });
});

describe("runs from submitted outputs, against the OpenAPI document", () => {
  it("in one body and in parts (receiving, then running): POST /v1/runs, the run and its publication are what the document says", async () => {
    const openapi = await openApiValidator();
    const dataset = await FIXTURES["repoqa-snf"]();
    const units = (
      await (
        await get(`/v1/benchmarks/repoqa-snf/datasets/${dataset}/units?limit=100`)
      ).json<{ units: { unit: string }[] }>()
    ).units.map((u) => ({ unit: u.unit, output: "" }));
    // The whole dataset: a run that can be published.
    const submitted = await startRun({ benchmark: "repoqa-snf", dataset, model: "schema-check", outputs: units });
    expect(submitted.receipt).toMatchObject({
      source: "submitted outputs",
      outputs: units.length,
      outputs_sha256: expect.any(String),
    });
    openapi.response("post", "/v1/runs", 202, submitted);
    openapi.response("get", "/v1/runs/{id}", 200, await waitForRun(submitted.id));
    const published = await post(`/v1/runs/${submitted.id}/publish`, {}, ADMIN);
    expect(published.status).toBe(200);
    openapi.response("post", "/v1/runs/{id}/publish", 200, await published.json());
    const receiving = await startRun({ benchmark: "repoqa-snf", dataset, model: "schema-check", parts: 2 });
    expect(receiving).toMatchObject({ status: "receiving", parts: { expected: 2, received: [] } });
    openapi.response("post", "/v1/runs", 202, receiving);
    const res = await SELF.fetch(`${BASE}/v1/runs/${receiving.id}/outputs/1`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...ADMIN },
      body: JSON.stringify({ outputs: units.slice(0, 2) }),
    });
    expect(res.status).toBe(201);
    openapi.response("get", "/v1/runs/{id}", 200, await (await get(`/v1/runs/${receiving.id}`)).json());
  });
});

describe("what sweeps a threshold, and the exports' names", () => {
  it("only RepoQA's results sweep thresholds (SemTrace's pass on exact match, LongCodeU's are graded)", () => {
    expect(
      allBenchmarks()
        .filter((b) => b.thresholdSweep)
        .map((b) => b.id),
    ).toEqual(["repoqa-snf"]);
    expect(
      allBenchmarks()
        .filter((b) => b.leaderboard?.passRates === false)
        .map((b) => b.id),
    ).toEqual(["longcodeu"]);
  });

  it("every export of a RepoQA run is named after its label with no `:`", async () => {
    const run = await finishedRun("repoqa-snf", "org/coder:7b instruct");
    const base = "org_slash_coder_7b_instruct";
    for (const [path, name] of [
      ["outputs.jsonl", `attachment; filename="${base}.jsonl"`],
      ["outputs.jsonl?format=reference", `attachment; filename="${base}.jsonl"`],
      ["outputs.jsonl?format=samples", `attachment; filename="${base}-samples.jsonl"`],
      ["scores.json", `attachment; filename="${base}-SCORES.json"`],
      ["results", `inline; filename="${base}-results.json"`],
    ]) {
      const res = await get(`/v1/runs/${run.id}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-disposition"), path).toBe(name);
      await res.body?.cancel();
    }
    // The reference's whole file has no parts.
    const paged = await get(`/v1/runs/${run.id}/outputs.jsonl?format=reference&limit=2`);
    expect(paged.status).toBe(400);
    expect((await paged.json<any>()).detail).toBe(
      "after and limit page format=samples only; the reference's file is whole.",
    );
    expect((await get(`/v1/runs/${run.id}/outputs.jsonl?format=csv`)).status).toBe(400);
    expect((await get(`/v1/runs/${run.id}/outputs.jsonl?format=samples&limit=0`)).status).toBe(400);
  });

  it("the OpenAPI document describes the formats, the paging and the file names", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    const outputs = doc.paths["/v1/runs/{id}/outputs.jsonl"].get;
    expect(outputs.parameters.map((p: any) => p.name).sort()).toEqual(["after", "format", "id", "limit"]);
    expect(outputs.parameters.find((p: any) => p.name === "format").schema.enum).toEqual(["reference", "samples"]);
    expect(doc.paths["/v1/runs/{id}/log"].get.parameters.find((p: any) => p.name === "format").schema.enum).toEqual([
      "inspect",
    ]);
    for (const path of [
      "/v1/runs/{id}/outputs.jsonl",
      "/v1/runs/{id}/scores.json",
      "/v1/runs/{id}/results",
      "/v1/runs/{id}/log",
    ]) {
      expect(doc.paths[path].get.responses["200"].headers["Content-Disposition"].description, path).toContain("no `:`");
    }
  });

  it("exportNames: the reference's `_slash_`, then anything a file system or a shell trips on becomes `_`", () => {
    expect(exportNames("baseline:bm25")).toEqual({
      base: "baseline_bm25",
      outputs: "baseline_bm25.jsonl",
      scores: "baseline_bm25-SCORES.json",
      samples: "baseline_bm25-samples.jsonl",
      results: "baseline_bm25-results.json",
    });
    expect(exportNames("qwen/qwen2.5-coder:7b").base).toBe("qwen_slash_qwen2.5-coder_7b");
    expect(exportNames("gpt-4o").base).toBe("gpt-4o");
    expect(exportNames("../up").base).toBe("_._slash_up");
    expect(exportNames("-rf *").base).toBe("_rf__");
    expect(exportNames('a\\b|c?d"e<f>g\te').base).toBe("a_b_c_d_e_f_g_e");
    expect(exportNames("模型").base).toBe("__");
    expect(exportNames("x".repeat(300)).base).toHaveLength(120);
  });
});

describe("a 10,000-sample run", () => {
  it("exports every sample in unit order, sent a part at a time", async () => {
    const id = "run-20261127000000-0000010000";
    const n = 10_000;
    await env.DB.batch(syntheticRunSql(id, n).map((sql) => env.DB.prepare(sql)));
    // Outputs for the first 50 units (the rest have none stored, as errors and overflows have none).
    const units = Array.from({ length: n }, (_, i) => syntheticSample(i).unit).sort();
    for (const unit of units.slice(0, 50)) {
      await env.DATASETS.put(
        outputKey(id, unit),
        JSON.stringify({ output: `answer of ${unit}`, finish_reason: "stop" }),
      );
      await env.DB.prepare("UPDATE run_samples SET output_key = ? WHERE run_id = ? AND unit = ?")
        .bind(outputKey(id, unit), id, unit)
        .run();
    }
    const res = await get(`/v1/runs/${id}/outputs.jsonl?format=samples`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    // The first part is a few lines, not the run.
    const firstText = decoder.decode(first.value, { stream: true });
    expect(firstText.split("\n").length - 1).toBeLessThan(200);
    let text = firstText;
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += decoder.decode(r.value, { stream: true });
    const got = lines(text);
    expect(got).toHaveLength(n);
    expect(got.map((l) => l.unit)).toEqual(units);
    expect(got.slice(0, 50).map((l) => l.output)).toEqual(units.slice(0, 50).map((u) => `answer of ${u}`));
    expect(got.slice(50).every((l) => l.output === null)).toBe(true);
    const byStatus = (status: string) => got.filter((l) => l.status === status).length;
    const expected = Array.from({ length: n }, (_, i) => syntheticSample(i));
    expect(byStatus("error")).toBe(expected.filter((s) => s.status === "error").length);
    expect(got.filter((l) => l.verdict?.passed).length).toBe(expected.filter((s) => s.passed).length);

    // inspect_ai's log of it: every sample, after results counted over all of them.
    const log = await (await get(`/v1/runs/${id}/log?format=inspect`)).json<any>();
    expect(log.samples.map((s: any) => s.id)).toEqual(units);
    expect(log.results.scores[0]).toMatchObject({
      scored_samples: got.filter((l) => l.verdict).length,
      unscored_samples: n - got.filter((l) => l.verdict).length,
    });
    expect(log.samples.filter((s: any) => s.scores?.needlework.value.passed).length).toBe(
      expected.filter((s) => s.passed).length,
    );
  });
});
