/**
 * Each family through its own lens, in Debian's Chromium against a fresh local instance holding
 * what `npm start` builds (the `semtrace-demo` and `longcodeu-demo` datasets, by the families' own
 * demo loaders): the boards before any run (the loaded dataset, its picker, how to publish), then
 * after runs of baselines and of a loopback model that answers from the prompt (lens-model.ts):
 * the boards' top-models charts, a SemTrace run page's accuracy-by-position curves against the
 * run's results JSON, the sample browser by D and position and by LongCodeU task and length
 * bucket, a LongCodeU sample's expected answer beside the model's, and a sensitivity run. Every
 * page is screenshot at 1280 and 390 px into test/artifacts/ (lens-*.png).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api as apiClient } from "../../cli/lib/api";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { longcodeuDemo } from "../../src/benchmarks/longcodeu/node/demo";
import { semtraceDemo } from "../../src/benchmarks/semtrace/node/demo";
import { chromiumSession, screenshot } from "./chromium";
import { endedRun, instanceApi } from "./instance-api";
import { startLensModel, type LensModel } from "./lens-model";

let instance: IsolatedInstance | undefined;
let model: LensModel | undefined;
const chromium = chromiumSession("nw-lenses-profile-");
const missing = chromium.missing;
const chromiumContext = chromium.context;

const api = instanceApi(() => instance!);

/** Starts a published run and waits for it to end completed. */
async function run(benchmark: string, dataset: string, modelSpec: string): Promise<string> {
  const ended = await endedRun(api, { benchmark, dataset, model: modelSpec, concurrency: 8 }, 480_000);
  expect(ended.status).toBe("completed");
  return ended.id;
}

const runs: Record<string, string> = {};
const lens = () => `openai-compatible:lens@${model!.url}`;

beforeAll(async () => {
  if (missing) return;
  [instance, model] = await Promise.all([startIsolatedInstance("nw-lenses"), startLensModel()]);
  const client = apiClient(instance.url, instance.token);
  const log = () => {};
  await semtraceDemo.load(client, log);
  await longcodeuDemo.load(client, log);
  await chromium.start();
}, 480_000);

afterAll(async () => {
  await chromium.close();
  await model?.close();
  await instance?.stop();
});

async function open(path: string): Promise<Page> {
  const page = await chromiumContext().newPage();
  // The boards may be kept by the browser's cache (their Cache-Control): the same board read before
  // the runs would come back as it was. A reader reloading asks again; so does this test.
  await page.setExtraHTTPHeaders({ "cache-control": "no-cache" });
  const res = await page.goto(`${instance!.url}${path}`);
  expect(res?.status(), path).toBe(200);
  return page;
}

/**
 * The filter form's selects whose chosen text does not fit them (the text's width, measured in the
 * select's font, plus its padding and arrow) or that stick out of the form.
 */
