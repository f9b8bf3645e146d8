/**
 * The unseen view (`?unseen=1`) and models' cutoffs: every ranked figure recounted by brute force
 * from the samples published (born dates and verdicts drawn by a seeded generator), the set-apart
 * rules, windows, sorts and pages, and the cutoffs' routes, CSV column and model pages.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { publishVerifiedRun, type VerifiedSample } from "../../src/core/leaderboard/verified";
import { wilson } from "../../src/kit/leaderboard/wilson";
import { ADMIN, del, get, put } from "../helpers";
import { board } from "./helpers";

const DATASET = "fresh-2026";
const THRESHOLD = 0.8;

/** A small seeded generator (mulberry32): the same samples every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = ["2024-11-03", "2025-01-31", "2025-02-01", "2025-06-15", "2025-12-31", "2026-01-01", "2026-03-10", null];

/** 120 RepoQA samples: births cycling over DAYS (one undated in eight), verdicts drawn at `skill`. */
function samples(seed: number, skill: number): VerifiedSample[] {
  const rand = prng(seed);
  return Array.from({ length: 120 }, (_, i) => {
    const best = rand() < skill;
    return {
      task: `python::fresh/repo::fn_${i}`,
      position: (i % 10) / 10,
      context_size: 16384,
      passed: best,
      score: best ? 0.75 + rand() * 0.25 : rand() * 0.7,
      born: DAYS[i % DAYS.length],
      ...(i % 13 === 0 ? { status: "error" as const } : {}),
    };
  });
}

const MODELS: Record<string, { seed: number; skill: number; cutoff?: string }> = {
  "acme/old-cutoff": { seed: 1, skill: 0.8, cutoff: "2024" },
  "acme/month-cutoff": { seed: 2, skill: 0.6, cutoff: "2025-01" },
  "acme/day-cutoff": { seed: 3, skill: 0.7, cutoff: "2025-06-15" },
  "acme/late-cutoff": { seed: 4, skill: 0.9, cutoff: "2026-03-10" },
  "acme/no-cutoff": { seed: 5, skill: 0.5 },
};

const run = (model: string) => ({
  dataset: DATASET,
  model,
  receipt: { scorer_version: "repoqa-snf/test", finished_at: "2026-12-01T00:00:00.000Z" },
  samples: samples(MODELS[model].seed, MODELS[model].skill),
});

/** The first day after a cutoff's period, computed here without the service's parser. */
function firstUnseen(cutoff: string): string {
  const [y, m, d] = cutoff.split("-").map(Number);
  const next = d
    ? new Date(Date.UTC(y, m - 1, d + 1))
    : m
      ? new Date(Date.UTC(y, m, 1))
      : new Date(Date.UTC(y + 1, 0, 1));
  return next.toISOString().slice(0, 10);
}

/** The unseen figures of a model, recounted from its samples (scored, dated, born in its window). */
function recount(model: string, since = "0000-01-01", until = "9999-12-31") {
  const from = firstUnseen(MODELS[model].cutoff!);
  const counted = run(model).samples.filter(
    (s) => (s.status ?? "scored") === "scored" && s.born && s.born >= from && s.born >= since && s.born <= until,
  );
  const passed = counted.filter((s) => s.passed && s.score >= THRESHOLD).length;
  return { n: counted.length, passed, rate: counted.length ? passed / counted.length : 0 };
}

const unseen = (query = "") => board(`benchmark=repoqa-snf&dataset=${DATASET}&unseen=1${query}`);

