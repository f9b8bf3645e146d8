/**
 * The leaderboard at the scale docs/capacity.md plans for: 1,000 models, seeded in SQL (see `seed`),
 * two more published through POST /v1/leaderboard/import between reads. Correctness only (row counts, every page of every sort by cursor against the
 * expected ranking, bad cursors, ranks across a publish between reads, a breakdown, the page); read
 * latency at this scale is measured by scripts/bench-capacity.mts and bench-service.mts, not here.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BOARD_PAGE_ROWS } from "../../src/core/pages/query";
import { get } from "../helpers";
import { expectKeepsLimit, rowSlugs, sortLinks, unescapeHtml } from "../page/html";
import { SEED_LANGUAGES, boardSeedStatements, seedPassed } from "./board-seed";
import { THRESHOLDS, backfillDifferences, backfillRanks, board, counts, imported, rows, scoresFile } from "./helpers";

const MODELS = 1_000;
const LANGUAGES = SEED_LANGUAGES;
const PER_LANGUAGE = 10;
const TASKS = LANGUAGES.length * PER_LANGUAGE;
/** Every tenth model is a verified entry (a kind's board: `kind=verified`). */
const VERIFIED_EVERY = 10;

/** Model i passes `passed(i)` of its 50 tasks (0..50, so models tie and share ranks). */
const passed = (i: number) => seedPassed(i, TASKS);
const name = (i: number) => `scale/model-${String(i).padStart(4, "0")}`;

/**
 * The board in SQL, fast (under a second where 10 imports take minutes): 1,000 reported entries
 * with their `all` and per-language aggregates at every threshold (model i's first passed(i)
 * tasks pass, at every threshold), then the migration's backfill of their rank values. The reads
 * see what an import would have written; the last test publishes through the import and checks
 * that the store's rank rows are the backfill's.
 */
