/**
 * Runs from submitted outputs (POST /v1/runs with `outputs`): no model is called, every sample gets
 * exactly the verdict POST /v1/score gives that output, the receipt names the source and the
 * submission's sha256, and a unit the dataset lacks is a 422 that stores nothing.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { outputKey } from "../../src/core/runs/store";
import { partKey, submittedKey } from "../../src/core/runs/submitted";
import { longcodeuDataset } from "../longcodeu/helpers";
import { ADMIN, BASE, del, get, post } from "../helpers";
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
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

const runCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM runs").first<{ n: number }>())!.n;

/** Submits `outputs`, waits, and checks every sample against POST /v1/score for the same output. */
async function submitAndCompare(
  benchmark: string,
  dataset: string,
  outputs: Output[],
  extra: Record<string, unknown> = {},
) {
  const run = await startRun({ benchmark, dataset, model: "my-harness", outputs, concurrency: 16, ...extra });
  expect(run.model).toBe("submitted:my-harness");
  expect(run.label).toBe("my-harness");
  expect(run.units).toBe(outputs.length);
  return compareWithScore(benchmark, dataset, run.id, outputs);
}

/** Waits for run `id` made from `outputs` and checks it, and each sample against POST /v1/score for the same output. */
async function compareWithScore(benchmark: string, dataset: string, id: string, outputs: Output[]) {
  const done = await waitForRun(id);
  expect(done.status).toBe("completed");
  expect(done.model_calls).toBe(0);
  expect(done.counts).toMatchObject({ scored: outputs.length, error: 0 });
  expect(done.receipt).toMatchObject({
    source: "submitted outputs",
    outputs_sha256: await sha256(JSON.stringify(outputs)),
    outputs: outputs.length,
  });
  const samples = await samplesOf(id);
  expect(samples.map((s) => s.unit).sort()).toEqual(outputs.map((o) => o.unit).sort());
  const options = (done.receipt as { options: Record<string, unknown> }).options;
  const passes = new Set<boolean>();
  for (const s of samples) {
    const output = outputs.find((o) => o.unit === s.unit)!.output;
    const res = await post("/v1/score", { benchmark, dataset, unit: s.unit, answer: output, options });
    expect(res.status, await res.clone().text()).toBe(200);
    const http = await res.json<any>();
    expect({ passed: s.passed, score: s.score, detail: s.detail }, s.unit).toEqual({
      passed: http.passed,
      score: http.score,
      detail: http.detail,
    });
    passes.add(s.passed);
  }
  // Both verdicts occur, so the agreement is not only on passes.
  expect([...passes].sort()).toEqual([false, true]);
  return done;
}

/** bm25's run over the fixture and its answers, some blanked or mangled (both verdicts occur), made once per file. */
let mixed: Promise<{ dataset: string; bm25: string; outputs: Output[] }> | undefined;
const mixedOutputs = () =>
  (mixed ??= (async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const bm25 = await waitForRun((await startRun({ dataset, model: "baseline:bm25", concurrency: 16 })).id);
    const outputs = (await outputsOf(bm25.id)).map((o, i) => ({
      unit: o.unit,
      output: i % 4 === 3 ? "" : i % 4 === 2 ? `\`\`\`python\n${o.output.slice(0, 40)}\n` : o.output,
    }));
    return { dataset, bm25: bm25.id, outputs };
  })());

