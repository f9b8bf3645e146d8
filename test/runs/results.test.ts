import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allBenchmarks } from "../../src/benchmarks/registry";
import { FIXTURES } from "../conformance/helpers";
import { ADMIN, get, post } from "../helpers";
import { fixtureDataset, loopback, readRun, samplesOf, startRun, waitForRun } from "./helpers";

const DATASET = "runs-results";

/** Reads a server-sent event stream to its end. */
async function readEvents(path: string) {
  const text = await (await get(path)).text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const fields = Object.fromEntries(
        block.split("\n").map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
      );
      return { event: fields.event, data: JSON.parse(fields.data) };
    });
}

describe("watching and reading a run", () => {
  it("streams progress events until a done event with the final counts", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await startRun({ dataset, model: loopback("slow-100:events"), concurrency: 2 });
    const events = await readEvents(`/v1/runs/${run.id}/events`);
    expect(events.length).toBeGreaterThan(2);
    expect(events.slice(0, -1).every((e) => e.event === "progress")).toBe(true);
    const last = events[events.length - 1];
    expect(last.event).toBe("done");
    expect(last.data).toMatchObject({ status: "completed", counts: { done: 16, scored: 16 } });
    const done = events.map((e) => e.data.counts.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  });

  it("pages through samples with a cursor and a status filter", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun((await startRun({ dataset, model: "baseline:oracle" })).id);
    const first = await (await get(`/v1/runs/${run.id}/samples?limit=10`)).json<any>();
    expect(first.samples).toHaveLength(10);
    const second = await (
      await get(`/v1/runs/${run.id}/samples?limit=10&after=${encodeURIComponent(first.next)}`)
    ).json<any>();
    expect(second.samples).toHaveLength(6);
    expect(second.next).toBeNull();
    expect(new Set([...first.samples, ...second.samples].map((s: any) => s.unit)).size).toBe(16);
    const errors = await (await get(`/v1/runs/${run.id}/samples?status=error`)).json<any>();
    expect(errors.samples).toEqual([]);
    expect((await get(`/v1/runs/${run.id}/samples?limit=100000`)).status).toBe(400);
  });
});

describe("re-scoring", () => {
  it("recomputes from stored outputs with another mode without calling the model", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun((await startRun({ dataset, model: "baseline:bm25" })).id);
    const before = await samplesOf(run.id);
    const res = await post(`/v1/runs/${run.id}/rescore`, { options: { scoring_mode: "strict" } }, ADMIN);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ rescored: 16, options: { scoring_mode: "strict" } });
    const after = await samplesOf(run.id);
    expect(after.map((s) => s.detail.scoring_mode)).toEqual(Array(16).fill("strict"));
    expect(after.map((s) => s.outputKey)).toEqual(before.map((s) => s.outputKey));
    // Strict candidates are the context's functions, which include the one bm25 answered.
    for (const s of after) expect(s.detail.candidates_from).toBe("context");
    expect(after.map((s) => s.detail.candidates)).not.toEqual(before.map((s) => s.detail.candidates));
    expect((await readRun(run.id)).receipt).toMatchObject({
      options: { scoring_mode: "strict" },
      rescored_at: expect.any(String),
    });
    // Back to official: exactly the scores the run had.
    await post(`/v1/runs/${run.id}/rescore`, { options: { scoring_mode: "official" } }, ADMIN);
    const again = await samplesOf(run.id);
    expect(again.map((s) => [s.unit, s.score, s.passed, s.detail])).toEqual(
      before.map((s) => [s.unit, s.score, s.passed, s.detail]),
    );
    expect((await post(`/v1/runs/${run.id}/rescore`, { options: { threshold: 0.85 } }, ADMIN)).status).toBe(422);
    expect((await post(`/v1/runs/${run.id}/rescore`, { options: {} })).status).toBe(401);
  });

  it("refuses while the run is still running", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await startRun({ dataset, model: loopback("slow-300:rescore"), concurrency: 1 });
    expect((await post(`/v1/runs/${run.id}/rescore`, { options: {} }, ADMIN)).status).toBe(409);
    await post(`/v1/runs/${run.id}/cancel`, {}, ADMIN);
    await waitForRun(run.id);
  });
});

