/** Each family's summary on a finished run's page (BenchmarkViews.run), against its run's results JSON. */
import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { samplesOf, startRun, waitForRun } from "../runs/helpers";
import { suiteDataset } from "../semtrace/helpers";

async function pages(body: Record<string, unknown>) {
  const run = await waitForRun((await startRun({ concurrency: 8, ...body })).id);
  const results = await (await get(`/v1/runs/${run.id}/results`)).json<any>();
  const res = await get(`/runs/${run.id}`);
  expect(res.status).toBe(200);
  // A benchmark without its own sample view: the prompt rebuilt, the raw answer, the stored verdict as it is.
  const [sample] = await samplesOf(run.id);
  const one = await get(`/runs/${run.id}/samples/${encodeURIComponent(sample.unit)}`);
  expect(one.status).toBe(200);
  const page = await one.text();
  expect(page).toContain('<section id="prompt"><h2>Prompt</h2><details>');
  expect(page).toContain('<section id="detail"><h2>Verdict</h2>');
  return { results, html: await res.text() };
}

describe("family summaries on the run page", () => {
  it("a positional run: the position × D heatmap, one cell per grid cell with its accuracy and n, and the median drop", async () => {
    const dataset = await suiteDataset("runs-pages-semtrace");
    const { results, html } = await pages({ benchmark: "semtrace", dataset, model: "baseline:empty" });
    const table = html.match(/<table id="heatmap-semtrace" class="heatmap">.*?<\/table>/s)?.[0];
    expect(table).toBeDefined();
    const shown = [...table!.matchAll(/<td class="cell"[^>]*>([\d.]+)<small>n=(\d+)<\/small><\/td>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(shown).toHaveLength(results.summary.grid.length);
    expect(shown.map(([rate]) => rate).sort()).toEqual(results.summary.grid.map((c: any) => Number((c.accuracy * 100).toFixed(1))).sort());
    expect(html).toContain('<p id="median-drop">');
    // Its passed share is named as the benchmark names it.
    expect(html).toContain("<dt>accuracy (%)</dt>");
  });

  it("a LongCodeU run: recall and precision grids by task and length, and examples per task", async () => {
    const dataset = await longcodeuDataset("runs-pages-longcodeu");
    const { results, html } = await pages({ benchmark: "longcodeu", dataset, model: "baseline:oracle" });
    expect(html).toContain('<table id="grid-recall" class="heatmap grid">');
    expect(html).toContain("<dt>recall 1 (%)</dt>");
    expect(html).toContain('<table id="grid-precision" class="heatmap grid">');
    const counts = html.match(/<table id="run-counts".*?<\/table>/s)?.[0];
    const rows = [...counts!.matchAll(/<tr data-task="([^"]+)"><th class="l" scope="row">[^<]+<\/th><td>(\d+)<\/td>/g)].map((m) => [m[1], Number(m[2])]);
    // In the paper's task order on the page; the JSON's order is its own.
    expect([...rows].sort()).toEqual(Object.entries(results.summary.table.tasks).map(([task, t]: [string, any]) => [task, t.all.n]).sort());
    expect(rows.length).toBeGreaterThan(0);
  });
});
