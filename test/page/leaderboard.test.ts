import { describe, expect, it } from "vitest";
import { LeaderboardPage } from "../../src/core/pages/leaderboard";
import { sortRows } from "../../src/kit/pages/table";
import { leaderboard, render, row } from "./fixtures";
import { rowSlugs } from "./html";

const page = (sort = "-rate", data = leaderboard()) => render(LeaderboardPage({ data, sort }));

describe("leaderboard page", () => {
  it("is a complete, phone-ready HTML document", async () => {
    const html = await page();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<div class="scroll"><table id="leaderboard">');
    expect(html).toContain("@media (max-width: 40rem)");
    expect(html).not.toContain("<script");
  });

  it("has one row per model with rank, model link, rate, interval and n", async () => {
    const html = await page();
    expect(rowSlugs(html)).toEqual(["gpt-4o-2024-05-13", "our-verified-model", "-script-alert-1-script-"]);
    expect(html).toContain('<a href="/models/gpt-4o-2024-05-13?threshold=0.8">gpt-4o-2024-05-13</a>');
    expect(html).toContain('<a href="/models/our-verified-model?threshold=0.8">our/<wbr/>verified-model</a>');
    expect(html).toContain(
      '<td class="rate" data-rate="0.906"><strong>90.6</strong><span class="ci">87.6–92.6</span></td>',
    );
    expect(html).toContain("<td>500</td>");
    // Per-language columns: one header per language, a dash where a model has no value.
    for (const l of ["python", "cpp", "java", "typescript", "rust"]) expect(html).toContain(`>${l}</a></th>`);
    expect(html).toMatch(
      /data-model="our-verified-model".*?<td title="95 % interval 96.0–101.0">99.0<\/td><td>–<\/td>/s,
    );
  });

  it("shows the kind as a badge with words, not only colour", async () => {
    const html = await page();
    expect(html).toContain(
      '<span class="badge verified" title="Run by this service; the receipt is in the JSON">✓ verified</span>',
    );
    // Once in the Kind column, once under the name (shown instead of the column on phones).
    expect(html.match(/<span class="badge reported"[^>]*>◇ reported<\/span>/g)).toHaveLength(4);
    expect(html).toContain('<th class="l kind" scope="col">Kind</th>');
    expect(html).toMatch(/<td class="l kind"><span class="badge verified"/);
  });

  it("shows errors only when some row has them", async () => {
    expect(await page()).toContain('<th scope="col" title="Requests that failed">errors</th>');
    expect(await page()).not.toContain("context exceeded");
    const clean = leaderboard({ rows: [row({ model: "a", rank: 1, rate: 0.5 })] });
    expect(await page("-rate", clean)).not.toContain(">errors</th>");
  });

  it("has the filter form: threshold 0.0 … 1.0, language, kind and a submit button", async () => {
    const html = await page("model");
    expect(html).toContain('<form class="filters" method="get" action="/">');
    const thresholds = [...html.matchAll(/<option value="(\d\.\d)"/g)].map((m) => m[1]);
    expect(thresholds).toEqual(["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"]);
    expect(html).toContain('<option value="0.8" selected="">0.8</option>');
    expect(html).toContain(
      '<select name="language"><option value="all" selected="">all</option><option value="python">python</option>',
    );
    expect(html).toContain(
      '<select name="kind"><option value="all" selected="">all</option><option value="verified">verified</option><option value="reported">reported</option></select>',
    );
    // The current sort rides along with the form.
    expect(html).toContain('<input type="hidden" name="sort" value="model"/>');
    expect(html).toContain('<button type="submit">Apply</button>');
  });

  it("links the JSON and CSV of the current query", async () => {
    const data = leaderboard();
    data.query = { ...data.query, threshold: 0.5, language: "python", kind: "reported" };
    const html = await page("-rate", data);
    expect(html).toContain(
      '<a href="/v1/leaderboard?threshold=0.5&amp;language=python&amp;kind=reported">JSON of this table</a>',
    );
    expect(html).toContain(
      '<a href="/v1/leaderboard?threshold=0.5&amp;language=python&amp;kind=reported&amp;format=csv">CSV</a>',
    );
    expect(html).toContain("pass@1 % (python)");
  });

  it("sorts by clicking headers: links with ?sort=, the current one marked and reversible", async () => {
    const html = await page("-rate");
    expect(html).toContain('<th class="l sticky" scope="col"><a href="/?threshold=0.8&amp;sort=model">Model</a></th>');
    expect(html).toMatch(/aria-sort="descending"><a href="\/\?threshold=0.8&amp;sort=rate">pass@1 %<\/a>/);
    expect(html).toContain('<a href="/?threshold=0.8&amp;sort=-python">python</a>');
    // A sort the API does not know stays out of the JSON link.
    const byN = await page("-n");
    expect(byN).toContain('<a href="/v1/leaderboard?threshold=0.8">JSON of this table</a>');
    expect(byN).toMatch(/aria-sort="descending"><a href="\/\?threshold=0.8&amp;sort=n">n<\/a>/);
  });

  it("sorts by n and per language on the page, missing values last", () => {
    const rows = leaderboard().rows;
    expect(sortRows(rows, "-n").map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(sortRows(rows, "n").map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(sortRows(rows, "-python").map((r) => r.rank)).toEqual([2, 1, 3]);
    expect(sortRows(rows, "cpp").map((r) => r.rank)).toEqual([3, 1, 2]);
    expect(sortRows(rows, "-model")).toBe(rows); // the API already sorted
  });

  it("attributes reported rows to their source and licence, with links", async () => {
    const html = await page();
    expect(html).toContain(
      'RepoQA authors (EvalPlus), <a href="https://github.com/evalplus/repoqa" rel="nofollow noopener">https://github.com/evalplus/repoqa</a> (licence: Apache-2.0; 2 models)',
    );
    expect(html).toContain("What the numbers mean");
    expect(html).toContain("Wilson score interval");
  });

  it("escapes model names and sources from imported files", async () => {
    const data = leaderboard();
    data.rows[0] = { ...data.rows[0], source: 'x" onmouseover="alert(1) javascript:alert(2)' };
    const html = await page("-rate", data);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain('" onmouseover="');
    expect(html).not.toContain('href="javascript');
  });

  it("links each row of a model listed twice (verified and reported) to its own entry", async () => {
    const data = leaderboard({
      rows: [
        row({ model: "m", rank: 1, rate: 0.9, kind: "verified" }),
        row({ model: "m", rank: 2, rate: 0.8 }),
        row({ model: "n", rank: 3, rate: 0.7 }),
      ],
    });
    const html = await page("-rate", data);
    expect(html).toContain('<a href="/models/m?threshold=0.8&amp;kind=verified">m</a>');
    expect(html).toContain('<a href="/models/m?threshold=0.8&amp;kind=reported">m</a>');
    expect(html).toContain('<a href="/models/n?threshold=0.8">n</a>');
  });

  it("says so when there are no rows", async () => {
    const html = await page("-rate", leaderboard({ rows: [], updated_at: null }));
    expect(html).toContain("No results for this query yet.");
    expect(html).not.toContain('<table id="leaderboard">');
  });
});
