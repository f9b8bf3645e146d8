/**
 * The LongCodeU pages through the real Worker: entries published from the hand-built run rows of
 * test/leaderboard/longcodeu-fixtures.ts (numbers worked out in test/leaderboard/longcodeu.test.ts),
 * read as HTML.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { expectKeepsLimit } from "./html";
import { publishVerifiedRun } from "../../src/core/leaderboard/verified";
import { longcodeuLeaderboard } from "../../src/benchmarks/longcodeu/leaderboard";
import { verifiedSample } from "../../src/core/runs/finalize";
import { get } from "../helpers";
import { MODEL_A, MODEL_B, lcuRows, type LcuSpec } from "../leaderboard/longcodeu-fixtures";

const DATASET = "page-lcu";
const B = "~3cb~3ebold~3c--b~3e"; // the slug of "<b>bold</b>"

beforeAll(async () => {
  const publish = (model: string, spec: LcuSpec[], source?: string) =>
    publishVerifiedRun(env, {
      benchmark: "longcodeu",
      dataset: DATASET,
      model,
      receipt: { scorer_version: "longcodeu/test", ...(source ? { source } : {}) },
      samples: lcuRows("run-page", spec).map((r) => verifiedSample(r, { leaderboard: longcodeuLeaderboard })),
    });
  await publish("acme/lcu-a", MODEL_A);
  await publish("<b>bold</b>", MODEL_B, "submitted outputs");
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

/** [slug, data-rate, average cell text, the eight task cells] per leaderboard row. */
function shownRows(html: string) {
  return [...element(html, "table", "leaderboard").matchAll(/<tr data-model="([^"]+)">(.*?)<\/tr>/gs)].map((m) => {
    const rate = /data-rate="([^"]+)"><strong>([^<]+)<\/strong>/.exec(m[2])!;
    const tasks = [...m[2].matchAll(/<td data-task="[A-Z_0-9]+">([^<]+)<\/td>/g)].map((t) => t[1]);
    return [m[1], Number(rate[1]), rate[2], tasks];
  });
}