function selectsClipped(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const ctx = document.createElement("canvas").getContext("2d");
    return [...document.querySelectorAll("form.filters select")].flatMap((s) => {
      const style = getComputedStyle(s);
      ctx.font = style.font;
      const text = ctx.measureText(s.selectedOptions[0]?.text ?? "").width;
      const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const r = s.getBoundingClientRect();
      const f = s.closest("form").getBoundingClientRect();
      return text > room || r.left < f.left || r.right > f.right ? [s.name] : [];
    });
  })()`);
}

/** The options of the board's dataset picker: [value, text, selected]. */
const pickerOptions = (page: Page) =>
  page.$$eval('select[name="dataset"] option', (os) =>
    os.map((o) => [o.getAttribute("value"), o.textContent, (o as unknown as { selected: boolean }).selected]),
  );

describe("boards before any run", () => {
  for (const [benchmark, dataset] of [
    ["semtrace", "semtrace-demo"],
    ["lexical-recall", "semtrace-demo"],
    ["cruxeval-o", "semtrace-demo"],
    ["longcodeu", "longcodeu-demo"],
  ]) {
    it(`${benchmark}: the loaded ${dataset}, in its picker, with the command that publishes a first entry`, async () => {
      const page = await open(`/?benchmark=${benchmark}`);
      expect(await page.textContent("p.lede")).toContain(`Dataset ${dataset}`);
      expect(await pickerOptions(page)).toEqual([[dataset, `${dataset} (no results yet)`, true]]);
      expect(await page.textContent("#no-results")).toContain(
        `npm run eval -- --benchmark ${benchmark} --dataset ${dataset}`,
      );
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await selectsClipped(page)).toEqual([]);
      if (benchmark === "semtrace" || benchmark === "longcodeu")
        await screenshot(page, `lens-board-empty-${benchmark}`, { firstScreen: false });
      await page.close();
    });
  }
});

describe("after runs", () => {
  beforeAll(async () => {
    if (missing) return;
    const jobs: [string, string, string][] = [
      ["semtrace", "semtrace-demo", "baseline:interpreter"],
      ["semtrace", "semtrace-demo", lens()],
      ["sensitivity-semtrace", "semtrace-demo", lens()],
      ["longcodeu", "longcodeu-demo", "baseline:oracle"],
      ["longcodeu", "longcodeu-demo", lens()],
    ];
    // Only what the pages below read (CI's budget), all at once: the queue interleaves them.
    const ids = await Promise.all(jobs.map(([benchmark, dataset, spec]) => run(benchmark, dataset, spec)));
    for (const [i, [benchmark, , spec]] of jobs.entries())
      runs[`${benchmark} ${spec.startsWith("baseline") ? spec : "lens"}`] = ids[i];
  }, 600_000);

  it("the SemTrace board: its rows, the top-models chart with intervals, the picker with its count", async () => {
    const page = await open("/?benchmark=semtrace");
    expect(await pickerOptions(page)).toEqual([["semtrace-demo", "semtrace-demo (2 models)", true]]);
    const rows = await page.$$eval("#leaderboard tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-model")));
    expect(rows).toHaveLength(2);
    const chart = await page.$$eval("#top-models a.rank-row", (as) =>
      as.map((a) => [a.getAttribute("data-model"), a.querySelectorAll("path.interval").length]),
    );
    expect(chart.map(([, bars]) => bars)).toEqual([1, 1]);
    await screenshot(page, "lens-board-semtrace");
    await page.close();
  });

  it("the LongCodeU board: the picker, the chart of averages, the select fits a phone", async () => {
    const page = await open("/?benchmark=longcodeu");
    expect(await pickerOptions(page)).toEqual([["longcodeu-demo", "longcodeu-demo (2 models)", true]]);
    expect(await page.locator("#top-models a.rank-row").count()).toBe(2);
    await screenshot(page, "lens-board-longcodeu");
    // On a phone every select of the filter form lies inside the form and shows its whole chosen text.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await selectsClipped(page)).toEqual([]);
    await page.close();
  });

  it("a SemTrace run page: accuracy by position per D with intervals, as the run's results say", async () => {
    const id = runs["semtrace lens"];
    const results = await api<{
      summary: {
        grid: { distractors: number; position: number; n: number; passed: number; accuracy: number }[];
        median_drop: number | null;
      };
    }>(`/v1/runs/${id}/results`);
    const page = await open(`/runs/${id}`);
    const drawn = await page.$$eval("#accuracy-semtrace g.series", (gs) =>
      gs.map((g) => [
        g.getAttribute("data-series"),
        g.querySelectorAll("circle").length,
        g.querySelectorAll("path.whisker").length,
      ]),
    );
    const ds = [...new Set(results.summary.grid.map((c) => c.distractors))];
    expect(drawn).toEqual(
      ds.map((d) => [
        String(d),
        results.summary.grid.filter((c) => c.distractors === d).length,
        results.summary.grid.filter((c) => c.distractors === d).length,
      ]),
    );
    // The lens model loses the middle: the ends beat the middle at every D.
    for (const d of ds) {
      const cells = results.summary.grid.filter((c) => c.distractors === d);
      expect(cells[0].accuracy).toBeGreaterThan(cells[Math.floor(cells.length / 2)].accuracy);
    }
    expect(await page.textContent("#median-drop-semtrace strong")).toBe(
      `${(results.summary.median_drop! * 100).toFixed(2)} %`,
    );
    expect(await page.locator("#partial-semtrace").count()).toBe(1);
    await screenshot(page, "lens-run-semtrace");
    await page.close();
  });

  it("the SemTrace sample browser filters by D and position", async () => {
    const id = runs["semtrace lens"];
    const page = await open(`/runs/${id}/samples`);
    expect(await page.locator('select[name="depth"]').count()).toBe(0);
    await page.selectOption('select[name="d"]', "40");
    await page.selectOption('select[name="position"]', "0.5");
    await Promise.all([page.waitForURL(/d=40/), page.click('form.filters button[type="submit"]')]);
    const rows = await page.$$eval("#samples tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-unit")!));
    expect(rows.length).toBeGreaterThan(0);
    for (const unit of rows) expect(unit.endsWith("@40@0.5")).toBe(true);
    await screenshot(page, "lens-samples-semtrace", { firstScreen: false });
    // One of them: where its target sat, marked in the prompt, and the expected list beside the answer's.
    // Its page carries the facets, so previous / next stay among D = 40 at 0.5.
    await Promise.all([
      page.waitForURL(/\/samples\/[^?]+%4040%400\.5\?d=40&position=0\.5$/),
      page.click("#samples a >> nth=0"),
    ]);
    const near = await page.$$eval("#sample-nav a[rel]", (as) => as.map((a) => a.getAttribute("href")!));
    expect(near.length).toBeGreaterThan(0);
    for (const href of near) expect(href).toMatch(/@?%4040%400\.5\?d=40&position=0\.5$/);
    expect(await page.textContent("#where")).toContain(
      "Among D = 40 distractor functions at position 0.5: function 21 of 41",
    );
    expect(await page.textContent("#expected pre")).toMatch(/^\[-?\d+(, -?\d+)*\]$/);
    await page.click("#prompt summary");
    expect(await page.isVisible("mark#target")).toBe(true);
    await screenshot(page, "lens-sample-semtrace", { firstScreen: false });
    await page.close();
  });

  it("a sensitivity run page: accuracy by lines removed with intervals, and the sensitivity", async () => {
    const page = await open(`/runs/${runs["sensitivity-semtrace lens"]}`);
    expect(await page.locator("#sensitivity-curve g.series circle").count()).toBeGreaterThan(1);
    expect(await page.textContent("#sensitivity")).toContain("sensitivity (mean per snippet)");
    await screenshot(page, "lens-run-sensitivity", { firstScreen: false });
    await page.close();
  });

  it("a LongCodeU run page headlines the graded mean, and its browser finds CU_P by typing it", async () => {
    const id = runs["longcodeu lens"];
    const page = await open(`/runs/${id}`);
    expect(await page.textContent("#progress dl.figures")).toContain("mean recall (%)");
    expect(await page.textContent("#progress dl.figures")).not.toContain("recall 1");
    expect(await page.locator("#task-scores tr[data-task]").count()).toBeGreaterThan(1);
    await screenshot(page, "lens-run-longcodeu");
    await page.click("text=Browse the");
    await page.fill('input[name="task"]', "CU_P");
    await Promise.all([page.waitForURL(/task=CU_P/), page.click('form.filters button[type="submit"]')]);
    const units = await page.$$eval("#samples tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-unit")!));
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) expect(u.startsWith("CU_P-")).toBe(true);
    expect(
      await page.$$eval("#samples tbody tr td:nth-child(4)", (tds) => [...new Set(tds.map((t) => t.textContent))]),
    ).toEqual(["CU_P"]);
    await screenshot(page, "lens-samples-longcodeu", { firstScreen: false });
    // One CU_P sample: the expected names beside the answer's, some recalled, some not.
    await Promise.all([page.waitForURL(/\/samples\/CU_P-/), page.click(`#samples a >> nth=0`)]);
    const expected = await page.$$eval("#expected-names tbody tr", (trs) =>
      trs.map((tr) => tr.getAttribute("data-recalled")),
    );
    expect(expected).toContain("true");
    expect(expected).toContain("false");
    expect(await page.textContent("#predicted-names")).toContain("invented_helper");
    await screenshot(page, "lens-sample-longcodeu");
    await page.close();
  });
});
