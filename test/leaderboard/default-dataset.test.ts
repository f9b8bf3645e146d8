/**
 * The default dataset of a board without one fixed (src/core/leaderboard/board-datasets.ts, `defaultDataset`)
 * and the boards' dataset picker (`boardDatasets`, controls.tsx `DatasetSelect`), through the API
 * and the page: no entries and nothing loaded gives no dataset; a loaded suite with the benchmark's
 * units is shown empty with the command that publishes a first entry, one without its units is
 * not; among datasets with entries a loaded one wins over a busier one deleted since; the picker
 * lists the datasets with entries and their counts.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publishVerifiedRun } from "../../src/core/leaderboard/verified";
import { get } from "../helpers";
import { suiteDataset } from "../semtrace/helpers";
import { positionalRun } from "./positional-fixtures";

async function board(query: string) {
  const res = await get(`/v1/leaderboard?${query}`);
  expect(res.status).toBe(200);
  return res.json<{ query: { dataset: string }; rows: { model: string }[] }>();
}

async function page(query: string) {
  const res = await get(`/?${query}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The dataset picker's options: [value, text, selected]. */
const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)]
    .filter((m) => html.lastIndexOf('<select name="dataset">', m.index!) > html.lastIndexOf("</select>", m.index!))
    .map((m) => [m[1], m[3], m[2] !== undefined]);

describe("the default dataset of a board", () => {
  // In order: each step adds to the database what the next reads.
  it("is none while nothing is loaded and nothing published: the board says how to build one", async () => {
    expect((await board("benchmark=semtrace")).query.dataset).toBe("");
    const html = await page("benchmark=semtrace");
    expect(html).toContain("No dataset loaded yet");
    expect(html).toContain("<code>npm run semtrace -- build</code>");
    expect(html).not.toContain('<select name="dataset">');
  });

  it("is a loaded suite with the benchmark's units, empty, with the command that publishes a first entry", async () => {
    await suiteDataset("dd-no-crux", { tasks: ["semtrace", "sensitivity-semtrace"] });
    const data = await board("benchmark=semtrace");
    expect(data).toMatchObject({ query: { dataset: "dd-no-crux" }, rows: [] });
    const html = await page("benchmark=semtrace");
    expect(html).toContain("Dataset <code>dd-no-crux</code>");
    expect(html).toContain(
      "<code>npm run eval -- --benchmark semtrace --dataset dd-no-crux --model baseline:interpreter</code>",
    );
    expect(options(html)).toEqual([["dd-no-crux", "dd-no-crux (no results yet)", true]]);
    // That suite has no CRUXEval-O units: its board does not default to it.
    expect((await board("benchmark=cruxeval-o")).query.dataset).toBe("");
    // A model page never defaults to a dataset the model has no entry in.
    expect((await get("/v1/leaderboard/models/acme--x?benchmark=semtrace")).status).toBe(404);
  });

  it("prefers the newest loaded suite that has the benchmark's units", async () => {
    await suiteDataset("dd-full");
    expect((await board("benchmark=cruxeval-o")).query.dataset).toBe("dd-full");
    expect((await board("benchmark=semtrace")).query.dataset).toBe("dd-full");
  });

  it("among datasets with entries: a loaded one before a busier one deleted since, and the picker lists them with their counts", async () => {
    // dd-gone (not a loaded dataset): two models; dd-no-crux (loaded): one.
    await publishVerifiedRun(env, positionalRun("acme/a", "semtrace", "dd-gone"));
    await publishVerifiedRun(env, positionalRun("acme/b", "semtrace", "dd-gone"));
    await publishVerifiedRun(env, positionalRun("acme/a", "semtrace", "dd-no-crux"));
    const data = await board("benchmark=semtrace");
    expect(data.query.dataset).toBe("dd-no-crux");
    expect(data.rows.map((r) => r.model)).toEqual(["acme/a"]);
    const html = await page("benchmark=semtrace");
    expect(options(html)).toEqual([
      ["dd-gone", "dd-gone (2 models, not loaded)", false],
      ["dd-no-crux", "dd-no-crux (1 model)", true],
    ]);
    // Picking the other one is the API's `dataset`; the form carries the benchmark, not the old dataset.
    expect(html).toContain('<input type="hidden" name="benchmark" value="semtrace"/>');
    expect(html).not.toContain('<input type="hidden" name="dataset"');
    expect((await board("benchmark=semtrace&dataset=dd-gone")).rows.map((r) => r.model).sort()).toEqual([
      "acme/a",
      "acme/b",
    ]);
    // Among loaded ones, the most entries wins (ties: the newest entry, then by name).
    await publishVerifiedRun(env, positionalRun("acme/a", "semtrace", "dd-full"));
    await publishVerifiedRun(env, positionalRun("acme/c", "semtrace", "dd-full"));
    expect((await board("benchmark=semtrace")).query.dataset).toBe("dd-full");
    // A model's page defaults among its own datasets.
    expect(await (await get("/v1/leaderboard/models/acme--b?benchmark=semtrace")).json()).toMatchObject({
      dataset: "dd-gone",
    });
  });

  it("RepoQA keeps its fixed default, with its picker", async () => {
    expect((await board("")).query.dataset).toBe("repoqa-2024-04-20");
    expect(options(await page(""))).toEqual([["repoqa-2024-04-20", "repoqa-2024-04-20 (no results yet)", true]]);
  });
});
