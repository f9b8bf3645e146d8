/**
 * Positional benchmarks on the leaderboard (lexical-recall, cruxeval-o, semtrace): aggregation by
 * exact grid position x D, the paper's relative accuracy and median drop, the API, the default
 * dataset. Every expected number is worked out by hand from GRID (positional-fixtures.ts).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Aggregate } from "../../src/kit/leaderboard/aggregate";
import { median, positionKey, relativeAccuracy } from "../../src/benchmarks/semtrace/leaderboard";
import { passRateStatements } from "../../src/kit/leaderboard/pass-rate";
import { passRateAxis, rankPageRead } from "../../src/kit/leaderboard/ranks";
import { normalizeQuery } from "../../src/core/leaderboard/queries";
import { aggregateSamples, publishVerifiedRun, toSample } from "../../src/core/leaderboard/verified";
import { wilson } from "../../src/kit/leaderboard/wilson";
import { get } from "../helpers";
import { backfillDifferences, board, importFile, pageReadPlans, parseCsv, rows, scoresFile } from "./helpers";
import { gridSamples, positionalRun } from "./positional-fixtures";

const at = (aggs: Aggregate[], type: string, key: string, threshold = "0.8") =>
  aggs.find((a) => a.groupType === type && a.groupKey === key && a.threshold === threshold);

describe("positionKey", () => {
  it("writes grid positions minimally and merges floating-point spellings of one position", () => {
    expect([0, 0.1, 0.5, 0.9, 1, 0.25].map(positionKey)).toEqual(["0", "0.1", "0.5", "0.9", "1", "0.25"]);
    expect(positionKey(3 * 0.1)).toBe("0.3"); // 0.30000000000000004
    expect(positionKey(0.9)).not.toBe(positionKey(1));
  });
});

describe("aggregateSamples for a positional benchmark", () => {
  const aggs = aggregateSamples(gridSamples("semtrace").map(toSample), "semtrace");

  it("keys depth by exact position (0.9 and 1 apart), length by D, heatmap by position x D", () => {
    const keys = (type: string) =>
      aggs.filter((a) => a.groupType === type && a.threshold === "0.8").map((a) => a.groupKey);
    expect(keys("depth").sort()).toEqual(["0", "0.25", "0.5", "0.9", "1"]);
    expect(keys("length").sort()).toEqual(["20", "40", "60", "80"]);
    expect(keys("heatmap")).toHaveLength(20);
    expect(keys("heatmap")).toContain("0.9|40");
    expect(keys("heatmap")).toContain("1|40");
    // 31 groups (all, python, 5 positions, 4 D, 20 cells) at 11 thresholds, plus the drop row at each.
    expect(aggs).toHaveLength(31 * 11 + 11);
  });

  it("counts exact matches, with the mean partial score, and leaves errors and overflows out", () => {
    // 50 scored (D 20, 40, 60: 5 cells x 2; D 80: 5 x 4); the error and the overflow are not in n.
    // passed = 8 (D 20: 2+1+1+2+2) + 4 (D 40: 1+1+0+1+1) + 0 (D 60) + 18 (D 80: 4+3+3+4+4) = 30.
    // partial sums: 8.75 + 6.5 + 2.5 + 19 = 36.75, / 50 = 0.735.
    const all = at(aggs, "all", "all")!;
    expect(all).toMatchObject({ n: 50, passed: 30, rate: 0.6 });
    expect(all.meanScore).toBeCloseTo(0.735, 12);
    expect(all.ciLow).toBe(wilson(30, 50).low);
    // Position 0.9: [1,1] [1,0.2] [0,0.5] [1,1,1,1] -> 7 of 10, mean 7.7 / 10.
    expect(at(aggs, "depth", "0.9")).toMatchObject({ n: 10, passed: 7, rate: 0.7 });
    expect(at(aggs, "depth", "0.9")!.meanScore).toBeCloseTo(0.77, 12);
    // Position 1: [1,1] [0.8,1] [0,0.5] [1,1,1,1] (+ the error) -> 7 of 10, mean 8.3 / 10.
    expect(at(aggs, "depth", "1")).toMatchObject({ n: 10, passed: 7 });
    expect(at(aggs, "depth", "1")!.meanScore).toBeCloseTo(0.83, 12);
    // Cells 0.9|40 = [1, 0.2] and 1|40 = [0.8, 1]: same accuracy, different partial means.
    expect(at(aggs, "heatmap", "0.9|40")).toMatchObject({ n: 2, passed: 1, rate: 0.5 });
    expect(at(aggs, "heatmap", "0.9|40")!.meanScore).toBeCloseTo(0.6, 12);
    expect(at(aggs, "heatmap", "1|40")!.meanScore).toBeCloseTo(0.9, 12);
    // The overflow at 0.5|60 is not a third sample there.
    expect(at(aggs, "heatmap", "0.5|60")).toMatchObject({ n: 2, passed: 0, rate: 0, meanScore: 0.25 });
    expect(at(aggs, "length", "80")).toMatchObject({ n: 20, passed: 18, rate: 0.9, meanScore: 0.95 });
    expect(at(aggs, "heatmap", "0.25|20")).toMatchObject({ n: 2, passed: 1, meanScore: 0.75 });
  });

  it("passes on exact match at every threshold, whatever the partial score", () => {
    for (const t of ["0.0", "0.5", "1.0"]) expect(at(aggs, "all", "all", t)).toMatchObject({ passed: 30 });
    // An exact match whose partial score says 0.3 (inconsistent on purpose) passes even at 1.0 here,
    // and fails there in RepoQA, where the similarity must reach the threshold.
    const odd = toSample({
      task: "python::semtrace::x",
      position: 0.5,
      context_size: 20,
      passed: true,
      score: 0.3,
    });
    expect(at(aggregateSamples([odd], "semtrace"), "all", "all", "1.0")).toMatchObject({ passed: 1 });
    expect(at(aggregateSamples([odd]), "all", "all", "1.0")).toMatchObject({ passed: 0 });
  });

  it("materialises the median drop as a `drop` row at every threshold", () => {
    // relative = rate / best rate at the same D; drop(D) = 1 - min over 0 < p < 1 of relative.
    // D 20: rates 1, .5, .5, 1, 1 (positions 0, .25, .5, .9, 1); best 1; interior min .5 -> drop .5
    // D 40: rates .5, .5, 0, .5, .5; best .5; relative 1, 1, 0, 1, 1 -> drop 1
    // D 60: all 0; best 0 -> no relative accuracy, no drop (not counted as 0)
    // D 80: rates 1, .75, .75, 1, 1; best 1 -> drop .25
    // median of [.25, .5, 1] = .5 (counting D 60 as 0 would give (.25 + .5) / 2 = .375)
    const drops = aggs.filter((a) => a.groupType === "drop");
    expect(drops).toHaveLength(11);
    for (const d of drops)
      expect(d).toMatchObject({
        groupKey: "median",
        rate: 0.5,
        n: 3,
        passed: 0,
        ciLow: null,
        ciHigh: null,
        meanScore: null,
      });
  });

  it("leaves RepoQA aggregation as it was: tenths, similarity threshold, no drop row; mean best similarity added", () => {
    const repoqa = aggregateSamples(gridSamples("semtrace").map(toSample));
    expect(repoqa).toEqual(aggregateSamples(gridSamples("semtrace").map(toSample), "repoqa-snf"));
    expect(repoqa.some((a) => a.groupType === "drop")).toBe(false);
    const depths = [...new Set(repoqa.filter((a) => a.groupType === "depth").map((a) => a.groupKey))].sort();
    expect(depths).toEqual(["0.0-0.1", "0.2-0.3", "0.5-0.6", "0.9-1.0"]); // 0.9 and 1 share the last tenth
    // At 0.8: exact matches only (all have similarity 1), and 0.8 >= 0.8 for the two 0.8s that are not best.
    expect(at(repoqa, "all", "all")).toMatchObject({ n: 50, passed: 30 });
    expect(at(repoqa, "all", "all", "0.0")).toMatchObject({ passed: 30 });
    expect(at(repoqa, "all", "all")!.meanScore).toBeCloseTo(0.735, 12);
  });
});

describe("relativeAccuracy", () => {
  it("normalises by the best position at each D and takes the median drop over D", () => {
    const r = relativeAccuracy([
      // D 20: best .8 (at 1); relative .5/.8 = .625 at 0, .2/.8 = .25 at .5, .4/.8 = .5 at .9
      { distractors: 20, position: 0, rate: 0.5 },
      { distractors: 20, position: 0.5, rate: 0.2 },
      { distractors: 20, position: 0.9, rate: 0.4 },
      { distractors: 20, position: 1, rate: 0.8 },
      // D 40: only the ends: no interior position, no drop
      { distractors: 40, position: 0, rate: 1 },
      { distractors: 40, position: 1, rate: 0.5 },
      // D 10: best .4 at .5 itself: relative 1 there -> min over the interior is 1 -> drop 0
      { distractors: 10, position: 0.5, rate: 0.4 },
      { distractors: 10, position: 0, rate: 0.1 },
    ]);
    expect(r.relative.get("0|20")).toBeCloseTo(0.625, 12);
    expect(r.relative.get("0.5|20")).toBeCloseTo(0.25, 12);
    expect(r.relative.get("0.9|20")).toBeCloseTo(0.5, 12);
    expect(r.relative.get("1|40")).toBe(0.5);
    expect(r.drops.map((d) => d.distractors)).toEqual([10, 20, 40]);
    expect(r.drops[1]).toMatchObject({ best: 0.8, min_position: "0.5", drop: 0.75 }); // 1 - .25
    expect(r.drops[1].min_relative).toBeCloseTo(0.25, 12);
    expect(r.drops[0]).toMatchObject({ best: 0.4, min_relative: 1, drop: 0 });
    expect(r.drops[2]).toMatchObject({ best: 1, min_relative: null, min_position: null, drop: null });
    // median of [0, .75] = .375
    expect(r.median_drop).toBe(0.375);
  });

  it("has no relative accuracy where the best is 0, and no median without drops", () => {
    const r = relativeAccuracy([
      { distractors: 20, position: 0, rate: 0 },
      { distractors: 20, position: 0.5, rate: 0 },
    ]);
    expect(r.relative.get("0.5|20")).toBeNull();
    expect(r.drops[0]).toMatchObject({ best: 0, drop: null });
    expect(r.median_drop).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("positional entries through the API", () => {
  beforeAll(async () => {
    // Study "sst-a": model A has all three tasks, model B SemTrace only (a simpler grid);
    // study "sst-b": model C has SemTrace only. So sst-a has the most SemTrace entries (2 vs 1).
    for (const b of ["lexical-recall", "cruxeval-o", "semtrace"])
      await publishVerifiedRun(env, positionalRun("acme/model-a", b, "sst-a"));
    const b = { 20: { "0": [1], "0.5": [0.5], "1": [1] }, 40: { "0": [1], "0.5": [1], "1": [0] } };
    await publishVerifiedRun(
      env,
      positionalRun("acme/model-b", "semtrace", "sst-a", gridSamples("semtrace", b).slice(0, 6)),
    );
    await publishVerifiedRun(
      env,
      positionalRun(
        "other/model-c",
        "semtrace",
        "sst-b",
        gridSamples("semtrace", { 20: { "0": [1], "0.5": [1], "1": [1] } }).slice(0, 3),
      ),
    );
  });

  it("lists rows with accuracy, Wilson interval, errors and the median drop", async () => {
    const data = await board("benchmark=semtrace&dataset=sst-a");
    expect(data.query).toMatchObject({ benchmark: "semtrace", dataset: "sst-a" });
    expect(data.paper_median_drop).toBe(0.9273);
    expect(data.languages).toEqual(["python"]);
    const w = wilson(30, 50);
    // B: 4 of 6 exact; D 20 relative 1, 0, 1 -> drop 1; D 40 relative 1, 1, 0 -> drop 0 (0.5 is 1); median .5
    expect(data.rows).toEqual([
      expect.objectContaining({
        rank: 1,
        model: "acme/model-b",
        rate: 4 / 6,
        n: 6,
        passed: 4,
        errors: 0,
        context_exceeded: 0,
        median_drop: 0.5,
      }),
      expect.objectContaining({
        rank: 2,
        model: "acme/model-a",
        kind: "verified",
        rate: 0.6,
        n: 50,
        passed: 30,
        ci_low: w.low,
        ci_high: w.high,
        errors: 1,
        context_exceeded: 1,
        median_drop: 0.5,
      }),
    ]);
  });

  it("answers any threshold alike, and CSV with a median_drop column", async () => {
    expect(
      (await board("benchmark=semtrace&dataset=sst-a&threshold=0.0")).rows.map((r: any) => [
        r.model,
        r.rate,
        r.median_drop,
      ]),
    ).toEqual(
      (await board("benchmark=semtrace&dataset=sst-a&threshold=1.0")).rows.map((r: any) => [
        r.model,
        r.rate,
        r.median_drop,
      ]),
    );
    const csv = parseCsv(await (await get("/v1/leaderboard?benchmark=semtrace&dataset=sst-a&format=csv")).text());
    expect(csv[0].slice(-2)).toEqual(["median_drop", "cutoff"]);
    expect(csv.find((l) => l[1] === "acme/model-a")!.slice(-2)).toEqual(["0.5", ""]);
  });

  it("defaults to the dataset with the most entries of the benchmark; for a model, among its own", async () => {
    const data = await board("benchmark=semtrace");
    expect(data.query.dataset).toBe("sst-a");
    expect(data.rows.map((r: any) => r.model).sort()).toEqual(["acme/model-a", "acme/model-b"]);
    // lexical-recall exists only in sst-a.
    expect((await board("benchmark=lexical-recall")).query.dataset).toBe("sst-a");
    // A benchmark nobody has: no dataset, no rows.
    expect(await board("benchmark=cruxeval-o&kind=reported")).toMatchObject({ query: { dataset: "" }, rows: [] });
    // Model C is only in sst-b, so its page defaults there, not to the busiest dataset.
    const c = await (await get("/v1/leaderboard/models/other--model-c?benchmark=semtrace")).json<any>();
    expect(c).toMatchObject({ model: "other/model-c", dataset: "sst-b", benchmark: "semtrace" });
    expect((await get("/v1/leaderboard/models/other--model-c?benchmark=lexical-recall")).status).toBe(404);
    // RepoQA keeps its fixed default.
    expect((await board()).query.dataset).toBe("repoqa-2024-04-20");
  });

  it("breaks a model down by position x D with relative accuracy, drops and partial scores", async () => {
    const res = await get("/v1/leaderboard/models/acme--model-a?benchmark=semtrace&dataset=sst-a");
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({
      model: "acme/model-a",
      benchmark: "semtrace",
      dataset: "sst-a",
      kind: "verified",
      has_samples: true,
    });
    expect(body.depth.map((b: any) => [b.bucket, b.lo, b.hi, b.n, b.passed])).toEqual([
      ["0", 0, 0, 10, 7],
      ["0.25", 0.25, 0.25, 10, 5],
      ["0.5", 0.5, 0.5, 10, 4],
      ["0.9", 0.9, 0.9, 10, 7],
      ["1", 1, 1, 10, 7],
    ]);
    expect(body.length.map((b: any) => [b.bucket, b.n, b.passed])).toEqual([
      ["20", 10, 8],
      ["40", 10, 4],
      ["60", 10, 0],
      ["80", 20, 18],
    ]);
    expect(body.heatmap).toHaveLength(20);
    expect(body.heatmap.slice(0, 5).map((c: any) => c.depth)).toEqual(["0", "0.25", "0.5", "0.9", "1"]);
    expect(body.thresholds["0.0"].all).toEqual(body.thresholds["1.0"].all);

    const p = body.positional;
    expect(p.positions).toEqual(["0", "0.25", "0.5", "0.9", "1"]);
    expect(p.distractors).toEqual([20, 40, 60, 80]);
    expect(p.cells).toHaveLength(20);
    const cell = (pos: string, d: number) => p.cells.find((c: any) => c.position === pos && c.distractors === d);
    expect(cell("0.9", 40)).toMatchObject({ rate: 0.5, n: 2, passed: 1, relative: 1 }); // .5 / best .5
    expect(cell("0.9", 40).mean_score).toBeCloseTo(0.6, 12);
    expect(cell("1", 40).mean_score).toBeCloseTo(0.9, 12);
    expect(cell("0.5", 40)).toMatchObject({ rate: 0, relative: 0, mean_score: 0.5 });
    expect(cell("0.25", 80)).toMatchObject({ rate: 0.75, relative: 0.75, mean_score: 0.875 });
    expect(cell("0.5", 60)).toMatchObject({ rate: 0, n: 2, relative: null, mean_score: 0.25 });
    expect(p.drops).toEqual([
      { distractors: 20, best: 1, min_relative: 0.5, min_position: "0.25", drop: 0.5 },
      { distractors: 40, best: 0.5, min_relative: 0, min_position: "0.5", drop: 1 },
      { distractors: 60, best: 0, min_relative: null, min_position: null, drop: null },
      { distractors: 80, best: 1, min_relative: 0.75, min_position: "0.25", drop: 0.25 },
    ]);
    expect(p.median_drop).toBe(0.5);
    expect(p.mean_score).toBeCloseTo(0.735, 12);
    expect(p.paper_median_drop).toBe(0.9273);
    expect(p).toMatchObject({ errors: 1, context_exceeded: 1 });
  });

  it("keeps RepoQA shapes: no median_drop on rows, no positional part in breakdowns", async () => {
    await publishVerifiedRun(env, {
      dataset: "repoqa-2024-04-20",
      model: "acme/model-a",
      receipt: { scorer_version: "repoqa-snf/1.0.0" },
      samples: [
        {
          task: "python::a/py::fn_0",
          position: 0.05,
          context_size: 16384,
          passed: true,
          score: 0.95,
          parts: { target: "fn_0" },
        },
        {
          task: "python::a/py::fn_1",
          position: 0.95,
          context_size: 16384,
          passed: false,
          score: 0.4,
          parts: { target: "x" },
        },
      ],
    });
    const row = (await board()).rows.find((r: any) => r.model === "acme/model-a");
    expect(row).toBeDefined();
    expect("median_drop" in row).toBe(false);
    const body = await (await get("/v1/leaderboard/models/acme--model-a")).json<any>();
    expect("positional" in body).toBe(false);
    expect(body.depth.map((b: any) => b.bucket)).toEqual(["0.0-0.1", "0.9-1.0"]);
    // The RepoQA rows carry the mean best similarity in D1: (0.95 + 0.4) / 2.
    const stored = await env.DB.prepare(
      "SELECT a.mean_score AS m FROM leaderboard_aggregates a JOIN leaderboard_entries e ON e.id = a.entry_id WHERE e.benchmark = 'repoqa-snf' AND e.model = 'acme/model-a' AND a.group_type = 'all' AND a.threshold = '0.8'",
    ).first<{ m: number }>();
    expect(stored!.m).toBeCloseTo(0.675, 12);
  });

  it("describes the positional fields in the OpenAPI document; the dataset has no fixed default", async () => {
    const doc = await (await get("/openapi.json")).json<any>();
    const schemas = doc.components.schemas;
    // LeaderboardRow extends Rate (allOf).
    const row = Object.assign({}, ...schemas.LeaderboardRow.allOf.map((part: any) => part.properties ?? {}));
    expect(row.median_drop).toMatchObject({ type: ["number", "null"] });
    expect(schemas.Leaderboard.properties.paper_median_drop).toBeDefined();
    expect(Object.keys(schemas.PositionalBreakdown.properties).sort()).toEqual(
      [
        "cells",
        "context_exceeded",
        "distractors",
        "drops",
        "errors",
        "mean_score",
        "median_drop",
        "paper_median_drop",
        "positions",
      ].sort(),
    );
    expect(schemas.ModelBreakdown.properties.positional).toBeDefined();
    expect(schemas.ModelBreakdown.required).not.toContain("positional");
    const dataset = doc.paths["/v1/leaderboard"].get.parameters.find((p: any) => p.name === "dataset");
    expect(dataset.schema.default).toBeUndefined();
    expect(dataset.description).toContain("most entries");
  });

  it("refuses reported imports for a positional benchmark (RepoQA files would be misread as a grid)", async () => {
    const res = await importFile(scoresFile("x/y", { python: rows("a/py", [1]) }), {
      benchmark: "semtrace",
      dataset: "sst-a",
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ detail: expect.stringContaining("positional") });
  });

  it("reads a positional board page with the same two indexed statements", async () => {
    const q = normalizeQuery({ benchmark: "semtrace", dataset: "sst-a" });
    const plans = await pageReadPlans(
      (ids) => passRateStatements(env, q, ids, ["all", "language", "drop"]),
      rankPageRead(env, q, passRateAxis(q), 100).entries,
    );
    expect(plans.entries[0]).toMatch(
      /^SEARCH leaderboard_entries USING (COVERING )?INDEX sqlite_autoindex_leaderboard_entries_1 \(id=\?\)$/,
    );
    expect(plans.aggregates[0]).toMatch(
      /^SEARCH leaderboard_aggregates USING INDEX sqlite_autoindex_leaderboard_aggregates_1 \(entry_id=\? AND threshold=\? AND group_type=\?\)$/,
    );
    for (const plan of [plans.entries, plans.aggregates])
      expect(plan.some((d) => /TEMP B-TREE|^SCAN/.test(d))).toBe(false);
  });

  it("stores with each entry the rank values the migration's backfill makes of it", async () => {
    const d = await backfillDifferences();
    expect(d.stored).toBeGreaterThan(0);
    expect(d).toMatchObject({ missing: 0, extra: 0 });
  });
});