describe("a run from submitted outputs scores each as POST /v1/score does", () => {
  it("RepoQA: every unit of the dataset (bm25's answers, some blanked or mangled), publishable", async () => {
    const { dataset, bm25: bm25Id, outputs: mixedAnswers } = await mixedOutputs();
    const bm25 = { id: bm25Id };
    const outputs = [...mixedAnswers];
    const done = await submitAndCompare("repoqa-snf", dataset, outputs.reverse(), { publish: true });
    expect(done.receipt.filters).toEqual({ languages: null, limit: null });
    const entries = await (await get(`/v1/leaderboard?dataset=${dataset}`)).json<any>();
    const row = entries.rows.find((r: any) => r.model === "my-harness");
    expect(row?.receipt?.source).toBe("submitted outputs");
    // An ordinary run: paired with the run whose answers it mostly reuses, and marked where runs and entries are shown.
    const compared = await (await get(`/v1/compare?a=${done.id}&b=${bm25.id}`)).json<any>();
    expect(compared.n_paired).toBe(16);
    for (const page of [`/runs/${done.id}`, "/runs", `/?dataset=${dataset}`])
      expect(await (await get(page)).text(), page).toContain("scored from submitted outputs");
    expect(await (await get(`/runs/${bm25.id}`)).text()).not.toContain("scored from submitted outputs");
  });

  it("LongCodeU: part of the dataset (oracle answers and empty ones), not published", async () => {
    const dataset = await longcodeuDataset("runs-submitted-lcu");
    const oracle = await waitForRun(
      (await startRun({ benchmark: "longcodeu", dataset, model: "baseline:oracle", concurrency: 16 })).id,
    );
    const all = await outputsOf(oracle.id);
    const outputs = all
      .slice(0, Math.max(4, Math.floor(all.length / 2)))
      .map((o, i) => (i % 2 ? { unit: o.unit, output: "" } : o));
    const done = await submitAndCompare("longcodeu", dataset, outputs);
    expect(done.receipt.filters).toMatchObject({ units: outputs.length });
    const publish = await post(`/v1/runs/${done.id}/publish`, {}, ADMIN);
    expect(publish.status).toBe(422);
  });
});

