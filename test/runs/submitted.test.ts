/**
 * Runs from submitted outputs (POST /v1/runs with `outputs`): no model is called, every sample gets
 * exactly the verdict POST /v1/score gives that output, the receipt names the source and the
 * submission's sha256, and a unit the dataset lacks is a 422 that stores nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { outputKey } from "../../src/runs/store";
import { submittedKey } from "../../src/runs/submitted";
import { longcodeuDataset } from "../longcodeu/helpers";
import { ADMIN, get, post } from "../helpers";
import { fixtureDataset, samplesOf, startRun, waitForRun } from "./helpers";

type Output = { unit: string; output: string };

/** The outputs of a finished baseline run, as a harness would hand them back. */
async function outputsOf(runId: string): Promise<Output[]> {
  const out: Output[] = [];
  for (const s of await samplesOf(runId)) {
    const stored = await (await env.DATASETS.get(outputKey(runId, s.unit)))!.json<{ output: string }>();
    out.push({ unit: s.unit, output: stored.output });
  }
  return out;
}

const sha256 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, "0")).join("");

const runCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM runs").first<{ n: number }>())!.n;

/** Submits `outputs`, waits, and checks every sample against POST /v1/score for the same output. */
async function submitAndCompare(benchmark: string, dataset: string, outputs: Output[], extra: Record<string, unknown> = {}) {
  const run = await startRun({ benchmark, dataset, model: "my-harness", outputs, concurrency: 16, ...extra });
  expect(run.model).toBe("submitted:my-harness");
  expect(run.label).toBe("my-harness");
  expect(run.units).toBe(outputs.length);
  const done = await waitForRun(run.id);
  expect(done.status).toBe("completed");
  expect(done.model_calls).toBe(0);
  expect(done.counts).toMatchObject({ scored: outputs.length, error: 0 });
  expect(done.receipt).toMatchObject({ source: "submitted outputs", outputs_sha256: await sha256(JSON.stringify(outputs)), outputs: outputs.length });
  const samples = await samplesOf(run.id);
  expect(samples.map((s) => s.unit).sort()).toEqual(outputs.map((o) => o.unit).sort());
  const options = (done.receipt as { options: Record<string, unknown> }).options;
  const passes = new Set<boolean>();
  for (const s of samples) {
    const output = outputs.find((o) => o.unit === s.unit)!.output;
    const res = await post("/v1/score", { benchmark, dataset, unit: s.unit, answer: output, options });
    expect(res.status, await res.clone().text()).toBe(200);
    const http = await res.json<any>();
    expect({ passed: s.passed, score: s.score, detail: s.detail }, s.unit).toEqual({ passed: http.passed, score: http.score, detail: http.detail });
    passes.add(s.passed);
  }
  // Both verdicts occur, so the agreement is not only on passes.
  expect([...passes].sort()).toEqual([false, true]);
  return done;
}

describe("a run from submitted outputs scores each as POST /v1/score does", () => {
  it("RepoQA: every unit of the dataset (bm25's answers, some blanked or mangled), publishable", async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const bm25 = await waitForRun((await startRun({ dataset, model: "baseline:bm25", concurrency: 16 })).id);
    const outputs = (await outputsOf(bm25.id)).map((o, i) => ({ unit: o.unit, output: i % 4 === 3 ? "" : i % 4 === 2 ? `\`\`\`python\n${o.output.slice(0, 40)}\n` : o.output }));
    const done = await submitAndCompare("repoqa-snf", dataset, outputs.reverse(), { publish: true });
    expect(done.receipt.filters).toEqual({ languages: null, limit: null });
    const entries = await (await get(`/v1/leaderboard?dataset=${dataset}`)).json<any>();
    const row = entries.rows.find((r: any) => r.model === "my-harness");
    expect(row?.receipt?.source).toBe("submitted outputs");
    // An ordinary run: paired with the run whose answers it mostly reuses, and marked where runs and entries are shown.
    const compared = await (await get(`/v1/compare?a=${done.id}&b=${bm25.id}`)).json<any>();
    expect(compared.n_paired).toBe(16);
    for (const page of [`/runs/${done.id}`, "/runs", `/?dataset=${dataset}`]) expect(await (await get(page)).text(), page).toContain("scored from submitted outputs");
    expect(await (await get(`/runs/${bm25.id}`)).text()).not.toContain("scored from submitted outputs");
  });

  it("LongCodeU: part of the dataset (oracle answers and empty ones), not published", async () => {
    const dataset = await longcodeuDataset("runs-submitted-lcu");
    const oracle = await waitForRun((await startRun({ benchmark: "longcodeu", dataset, model: "baseline:oracle", concurrency: 16 })).id);
    const all = await outputsOf(oracle.id);
    const outputs = all.slice(0, Math.max(4, Math.floor(all.length / 2))).map((o, i) => (i % 2 ? { unit: o.unit, output: "" } : o));
    const done = await submitAndCompare("longcodeu", dataset, outputs);
    expect(done.receipt.filters).toMatchObject({ units: outputs.length });
    const publish = await post(`/v1/runs/${done.id}/publish`, {}, ADMIN);
    expect(publish.status).toBe(422);
  });
});

describe("bad submissions store nothing", () => {
  it("a unit the dataset lacks is a 422 naming it; no run row, no stored outputs", async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const before = await runCount();
    const listed = await env.DATASETS.list({ prefix: "runs/" });
    const res = await post("/v1/runs", { dataset, model: "my-harness", outputs: [{ unit: "python::nowhere::nothing@2048@0", output: "x" }, { unit: "also-missing", output: "" }], publish: false }, ADMIN);
    expect(res.status).toBe(422);
    const problem = await res.json<any>();
    expect(problem.detail).toContain('"python::nowhere::nothing@2048@0"');
    expect(problem.detail).toContain('"also-missing"');
    expect(problem.unknown_units).toEqual(["python::nowhere::nothing@2048@0", "also-missing"]);
    expect(await runCount()).toBe(before);
    const after = await env.DATASETS.list({ prefix: "runs/" });
    expect(after.objects.filter((o) => o.key.endsWith("/submitted.json")).length).toBe(listed.objects.filter((o) => o.key.endsWith("/submitted.json")).length);
  });

  it("duplicates, filters, oversize outputs, too many outputs and a submitted: spec without outputs are 4xx", async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const unit = (await (await get(`/v1/benchmarks/repoqa-snf/datasets/${dataset}/units?limit=1`)).json<any>()).units[0].unit;
    const before = await runCount();
    const send = (body: Record<string, unknown>) => post("/v1/runs", { dataset, model: "my-harness", publish: false, ...body }, ADMIN);
    const twice = await send({ outputs: [{ unit, output: "a" }, { unit, output: "b" }] });
    expect(twice.status).toBe(422);
    expect((await twice.json<any>()).detail).toContain(unit);
    expect((await send({ outputs: [{ unit, output: "a" }], languages: ["python"] })).status).toBe(422);
    expect((await send({ outputs: [{ unit, output: "x".repeat(64 * 1024 + 1) }] })).status).toBe(413);
    expect((await send({ outputs: Array.from({ length: 5001 }, (_, i) => ({ unit: `u${i}`, output: "" })) })).status).toBe(400);
    expect((await send({ outputs: [] })).status).toBe(400);
    expect((await send({ model: "submitted:my-harness" })).status).toBe(422);
    expect(await runCount()).toBe(before);
    expect(await env.DATASETS.get(submittedKey("run-00000000000000-0000000000"))).toBeNull();
  });
});
