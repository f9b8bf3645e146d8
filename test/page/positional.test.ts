/**
 * The positional pages through the real Worker: entries written by publishVerifiedRun (the grid of
 * test/leaderboard/positional-fixtures.ts, whose numbers are worked out there), read as HTML.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { expectKeepsLimit } from "./html";
import { publishVerifiedRun } from "../../src/core/leaderboard/verified";
import { get } from "../helpers";
import { gridSamples, positionalRun } from "../leaderboard/positional-fixtures";

const DATASET = "page-sst";

beforeAll(async () => {
  for (const b of ["lexical-recall", "cruxeval-o", "semtrace"])
    await publishVerifiedRun(env, positionalRun("acme/model-a", b, DATASET));
  // B has SemTrace only: 3 of 3 exact at D 20, scored from outputs submitted to the service.
  const b = positionalRun(
    "<b>bold</b>",
    "semtrace",
    DATASET,
    gridSamples("semtrace", { 20: { "0": [1], "0.5": [1], "1": [1] } }).slice(0, 3),
  );
  await publishVerifiedRun(env, { ...b, receipt: { ...b.receipt, source: "submitted outputs" } });
});

/** The HTML of one element with `id` (up to its closing tag). */
function element(html: string, tag: string, id: string): string {
  const at = html.indexOf(`id="${id}"`);
  expect(at, id).toBeGreaterThan(0);
  const start = html.lastIndexOf(`<${tag} `, at);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

async function page(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  return res.text();
}

describe("positional model page", () => {
  it("shows the three tasks' position × D heatmaps side by side", async () => {
    const html = await page(`/models/acme--model-a?benchmark=semtrace&dataset=${DATASET}`);
    expect(html).toContain(
      '<div class="triptych" id="heatmaps"><section data-task="lexical-recall"><h3>Lexical recall</h3>',
    );
    for (const b of ["lexical-recall", "cruxeval-o", "semtrace"]) {
      const heat = element(html, "table", `heatmap-${b}`);
      expect(heat).toContain(
        '<th class="l sticky" scope="col">position \\ D</th><th scope="col">D=20</th><th scope="col">D=40</th><th scope="col">D=60</th><th scope="col">D=80</th>',
      );
      expect([...heat.matchAll(/<th class="l sticky" scope="row">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual([
        "0",
        "0.25",
        "0.5",
        "0.9",
        "1",
      ]);
      expect(heat.match(/<td class="cell" style=/g)).toHaveLength(20);
    }
    // Cell 0.9|80 = 4 of 4; 0.5|40 = 0 of 2.
    expect(element(html, "table", "heatmap-semtrace")).toContain(
      'title="SemTrace, position 0.9, D=80: 100.0 % of 4">100.0<small>n=4</small></td>',
    );
    expect(element(html, "table", "heatmap-semtrace")).toContain(
      'title="SemTrace, position 0.5, D=40: 0.0 % of 2">0.0<small>n=2</small></td>',
    );
    expect(html).not.toContain("not run on this dataset");
  });

  it("summarises accuracy, interval, n, errors and the median drop beside the paper's", async () => {
    const html = await page(`/models/acme--model-a?benchmark=semtrace&dataset=${DATASET}`);
    const summary = element(html, "table", "positional-summary");
    // 30 of 50 exact; one error + one overflow; median drop .5 (see the leaderboard test).
    expect(summary).toMatch(
      /<tr data-task="semtrace">.*?<td>60\.0<span class="ci">[\d.]+–[\d.]+<\/span><\/td><td><strong>50\.00<\/strong><\/td><td class="muted">92\.73<\/td><td>50<\/td><td>2<\/td><\/tr>/s,
    );
    expect(summary).toMatch(/<tr data-task="lexical-recall">.*?<td class="muted">2\.39<\/td>/s);
    expect(summary).toMatch(/<tr data-task="cruxeval-o">.*?<td class="muted">53\.36<\/td>/s);
    expect(html).toContain('median drop <strong>50.00 %</strong> <span class="muted">(paper: 92.73 %)</span>');
  });

  it("draws the relative accuracy per D, with the drop table; a D without any exact match is not drawn", async () => {
    const html = await page(`/models/acme--model-a?benchmark=semtrace&dataset=${DATASET}`);
    const chart = element(html, "svg", "relative-semtrace");
    expect(chart).toContain('viewBox="0 0 360 240"');
    expect([...chart.matchAll(/data-series="(\d+)"/g)].map((m) => m[1])).toEqual(["20", "40", "80"]);
    // D 40: relative 1, 1, 0, 1, 1 at 0, .25, .5, .9, 1 -> x = 40 + 308p, y = 12 + 184(1 - v)
    expect(chart).toMatch(
      /data-series="40"><polyline points="40\.0,12\.0 117\.0,12\.0 194\.0,196\.0 317\.2,12\.0 348\.0,12\.0"/,
    );
    expect(html).toContain('D=60<span class="muted"> (no exact match: not drawn)</span>');
    const drops = element(html, "table", "drops-semtrace");
    expect(drops).toContain('<th class="l" scope="row">20</th><td>100.0</td><td>0.25</td><td>50.00</td>');
    expect(drops).toContain('<th class="l" scope="row">40</th><td>50.0</td><td>0.5</td><td>100.00</td>');
    expect(drops).toContain('<th class="l" scope="row">60</th><td>0.0</td><td>–</td><td>–</td>');
    expect(drops).toContain('<th class="l" scope="row">80</th><td>100.0</td><td>0.25</td><td>25.00</td>');
    for (const b of ["lexical-recall", "cruxeval-o"]) expect(html).toContain(`id="relative-${b}"`);
  });

  it("draws SemTrace's partial-match curve, one line per D, with its table", async () => {
    const html = await page(`/models/acme--model-a?benchmark=semtrace&dataset=${DATASET}`);
    const chart = element(html, "svg", "partial-semtrace");
    expect([...chart.matchAll(/data-series="(\d+)"/g)].map((m) => m[1])).toEqual(["20", "40", "60", "80"]);
    // D 60: mean .25 everywhere -> y = 12 + 244 * .75 = 195.0 on the 640 x 300 chart, x = 48 + 580p
    expect(chart).toMatch(
      /data-series="60"><polyline points="48\.0,195\.0 193\.0,195\.0 338\.0,195\.0 570\.0,195\.0 628\.0,195\.0"/,
    );
    const table = element(html, "table", "partial-table-semtrace");
    // Position 0.9: D 20 [1,1] 100, D 40 [1,.2] 60, D 60 [0,.5] 25, D 80 100; position 1 at D 40: [.8,1] 90.
    expect(table).toContain('<th class="l" scope="row">0.9</th><td>100.0</td><td>60.0</td><td>25.0</td><td>100.0</td>');
    expect(table).toContain('<th class="l" scope="row">1</th><td>100.0</td><td>90.0</td><td>25.0</td><td>100.0</td>');
    expect(html).toContain("Overall 73.5 %.");
  });

  it("says which tasks a model lacks, and escapes its name", async () => {
    const html = await page(`/models/~3cb~3ebold~3c--b~3e?benchmark=semtrace&dataset=${DATASET}`);
    expect(html).toContain(
      `<p class="note missing" data-task="lexical-recall">No Lexical recall results for this model on <code>${DATASET}</code>.</p>`,
    );
    expect(html).toContain('data-task="cruxeval-o">No CRUXEval-O results');
    expect(html).toContain('id="heatmap-semtrace"');
    expect(html).toContain('id="partial-semtrace"');
    expect(html).toMatch(
      /<tr data-task="lexical-recall"><th class="l" scope="row">Lexical recall<\/th><td colspan="2" class="l muted">not run on this dataset<\/td><td class="muted">2\.39<\/td>/,
    );
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    // Its entry came from submitted outputs, and says so where A's says "verified".
    expect(html).toMatch(
      /<h1>&lt;b&gt;bold&lt;\/b&gt; <span class="badge verified"[^>]*>✓ scored from submitted outputs<\/span>/,
    );
    expect(await page(`/models/acme--model-a?benchmark=semtrace&dataset=${DATASET}`)).toMatch(
      /<h1>acme\/model-a <span class="badge verified"[^>]*>✓ verified<\/span>/,
    );
  });

  it("answers 404 for a model without the asked task, and defaults the dataset", async () => {
    expect((await get(`/models/~3cb~3ebold~3c--b~3e?benchmark=lexical-recall&dataset=${DATASET}`)).status).toBe(404);
    const html = await page("/models/acme--model-a?benchmark=cruxeval-o");
    expect(html).toContain(`Dataset <code>${DATASET}</code>`);
    expect(html).toContain(`<a href="/?benchmark=cruxeval-o&amp;dataset=${DATASET}">← CRUXEval-O leaderboard</a>`);
    expect(html).toContain(
      `<a href="/v1/leaderboard/models/acme--model-a?benchmark=semtrace&amp;dataset=${DATASET}">JSON: SemTrace</a>`,
    );
  });
});

describe("positional leaderboard page", () => {
  it("lists accuracy, interval, n, errors and median drop, without threshold or language controls", async () => {
    const html = await page("/?benchmark=semtrace");
    expect(html).toContain(`Dataset <code>${DATASET}</code>`);
    expect(html).toContain("<h1>SemTrace output prediction</h1>");
    expect(html).not.toContain('name="threshold"');
    expect(html).not.toContain('name="language"');
    expect(html).toContain('<select name="kind">');
    expect(html).toContain(
      `<input type="hidden" name="benchmark" value="semtrace"/><input type="hidden" name="dataset" value="${DATASET}"/>`,
    );
    const rows = [
      ...html.matchAll(/<tr data-model="([^"]+)">.*?data-rate="([^"]+)".*?<td class="drop"[^>]*>([^<]+)<\/td>/gs),
    ].map((m) => [m[1], m[2], m[3]]);
    // B: 3 of 3 at one D with an interior cell at relative 1 -> drop 0.
    expect(rows).toEqual([
      ["~3cb~3ebold~3c--b~3e", "1", "0.00"],
      ["acme--model-a", "0.6", "50.00"],
    ]);
    expect(html).toMatch(
      /data-model="acme--model-a">.*?<td class="drop" data-drop="0.5">50.00<\/td><td>50<\/td><td>1<\/td><td>1<\/td><\/tr>/s,
    );
    expect(html).toContain(
      `<a href="/models/acme--model-a?benchmark=semtrace&amp;dataset=${DATASET}">acme/<wbr/>model-a</a>`,
    );
    expect(html).toContain(
      `<a href="/v1/leaderboard?benchmark=semtrace&amp;dataset=${DATASET}">JSON of this table</a>`,
    );
    expect(html).toContain("The paper&#39;s median drop for SemTrace: <strong>92.73 %</strong>");
  });

  it("keeps a page's own limit in its sort links and filter form, and adds none without one", () =>
    expectKeepsLimit(page, `benchmark=semtrace&dataset=${DATASET}`));

  it("sorts by median drop, and switches benchmarks within the study", async () => {
    const html = await page(`/?benchmark=semtrace&dataset=${DATASET}&sort=-median_drop`);
    expect([...html.matchAll(/<tr data-model="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "acme--model-a",
      "~3cb~3ebold~3c--b~3e",
    ]);
    expect(html).toContain(
      'aria-sort="descending"><a href="/?benchmark=semtrace&amp;dataset=page-sst&amp;sort=median_drop">median drop %</a>',
    );
    expect(html).toContain('<nav class="benchmarks" aria-label="Benchmark"><a href="/">RepoQA</a>');
    expect(html).toContain(`<a href="/?benchmark=lexical-recall&amp;dataset=${DATASET}">Lexical recall</a>`);
    expect(html).toContain(`<a href="/?benchmark=semtrace&amp;dataset=${DATASET}" aria-current="page">SemTrace</a>`);
    expect((await get("/?benchmark=semtrace&sort=-python")).status).toBe(400);
  });

  it("adds the selector to the RepoQA page, current there", async () => {
    const html = await page("/");
    expect(html).toContain(
      '<nav class="benchmarks" aria-label="Benchmark"><a href="/" aria-current="page">RepoQA</a><a href="/?benchmark=lexical-recall">Lexical recall</a>',
    );
    expect(html).toContain('name="threshold"');
  });
});
