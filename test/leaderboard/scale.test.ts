/**
 * The leaderboard at the scale docs/capacity.md plans for: 1,000 models with per-task samples,
 * imported through POST /v1/leaderboard/import (the real store functions, one D1 batch per request)
 * into local D1. Correctness only (row counts, ranks, a breakdown, the page); read latency at this
 * scale is measured by scripts/bench-capacity.mts, not here.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "../helpers";
import { board, counts, imported, rows, scoresFile, type ResultsFile } from "./helpers";

const MODELS = 1_000;
const LANGUAGES = ["python", "cpp", "java", "typescript", "rust"];
const PER_LANGUAGE = 10;
const PER_REQUEST = 100;
const TASKS = LANGUAGES.length * PER_LANGUAGE;

/** Model i passes `passed(i)` of its 50 tasks (0..50, so models tie and share ranks). */
const passed = (i: number) => (i * 37) % (TASKS + 1);
const name = (i: number) => `scale/model-${String(i).padStart(4, "0")}`;

/** Model i's SCORES file: its first passed(i) tasks are the best match at similarity 1, the rest are not. */
function modelFile(i: number): ResultsFile {
  let k = 0;
  const results = Object.fromEntries(LANGUAGES.map((lang) => [lang, rows(`${lang}/repo`, Array.from({ length: PER_LANGUAGE }, () => (k++ < passed(i) ? 1 : -0.5)))]));
  return scoresFile(name(i), results);
}

describe(`a leaderboard of ${MODELS} models with samples`, () => {
  beforeAll(async () => {
    for (let start = 0; start < MODELS; start += PER_REQUEST) {
      const file = Object.assign({}, ...Array.from({ length: PER_REQUEST }, (_, j) => modelFile(start + j)));
      const res = await imported(file);
      expect(res.entries.filter((e: { status: string }) => e.status === "created")).toHaveLength(PER_REQUEST);
    }
  }, 600_000);

  it("holds every entry and every sample", async () => {
    const c = await counts();
    expect(c.entries).toBe(MODELS);
    expect(c.samples).toBe(MODELS * TASKS);
    const perEntry = await env.DB.prepare("SELECT min(n) AS lo, max(n) AS hi FROM (SELECT count(*) AS n FROM leaderboard_samples GROUP BY entry_id)").first<{ lo: number; hi: number }>();
    expect(perEntry).toEqual({ lo: TASKS, hi: TASKS });
  });

  it("ranks all of them: rank = 1 + the number of models with more tasks passed", async () => {
    const data = await board();
    expect(data.rows).toHaveLength(MODELS);
    const counted = Array.from({ length: MODELS }, (_, i) => passed(i));
    for (const row of data.rows) {
      const i = Number(row.model.slice("scale/model-".length));
      expect(row).toMatchObject({ n: TASKS, passed: passed(i), rank: 1 + counted.filter((p) => p > passed(i)).length });
    }
    const rates = data.rows.map((r: { rate: number }) => r.rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it("answers one model's breakdown and the board page among them", async () => {
    const i = 777;
    const res = await get(`/v1/leaderboard/models/scale--model-0${i}`);
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(JSON.stringify(body)).toContain(name(i));
    const page = await get("/");
    expect(page.status).toBe(200);
    const html = await page.text();
    const top = (await board()).rows[0].model;
    expect(html).toContain(top);
  });
});
