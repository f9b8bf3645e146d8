/**
 * Conformance of every registered benchmark to the one public surface: for each, with a
 * fixture dataset of its kind: units (paged) → the unit's prompt → the oracle's answer scores a pass
 * over POST /v1/score, an empty answer fails, an unknown unit is a 404, bad options a 4xx; the batch
 * form agrees with the single one. The registry here also holds the toy family (./toy/, registered
 * by test/setup.ts), which goes through the same code.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allBenchmarks, allFamilies, getBenchmark } from "../../src/benchmarks/registry";
import { familyNamePattern } from "../architecture/family-names";
import { get, post } from "../helpers";
import { FIXTURES, allUnits, listBenchmarks, promptPath, unitsPath } from "./helpers";

// The loop is over the registry itself; GET /v1/benchmarks must list the same.
const benchmarks = allBenchmarks().map((b) => ({ id: b.id, title: b.title, dataset_kind: b.datasetKind }));

describe("the registry", () => {
  it("lists every benchmark, each with a fixture of its dataset kind", async () => {
    expect((await listBenchmarks()).map((b) => ({ id: b.id, title: b.title, dataset_kind: b.dataset_kind }))).toEqual(
      benchmarks,
    );
    expect(benchmarks.map((b) => b.id).sort()).toEqual(
      [
        "cruxeval-o",
        "lexical-recall",
        "longcodeu",
        "repoqa-snf",
        "semtrace",
        "sensitivity-cruxeval-o",
        "sensitivity-semtrace",
        "toy-recall",
      ].sort(),
    );
    for (const b of benchmarks)
      expect(FIXTURES[b.dataset_kind], `${b.id}: no fixture for dataset kind ${b.dataset_kind}`).toBeDefined();
  });

  it("names each benchmark after its family, so the name check of src/ (test/architecture/names.test.ts) covers it", () => {
    const names = familyNamePattern(allFamilies().map((f) => f.id));
    for (const b of benchmarks)
      expect(b.id, `${b.id}: name none of its family's names; add one to test/architecture/family-names.ts`).toMatch(
        names,
      );
  });
});

describe.each(benchmarks.map((b) => [b.id, b] as const))("%s", (id, { dataset_kind }) => {
  it("units → prompt → oracle passes, empty fails, batch agrees", async () => {
    const dataset = await FIXTURES[dataset_kind]();
    const info = (await listBenchmarks()).find((b) => b.id === id)!;
    const listed = await allUnits(id, dataset, "", 3);
    expect(listed.units.length, "units").toBeGreaterThan(0);
    expect(listed.units.length).toBe(listed.total);
    expect(new Set(listed.units.map((u) => u.unit)).size).toBe(listed.units.length);
    // The listing is what a run covers, in run order.
    const benchmark = getBenchmark(id);
    const run = await benchmark.units(env, dataset, benchmark.options.parse({}), {});
    expect(listed.units.map((u) => u.unit)).toEqual(run.units);
    expect((await get(`/v1/benchmarks`)).status).toBe(200);
    expect(info.datasets).toContain(dataset);

    // Two units: the first and the last.
    for (const { unit, task, language } of [listed.units[0], listed.units.at(-1)!]) {
      const res = await get(promptPath(id, dataset, unit));
      expect(res.status, await res.clone().text()).toBe(200);
      const prompt = await res.json<any>();
      const loaded = await benchmark.load(env, dataset, unit, listed.options);
      expect(prompt).toMatchObject({
        benchmark: id,
        dataset,
        unit,
        task,
        language,
        messages: loaded.messages,
        prompt_tokens: loaded.promptTokens,
        max_tokens: info.default_max_tokens,
      });
      expect(prompt.prompt_tokens).toBeGreaterThan(0);
      const last = loaded.messages.at(-1)!;
      expect(prompt.prefill).toBe(last.role === "assistant" ? last.content : null);

      const oracle = await benchmark.baseline(env, dataset, unit, listed.options, "oracle");
      const scored = await post("/v1/score", { benchmark: id, dataset, unit, answer: oracle });
      expect(scored.status, await scored.clone().text()).toBe(200);
      const verdict = await scored.json<any>();
      expect(verdict).toMatchObject({
        benchmark: id,
        dataset,
        unit,
        task,
        language,
        passed: true,
        scorer_version: info.scorer_version,
      });
      expect(verdict.options).toEqual(listed.options);

      const empty = await (await post("/v1/score", { benchmark: id, dataset, unit, answer: "" })).json<any>();
      expect(empty).toMatchObject({ unit, passed: false });

      const batch = await post("/v1/score/batch", {
        benchmark: id,
        dataset,
        answers: [
          { unit, answer: oracle },
          { unit, answer: "" },
        ],
      });
      expect(batch.status).toBe(200);
      const b = await batch.json<any>();
      expect(b.results.map((r: any) => r.passed)).toEqual([true, false]);
      expect(b.results[0]).toEqual({
        unit,
        task,
        language,
        passed: true,
        score: verdict.score,
        detail: verdict.detail,
      });
      expect(b.summary.all).toMatchObject({ n: 2, passed: 1, pass_at_1: 0.5 });
    }
  });

  it("bad input: unknown unit 404, bad options 422, options not JSON 400, bad cursor 400", async () => {
    const dataset = await FIXTURES[dataset_kind]();
    const expectProblem = async (res: Response, status: number, type: string) => {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json<any>()).type).toBe(`urn:needlework:problem:${type}`);
    };
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset, unit: "no-such-unit@1", answer: "x" }),
      404,
      "not-found",
    );
    await expectProblem(await get(promptPath(id, dataset, "no-such-unit@1")), 404, "not-found");
    const batch = await post("/v1/score/batch", {
      benchmark: id,
      dataset,
      answers: [
        { unit: "nope-1", answer: "" },
        { unit: "nope-2", answer: "" },
      ],
    });
    expect(batch.status).toBe(404);
    expect((await batch.json<any>()).missing_units).toEqual(["nope-1", "nope-2"]);

    const { units } = await allUnits(id, dataset, "", 1000);
    const unit = units[0].unit;
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset, unit, answer: "x", options: { no_such_option: true } }),
      422,
      "unprocessable-content",
    );
    await expectProblem(
      await get(`${promptPath(id, dataset, unit)}?options=${encodeURIComponent('{"no_such_option":1}')}`),
      422,
      "unprocessable-content",
    );
    await expectProblem(
      await get(`${unitsPath(id, dataset)}?options=${encodeURIComponent('{"no_such_option":1}')}`),
      422,
      "unprocessable-content",
    );
    await expectProblem(await get(`${unitsPath(id, dataset)}?options=not-json`), 400, "validation-error");
    await expectProblem(
      await get(`${unitsPath(id, dataset)}?after=${encodeURIComponent("%%%")}`),
      400,
      "validation-error",
    );
    await expectProblem(await get(`${unitsPath(id, dataset)}?language=klingon`), 422, "unprocessable-content");
    await expectProblem(await get(`${unitsPath(id, dataset)}?limit=0`), 400, "validation-error");
    await expectProblem(await get(unitsPath(id, "no-such-dataset")), 404, "not-found");
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset: "no-such-dataset", unit, answer: "x" }),
      404,
      "not-found",
    );
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset, unit, answer: "x", extra: 1 }),
      400,
      "validation-error",
    );
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset, unit, answer: "x".repeat(70_000) }),
      413,
      "payload-too-large",
    );
    // A dataset of another family: 422.
    const other = Object.entries(FIXTURES).find(([kind]) => kind !== dataset_kind)!;
    const otherDataset = await other[1]();
    await expectProblem(
      await post("/v1/score", { benchmark: id, dataset: otherDataset, unit, answer: "x" }),
      422,
      "unprocessable-content",
    );
    await expectProblem(await get(unitsPath(id, otherDataset)), 422, "unprocessable-content");
  });
});

describe("the surface itself", () => {
  it("unknown benchmark: 404 in a path, 400 in a body", async () => {
    const res = await get(unitsPath("no-such-benchmark", "conf-repoqa"));
    expect(res.status).toBe(404);
    expect((await res.json<any>()).detail).toMatch(/repoqa-snf/);
    const body = await post("/v1/score", { benchmark: "no-such-benchmark", dataset: "x", unit: "u", answer: "" });
    expect(body.status).toBe(400);
    expect((await body.json<any>()).errors[0].path).toBe("benchmark");
  });

  it("filters: language, task, prefix, and options that pick part of the dataset", async () => {
    const repoqa = await FIXTURES["repoqa-snf"]();
    const all = await allUnits("repoqa-snf", repoqa, "", 1000);
    const python = await allUnits("repoqa-snf", repoqa, "&language=python", 2);
    expect(python.units.length).toBeGreaterThan(0);
    expect(python.units).toEqual(all.units.filter((u) => u.language === "python"));
    const two = await allUnits("repoqa-snf", repoqa, "&language=python&language=go", 1000);
    expect(two.units).toEqual(all.units.filter((u) => u.language === "python" || u.language === "go"));
    const one = all.units[1];
    expect((await allUnits("repoqa-snf", repoqa, `&task=${encodeURIComponent(one.task)}`)).units).toEqual([one]);

    const suite = await FIXTURES["semtrace-suite"]();
    const grid = await allUnits("semtrace", suite, "", 1000);
    const target = grid.units[0].unit.split("@")[0];
    const ofTarget = await allUnits("semtrace", suite, `&prefix=${encodeURIComponent(`${target}@`)}`, 1000);
    expect(ofTarget.units.length).toBe(2 * 3);
    expect((await allUnits("semtrace", suite, `&task=${encodeURIComponent(grid.units[0].task)}`, 1000)).units).toEqual(
      ofTarget.units,
    );

    const lcu = await FIXTURES.longcodeu();
    const cuP = await allUnits("longcodeu", lcu, `&options=${encodeURIComponent(JSON.stringify({ tasks: ["CU_P"] }))}`);
    expect(cuP.options).toEqual({ tasks: ["CU_P"] });
    expect(cuP.units.map((u) => u.unit).sort()).toEqual(["CU_P-geometry-0001", "CU_P-inventory-0001"]);
    // A unit outside the options' part is not one of the run's: 404.
    const res = await post("/v1/score", {
      benchmark: "longcodeu",
      dataset: lcu,
      unit: "LDU-geometry-0001",
      answer: "",
      options: { tasks: ["CU_P"] },
    });
    expect(res.status).toBe(404);
  });

  it("RepoQA options change the verdict as in a run; strict mode scores against the context", async () => {
    const dataset = await FIXTURES["repoqa-snf"]();
    const { units } = await allUnits("repoqa-snf", dataset, "", 1000);
    const unit = units[0].unit;
    const benchmark = getBenchmark("repoqa-snf");
    const strictOptions = { scoring_mode: "strict" };
    const prompt = await (
      await get(
        `${promptPath("repoqa-snf", dataset, unit)}?options=${encodeURIComponent(JSON.stringify(strictOptions))}`,
      )
    ).json<any>();
    expect(prompt.options).toMatchObject({
      scoring_mode: "strict",
      context_size: expect.any(Number),
      comment_mode: expect.any(String),
    });
    expect(prompt.prefill).toBeNull();
    const oracle = await benchmark.baseline(env, dataset, unit, prompt.options, "oracle");
    const verdict = await (
      await post("/v1/score", { benchmark: "repoqa-snf", dataset, unit, answer: oracle, options: strictOptions })
    ).json<any>();
    expect(verdict).toMatchObject({ passed: true, detail: { scoring_mode: "strict", candidates_from: "context" } });
  });

  it("the OpenAPI document declares the routes and names every benchmark; so does /v1 and the page footer", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/benchmarks",
        "/v1/benchmarks/{benchmark}/datasets/{dataset}/units",
        "/v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt",
        "/v1/score",
        "/v1/score/batch",
      ]),
    );
    const scoreBody = doc.paths["/v1/score"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(scoreBody)).toContain("UnitScoreRequest");
    expect(JSON.stringify(scoreBody)).toContain("ScoreRequest");
    const index = await (await get("/v1")).json<any>();
    const page = await (await get("/")).text();
    for (const b of benchmarks) {
      expect(doc.info.description).toContain(b.title);
      expect(doc.info.description).toContain(`\`${b.id}\``);
      expect(index.benchmarks).toContainEqual({ id: b.id, title: b.title });
      expect(page).toContain(b.title.replace(/&/g, "&amp;"));
    }
    expect(index.endpoints).toContain("GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt");
  });
});
