/**
 * Issue 21's browser walk: for each family, from `/` by links only, board → model → its answers →
 * one sample → its run → a comparison → a discordant task's side by side, asserting what each page
 * shows, with screenshots at 1280 and 390 px in test/artifacts/ (`walk-<family>-<step>-<width>.png`;
 * the screenshot helper also fails a page a phone would scroll sideways).
 *
 * The site: a fresh isolated instance with the demo datasets built as `npm start` builds them (each
 * family's `NodeFamily.demos`, through cli/lib/families.ts), and per family two built-in baselines
 * run over the whole demo and published (verified leaderboard entries) that disagree on some tasks.
 * The run list's compare action (pick two runs, compare) is walked once more on its own.
 */
import "../../cli/lib/tree-sitter-node";
import { performance } from "node:perf_hooks";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Api } from "../../cli/lib/api";
import { nodeFamilies } from "../../cli/lib/families";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { chromiumMissing, launchChromium, screenshot, type Chromium } from "./chromium";

/** One family's walk: its benchmark on its demo dataset, the board link's name, the two baselines (A, then B). */
interface Walk {
  family: string;
  benchmark: string;
  dataset: string;
  /** The benchmark picker's link text (`BenchmarkViews.shortName`). */
  board: string;
  a: string;
  b: string;
}

const WALKS: Walk[] = [
  { family: "repoqa", benchmark: "repoqa-snf", dataset: "demo", board: "RepoQA", a: "baseline:oracle", b: "baseline:bm25" },
  { family: "semtrace", benchmark: "semtrace", dataset: "semtrace-demo", board: "SemTrace", a: "baseline:oracle", b: "baseline:empty" },
  { family: "longcodeu", benchmark: "longcodeu", dataset: "longcodeu-demo", board: "LongCodeU", a: "baseline:oracle", b: "baseline:empty" },
];

let instance: IsolatedInstance | undefined;
let browser: Chromium | undefined;
/** The runs of each walk, by model. */
const runs = new Map<string, Record<string, string>>();
/** What setting the site up cost, for the report (printed once). */
const cost: Record<string, number> = {};

async function runToEnd(client: Api, body: Record<string, unknown>): Promise<string> {
  const { id } = await client.request<{ id: string }>("POST", "/v1/runs", { concurrency: 8, ...body }, { admin: true });
  for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const run = await client.request<{ status: string; finished_at: string | null }>("GET", `/v1/runs/${id}`);
    if (run.status !== "running" && run.finished_at) {
      if (run.status !== "completed") throw new Error(`run ${id} ended ${run.status}`);
      return id;
    }
  }
  throw new Error(`run ${id} did not end`);
}