describe("exports in the reference's formats and the leaderboard", () => {
  it("outputs JSONL carries the reference task fields and the output; -SCORES.json recomputes from its rows", async () => {
    const dataset = await fixtureDataset(DATASET);
    const run = await waitForRun((await startRun({ dataset, model: "baseline:bm25", label: "bm25-export" })).id);
    const res = await get(`/v1/runs/${run.id}/outputs.jsonl`);
    expect(res.headers.get("content-type")).toMatch(/ndjson/);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(16);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(
        [
          "code_context",
          "code_context_ntokens",
          "description",
          "instruction",
          "language",
          "name",
          "needle_token_end",
          "needle_token_start",
          "output",
          "path",
          "position_ratio",
          "repo",
          "template",
        ].sort(),
      );
      expect(line.template).toBe("instruction\ncode_context\ndescription\ninstruction");
      expect(line.description.startsWith("\nFunction Description:")).toBe(true);
      expect(line.output).toHaveLength(1);
    }
    const scores = await (await get(`/v1/runs/${run.id}/scores.json`)).json<any>();
    const entry = scores["bm25-export"];
    expect(Object.keys(entry.results).sort()).toEqual(["go", "python", "typescript"]);
    // The file passes the leaderboard importer, which recomputes every pass@1 from the rows.
    const imported = await post(
      "/v1/leaderboard/import",
      { kind: "reported", dataset: "export-check", source: "test", license: "MIT", file: scores },
      ADMIN,
    );
    expect(imported.status).toBe(200);
    const passed = lines.length ? (await samplesOf(run.id)).filter((s) => s.passed).length / 16 : 0;
    expect(entry.scores.all["0.8"]["pass@1"]).toBeCloseTo(passed, 12);
  });

  it("a run of a benchmark without reference files exports neither reference file: 422, naming the benchmarks that have them (its outputs.jsonl is the per-sample file)", async () => {
    const benchmark = allBenchmarks().find((b) => !b.referenceFiles)!;
    const dataset = await FIXTURES[benchmark.datasetKind]();
    const run = await waitForRun(
      (await startRun({ benchmark: benchmark.id, dataset, model: "baseline:empty", limit: 2 })).id,
    );
    const having = allBenchmarks()
      .filter((b) => b.referenceFiles)
      .map((b) => b.id);
    expect(having).toContain("repoqa-snf");
    const samples = await get(`/v1/runs/${run.id}/outputs.jsonl`);
    expect(samples.status).toBe(200);
    expect((await samples.text()).trim().split("\n")).toHaveLength(2);
    for (const file of ["outputs.jsonl?format=reference", "scores.json"]) {
      const res = await get(`/v1/runs/${run.id}/${file}`);
      expect(res.status).toBe(422);
      expect((await res.json<any>()).detail).toBe(
        `Reference file exports exist for ${having.join(", ")} runs, not ${benchmark.id}.`,
      );
    }
  });

  it("a complete whole-dataset run publishes itself as a verified leaderboard entry", async () => {
    const dataset = await fixtureDataset(DATASET);
    const res = await post("/v1/runs", { dataset, model: "baseline:oracle", label: "oracle-published" }, ADMIN);
    const run = await waitForRun((await res.json<any>()).id);
    expect(run.status).toBe("completed");
    const board = await (await get(`/v1/leaderboard?dataset=${dataset}&kind=verified`)).json<any>();
    const row = board.rows.find((r: any) => r.model === "oracle-published");
    expect(row).toMatchObject({ kind: "verified", rate: 1, n: 16 });
    const stored = await env.DB.prepare("SELECT receipt FROM leaderboard_entries WHERE model = ?")
      .bind("oracle-published")
      .first<{ receipt: string }>();
    expect(JSON.parse(stored!.receipt)).toMatchObject({ run: run.id, dataset_sha256: run.receipt.dataset_sha256 });
  });
});