async function seed() {
  const statements = boardSeedStatements({
    dataset: "repoqa-2024-04-20",
    models: MODELS,
    prefix: "scale/model-",
    digits: 4,
    perLanguage: PER_LANGUAGE,
    verifiedEvery: VERIFIED_EVERY,
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  await backfillRanks();
}

describe(`a leaderboard of ${MODELS} models`, () => {
  beforeAll(seed, 60_000);

  it("holds every entry and its rank values", async () => {
    const c = await counts();
    expect(c.entries).toBe(MODELS);
    expect(c.aggregates).toBe(MODELS * THRESHOLDS.length * (1 + LANGUAGES.length));
    const ranks = await env.DB.prepare("SELECT count(*) AS n FROM leaderboard_ranks").first<{ n: number }>();
    expect(ranks!.n).toBe(MODELS * THRESHOLDS.length * (1 + LANGUAGES.length));
  });

  /** Every row of a board, page by page: forward by `next` from the first page, or backward by `prev` from `start`. */
  async function walk(query: string, start?: { cursor: string; dir: "prev" }, total = MODELS) {
    const pages: any[] = [];
    let cursor = start?.cursor;
    do {
      const page = await board(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(total);
      expect(page.rows.length).toBeLessThanOrEqual(page.limit);
      pages.push(page);
      cursor = start ? page.prev : page.next;
    } while (cursor);
    if (start) pages.reverse();
    return { pages, rows: pages.flatMap((p) => p.rows) };
  }

  /** The expected board: best first, ties by name (all lower-case here), rank = 1 + the models with more tasks passed. */
  const expected = (
    counted = Array.from({ length: MODELS }, (_, i) => passed(i)),
    more: { model: string; passed: number }[] = [],
    only = (_i: number) => true,
  ) => {
    const models = [...counted.map((p, i) => ({ model: name(i), passed: p, i })).filter((m) => only(m.i)), ...more];
    return models
      .map((m) => ({ ...m, rank: 1 + models.filter((x) => x.passed > m.passed).length }))
      .sort((a, b) => b.passed - a.passed || (a.model < b.model ? -1 : 1));
  };

  /** A board best first in each of the four sorts (`rate` its exact reverse; by name both ways). */
  const inEverySort = <T extends { model: string }>(best: T[]): Record<string, T[]> => ({
    "-rate": best,
    rate: [...best].reverse(),
    model: [...best].sort((a, b) => (a.model < b.model ? -1 : 1)),
    "-model": [...best].sort((a, b) => (a.model < b.model ? 1 : -1)),
  });

  it("pages through all of them by cursor: every sort, forward and back, each row once with its rank", async () => {
    const best = expected();
    const orders = inEverySort(best);
    for (const [sort, order] of Object.entries(orders)) {
      const { pages, rows: all } = await walk(`sort=${sort}`);
      expect(pages).toHaveLength(MODELS / 100);
      expect(pages[0].prev).toBeNull();
      expect(pages.at(-1).next).toBeNull();
      expect(all.map((r: any) => [r.model, r.rank, r.passed])).toEqual(order.map((r) => [r.model, r.rank, r.passed]));
      if (sort === "-rate") {
        // Back from the last page by `prev`: the same rows, the same pages.
        const last = pages.at(-1);
        const back = await walk(`sort=${sort}`, { cursor: last.prev, dir: "prev" });
        expect([...back.rows, ...last.rows].map((r: any) => r.model)).toEqual(order.map((r) => r.model));
        expect(back.pages[0].prev).toBeNull();
      }
    }
    // A kind's board (100 verified models, ranked among themselves) in pages of 7: ties cross page
    // boundaries in every sort, forward and back (by `prev` from the last page).
    for (const [sort, order] of Object.entries(inEverySort(expected(undefined, [], (i) => i % VERIFIED_EVERY === 0)))) {
      const query = `sort=${sort}&kind=verified&limit=7`;
      const { pages, rows: all } = await walk(query, undefined, order.length);
      expect(all.map((r: any) => [r.model, r.kind, r.rank])).toEqual(order.map((r) => [r.model, "verified", r.rank]));
      const last = pages.at(-1);
      const back = await walk(query, { cursor: last.prev, dir: "prev" }, order.length);
      expect([...back.rows, ...last.rows].map((r: any) => [r.model, r.rank])).toEqual(
        order.map((r) => [r.model, r.rank]),
      );
    }
    // Another page size, threshold and language: pages of 96, the rows of the language's ranking.
    const python = await walk("threshold=0.5&language=python&limit=96");
    expect(python.pages).toHaveLength(Math.ceil(MODELS / 96));
    const inPython = (i: number) => Math.min(passed(i), PER_LANGUAGE);
    expect(python.rows.map((r: any) => [r.model, r.rank])).toEqual(
      expected(Array.from({ length: MODELS }, (_, i) => inPython(i))).map((r) => [r.model, r.rank]),
    );
    // The CSV pages the same way: its rows are the JSON's, its cursors in the Link header.
    const csv = await get("/v1/leaderboard?format=csv&limit=5");
    expect(csv.headers.get("x-total-count")).toBe(String(MODELS));
    expect(csv.headers.get("link")).toMatch(
      /^<http:\/\/[^>]+\/v1\/leaderboard\?format=csv&limit=5&cursor=[\w-]+>; rel="next"$/,
    );
    expect(
      (await csv.text())
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[1]),
    ).toEqual(best.slice(0, 5).map((r) => r.model));
  }, 180_000);

  it("refuses a cursor it did not make, and a limit out of range, with a 400 problem", async () => {
    const first = await board("limit=3");
    const bad = [
      "not-a-cursor!",
      "e30",
      btoa(JSON.stringify(["-rate", "a", "x", "k"])).replace(/=+$/, ""),
      btoa(JSON.stringify(["-rate", "z", 1, "k"])).replace(/=+$/, ""),
      "A".repeat(3000),
    ];
    for (const cursor of bad) {
      const res = await get(`/v1/leaderboard?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json<any>()).detail).toMatch(/cursor/);
    }
    // A cursor of another sort is named as such; on the page it is a 400 page.
    const other = await get(`/v1/leaderboard?sort=model&cursor=${first.next}`);
    expect(other.status).toBe(400);
    expect((await other.json<any>()).detail).toMatch(/made for sort -rate, not model/);
    expect((await get(`/?cursor=${encodeURIComponent("%%%")}`)).status).toBe(400);
    for (const limit of ["0", "101", "1.5", "x"])
      expect((await get(`/v1/leaderboard?limit=${limit}`)).status, limit).toBe(400);
    expect((await get("/?limit=101")).status).toBe(400);
  });

  it("shows the board page 50 rows at a time: its pager, its JSON link and ?limit= agree with the API", async () => {
    const api = await board("limit=100");
    const first = await (await get("/")).text();
    expect(rowSlugs(first)).toEqual(api.rows.slice(0, BOARD_PAGE_ROWS).map((r: any) => r.model_slug));
    expect(first).toContain(`Ranks 1–${api.rows[BOARD_PAGE_ROWS - 1].rank}: ${BOARD_PAGE_ROWS} of 1,000 rows`);
    expect(first).toContain(`Next ${BOARD_PAGE_ROWS} →`);
    // "JSON of this table" answers the table's rows, not the API's default 100.
    const json = unescapeHtml(/<a href="([^"]+)">JSON of this table<\/a>/.exec(first)![1]);
    expect(json).toContain(`limit=${BOARD_PAGE_ROWS}`);
    const linked = await (await get(json)).json<any>();
    expect(linked.rows.map((r: any) => r.model_slug)).toEqual(rowSlugs(first));
    // The next link: the API's rows after them, then back.
    const next = unescapeHtml(/<a href="([^"]+)" rel="next">/.exec(first)![1]);
    const second = await (await get(next)).text();
    expect(rowSlugs(second)).toEqual(
      api.rows.slice(BOARD_PAGE_ROWS, 2 * BOARD_PAGE_ROWS).map((r: any) => r.model_slug),
    );
    expect(second).toContain(`← Previous ${BOARD_PAGE_ROWS}`);
    const back = unescapeHtml(/<a href="([^"]+)" rel="prev">/.exec(second)![1]);
    expect(rowSlugs(await (await get(back)).text())).toEqual(rowSlugs(first));
    // ?limit= still asks for up to the API's most, and the JSON link then needs no limit.
    const hundred = await (await get("/?limit=100")).text();
    expect(rowSlugs(hundred)).toEqual(api.rows.map((r: any) => r.model_slug));
    expect(hundred).toContain('<a href="/v1/leaderboard?threshold=0.8">JSON of this table</a>');
    // Its sort links and filter form keep the asked limit (a new sort starts at the first page); the default page's add none.
    await expectKeepsLimit(async (path) => (await get(path)).text(), "threshold=0.8");
    const byName = await (await get(sortLinks(hundred).find((h) => /sort=model(&|$)/.test(h))!)).text();
    expect(rowSlugs(byName)).toHaveLength(100);
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

  it("keeps ranks right when a model is published or changed between two reads", async () => {
    const first = await board("limit=100");
    // A new best model, then model 0777 re-published with every task passed (a newer evaluation replaces it).
    await imported(
      scoresFile(
        "scale/model-new",
        Object.fromEntries(LANGUAGES.map((l) => [l, rows(`${l}/repo`, Array(PER_LANGUAGE).fill(1))])),
      ),
    );
    const changed = 777;
    let k = 0;
    const results = Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        rows(
          `${l}/repo`,
          Array.from({ length: PER_LANGUAGE }, () => (k++ < 1 ? 1 : -0.5)),
        ),
      ]),
    );
    await imported(scoresFile(name(changed), results, { eval_date: "2025-01-01 00:00:00" }));
    const counted = Array.from({ length: MODELS }, (_, i) => (i === changed ? 1 : passed(i)));
    const now = expected(counted, [{ model: "scale/model-new", passed: TASKS }]);
    // The second page from the first page's cursor: after its last row, ranked among every model now.
    const second = await board(`limit=100&cursor=${first.next}`);
    expect(second.total).toBe(MODELS + 1);
    const at = now.findIndex((r) => r.model === first.rows.at(-1).model);
    expect(second.rows.map((r: any) => [r.model, r.rank])).toEqual(
      now.slice(at + 1, at + 101).map((r) => [r.model, r.rank]),
    );
    // Walked afresh, the board is the new ranking, the changed model in its new place, no row twice.
    const pages = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: any = await board(`limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      pages.push(...page.rows);
      cursor = page.next;
    }
    expect(pages.map((r: any) => [r.model, r.rank])).toEqual(now.map((r) => [r.model, r.rank]));
    // The rank rows the import stored (the new model, the changed one) are those the migration's backfill makes.
    expect(await backfillDifferences()).toMatchObject({
      stored: (MODELS + 1) * THRESHOLDS.length * (1 + LANGUAGES.length),
      missing: 0,
      extra: 0,
    });
  }, 180_000);
});
