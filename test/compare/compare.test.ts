/**
 * GET /v1/compare through the real Worker: real runs of built-in baselines on the test datasets
 * (RepoQA's fixture, LongCodeU's, the SemTrace suite), a published run as a leaderboard entry, and
 * bad input. Expected intervals were computed independently (Python, Newcombe's formulas; SciPy's
 * binomtest for McNemar); the statistics themselves are tested in test/cli/paired-stats.test.ts.
 */
import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { imported, rows, scoresFile } from "../leaderboard/helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { ADMIN, post } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, readRun, startRun, waitForRun } from "../runs/helpers";
import { suiteDataset } from "../semtrace/helpers";

type Json = Record<string, any>;

const runOf = async (body: Record<string, unknown>) => {
  const run = await waitForRun((await startRun({ concurrency: 8, ...body })).id);
  expect(run.status).toBe("completed");
  return run.id;
};

async function compare(query: string, status = 200): Promise<Json> {
  const res = await get(`/v1/compare?${query}`);
  const body = await res.json<Json>();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const runs = new Map<string, Promise<string>>();
/** One run per (dataset, model, options) for the whole file. */
const once = (key: string, body: () => Promise<Record<string, unknown>>) => {
  if (!runs.has(key)) runs.set(key, body().then(runOf));
  return runs.get(key)!;
};
/** A published run of `model` under `label` on a RepoQA fixture dataset, once its entry is written. */
const published = (label: string, model: string, datasetId = "compare-repoqa") =>
  once(`published ${label} ${datasetId}`, async () => ({
    dataset: await fixtureDataset(datasetId),
    model,
    label,
    publish: true,
  })).then(async (id) => {
    // The run reads as completed a moment before its entry is written.
    for (let i = 0; i < 100 && (await get(`/v1/leaderboard/models/${label}?dataset=${datasetId}`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 50));
    return id;
  });
const repoqa = (model: string, extra: Record<string, unknown> = {}) =>
  once(`repoqa ${model} ${JSON.stringify(extra)}`, async () => ({
    dataset: await fixtureDataset("compare-repoqa"),
    model,
    ...extra,
  }));

describe("RepoQA: pass/fail at a threshold", () => {
  it("oracle vs empty: every pair only A, McNemar 2^-15, Newcombe's interval, per language", async () => {
    const [oracle, empty] = await Promise.all([repoqa("baseline:oracle"), repoqa("baseline:empty")]);
    const body = await compare(`a=${oracle}&b=${empty}`);
    expect(body).toMatchObject({
      benchmark: "repoqa-snf",
      dataset: "compare-repoqa",
      outcome: "pass_fail",
      threshold: 0.8,
      a: { kind: "run", id: oracle, model: "baseline:oracle" },
      b: { kind: "run", id: empty },
      n_paired: 16,
      table: { both: 0, only_a: 16, only_b: 0, neither: 0 },
      pass_at_1: { a: 1, b: 0 },
      mean_grade: null,
      unpaired: { a: [], b: [] },
      not_scored: { a: { error: [], context_exceeded: [] }, b: { error: [], context_exceeded: [] } },
    });
    // scipy.stats.binomtest(0, 16, 0.5).pvalue == 2 · 2^-16.
    expect(body.mcnemar_p).toBeCloseTo(2 ** -15, 15);
    expect(body.mcnemar).toMatch(/exact test, two-sided/);
    expect(body.pairing).toMatch(/not_scored/);
    // Newcombe method 10 for (0, 16, 0, 0), computed in Python from the paper's formulas.
    expect(body.difference.method).toBe("newcombe-1998-method-10");
    expect(body.difference.estimate).toBe(1);
    expect(body.difference.ci_low).toBeCloseTo(0.7261973924086025, 12);
    expect(body.difference.ci_high).toBe(1);
    expect(body.groups.by).toBe("language");
    expect(body.groups.rows.map((r: Json) => r.key)).toEqual(["go", "python", "typescript"]);
    expect(body.groups.rows.reduce((s: number, r: Json) => s + r.n_paired, 0)).toBe(16);
    const python = body.groups.rows.find((r: Json) => r.key === "python");
    // binomtest(0, 8, 0.5) = 0.0078125; Newcombe (0, 8, 0, 0) low = 0.5412184220047868.
    expect(python).toMatchObject({
      n_paired: 8,
      table: { both: 0, only_a: 8, only_b: 0, neither: 0 },
      mcnemar_p: 0.0078125,
    });
    expect(python.difference.ci_low).toBeCloseTo(0.5412184220047868, 12);
  });

  it("swapping the sides negates the difference and mirrors the table", async () => {
    const [oracle, bm25] = await Promise.all([repoqa("baseline:oracle"), repoqa("baseline:bm25")]);
    const ab = await compare(`a=${oracle}&b=${bm25}`);
    const ba = await compare(`a=${bm25}&b=${oracle}`);
    expect(ba.table).toEqual({
      both: ab.table.both,
      only_a: ab.table.only_b,
      only_b: ab.table.only_a,
      neither: ab.table.neither,
    });
    expect(ba.mcnemar_p).toBe(ab.mcnemar_p);
    expect(ba.difference.estimate).toBeCloseTo(-ab.difference.estimate, 12);
    expect(ba.difference.ci_low).toBeCloseTo(-ab.difference.ci_high, 12);
    expect(ba.difference.ci_high).toBeCloseTo(-ab.difference.ci_low, 12);
    // The oracle passes everything: bm25 never passes alone.
    expect(ab.table.only_b).toBe(0);
    expect(ab.table.both + ab.table.only_a).toBe(16);
  });

  it("reads the threshold: at 0.0 a pass is only 'the best match is the target'", async () => {
    const [oracle, bm25] = await Promise.all([repoqa("baseline:oracle"), repoqa("baseline:bm25")]);
    const strict = await compare(`a=${oracle}&b=${bm25}&threshold=1`);
    const loose = await compare(`a=${oracle}&b=${bm25}&threshold=0`);
    expect(strict.threshold).toBe(1);
    expect(loose.threshold).toBe(0);
    // A lower threshold never makes bm25 pass fewer tasks.
    expect(loose.table.both).toBeGreaterThanOrEqual(strict.table.both);
  });

  it("names the tasks present on one side only", async () => {
    const [oracle, pythonOnly] = await Promise.all([
      repoqa("baseline:oracle"),
      repoqa("baseline:empty", { languages: ["python"] }),
    ]);
    const body = await compare(`a=${oracle}&b=${pythonOnly}`);
    expect(body.n_paired).toBe(8);
    expect(body.unpaired.b).toEqual([]);
    expect(body.unpaired.a).toHaveLength(8);
    expect(body.unpaired.a.every((t: string) => !t.startsWith("python::"))).toBe(true);
    expect([...body.unpaired.a].sort()).toEqual(body.unpaired.a);
    expect(body.groups.rows.map((r: Json) => r.key)).toEqual(["python"]);
  });

  it("a published run's leaderboard entry compares like the run itself", async () => {
    const dataset = await fixtureDataset("compare-repoqa");
    const [oracle, empty] = await Promise.all([
      published("compare-oracle", "baseline:oracle"),
      repoqa("baseline:empty"),
    ]);
    const fromRun = await compare(`a=${oracle}&b=${empty}`);
    const fromEntry = await compare(`a=compare-oracle&b=${empty}`);
    expect(fromEntry.a).toMatchObject({
      kind: "entry",
      id: "compare-oracle",
      model: "compare-oracle",
      benchmark: "repoqa-snf",
      dataset,
      mode: "official",
      comment_mode: "original",
      entry_kind: "verified",
    });
    for (const k of ["n_paired", "table", "mcnemar_p", "difference", "unpaired", "not_scored", "groups"])
      expect(fromEntry[k], k).toEqual(fromRun[k]);
    // With explicit leaderboard filters too.
    const filtered = await compare(
      `a=compare-oracle&b=${empty}&benchmark=repoqa-snf&dataset=${dataset}&mode=official&comment_mode=original`,
    );
    expect(filtered.table).toEqual(fromRun.table);
    // A filter the entry does not match: 404 in the problem envelope.
    const miss = await compare(`a=compare-oracle&b=${empty}&mode=strict`, 404);
    expect(miss.type).toBe("urn:needlework:problem:not-found");
  });
});

describe("what does not pair is named", () => {
  it("context overflows and errors are listed per side and left out; tasks on one side only are unpaired", async () => {
    const dataset = await fixtureDataset("compare-repoqa");
    const [oracle, overflow, down] = await Promise.all([
      repoqa("baseline:oracle"),
      runOf({ dataset, model: loopback("overflow:compare"), languages: ["go"], retry: FAST_RETRY }),
      runOf({ dataset, model: loopback("down:compare"), languages: ["typescript"], retry: FAST_RETRY }),
    ]);
    const over = await compare(`a=${oracle}&b=${overflow}`);
    expect(over).toMatchObject({
      n_paired: 0,
      table: { both: 0, only_a: 0, only_b: 0, neither: 0 },
      mcnemar_p: 1,
      pass_at_1: null,
      difference: null,
      unpaired: { b: [] },
    });
    expect(over.not_scored.b.context_exceeded).toHaveLength(4);
    expect(over.not_scored.b.context_exceeded.every((t: string) => t.startsWith("go::"))).toBe(true);
    expect(over.not_scored.a).toEqual({ error: [], context_exceeded: [] });
    expect(over.unpaired.a).toHaveLength(12);
    expect(over.groups.rows).toEqual([]);
    const err = await compare(`a=${down}&b=${oracle}`);
    expect(err.not_scored.a.error).toHaveLength(4);
    expect(err.not_scored.a.error.every((t: string) => t.startsWith("typescript::"))).toBe(true);
    expect(err.unpaired).toMatchObject({ a: [], b: expect.arrayContaining([expect.stringMatching(/^go::/)]) });
  });
});

describe("leaderboard entries on both sides", () => {
  it("two entries pair like their runs; a model in two datasets is looked up in the scope both share, else 422 listing the scopes", async () => {
    const [oracle, bm25, oracleRun, bm25Run] = await Promise.all([
      published("compare-oracle", "baseline:oracle"),
      published("compare-bm25", "baseline:bm25"),
      repoqa("baseline:oracle"),
      repoqa("baseline:bm25"),
      published("compare-oracle", "baseline:oracle", "compare-repoqa-2"),
    ]);
    expect(oracle).not.toBe(bm25);
    const entries = await compare("a=compare-oracle&b=compare-bm25");
    expect(entries.a).toMatchObject({ kind: "entry", dataset: "compare-repoqa" });
    expect(entries.b).toMatchObject({ kind: "entry", dataset: "compare-repoqa" });
    const fromRuns = await compare(`a=${oracleRun}&b=${bm25Run}`);
    for (const k of ["n_paired", "table", "mcnemar_p", "difference", "groups"])
      expect(entries[k], k).toEqual(fromRuns[k]);
    const ambiguous = await compare("a=compare-oracle&b=compare-oracle", 422);
    expect(ambiguous.detail).toMatch(/2 scopes: .*dataset=compare-repoqa .*; .*dataset=compare-repoqa-2/);
    expect((await compare("a=compare-oracle&b=compare-oracle&dataset=compare-repoqa-2")).n_paired).toBe(16);
  });
});

describe("graded benchmarks: paired bootstrap", () => {
  it("LongCodeU oracle vs empty: mean recall difference 1, per task, seed stated, no table", async () => {
    const dataset = await longcodeuDataset("compare-lcu");
    const [oracle, empty] = await Promise.all([
      runOf({ benchmark: "longcodeu", dataset, model: "baseline:oracle" }),
      runOf({ benchmark: "longcodeu", dataset, model: "baseline:empty" }),
    ]);
    const body = await compare(`a=${oracle}&b=${empty}&threshold=0.5`);
    expect(body).toMatchObject({
      benchmark: "longcodeu",
      outcome: "graded",
      threshold: null,
      n_paired: 16,
      table: null,
      mcnemar_p: null,
      mcnemar: null,
      pass_at_1: null,
    });
    expect(body.mean_grade.a).toBeCloseTo(1, 9);
    expect(body.mean_grade.b).toBe(0);
    expect(body.difference).toMatchObject({ method: "paired-bootstrap-percentile", seed: 20240420, resamples: 2000 });
    expect(body.difference.estimate).toBeCloseTo(1, 9);
    expect(body.difference.ci_low).toBeCloseTo(1, 9);
    expect(body.difference.ci_high).toBeCloseTo(1, 9);
    expect(body.groups.by).toBe("task");
    expect(body.groups.rows).toHaveLength(8);
    for (const row of body.groups.rows) expect(row.n_paired).toBe(2);
    // Reproducible: the same request gives the same answer.
    expect(await compare(`a=${oracle}&b=${empty}`)).toEqual({ ...body, threshold: null });
  });

  it("SemTrace is graded by partial score with its exact-match table; lexical recall is pass/fail, by grid position", async () => {
    const dataset = await suiteDataset("compare-suite");
    // One run at a time: two runs starting at once on a suite share one in-flight read of its stored
    // JSON (src/lib/datasets/json-cache.ts), and workerd can refuse that promise across requests; not what this file tests.
    const interp = await runOf({ benchmark: "semtrace", dataset, model: "baseline:interpreter" });
    const empty = await runOf({ benchmark: "semtrace", dataset, model: "baseline:empty" });
    const semtrace = await compare(`a=${interp}&b=${empty}`);
    expect(semtrace).toMatchObject({
      benchmark: "semtrace",
      outcome: "graded",
      threshold: null,
      unpaired: { a: [], b: [] },
    });
    expect(semtrace.table).not.toBeNull();
    expect(semtrace.table.only_b).toBe(0);
    expect(semtrace.difference.method).toBe("paired-bootstrap-percentile");
    expect(semtrace.groups.by).toBe("position");
    expect(semtrace.groups.rows.map((r: Json) => r.key)).toEqual(["0", "0.5", "1"]);
    // Pair keys are grid cells: <task>@<D>@<position>.
    const oracle = await runOf({ benchmark: "lexical-recall", dataset, model: "baseline:oracle" });
    const none = await runOf({ benchmark: "lexical-recall", dataset, model: "baseline:empty", limit: 3 });
    const lexical = await compare(`a=${oracle}&b=${none}`);
    expect(lexical).toMatchObject({
      outcome: "pass_fail",
      n_paired: 3,
      table: { both: 0, only_a: 3, only_b: 0, neither: 0 },
      mcnemar_p: 0.25,
    });
    expect(lexical.unpaired.a.length).toBeGreaterThan(0);
    for (const key of lexical.unpaired.a) expect(key).toMatch(/^python::lexical-recall::.+@\d+@(0|0\.5|1)$/);
  });
});

describe("bad input: the problem envelope, never a 500", () => {
  it("missing a or b, a bad threshold: 400", async () => {
    const oracle = await repoqa("baseline:oracle");
    for (const q of [
      `b=${oracle}`,
      `a=${oracle}`,
      "",
      `a=${oracle}&b=${oracle}&threshold=1.5`,
      `a=${oracle}&b=${oracle}&threshold=abc`,
      `a=${oracle}&b=${oracle}&threshold=`,
      `a=&b=${oracle}`,
    ]) {
      const body = await compare(q, 400);
      expect(body.type, q).toBe("urn:needlework:problem:validation-error");
    }
  });

  it("an entry without stored samples: 422 saying so", async () => {
    const [dataset, oracle] = await Promise.all([fixtureDataset("compare-repoqa"), repoqa("baseline:oracle")]);
    const file = scoresFile("acme/no-samples", { python: rows("a/py", [0.9, 0.1]) });
    delete (file["acme/no-samples"] as { results?: unknown }).results;
    await imported(file, { dataset, n_per_language: 2 });
    const body = await compare(`a=acme--no-samples&b=${oracle}`, 422);
    expect(body.detail).toMatch(/has_samples false/);
  });

  it("a run that has not completed: 422", async () => {
    const dataset = await fixtureDataset("compare-repoqa");
    const run = await startRun({ dataset, model: loopback("hang:compare"), limit: 2, retry: FAST_RETRY });
    expect((await post(`/v1/runs/${run.id}/cancel`, {}, ADMIN)).status).toBe(200);
    const oracle = await repoqa("baseline:oracle");
    for (let i = 0; i < 100 && (await readRun(run.id)).status === "running"; i++)
      await new Promise((r) => setTimeout(r, 50));
    const body = await compare(`a=${run.id}&b=${oracle}`, 422);
    expect(body.detail).toMatch(/only a completed run's samples are compared/);
  });

  it("an unknown run or model: 404", async () => {
    const oracle = await repoqa("baseline:oracle");
    const body = await compare(`a=run-20990101000000-0123456789&b=${oracle}`, 404);
    expect(body.detail).toMatch(/neither a run id nor the model slug/);
  });

  it("different datasets or benchmarks: 422", async () => {
    const [oracle, other] = await Promise.all([
      repoqa("baseline:oracle"),
      once("other dataset", async () => ({
        dataset: await fixtureDataset("compare-repoqa-2"),
        model: "baseline:empty",
      })),
    ]);
    const datasets = await compare(`a=${oracle}&b=${other}`, 422);
    expect(datasets.detail).toMatch(/same benchmark and dataset/);
    const lcu = await runOf({
      benchmark: "longcodeu",
      dataset: await longcodeuDataset("compare-lcu"),
      model: "baseline:empty",
    });
    expect((await compare(`a=${oracle}&b=${lcu}`, 422)).type).toBe("urn:needlework:problem:unprocessable-content");
  });
});
