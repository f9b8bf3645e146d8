import { describe, expect, it } from "vitest";
import { modelPage } from "../../src/benchmarks/repoqa/views/model";
import { Page } from "../../src/core/pages/layout";
import { PAGE_DEFAULTS } from "../../src/core/pages/query";
import { lengthLabel } from "../../src/kit/pages/svg";
import { breakdown, render } from "./fixtures";

const page = (data = breakdown()) => render(Page({ content: modelPage(data, PAGE_DEFAULTS) }));

describe("model page", () => {
  it("draws the threshold curve as inline SVG: all with its band, one line per language, the threshold marked", async () => {
    const html = await page();
    expect(html).toContain('<svg class="chart" id="threshold-chart" viewBox="0 0 640 300" role="img"');
    const series = [...html.matchAll(/<g class="series" data-series="([^"]+)"><polyline points="([^"]+)"/g)];
    expect(series.map((m) => m[1])).toEqual(["python", "cpp", "java", "typescript", "rust", "all"]);
    // 11 points per series, x from the left margin (threshold 0) to the right end (1.0).
    const all = series[5][2].split(" ");
    expect(all).toHaveLength(11);
    expect(all[0]).toBe("44.0,25.7"); // 0.95 on the fixed 0–100 axis: 14 + 0.05 × 234
    expect(all[10].startsWith("622.0,")).toBe(true);
    expect(html).toContain('<polygon class="band"');
    expect(html).toMatch(/<line class="selected" x1="506.4" x2="506.4"/); // 0.8
    expect(html).toContain("<title>threshold 0.8: 79.0 % (76.0–81.0)</title>");
    const ticks = [...html.matchAll(/dominant-baseline="middle">(\d+)<\/text>/g)].map((m) => m[1]);
    expect(ticks).toEqual(["0", "25", "50", "75", "100"]);
    for (const l of ["all languages (band: 95 % interval)", "python", "rust"])
      expect(html).toContain(`</svg>${l}</li>`);
  });

  it("has the per-language × threshold table with the current threshold highlighted", async () => {
    const html = await page();
    const table = html.slice(
      html.indexOf('<table id="thresholds" class="compact">'),
      html.indexOf("</table>", html.indexOf('<table id="thresholds" class="compact">')),
    );
    expect(table.match(/<tr( class="selected")?><th class="l" scope="row">/g)).toHaveLength(11);
    expect(table).toContain(
      '<tr class="selected"><th class="l" scope="row">0.8</th><td title="95 % interval 76.0–81.0">79.0</td>',
    );
  });

  it("shows depth and length buckets with bars and numbers", async () => {
    const html = await page();
    const depth = html.slice(
      html.indexOf('<table id="depth">'),
      html.indexOf("</table>", html.indexOf('<table id="depth">')),
    );
    expect(depth.match(/<tr><td class="l">/g)).toHaveLength(10);
    expect(depth).toContain('<td class="l">0.0-0.1</td>');
    expect(depth).toMatch(
      /<span class="fill" style="width:85\.0%"><\/span><span class="band" style="left:82\.0%;width:5\.0%"><\/span>/,
    );
    expect(depth).toContain('<td>85.0<span class="ci">82.0–87.0</span></td><td>50</td>');
    expect(html).toContain('<table id="length">');
    expect(html).toContain("lost in the middle");
  });

  it("draws the depth × length heatmap: coloured cells with numbers and a legend", async () => {
    const html = await page();
    const heat = html.slice(
      html.indexOf('<table id="heatmap" class="heatmap">'),
      html.indexOf("</table>", html.indexOf('<table id="heatmap" class="heatmap">')),
    );
    expect(heat).toContain('<th scope="col">&lt;8k</th><th scope="col">8k-12k</th><th scope="col">12k-16k</th>');
    expect(heat.match(/<td class="cell" style="background:#[0-9a-f]{6};color:#(ffffff|111111)"/g)).toHaveLength(29);
    expect(heat).toContain(
      '<td class="cell" style="background:#440154;color:#ffffff" title="depth 0.0-0.1, length &lt;8k: 0.0 % of 5">0.0<small>n=5</small></td>',
    );
    expect(heat).toContain('<td class="cell muted">–</td>'); // n = 0
    expect(html).toContain(
      '<span class="ramp" style="background:linear-gradient(to right, #440154, #3b528b, #21918c, #5ec962, #fde725)"',
    );
  });

  it("links the JSON and the leaderboard, with a threshold form", async () => {
    const html = await page(breakdown({ threshold: 0.5, mode: "strict" }));
    expect(html).toContain(
      '<a href="/v1/leaderboard/models/gpt-4o-2024-05-13?threshold=0.5&amp;mode=strict">JSON of this model</a>',
    );
    expect(html).toContain('<a href="/?threshold=0.5&amp;mode=strict">← Leaderboard</a>');
    expect(html).toContain('<form class="filters" method="get" action="/models/gpt-4o-2024-05-13">');
    expect(html).toContain('<input type="hidden" name="mode" value="strict"/>');
    expect(html).toContain('<option value="0.5" selected="">0.5</option>');
  });

  it("explains the missing breakdown when only aggregates were published", async () => {
    const html = await page(breakdown({ depth: [], length: [], heatmap: [], has_samples: false }));
    expect(html).toContain("Only aggregate scores were published");
    expect(html).toContain('id="threshold-chart"');
    expect(html).not.toContain('id="heatmap"');
  });

  it("escapes the model name everywhere", async () => {
    const html = await page(breakdown({ model: "<script>alert(1)</script>", model_slug: "x/../<y>" }));
    expect(html).not.toContain("<script>");
    expect(html).toContain("<title>&lt;script&gt;alert(1)&lt;/script&gt; – RepoQA – needlework</title>");
    expect(html).toContain('action="/models/x%2F..%2F%3Cy%3E"');
  });

  it("keeps the rate axis at 0–100 whatever the model's rates, and names lengths in tokens", async () => {
    const ticks = (html: string) => [...html.matchAll(/dominant-baseline="middle">(\d+)<\/text>/g)].map((m) => m[1]);
    const weak = breakdown();
    for (const by of Object.values(weak.thresholds))
      for (const r of Object.values(by)) Object.assign(r, { rate: r.rate / 10, ci_low: 0, ci_high: r.rate / 5 });
    expect(ticks(await page(weak))).toEqual(ticks(await page()));
    expect(ticks(await page(weak))).toEqual(["0", "25", "50", "75", "100"]);
    expect(lengthLabel("16384")).toBe("16,384 tokens");
    expect(lengthLabel("8k-16k")).toBe("8k-16k");
  });
});