describe("LongCodeU leaderboard page", () => {
  it("keeps a page's own limit in its sort links and filter form, and adds none without one", () =>
    expectKeepsLimit(page, `benchmark=longcodeu&dataset=${DATASET}`));

  it("shows the eight task columns and the average, by recall over all lengths by default", async () => {
    const html = await page("/?benchmark=longcodeu");
    expect(html).toContain(`Dataset <code>${DATASET}</code>`);
    expect(html).toContain("<h1>LongCodeU: long code understanding</h1>");
    const head = element(html, "table", "leaderboard").slice(
      0,
      element(html, "table", "leaderboard").indexOf("</thead>"),
    );
    expect([...head.matchAll(/sort=-?[A-Za-z_0-9]+">([^<]+)<\/a>/g)].map((m) => m[1])).toEqual([
      "Model",
      "Avg %",
      "CU_P",
      "CU_SA",
      "CU_DFA",
      "DRA_T1",
      "DRA_T2",
      "SRE_T1",
      "SRE_T2",
      "LDU",
      "n",
      "unparseable",
    ]);
    expect(shownRows(html)).toEqual([
      ["acme--lcu-a", expect.closeTo(0.58, 12), "58.00", ["50.00", "60.00", "60.00", "20.00", "–", "–", "–", "100.00"]],
      [B, 0.5, "50.00", ["50.00", "50.00", "–", "–", "–", "–", "–", "–"]],
    ]);
    // Averages over fewer than eight tasks say so; n, unparseable, errors, overflows follow.
    expect(html).toMatch(
      /data-model="acme--lcu-a">.*?<span class="ci">5 of 8 tasks<\/span>.*?<td data-task="LDU">100\.00<\/td><td>8<\/td><td>1<\/td><td>1<\/td><td>1<\/td><\/tr>/s,
    );
    expect(html).toContain("Recall in percent: LCS-R (CU_P), CodeBLEU (CU_SA), EM-R (CU_DFA), CB-R (DRA_T1)");
    expect(html).toContain(
      `<a href="/models/acme--lcu-a?benchmark=longcodeu&amp;dataset=${DATASET}">acme/<wbr/>lcu-a</a>`,
    );
    expect(html).toContain(
      `<a href="/v1/leaderboard?benchmark=longcodeu&amp;dataset=${DATASET}">JSON of this table</a>`,
    );
    expect(html).toContain(
      `<a href="/v1/leaderboard?benchmark=longcodeu&amp;dataset=${DATASET}&amp;format=csv">CSV</a>`,
    );
    // Names are escaped.
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
  });

  it("has a GET form with the dataset, the length buckets and the recall/precision choice, and no threshold or language", async () => {
    const html = await page("/?benchmark=longcodeu");
    // Short option texts, so the selects are never clipped on a phone; the dataset takes a row of its own there.
    expect(html).toContain(
      '<select name="bucket"><option value="all" selected="">all</option><option value="0-8K">0-8K</option><option value="8-16K">8-16K</option><option value="16-32K">16-32K</option><option value="32-64K">32-64K</option><option value="64-128K">64-128K</option></select>',
    );
    expect(html).toContain(
      '<select name="metric"><option value="recall" selected="">recall</option><option value="precision">precision</option></select>',
    );
    expect(html).toContain(
      `<label class="wide">Dataset<select name="dataset"><option value="${DATASET}" selected="">${DATASET} (2 models, not loaded)</option></select></label>`,
    );
    expect(html).toContain('<form class="filters" method="get" action="/"><label class="wide">Dataset');
    expect(html).toContain(
      '<input type="hidden" name="benchmark" value="longcodeu"/><button type="submit">Apply</button>',
    );
    expect(html).not.toContain('name="threshold"');
    expect(html).not.toContain('name="language"');
    expect(html).not.toContain("<script");
  });

  it("shows the paper's Table 3 apart, only with recall over all lengths", async () => {
    const html = await page("/?benchmark=longcodeu");
    const paper = element(html, "table", "paper-reference");
    expect(paper).toContain(
      '<th class="l sticky" scope="row">GPT-4o</th><td><strong>65.83</strong></td><td>56.42</td><td>86.76</td><td>87.87</td><td>71.58</td><td>48.88</td><td>44.45</td><td>43.14</td><td>87.54</td>',
    );
    expect(paper.match(/<tr>/g)).toHaveLength(1 + 9);
    // Never a row of ours.
    expect(element(html, "table", "leaderboard")).not.toContain("GPT-4o");
    const precision = await page("/?benchmark=longcodeu&metric=precision");
    expect(precision).not.toContain('id="paper-reference"');
    expect(precision).toContain(
      `choose <a href="/?benchmark=longcodeu&amp;dataset=${DATASET}">recall, all lengths</a>`,
    );
    expect(await page("/?benchmark=longcodeu&bucket=0-8K")).not.toContain('id="paper-reference"');
  });

  it("ranks by precision when asked", async () => {
    const html = await page("/?benchmark=longcodeu&metric=precision");
    expect(html).toContain('<option value="precision" selected="">precision</option>');
    expect(html).toContain("Precision in percent: LCS-P (CU_P), CodeBLEU (CU_SA), EM-P (CU_DFA), CB-P (DRA_T1)");
    // B: (1 + .9) / 2; A: (.5 + .6 + .3 + .4 + 1) / 5.
    expect(shownRows(html)).toEqual([
      [B, expect.closeTo(0.95, 12), "95.00", ["100.00", "90.00", "–", "–", "–", "–", "–", "–"]],
      ["acme--lcu-a", expect.closeTo(0.56, 12), "56.00", ["50.00", "60.00", "30.00", "40.00", "–", "–", "–", "100.00"]],
    ]);
    expect(html).toContain(
      `<a href="/v1/leaderboard?benchmark=longcodeu&amp;dataset=${DATASET}&amp;metric=precision&amp;format=csv">CSV</a>`,
    );
  });

  it("shows one length bucket", async () => {
    const html = await page("/?benchmark=longcodeu&bucket=8-16K");
    expect(html).toContain('<option value="8-16K" selected="">8-16K</option>');
    expect(html).toContain("Recall, contexts of 8-16K tokens.");
    // Only A has examples there: CU_P 0 (unparseable), CU_DFA .6, DRA_T1 .2.
    expect(shownRows(html)).toEqual([
      ["acme--lcu-a", expect.closeTo(0.8 / 3, 12), "26.67", ["0.00", "–", "60.00", "20.00", "–", "–", "–", "–"]],
    ]);
    expect(html).toMatch(/<span class="ci">3 of 8 tasks<\/span>.*?<td>3<\/td><td>1<\/td><td><\/td><\/tr>/s);
    expect(await page("/?benchmark=longcodeu&bucket=32-64K")).toContain(
      `No LongCodeU results for 32-64K tokens on <code>${DATASET}</code> yet`,
    );
  });

  it("sorts by a task column, and refuses unknown sorts, buckets and metrics with a 400 page", async () => {
    const desc = await page("/?benchmark=longcodeu&sort=-CU_SA");
    expect(shownRows(desc).map((r) => r[0])).toEqual(["acme--lcu-a", B]);
    expect(desc).toContain(
      `aria-sort="descending"><a href="/?benchmark=longcodeu&amp;dataset=${DATASET}&amp;sort=CU_SA">CU_SA</a>`,
    );
    expect(shownRows(await page("/?benchmark=longcodeu&sort=CU_SA")).map((r) => r[0])).toEqual([B, "acme--lcu-a"]);
    // A task neither has sorts last; ties by rank.
    expect(shownRows(await page("/?benchmark=longcodeu&sort=-LDU")).map((r) => r[0])).toEqual(["acme--lcu-a", B]);
    expect(shownRows(await page("/?benchmark=longcodeu&sort=-unparseable")).map((r) => r[0])).toEqual([
      "acme--lcu-a",
      B,
    ]);
    for (const bad of ["sort=-python", "sort=-median_drop", "bucket=9K", "metric=f1"]) {
      const res = await get(`/?benchmark=longcodeu&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain("<h1>400 ");
    }
  });

  it("is in the benchmark selector, current here, and on the RepoQA page", async () => {
    const html = await page("/?benchmark=longcodeu");
    expect(html).toContain(
      '<a href="/?benchmark=semtrace">SemTrace</a><a href="/?benchmark=longcodeu" aria-current="page">LongCodeU</a></nav>',
    );
    expect(await page("/")).toContain('<a href="/?benchmark=longcodeu">LongCodeU</a></nav>');
  });
});

describe("LongCodeU model page", () => {
  it("shows the task x length grid of recall, with the average over tasks per length", async () => {
    const html = await page("/models/acme--lcu-a?benchmark=longcodeu");
    expect(html).toContain(`<a href="/?benchmark=longcodeu&amp;dataset=${DATASET}">← LongCodeU leaderboard</a>`);
    expect(html).toContain(
      "8 examples scored over 5 tasks; average recall <strong>58.00 %</strong>, precision <strong>56.00 %</strong>. 1 unparseable (scored 0), 1 error and 1 context overflow (not scored).",
    );
    const grid = element(html, "table", "grid-recall");
    expect(grid).toContain('class="heatmap grid"');
    expect([...grid.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual([
      "All",
      "0-8K",
      "8-16K",
      "16-32K",
      "32-64K",
      "64-128K",
    ]);
    const cells = (row: string) =>
      [
        ...new RegExp(`<tr data-task="${row}">(.*?)</tr>`, "s")
          .exec(grid)![1]
          .matchAll(/<td class="cell[^"]*"[^>]*>([^<]+)(?:<small>([^<]+)<\/small>)?<\/td>/g),
      ].map((m) => (m[2] ? `${m[1]} ${m[2]}` : m[1]));
    expect(cells("CU_P")).toEqual(["50.00 n=3", "75.00 n=2", "0.00 n=1", "–", "–", "–"]);
    expect(cells("LDU")).toEqual(["100.00 n=1", "–", "–", "–", "–", "100.00 n=1"]);
    expect(cells("SRE_T2")).toEqual(["–", "–", "–", "–", "–", "–"]);
    expect(cells("average")).toEqual([
      "58.00 5 tasks",
      "77.50 2 tasks",
      "26.67 3 tasks",
      "40.00 1 task",
      "–",
      "100.00 1 task",
    ]);
    expect(grid).toContain(
      '<th class="l sticky" scope="row" title="Code unit perception">CU_P<span class="ci">LCS-R</span></th>',
    );
    expect(grid).toContain('title="CU_P, 8-16K tokens: LCS-R 0.00 % over 1 example"');
  });

  it("shows the precision grid beside it", async () => {
    const html = await page("/models/acme--lcu-a?benchmark=longcodeu");
    const grid = element(html, "table", "grid-precision");
    expect(grid).toContain(
      'CU_DFA<span class="ci">EM-P</span></th><td class="cell" style="background:#365f8b;color:#ffffff" title="CU_DFA, All lengths: EM-P 30.00 % over 1 example">30.00<small>n=1</small></td>',
    );
    // Average precision at 8-16K: (0 + .3 + .4) / 3.
    expect(grid).toMatch(/<tr data-task="average">.*?>23\.33<small>3 tasks<\/small>/s);
  });

  it("counts unparseable outputs, errors and overflows apart", async () => {
    const html = await page("/models/acme--lcu-a?benchmark=longcodeu");
    const counts = element(html, "table", "counts");
    expect(counts).toContain(
      '<tr data-task="CU_P"><th class="l" scope="row">CU_P</th><td>3</td><td>1</td><td>0</td><td>0</td></tr>',
    );
    expect(counts).toContain(
      '<tr data-task="CU_DFA"><th class="l" scope="row">CU_DFA</th><td>1</td><td>0</td><td>1</td><td>0</td></tr>',
    );
    expect(counts).toContain(
      '<tr data-task="LDU"><th class="l" scope="row">LDU</th><td>1</td><td>0</td><td>0</td><td>1</td></tr>',
    );
    expect(counts).toContain(
      '<tr data-task="all"><th class="l" scope="row">all tasks</th><td>8</td><td>1</td><td>1</td><td>1</td></tr>',
    );
    const unparseable = element(html, "table", "unparseable-grid");
    expect(unparseable).toContain(
      '<tr data-task="CU_P"><th class="l" scope="row">CU_P</th><td>0 of 2</td><td>1 of 1</td><td>–</td><td>–</td><td>–</td></tr>',
    );
  });

  it("escapes the model name, and answers 404 for a model without LongCodeU results", async () => {
    const html = await page(`/models/${B}?benchmark=longcodeu&dataset=${DATASET}`);
    expect(html).toContain("<h1>&lt;b&gt;bold&lt;/b&gt; <span");
    expect(html).not.toContain("<b>bold</b>");
    // B's entry came from submitted outputs, and says so on its page and the board (A's says "verified").
    expect(html).toMatch(
      /<h1>&lt;b&gt;bold&lt;\/b&gt; <span class="badge verified"[^>]*>✓ scored from submitted outputs<\/span>/,
    );
    expect(await page(`/models/acme--lcu-a?benchmark=longcodeu&dataset=${DATASET}`)).toMatch(
      /<h1>acme\/lcu-a <span class="badge verified"[^>]*>✓ verified<\/span>/,
    );
    expect(await page(`/?benchmark=longcodeu&dataset=${DATASET}`)).toContain("✓ scored from submitted outputs");
    const json = await (await get(`/v1/leaderboard/models/${B}?benchmark=longcodeu&dataset=${DATASET}`)).json<{
      submitted_outputs: boolean;
    }>();
    expect(json.submitted_outputs).toBe(true);
    const res = await get("/models/nobody?benchmark=longcodeu");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("No model &quot;nobody&quot; with LongCodeU results");
  });
});