/** PUT /v1/runs/{id}/outputs/{part}. */
const put = (id: string, part: number | string, outputs: unknown, headers: Record<string, string> = ADMIN) =>
  SELF.fetch(`${BASE}/v1/runs/${id}/outputs/${part}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ outputs }),
  });

const partsOf = async (id: string) => (await get(`/v1/runs/${id}/outputs`)).json<any>();

describe("big submissions in parts", () => {
  it("parts out of order, re-sent, refused, then the last: the verdicts and sha256 of one body", async () => {
    const { dataset, outputs: all } = await mixedOutputs();
    const outputs = all.slice(1); // 15 of the 16 units: a partial run
    const [p1, p2, p3] = [outputs.slice(0, 5), outputs.slice(5, 10), outputs.slice(10)];
    const run = await startRun({ dataset, model: "my-harness", parts: 3, concurrency: 16 });
    expect(run).toMatchObject({
      status: "receiving",
      units: 0,
      model: "submitted:my-harness",
      parts: { expected: 3, received: [] },
    });
    expect(await partsOf(run.id)).toMatchObject({
      status: "receiving",
      parts: 3,
      received: [],
      missing: [1, 2, 3],
      started: false,
    });
    expect(await (await get(`/runs/${run.id}`)).text()).toContain("receiving");

    const third = await put(run.id, 3, p3);
    expect(third.status, await third.clone().text()).toBe(201);
    expect(await third.json<any>()).toMatchObject({
      part: 3,
      stored: true,
      sha256: await sha256(JSON.stringify(p3)),
      missing: [1, 2],
      started: false,
      status: "receiving",
    });
    expect((await put(run.id, 1, p1)).status).toBe(201);
    // The same part again (an answer lost on the way): nothing changes.
    const again = await put(run.id, 1, p1);
    expect(again.status).toBe(200);
    expect(await again.json<any>()).toMatchObject({ stored: false, missing: [2] });
    // Other outputs for a stored part: 409.
    const other = await put(run.id, 1, [...p1].reverse());
    expect(other.status).toBe(409);
    expect((await other.json<any>()).stored_sha256).toBe(await sha256(JSON.stringify(p1)));
    // A unit the dataset lacks, or one of another part: 422 naming it, and nothing of the part is stored.
    const unknown = await put(run.id, 2, [...p2, { unit: "python::nowhere::nothing@2048@0", output: "" }]);
    expect(unknown.status).toBe(422);
    expect((await unknown.json<any>()).unknown_units).toEqual(["python::nowhere::nothing@2048@0"]);
    const twice = await put(run.id, 2, [...p2, p1[0]]);
    expect(twice.status).toBe(422);
    expect(await twice.json<any>()).toMatchObject({ duplicate_units: [p1[0].unit] });
    expect((await put(run.id, 4, p2)).status).toBe(422);
    expect((await put(run.id, 0, p2)).status).toBe(400);
    expect((await put(run.id, "x", p2)).status).toBe(400);
    const kept = (await env.DATASETS.list({ prefix: `runs/${run.id}/` })).objects.map((o) => o.key);
    expect(kept.sort()).toEqual(
      [
        partKey(run.id, 1, await sha256(JSON.stringify(p1))),
        partKey(run.id, 3, await sha256(JSON.stringify(p3))),
      ].sort(),
    );
    expect(await partsOf(run.id)).toMatchObject({ missing: [2], outputs: 10, started: false });

    const last = await put(run.id, 2, p2);
    expect(last.status).toBe(201);
    expect(await last.json<any>()).toMatchObject({ missing: [], outputs: 15, started: true });
    const done = await compareWithScore("repoqa-snf", dataset, run.id, outputs);
    expect(done.receipt).toMatchObject({ parts: 3, filters: { units: 15 } });
    // The same outputs in one body: the same sha256, the same verdicts.
    const single = await submitAndCompare("repoqa-snf", dataset, outputs, { publish: false });
    expect(single.receipt.outputs_sha256).toBe(done.receipt.outputs_sha256);
    const verdicts = async (id: string) => (await samplesOf(id)).map((s) => [s.unit, s.passed, s.score, s.detail]);
    expect(await verdicts(run.id)).toEqual(await verdicts(single.id));
    // Once started, a part re-sent as it was is still a no-op, and other content still a 409.
    expect((await put(run.id, 2, p2)).status).toBe(200);
    expect((await put(run.id, 2, p3)).status).toBe(409);
  });

  it("every part at once covers the dataset and is published; bounds and misuse are 4xx", async () => {
    const { dataset, outputs } = await mixedOutputs();
    const run = await startRun({ dataset, model: "my-parts", parts: 4, concurrency: 16, publish: undefined });
    const sent = await Promise.all([0, 1, 2, 3].map((i) => put(run.id, i + 1, outputs.slice(i * 4, i * 4 + 4))));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const done = await waitForRun(run.id);
    expect(done).toMatchObject({ status: "completed", units: 16, counts: { scored: 16 } });
    expect(done.receipt).toMatchObject({
      outputs_sha256: await sha256(JSON.stringify(outputs)),
      outputs: 16,
      filters: { languages: null, limit: null },
    });
    const entries = await (await get(`/v1/leaderboard?dataset=${dataset}`)).json<any>();
    expect(entries.rows.find((r: any) => r.model === "my-parts")?.receipt?.outputs_sha256).toBe(
      done.receipt.outputs_sha256,
    );
    // Its model page says where the answers came from, as the board does.
    expect(await (await get(`/models/my-parts?dataset=${dataset}`)).text()).toMatch(
      /<h1>my-parts <span class="badge verified"[^>]*>✓ scored from submitted outputs<\/span>/,
    );
    expect(
      (await (await get(`/v1/leaderboard/models/my-parts?dataset=${dataset}`)).json<any>()).submitted_outputs,
    ).toBe(true);

    const before = await runCount();
    const create = (body: Record<string, unknown>) =>
      post("/v1/runs", { dataset, model: "my-harness", publish: false, ...body }, ADMIN);
    const tooMany = await create({ parts: 65 });
    expect(tooMany.status).toBe(413);
    expect((await tooMany.json<any>()).limit_parts).toBe(64);
    expect((await create({ parts: 2, outputs: outputs.slice(0, 1) })).status).toBe(422);
    expect((await create({ parts: 2, limit: 3 })).status).toBe(422);
    expect((await create({ parts: 0 })).status).toBe(400);
    expect(await runCount()).toBe(before);
    const open = await startRun({ dataset, model: "my-harness", parts: 1 });
    const crowded = await put(
      open.id,
      1,
      Array.from({ length: 5001 }, (_, i) => ({ unit: `u${i}`, output: "" })),
    );
    expect(crowded.status).toBe(413);
    expect((await put(open.id, 1, [{ unit: outputs[0].unit, output: "x".repeat(64 * 1024 + 1) }])).status).toBe(413);
    expect((await put(open.id, 1, outputs.slice(0, 1), {})).status).toBe(401);
    expect((await put(open.id, 1, [])).status).toBe(400);
    // A run made in one body takes no parts; an unknown run has none.
    const { bm25 } = await mixedOutputs();
    expect((await put(bm25, 1, outputs.slice(0, 1))).status).toBe(409);
    expect((await get(`/v1/runs/${bm25}/outputs`)).status).toBe(404);
    expect((await put("run-00000000000000-0000000000", 1, outputs.slice(0, 1))).status).toBe(404);
    expect(await partsOf(open.id)).toMatchObject({ status: "receiving", missing: [1] });
    expect((await del(`/v1/runs/${open.id}`, ADMIN)).status).toBe(200);
  });
});

describe("bad submissions store nothing", () => {
  it("a unit the dataset lacks is a 422 naming it; no run row, no stored outputs", async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const before = await runCount();
    const listed = await env.DATASETS.list({ prefix: "runs/" });
    const res = await post(
      "/v1/runs",
      {
        dataset,
        model: "my-harness",
        outputs: [
          { unit: "python::nowhere::nothing@2048@0", output: "x" },
          { unit: "also-missing", output: "" },
        ],
        publish: false,
      },
      ADMIN,
    );
    expect(res.status).toBe(422);
    const problem = await res.json<any>();
    expect(problem.detail).toContain('"python::nowhere::nothing@2048@0"');
    expect(problem.detail).toContain('"also-missing"');
    expect(problem.unknown_units).toEqual(["python::nowhere::nothing@2048@0", "also-missing"]);
    expect(await runCount()).toBe(before);
    const after = await env.DATASETS.list({ prefix: "runs/" });
    expect(after.objects.filter((o) => o.key.endsWith("/submitted.json")).length).toBe(
      listed.objects.filter((o) => o.key.endsWith("/submitted.json")).length,
    );
  });

  it("duplicates, filters, oversize outputs, too many outputs and a submitted: spec without outputs are 4xx", async () => {
    const dataset = await fixtureDataset("runs-submitted");
    const unit = (await (await get(`/v1/benchmarks/repoqa-snf/datasets/${dataset}/units?limit=1`)).json<any>()).units[0]
      .unit;
    const before = await runCount();
    const send = (body: Record<string, unknown>) =>
      post("/v1/runs", { dataset, model: "my-harness", publish: false, ...body }, ADMIN);
    const twice = await send({
      outputs: [
        { unit, output: "a" },
        { unit, output: "b" },
      ],
    });
    expect(twice.status).toBe(422);
    expect((await twice.json<any>()).detail).toContain(unit);
    expect((await send({ outputs: [{ unit, output: "a" }], languages: ["python"] })).status).toBe(422);
    expect((await send({ outputs: [{ unit, output: "x".repeat(64 * 1024 + 1) }] })).status).toBe(413);
    expect(
      (await send({ outputs: Array.from({ length: 5001 }, (_, i) => ({ unit: `u${i}`, output: "" })) })).status,
    ).toBe(400);
    expect((await send({ outputs: [] })).status).toBe(400);
    expect((await send({ model: "submitted:my-harness" })).status).toBe(422);
    expect(await runCount()).toBe(before);
    expect(await env.DATASETS.get(submittedKey("run-00000000000000-0000000000"))).toBeNull();
  });
});
