/**
 * The discordant tasks of GET /v1/compare (docs/compare.md, "Discordant tasks"): on real baseline
 * runs (RepoQA's fixture, LongCodeU's) the list is exactly the tasks where the sides disagree, in the
 * stated order, each with both verdicts and a side-by-side link; on two synthetic 10,000-sample runs
 * written straight to D1 the list is paged (50 a page, every discordant task once, a page past the
 * last a 400) and the answer's size stays that of one page. The ordering rule itself is checked on
 * hand-made pairs against an independent sort.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { discordantPairs } from "../../src/core/compare/discordant";
import type { CompareRule, CompareSample } from "../../src/benchmarks/types";
import { get } from "../helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { fixtureDataset, samplesOf, startRun, waitForRun } from "../runs/helpers";
import { disagreeingRunSql, syntheticRunSql } from "../page/runs-fixtures";

type Json = Record<string, any>;

async function compare(query: string, status = 200): Promise<Json> {
  const res = await get(`/v1/compare?${query}`);
  const body = await res.json<Json>();
  expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(status);
  return body;
}

const runOf = async (body: Record<string, unknown>) => {
  const run = await waitForRun((await startRun({ concurrency: 8, ...body })).id);
  expect(run.status).toBe("completed");
  return run.id;
};

describe("on real baseline runs", () => {
  it("RepoQA oracle vs bm25: every task only the oracle passes, by key, each with its units and side-by-side link", async () => {
    const dataset = await fixtureDataset("discordant-repoqa");
    const [oracle, bm25] = await Promise.all([
      runOf({ dataset, model: "baseline:oracle" }),
      runOf({ dataset, model: "baseline:bm25" }),
    ]);
    const body = await compare(`a=${oracle}&b=${bm25}`);
    const bm25Samples = await samplesOf(bm25);
    // bm25 passes a task when its best match is the target at the threshold (the leaderboard's rule).
    const failed = bm25Samples
      .filter((s) => !(s.detail.is_best === true && s.detail.best_similarity >= 0.8))
      .map((s) => s.unit)
      .sort();
    expect(failed.length).toBeGreaterThan(0);
    expect(body.discordant).toMatchObject({
      by: "pass",
      counts: { only_a: failed.length, only_b: 0 },
      total: failed.length,
      page: 1,
      pages: 1,
      per_page: 50,
    });
    expect(body.discordant.counts.only_a).toBe(body.table.only_a);
    expect(body.discordant.items.map((d: Json) => d.key)).toEqual(failed);
    for (const d of body.discordant.items) {
      const b = bm25Samples.find((s) => s.unit === d.key)!;
      expect(d).toMatchObject({
        kind: "only_a",
        a: { unit: d.key, passed: true },
        b: { unit: d.key, passed: false, score: b.score },
        difference: null,
      });
      expect(d.answers).toBe(
        `/compare/task?a=${oracle}&b=${bm25}&benchmark=repoqa-snf&dataset=${dataset}&threshold=0.8&key=${encodeURIComponent(d.key)}`,
      );
    }
    // Swapped: the same tasks, only B.
    const swapped = await compare(`a=${bm25}&b=${oracle}`);
    expect(swapped.discordant.counts).toEqual({ only_a: 0, only_b: failed.length });
    expect(swapped.discordant.items.map((d: Json) => d.key)).toEqual(failed);
    // At threshold 0 bm25 passes more: the list reads the threshold.
    const loose = await compare(`a=${oracle}&b=${bm25}&threshold=0`);
    expect(loose.discordant.total).toBe(loose.table.only_a + loose.table.only_b);
    expect(loose.discordant.total).toBeLessThanOrEqual(failed.length);
  }, 90_000);

  it("LongCodeU oracle vs empty: by grade, every example A higher, largest difference first", async () => {
    const dataset = await longcodeuDataset("discordant-lcu");
    const [oracle, empty] = await Promise.all([
      runOf({ benchmark: "longcodeu", dataset, model: "baseline:oracle" }),
      runOf({ benchmark: "longcodeu", dataset, model: "baseline:empty" }),
    ]);
    const body = await compare(`a=${oracle}&b=${empty}`);
    expect(body.discordant).toMatchObject({ by: "grade", counts: { a_higher: 16, b_higher: 0 }, total: 16 });
    const diffs = body.discordant.items.map((d: Json) => d.difference);
    expect(diffs).toEqual([...diffs].sort((x, y) => Math.abs(y) - Math.abs(x)));
    for (const d of body.discordant.items) {
      expect(d.kind).toBe("a_higher");
      expect(d.a.passed).toBeNull();
      expect(d.difference).toBeCloseTo(d.a.score - d.b.score, 12);
      expect(d.b.score).toBe(0);
    }
  }, 90_000);
});

describe("two synthetic 10,000-sample runs: the list is paged", () => {
  const N = 10_000;
  const A = "run-20261124000000-00000d15ca";
  const B = "run-20261124000000-00000d15cb";
  beforeAll(async () => {
    await env.DB.batch([...syntheticRunSql(A, N), ...syntheticRunSql(B, N)].map((sql) => env.DB.prepare(sql)));
    // B passes where i % 5 is not 0 (A: where i % 4 is not 0), so they disagree on a known set.
    await env.DB.prepare(disagreeingRunSql(B)).run();
  }, 120_000);

  it("pages of 50 are the list's slices, in order; past the last page a 400; one page's answer stays small", async () => {
    const scored = (i: number) => i % 7 !== 0 && i % 13 !== 0;
    const onlyA: string[] = [];
    const onlyB: string[] = [];
    for (let i = 0; i < N; i++) {
      if (!scored(i)) continue;
      const [a, b] = [i % 4 !== 0, i % 5 !== 0];
      const unit = `${["go", "python", "typescript"][i % 3]}::synthetic/repo${Math.floor(i / 100)}::fn_${String(i).padStart(6, "0")}`;
      if (a && !b) onlyA.push(unit);
      if (b && !a) onlyB.push(unit);
    }
    const want = [...onlyA.sort(), ...onlyB.sort()];
    const first = await compare(`a=${A}&b=${B}`);
    expect(first.discordant).toMatchObject({
      by: "pass",
      counts: { only_a: onlyA.length, only_b: onlyB.length },
      total: want.length,
      page: 1,
      per_page: 50,
    });
    const pages = Math.ceil(want.length / 50);
    expect(first.discordant.pages).toBe(pages);
    expect(first.table).toMatchObject({ only_a: onlyA.length, only_b: onlyB.length });
    // The first, second, a middle and the last page are the list's slices (every page is a request over both runs).
    for (const p of [1, 2, pages >> 1, pages]) {
      const page = p === 1 ? first : await compare(`a=${A}&b=${B}&page=${p}`);
      expect(page.discordant.page).toBe(p);
      expect(page.discordant.items.map((d: Json) => d.key)).toEqual(want.slice(50 * (p - 1), 50 * p));
    }
    // A page's list is 50 items whatever the run's size (the lists of tasks left out are the runs' own).
    expect(JSON.stringify(first.discordant).length).toBeLessThan(50 * 600);
    const past = await compare(`a=${A}&b=${B}&page=${pages + 1}`, 400);
    expect(past.detail).toContain(`page: must be at most ${pages}`);
    for (const bad of ["0", "-1", "1.5", "x"])
      expect((await compare(`a=${A}&b=${B}&page=${bad}`, 400)).type).toBe("urn:needlework:problem:validation-error");
  }, 120_000);
});

describe("the order of the list (pure)", () => {
  const sample = (key: string, passed: boolean, score: number): CompareSample => ({
    unit: key,
    taskId: key,
    language: "python",
    position: null,
    contextSize: null,
    status: "scored",
    passed,
    score,
    detail: null,
  });
  const pairs = (rows: [string, boolean, number, boolean, number][]) =>
    rows.map(([key, pa, sa, pb, sb]) => ({ key, a: sample(key, pa, sa), b: sample(key, pb, sb) }));

  it("pass/fail: only A before only B, each by key; agreeing pairs left out", () => {
    const rule: CompareRule = { outcome: "pass_fail", pairKey: (s) => s.taskId, passes: (s) => s.passed === true };
    const list = discordantPairs(
      rule,
      pairs([
        ["z", false, 0, true, 1],
        ["b", true, 1, false, 0],
        ["a", true, 1, true, 1],
        ["c", false, 0, true, 1],
        ["a2", true, 1, false, 0],
      ]),
      null,
    );
    expect(list.map((d) => [d.key, d.kind])).toEqual([
      ["a2", "only_a"],
      ["b", "only_a"],
      ["c", "only_b"],
      ["z", "only_b"],
    ]);
  });

  it("graded with a pass rule: the pairs that differ on passing, largest grade difference first; without one: every differing grade", () => {
    const withPass: CompareRule = {
      outcome: "graded",
      pairKey: (s) => s.taskId,
      passes: (s) => s.passed === true,
      grade: (s) => s.score ?? 0,
    };
    const rows = pairs([
      ["p", true, 1, false, 0.9],
      ["q", false, 0.2, true, 1],
      ["r", true, 1, false, 0.5],
      ["s", false, 0.3, false, 0.1],
    ]);
    expect(discordantPairs(withPass, rows, null).map((d) => d.key)).toEqual(["q", "r", "p"]);
    const noPass: CompareRule = { outcome: "graded", pairKey: (s) => s.taskId, grade: (s) => s.score ?? 0 };
    const graded = discordantPairs(noPass, rows, null);
    const expected = rows
      .map((r) => ({ key: r.key, d: (r.a.score ?? 0) - (r.b.score ?? 0) }))
      .filter((r) => r.d !== 0)
      .sort((x, y) => Math.abs(y.d) - Math.abs(x.d) || (x.key < y.key ? -1 : 1));
    expect(graded.map((d) => [d.key, d.kind])).toEqual(expected.map((r) => [r.key, r.d > 0 ? "a_higher" : "b_higher"]));
  });
});