beforeAll(async () => {
  if (chromiumMissing) return;
  let t = performance.now();
  instance = await startIsolatedInstance("nw-walk");
  cost.instance_s = (performance.now() - t) / 1000;
  const client = api(instance.url, instance.token);
  const demos = (await nodeFamilies()).flatMap((f) => f.demos ?? []);
  for (const walk of WALKS) {
    const demo = demos.find((d) => d.id === walk.dataset);
    if (!demo) throw new Error(`no family builds the demo dataset ${walk.dataset}`);
    t = performance.now();
    await demo.load(client, (line) => console.log(`  ${((performance.now() - t) / 1000).toFixed(1)} s ${line}`));
    cost[`demo_${walk.dataset}_s`] = (performance.now() - t) / 1000;
  }
  t = performance.now();
  for (const walk of WALKS) {
    const ids = await Promise.all([walk.a, walk.b].map((model) => runToEnd(client, { benchmark: walk.benchmark, dataset: walk.dataset, model })));
    runs.set(walk.family, { [walk.a]: ids[0], [walk.b]: ids[1] });
    console.log(`  ${((performance.now() - t) / 1000).toFixed(1)} s: runs of ${walk.benchmark} ended`);
  }
  // Publishing writes the entries a moment after a run reads as completed.
  for (const walk of WALKS) {
    for (let i = 0; i < 100; i++) {
      const board = await client.request<{ rows: { model: string }[] }>("GET", `/v1/leaderboard?benchmark=${walk.benchmark}&dataset=${walk.dataset}`);
      if ([walk.a, walk.b].every((m) => board.rows.some((r) => r.model === m))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  cost.runs_s = (performance.now() - t) / 1000;
  browser = await launchChromium("nw-walk-profile-");
  console.log(`walk site set up: ${JSON.stringify(Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, Math.round(v * 10) / 10])))}`);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await instance?.stop();
});

/** A page of the walk: fails every test when Chromium is missing (never a silent skip). */
async function newPage(): Promise<Page> {
  if (chromiumMissing) throw new Error(chromiumMissing);
  return browser!.browser.newPage();
}

/** Clicks the link `selector` and waits for the page it leads to. */
async function follow(page: Page, selector: string) {
  const link = page.locator(selector).first();
  expect(await link.count(), `a link ${selector} on ${page.url()}`).toBeGreaterThan(0);
  await Promise.all([page.waitForNavigation(), link.click()]);
}

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe("from the board to an answer, by links only", () => {
  for (const walk of WALKS) {
    it(`${walk.family}: board → model → its answers → a sample → its run → a comparison → a discordant task side by side`, async () => {
      const page = await newPage();
      const shot = (step: string) => screenshot(page, `walk-${walk.family}-${step}`, { firstScreen: false });
      await page.goto(instance!.url + "/");
      // The header leads everywhere.
      expect(await page.locator("header.site nav a").allInnerTexts()).toEqual(["Leaderboards", "Runs", "Compare", "API"]);

      // 1. The board: the family's benchmark in the picker, then its demo dataset when the board shows another.
      await follow(page, `nav.benchmarks a:text-is("${walk.board}")`);
      if (!(await page.locator(`main code:text-is("${walk.dataset}")`).count())) await follow(page, `main a[href*="dataset=${walk.dataset}"]`);
      expect(await text(page, "main")).toContain(walk.dataset);
      const row = page.locator(`tr:has(td.model a:text-is("${walk.a}"))`);
      expect(await row.count(), `${walk.a} on the ${walk.benchmark} board`).toBe(1);
      await shot("1-board");

      // 2. The model page: where its answers are, its runs, compare with…
      await follow(page, `tr:has(td.model a:text-is("${walk.a}")) td.model a:text-is("${walk.a}")`);
      expect(await text(page, "h1")).toContain(walk.a);
      const nav = await text(page, "#model-links");
      expect(nav).toMatch(/Its run/);
      expect(nav).toMatch(/Its [\d,]+ answers/);
      expect(nav).toMatch(/Compare with…/);
      expect(await page.locator(`#model-runs tr[data-run="${runs.get(walk.family)![walk.a]}"]`).count()).toBe(1);
      await shot("2-model");

      // 3. Its answers: the published run's sample browser.
      await follow(page, '#model-links a[data-link="samples"]');
      expect(new URL(page.url()).pathname).toBe(`/runs/${runs.get(walk.family)![walk.a]}/samples`);
      const units = await page.locator("#samples tbody tr").count();
      expect(units).toBeGreaterThan(0);
      await shot("3-samples");

      // 4. One sample: its answer, and next within the list.
      const unit = await page.locator("#samples tbody tr").first().getAttribute("data-unit");
      await follow(page, "#samples tbody tr td.unit a");
      expect(await text(page, "h1")).toBe(unit);
      expect(await text(page, "#outcome")).toMatch(/passed|failed|error|exceeded/);
      expect(await page.locator("#answer").count()).toBe(1);
      expect(await text(page, "#sample-nav")).toContain(`Sample 1 of ${units > 1 ? "" : "1"}`);
      if (units > 1) expect(await page.locator('#sample-nav a[rel="next"]').count()).toBe(1);
      await shot("4-sample");

      // 5. Its run.
      await follow(page, 'p.links a:text-is("This run")');
      expect(await text(page, "h1")).toContain(walk.a);
      expect(await text(page, '[data-figure="status"]')).toBe("completed");
      expect(await page.locator("#summary").count()).toBe(1);
      await shot("5-run");

      // 6. A comparison: "compare with…", B picked among the same benchmark and dataset's runs.
      await follow(page, 'p.links a:text-is("Compare with…")');
      const option = page.locator(`select[name="b"] option:text-matches("^${walk.b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} — run of")`);
      expect(await option.count(), `${walk.b}'s run offered`).toBe(1);
      await page.selectOption('select[name="b"]', (await option.getAttribute("value"))!);
      await shot("6a-compare-with");
      await Promise.all([page.waitForNavigation(), page.click('form.filters button[type="submit"]')]);
      expect(await text(page, "h1")).toContain(`${walk.a} vs ${walk.b}`);
      const discordant = await page.locator("#discordant-tasks tbody tr").count();
      expect(discordant, "tasks where the two disagree").toBeGreaterThan(0);
      await shot("6-compare");

      // 7. A discordant task's answers side by side, against the expected answer.
      const key = await page.locator("#discordant-tasks tbody tr").first().getAttribute("data-key");
      await follow(page, "#discordant-tasks tbody tr td.unit a");
      expect(await text(page, "h1")).toBe(key);
      expect(await page.locator("#expected-text").evaluate((e) => e.tagName)).toBe("PRE");
      for (const side of ["a", "b"]) {
        expect(await text(page, `#answer-${side} h2`)).toContain(side === "a" ? walk.a : walk.b);
        expect(await text(page, `[data-verdict="${side}"]`)).not.toBe("no sample of this task");
      }
      // The two verdicts differ: it is a discordant task.
      expect(await text(page, '[data-verdict="a"]')).not.toBe(await text(page, '[data-verdict="b"]'));
      await shot("7-side-by-side");
      await page.close();
    }, 120_000);
  }
});

describe("the run list's compare action", () => {
  it("pick two runs as A and B on /runs, compare; the list fits a phone without an inner scroller", async () => {
    const page = await newPage();
    await page.goto(instance!.url + "/");
    await follow(page, 'header.site nav a:text-is("Runs")');
    const ids = runs.get("repoqa")!;
    await page.check(`tr[data-run="${ids["baseline:oracle"]}"] input[name="a"]`);
    await page.check(`tr[data-run="${ids["baseline:bm25"]}"] input[name="b"]`);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the passed share is on the first screen, not behind the table's own scroller.
    const table = await page.locator("#runs").boundingBox();
    const scroller = await page.locator("#runs").evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
    expect(scroller.scroll, "the run list scrolls sideways on a phone").toBeLessThanOrEqual(scroller.client);
    const pass = await page.locator(`tr[data-run="${ids["baseline:oracle"]}"] td.pass`).boundingBox();
    expect(pass!.x + pass!.width).toBeLessThanOrEqual(390);
    expect(table!.width).toBeLessThanOrEqual(390);
    await screenshot(page, "walk-runs");
    await Promise.all([page.waitForNavigation(), page.click('form.pick-runs button[type="submit"]')]);
    expect(new URL(page.url()).searchParams.get("a")).toBe(ids["baseline:oracle"]);
    expect(await text(page, "h1")).toContain("baseline:oracle vs baseline:bm25");
    await page.close();
  }, 60_000);
});
