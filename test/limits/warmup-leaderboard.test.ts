// vitest: fresh isolate (it watches what the isolate does at start; vitest.config.ts)
/**
 * The warm-up's stand-in leaderboard (src/warmup-leaderboard.ts) must put rows on every page the
 * warm-up renders, a full page of them: an empty board (or three rows) would leave the rows' code cold
 * (or unoptimised) for an isolate's first real page.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { PAGE_LIMIT } from "../../src/leaderboard/ranks";
import { leaderboardPaths, standInD1 } from "../../src/warmup";
import { standInLeaderboardObjects, standInLeaderboardRows } from "../../src/warmup-leaderboard";

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

  it("selects columns by name: a joined read gets each table's own columns", () => {
    const sql = 'select "leaderboard_entries"."model", "leaderboard_entries"."errors", "leaderboard_aggregates"."group_type", "leaderboard_aggregates"."rate" from "leaderboard_entries" inner join "leaderboard_aggregates" on 1';
    const rows = standInLeaderboardRows(sql);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows[0]).toEqual(["Warm-up model 0", 0, "all", 0.95]);
    expect(standInLeaderboardRows('select "id" from "runs"')).toEqual([]);
  });
});
