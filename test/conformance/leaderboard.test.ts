/**
 * Publishing, for every benchmark the registry shows on the leaderboard (the toy family included):
 * a whole-dataset run of the oracle baseline completes and publishes a verified entry, which
 * `GET /v1/leaderboard?benchmark=<b>&dataset=<d>` returns as a row, the board page
 * `/?benchmark=<b>&dataset=<d>` renders, and the row's model page shows. A benchmark without a
 * leaderboard has no board: the API and the page refuse it with a 4xx problem.
 */
import { describe, expect, it } from "vitest";
import { allBenchmarks } from "../../src/benchmarks/registry";
import { get } from "../helpers";
import { startRun, waitForRun } from "../runs/helpers";
import { FIXTURES } from "./helpers";

const shown = allBenchmarks().filter((b) => b.leaderboard);
const unshown = allBenchmarks().filter((b) => !b.leaderboard);

describe.each(shown.map((b) => [b.id, b.datasetKind] as const))("%s", (id, kind) => {
  it("an oracle run publishes; the leaderboard, its page and the model page show it", async () => {
    const dataset = await FIXTURES[kind]();
    const run = await waitForRun(
      (await startRun({ benchmark: id, dataset, model: "baseline:oracle", concurrency: 8, publish: true })).id,
      120_000,
    );
    expect(run.status).toBe("completed");
    expect(run.counts).toMatchObject({ error: 0 });

    const res = await get(`/v1/leaderboard?benchmark=${id}&dataset=${dataset}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const board = await res.json<{
      query: { benchmark: string; dataset: string };
      rows: { model: string; model_slug: string; kind: string }[];
    }>();
    expect(board.query).toMatchObject({ benchmark: id, dataset });
    const row = board.rows.find((r) => r.model === "baseline:oracle");
    expect(row, JSON.stringify(board.rows)).toMatchObject({ kind: "verified" });

    const page = await get(`/?benchmark=${id}&dataset=${dataset}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("baseline:oracle");
    expect(html).toContain(`/models/${row!.model_slug}`);

    const model = await get(`/models/${row!.model_slug}?benchmark=${id}&dataset=${dataset}`);
    expect(model.status).toBe(200);
    expect(await model.text()).toContain("baseline:oracle");
  });
});

describe.runIf(unshown.length)("benchmarks without a leaderboard", () => {
  it.each(unshown.map((b) => b.id))("%s: the API and the page refuse a board of it (4xx)", async (id) => {
    const api = await get(`/v1/leaderboard?benchmark=${id}`);
    expect(api.status).toBeGreaterThanOrEqual(400);
    expect(api.status).toBeLessThan(500);
    expect(api.headers.get("content-type")).toContain("application/problem+json");
    const page = await get(`/?benchmark=${id}`);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
  });
});