describe("the unseen view", () => {
  beforeAll(async () => {
    for (const model of Object.keys(MODELS)) await publishVerifiedRun(env, run(model));
    for (const [model, m] of Object.entries(MODELS)) {
      if (!m.cutoff) continue;
      const slug = model.replace("/", "--");
      const res = await env.DB.prepare("SELECT 1 FROM leaderboard_entries WHERE model_slug = ?").bind(slug).first();
      expect(res).not.toBeNull();
      const put = await putCutoff(slug, { cutoff: m.cutoff, note: "test card" });
      expect(put.status).toBe(200);
    }
  });

  it("ranks each model on the units born after its cutoff, as a brute-force recount counts them", async () => {
    const data = await unseen();
    expect(data.query).toMatchObject({ unseen: 1, benchmark: "repoqa-snf", dataset: DATASET });
    const ranked = Object.keys(MODELS).filter((m) => MODELS[m].cutoff && recount(m).n >= data.unseen.min_n);
    expect(data.rows.map((r: any) => r.model).sort()).toEqual(ranked.sort());
    for (const r of data.rows) {
      const want = recount(r.model);
      const ci = wilson(want.passed, want.n);
      expect([r.n, r.passed], r.model).toEqual([want.n, want.passed]);
      expect(r.rate).toBeCloseTo(want.rate, 12);
      expect([r.ci_low, r.ci_high]).toEqual([ci.low, ci.high]);
      expect(r.cutoff).toMatchObject({
        cutoff: MODELS[r.model].cutoff,
        first_unseen: firstUnseen(MODELS[r.model].cutoff!),
        source: "admin",
        note: "test card",
      });
    }
    // Best first, and a rank is 1 + the rows with a higher rate.
    for (const r of data.rows) expect(r.rank).toBe(1 + data.rows.filter((x: any) => x.rate > r.rate).length);
    expect(data.rows.map((r: any) => r.rate)).toEqual([...data.rows.map((r: any) => r.rate)].sort((a, b) => b - a));
  });

  it("sets apart a model without a cutoff and one with too few unseen units, with the reason", async () => {
    const data = await unseen();
    const apart = Object.fromEntries(data.unseen.set_apart.map((s: any) => [s.model, s]));
    expect(apart["acme/no-cutoff"]).toMatchObject({ reason: "no cutoff", n: 0, cutoff: null });
    // The late cutoff (2026-03-10) leaves no unit: fewer than the minimum.
    expect(recount("acme/late-cutoff").n).toBeLessThan(data.unseen.min_n);
    expect(apart["acme/late-cutoff"]).toMatchObject({
      reason: "too few unseen units",
      n: recount("acme/late-cutoff").n,
    });
    expect(data.unseen.set_apart_total).toBe(2);
    expect(data.total).toBe(data.rows.length);
  });

  it("narrows to a window of birth days, recounted the same way", async () => {
    const data = await unseen("&since=2025-06-01&until=2025-12-31");
    expect(data.unseen).toMatchObject({ since: "2025-06-01", until: "2025-12-31" });
    for (const r of data.rows) {
      const want = recount(r.model, "2025-06-01", "2025-12-31");
      expect([r.n, r.passed], r.model).toEqual([want.n, want.passed]);
    }
    expect(
      (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&unseen=1&since=2025-13-01`)).status,
    ).toBe(400);
    expect((await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&since=2025-01-01`)).status).toBe(400);
    expect(
      (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&unseen=1&since=2026-01-01&until=2025-01-01`))
        .status,
    ).toBe(400);
  });

  it("reads another threshold's born rows, sorts by name and pages with its cursors", async () => {
    const at5 = await unseen("&threshold=0.5");
    const m = at5.rows[0].model;
    const rows = run(m).samples.filter(
      (s) => (s.status ?? "scored") === "scored" && s.born && s.born >= firstUnseen(MODELS[m].cutoff!),
    );
    expect(at5.rows[0].passed).toBe(rows.filter((s) => s.passed && s.score >= 0.5).length);
    const byName = await unseen("&sort=model&limit=1");
    expect(byName.rows).toHaveLength(1);
    const second = await board(
      `benchmark=repoqa-snf&dataset=${DATASET}&unseen=1&sort=model&limit=1&cursor=${byName.next}`,
    );
    expect(second.rows[0].model > byName.rows[0].model).toBe(true);
    expect(second.prev).not.toBeNull();
    expect(
      (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&unseen=1&cursor=${byName.next}`)).status,
    ).toBe(400);
  });

  it("gives a model's results by birth month, recounted, and marks nothing it cannot date", async () => {
    const res = await get(`/v1/leaderboard/models/acme--month-cutoff?dataset=${DATASET}`);
    const body = await res.json<any>();
    const scored = run("acme/month-cutoff").samples.filter((s) => (s.status ?? "scored") === "scored" && s.born);
    const months = [...new Set(scored.map((s) => s.born!.slice(0, 7)))].sort();
    expect(body.born_months.map((m: any) => m.month)).toEqual(months);
    for (const m of body.born_months) {
      const inMonth = scored.filter((s) => s.born!.startsWith(m.month));
      expect([m.n, m.passed]).toEqual([inMonth.length, inMonth.filter((s) => s.passed && s.score >= THRESHOLD).length]);
    }
    expect(body.cutoff).toMatchObject({ cutoff: "2025-01", first_unseen: "2025-02-01" });
    const page = await (await get(`/models/acme--month-cutoff?dataset=${DATASET}`)).text();
    expect(page).toContain('id="born-chart"');
    expect(page).toContain('data-marker="cutoff 2025-01"');
    expect(page).toContain("first appeared in the history or versions read");
  });

  it("shows the cutoff in the board's JSON and CSV, and the unseen table on the page", async () => {
    const data = await board(`benchmark=repoqa-snf&dataset=${DATASET}`);
    expect(data.rows.find((r: any) => r.model === "acme/no-cutoff").cutoff).toBeNull();
    expect(data.rows.find((r: any) => r.model === "acme/day-cutoff").cutoff.cutoff).toBe("2025-06-15");
    const csv = await (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&format=csv`)).text();
    const [head, ...lines] = csv.trim().split("\r\n");
    expect(head.split(",").at(-1)).toBe("cutoff");
    expect(
      lines
        .find((l) => l.includes("acme/day-cutoff"))!
        .split(",")
        .at(-1),
    ).toBe("2025-06-15");
    const page = await (await get(`/?benchmark=repoqa-snf&dataset=${DATASET}&unseen=1`)).text();
    expect(page).toContain('id="unseen-board"');
    expect(page).toContain('data-model="acme--month-cutoff"');
    expect(page).toContain('id="set-apart"');
    const all = await (await get(`/?benchmark=repoqa-snf&dataset=${DATASET}`)).text();
    expect(all).toContain('data-link="unseen"');
  });
});

const putCutoff = (slug: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  put(`/v1/leaderboard/models/${slug}/cutoff`, body, headers);

describe("models' cutoffs", () => {
  it("are set and corrected by an admin only, checked, and removed", async () => {
    await publishVerifiedRun(env, { ...run("acme/no-cutoff"), model: "acme/admin-set" });
    expect((await putCutoff("acme--admin-set", { cutoff: "2025-03" }, {})).status).toBe(401);
    expect((await putCutoff("acme--admin-set", { cutoff: "2025-13" })).status).toBe(400);
    expect((await putCutoff("acme--admin-set", { cutoff: "March 2025" })).status).toBe(400);
    expect((await putCutoff("nobody--here", { cutoff: "2025-03" })).status).toBe(404);
    const set = await (await putCutoff("acme--admin-set", { cutoff: "2025-03" })).json<any>();
    expect(set).toMatchObject({
      model: "acme/admin-set",
      cutoff: { cutoff: "2025-03", precision: "month", first_unseen: "2025-04-01", source: "admin" },
    });
    const gone = await del("/v1/leaderboard/models/acme--admin-set/cutoff", ADMIN);
    expect(gone.status).toBe(200);
    expect((await del("/v1/leaderboard/models/acme--admin-set/cutoff", ADMIN)).status).toBe(404);
  });

  it("moves the leaderboard's generation, so a cached board answers anew", async () => {
    const first = await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}`);
    const tag = first.headers.get("etag")!;
    expect(
      (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}`, { "if-none-match": tag })).status,
    ).toBe(304);
    await putCutoff("acme--no-cutoff", { cutoff: "2025" });
    expect(
      (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}`, { "if-none-match": tag })).status,
    ).toBe(200);
  });
});

