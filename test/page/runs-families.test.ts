/** Each family's summary on a finished run's page (BenchmarkViews.run), against its run's results JSON. */
import { describe, expect, it } from "vitest";
import { wilson } from "../../src/kit/leaderboard/wilson";
import { get } from "../helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { samplesOf, startRun, waitForRun } from "../runs/helpers";
import { suiteDataset } from "../semtrace/helpers";

async function pages(body: Record<string, unknown>) {
  const run = await waitForRun((await startRun({ concurrency: 8, ...body })).id);
  const results = await (await get(`/v1/runs/${run.id}/results`)).json<any>();
  const res = await get(`/runs/${run.id}`);
  expect(res.status).toBe(200);
  // The prompt rebuilt, the raw answer, then the benchmark's own part or the stored verdict as it is.
  const [sample] = await samplesOf(run.id);
  const one = await get(`/runs/${run.id}/samples/${encodeURIComponent(sample.unit)}`);
  expect(one.status).toBe(200);
  const page = await one.text();
  expect(page).toContain('<section id="prompt"><h2>Prompt</h2><details>');
  return { results, html: await res.text(), sample: page, row: sample };
}

describe("family summaries on the run page", () => {
  it("a positional run: the position × D heatmap, one cell per grid cell with its accuracy and n, and the median drop", async () => {
    const dataset = await suiteDataset("runs-pages-semtrace");
    const { results, html, sample, row } = await pages({ benchmark: "semtrace", dataset, model: "baseline:empty" });
    // Its own sample view: where the target sat (marked in the prompt), the expected output beside the answer's.
    expect(sample).toContain('<section id="family-sample"><h2>The target</h2>');
    expect(sample).toContain(`<pre class="code">${row.detail.expected}</pre>`);
    expect(sample).toContain("Exact match: <strong>✗ no</strong>");
    expect(sample).toContain("the target is marked");
    expect(sample).not.toContain('<section id="detail"><h2>Verdict</h2>');
    const table = html.match(/<table id="heatmap-semtrace" class="heatmap">.*?<\/table>/s)?.[0];
    expect(table).toBeDefined();
    const shown = [...table!.matchAll(/<td class="cell"[^>]*>([\d.]+)<small>n=(\d+)<\/small><\/td>/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(shown).toHaveLength(results.summary.grid.length);
    expect(shown.map(([rate]) => rate).sort()).toEqual(
      results.summary.grid.map((c: any) => Number((c.accuracy * 100).toFixed(1))).sort(),
    );
    expect(html).toContain('<p class="drop-figure" id="median-drop-semtrace">');
    // Its passed share is named as the benchmark names it.
    expect(html).toContain("<dt>accuracy (%)</dt>");
  });

  it("a sensitivity run: accuracy by lines removed with Wilson intervals, and the sensitivity, as its results say", async () => {
    const dataset = await suiteDataset("runs-pages-sensitivity");
    const { results, html } = await pages({
      benchmark: "sensitivity-semtrace",
      dataset,
      model: "baseline:interpreter",
    });
    const s = results.summary.sensitivity;
    expect(s.curve.length).toBeGreaterThan(1);
    const points = [
      ...html.matchAll(/<circle cx="[\d.]+" cy="[\d.]+" r="3" fill="[^"]+"><title>([^<]+)<\/title>/g),
    ].map((m) => m[1]);
    expect(points).toHaveLength(s.curve.length);
    for (const [i, c] of s.curve.entries()) {
      const passed = Math.round(c.accuracy * c.n);
      const ci = wilson(passed, c.n);
      expect(points[i]).toContain(
        `: ${(c.accuracy * 100).toFixed(1)} % (95 % interval ${(ci.low! * 100).toFixed(1)}–${(ci.high! * 100).toFixed(1)}), n=${c.n}`,
      );
    }
    const fmt = (v: number | null) => (v === null ? "–" : v.toFixed(3));
    expect(html).toContain(`<dt>sensitivity (mean per snippet)</dt><dd>${fmt(s.per_snippet.mean)}</dd>`);
    expect(html).toContain(`<dt>sensitivity (aggregate)</dt><dd>${fmt(s.aggregate)}</dd>`);
    expect(html).toContain("<dt>accuracy (%)</dt>");
  });

  it("a LongCodeU run: recall and precision grids by task and length, and examples per task", async () => {
    const dataset = await longcodeuDataset("runs-pages-longcodeu");
    const { results, html, sample } = await pages({ benchmark: "longcodeu", dataset, model: "baseline:oracle" });
    expect(html).toContain('<table id="grid-recall" class="heatmap grid">');
    // Graded: the mean recall over tasks headlines, not a share of recall-1 examples with passed/failed counts.
    expect(html).toContain(
      `<dt>mean recall (%)</dt><dd data-figure="recall">${(results.summary.table.average.all.recall * 100).toFixed(2)}</dd>`,
    );
    expect(html).not.toContain("recall 1");
    expect(html).not.toContain('data-figure="passed"');
    // Its own sample view: the expected answer, not the raw verdict.
    expect(sample).toContain('<section id="expected">');
    expect(sample).not.toContain('<section id="detail"><h2>Verdict</h2>');
    expect(html).toContain('<table id="grid-precision" class="heatmap grid">');
    const counts = html.match(/<table id="run-counts".*?<\/table>/s)?.[0];
    const rows = [
      ...counts!.matchAll(/<tr data-task="([^"]+)"><th class="l" scope="row">[^<]+<\/th><td>(\d+)<\/td>/g),
    ].map((m) => [m[1], Number(m[2])]);
    // In the paper's task order on the page; the JSON's order is its own.
    expect([...rows].sort()).toEqual(
      Object.entries(results.summary.table.tasks)
        .map(([task, t]: [string, any]) => [task, t.all.n])
        .sort(),
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});
