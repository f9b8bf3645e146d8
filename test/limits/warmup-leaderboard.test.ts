// vitest: fresh isolate (it watches what the isolate does at start; vitest.config.ts)
/**
 * The warm-up's stand-in leaderboard (src/core/warmup/stand-in-leaderboard.ts) must put rows on every page the
 * warm-up renders, a full page of them: an empty board (or three rows) would leave the rows' code cold
 * (or unoptimised) for an isolate's first real page.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { passRateStatements } from "../../src/kit/leaderboard/pass-rate";
import { normalizeQuery } from "../../src/core/leaderboard/queries";
import { PAGE_LIMIT, passRateAxis, rankPageRead } from "../../src/kit/leaderboard/ranks";
import { leaderboardPaths, standInD1 } from "../../src/core/warmup/warmup";
import { standInLeaderboardObjects, standInLeaderboardRows } from "../../src/core/warmup/stand-in-leaderboard";

describe("the warm-up's stand-in leaderboard", () => {
  const app = createApp();
  // The warm-up's own stand-in D1: raw() reads get leaderboard rows, all() / first() the rank reads' objects.
  const env = { DB: standInD1(standInLeaderboardRows, standInLeaderboardObjects) };

  it.each(leaderboardPaths())("%s answers 200 with the stand-in's models", async (path) => {
    const res = await app.request(path, { headers: { "x-request-id": "t" } }, env);
    expect(res.status).toBe(200);
    const body = await res.text();
    // The board lists every entry; a model page (and its API read) names its model.
    expect(body).toContain(path.includes("/models/") ? "Warm-up model" : "Warm-up model 1");
  });

  it("is a full page with a next one, as a real board's first read is (the rows' code runs often enough at start-up to be optimised)", async () => {
    const res = await app.request("/v1/leaderboard", { headers: { "x-request-id": "t" } }, env);
    const body = (await res.json()) as { rows: { model: string }[]; next: string | null };
    expect(body.rows).toHaveLength(PAGE_LIMIT.default);
    expect(body.next).not.toBeNull();
    // Names with an organisation too: the board page breaks those after the slash (another path of its rows).
    expect(body.rows.some((r) => r.model.includes("/"))).toBe(true);
  });

  it("selects columns by name: a page's entries and their aggregates, each read as the board sends it", () => {
    const q = normalizeQuery({});
    const { entries, aggregates } = passRateStatements(
      env as never,
      q,
      rankPageRead(env as never, q, passRateAxis(q), PAGE_LIMIT.default).entries,
    );
    const entryRows = standInLeaderboardRows(entries.toSQL().sql);
    expect(entryRows).toHaveLength(PAGE_LIMIT.default + 1);
    expect(entryRows[0]).toContain("Warm-up model 0");
    // Every entry's aggregates at the default threshold, by column name (the page's aggregates skip drizzle's mapping).
    const aggregateRows = standInLeaderboardObjects(aggregates.toSQL().sql);
    expect(new Set(aggregateRows.map((r) => r.entry_id)).size).toBe(PAGE_LIMIT.default + 1);
    expect(aggregateRows[0]).toMatchObject({
      entry_id: "warmup-entry-0",
      group_type: "all",
      group_key: "all",
      n: 200,
      passed: 190,
      rate: 0.95,
    });
    expect(standInLeaderboardRows('select "id" from "runs"')).toEqual([]);
  });
});