describe("the unseen view of a graded benchmark", () => {
  const TASKS = ["CU_P", "CU_SA", "LDU"];
  const lcu = (i: number, recall: number, born: string | null): VerifiedSample => ({
    task: `python::${TASKS[i % 3]}::${TASKS[i % 3]}-acme-lib-${String(i).padStart(4, "0")}`,
    position: 0,
    context_size: 4000,
    passed: recall === 1,
    score: recall,
    born,
    parts: { precision: recall / 2, unparseable: false, bucket: "0-8K" },
  });

  it("ranks by the mean score of the units born after the cutoff, as recounted", async () => {
    const rand = prng(9);
    const samples = Array.from({ length: 60 }, (_, i) => lcu(i, Math.round(rand() * 10) / 10, DAYS[i % DAYS.length]));
    await publishVerifiedRun(env, {
      benchmark: "longcodeu",
      dataset: "lcu-fresh",
      model: "lcu/model",
      receipt: {},
      samples,
    });
    expect((await putCutoff("lcu--model", { cutoff: "2025-01" })).status).toBe(200);
    const data = await board("benchmark=longcodeu&dataset=lcu-fresh&unseen=1");
    expect(data.unseen.metric).toBe("score");
    const counted = samples.filter((s) => s.born && s.born >= "2025-02-01");
    const row = data.rows.find((r: any) => r.model === "lcu/model");
    expect(row.n).toBe(counted.length);
    expect(row.rate).toBeCloseTo(counted.reduce((t, s) => t + s.score, 0) / counted.length, 12);
    expect([row.passed, row.ci_low, row.ci_high]).toEqual([null, null, null]);
  });
});
