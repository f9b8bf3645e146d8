/**
 * The browser walk: for each family, from `/` by links only, board → model → its answers →
 * one sample → its run → a comparison → a discordant task's side by side, asserting what each page
 * shows, with screenshots at 1280 and 390 px in test/artifacts/ (`walk-<family>-<step>-<width>.png`;
 * the screenshot helper also fails a page a phone would scroll sideways).
 *
 * The site: one fresh isolated instance with each family's small test dataset imported as an admin
 * imports a release (RepoQA: test/fixtures/repoqa-mini.json; SemTrace: a mini suite built as
 * `npm run semtrace -- build` builds one; LongCodeU: the hand-written fixture release) — the demos
 * `npm start` builds take minutes to build, too long for `npm test` — and per family two built-in
 * baselines run over the whole dataset and published (verified leaderboard entries) that disagree
 * on some tasks, and a reported RepoQA entry with per-task rows.
 * The run list's compare action (pick two runs, compare) is walked once more on its own.
 */
import "../../cli/lib/tree-sitter-node";
import { performance } from "node:perf_hooks";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, api, type Api } from "../../cli/lib/api";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { fixtureRelease } from "../longcodeu/fixture";
import { buildMiniSuite } from "../semtrace/mini-suite";
import { chromiumMissing, launchChromium, screenshot, type Chromium } from "./chromium";

/** One family's walk: its benchmark on its dataset, the board link's name, the two baselines (A, then B). */
interface Walk {
  family: string;
  benchmark: string;
  dataset: string;
  /** Imports the dataset (admin). */
  load: (client: Api, id: string) => Promise<unknown>;
  /** The benchmark picker's link text (`BenchmarkViews.shortName`). */
  board: string;
  a: string;
  b: string;
}

const WALKS: Walk[] = [
  {
    family: "repoqa",
    benchmark: "repoqa-snf",
    dataset: "walk-repoqa",
    load: (client, id) =>
      client.request(
        "POST",
        `/v1/datasets/${id}/import?name=fixture&license=Apache-2.0`,
        JSON.parse(readFileSync(join(ROOT, "test/fixtures/repoqa-mini.json"), "utf8")),
        { auth: true },
      ),
    board: "RepoQA",
    a: "baseline:oracle",
    b: "baseline:bm25",
  },
  {
    family: "semtrace",
    benchmark: "semtrace",
    dataset: "walk-semtrace",
    load: async (client, id) =>
      client.request("POST", `/v1/datasets/${id}/suite`, await buildMiniSuite({ tasks: ["semtrace"] }), { auth: true }),
    board: "SemTrace",
    a: "baseline:oracle",
    b: "baseline:empty",
  },
  {
    family: "longcodeu",
    benchmark: "longcodeu",
    dataset: "walk-longcodeu",
    load: (client, id) => client.request("POST", `/v1/datasets/${id}/longcodeu`, fixtureRelease(), { auth: true }),
    board: "LongCodeU",
    a: "baseline:oracle",
    b: "baseline:empty",
  },
];

let instance: IsolatedInstance | undefined;
let browser: Chromium | undefined;
/** The runs of each walk, by model. */
const runs = new Map<string, Record<string, string>>();
/** What setting the site up cost, for the report (printed once). */
const cost: Record<string, number> = {};

async function runToEnd(client: Api, body: Record<string, unknown>): Promise<string> {
  const { id } = await client.request<{ id: string }>("POST", "/v1/runs", { concurrency: 8, ...body }, { auth: true });
  for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const run = await client.request<{ status: string; finished_at: string | null }>("GET", `/v1/runs/${id}`);
    if (run.status !== "running" && run.finished_at) {
      if (run.status !== "completed") throw new Error(`run ${id} ended ${run.status}`);
      return id;
    }
  }
  throw new Error(`run ${id} did not end`);
}

/** The reported entry's model: published results of the RepoQA dataset's tasks, with per-task rows and no answers. */
const REPORTED = "acme/reported-model";

/**
 * Imports a reported results file (the published RepoQA format, `npm run leaderboard -- import`'s
 * input) for the RepoQA dataset's tasks, as a run's samples list them: every third task passes.
 */
async function importReported(client: Api, dataset: string, runId: string) {
  const { samples } = await client.request<{ samples: { taskId: string; position: number; language: string }[] }>(
    "GET",
    `/v1/runs/${runId}/samples?limit=500`,
  );
  const results: Record<string, unknown[]> = {};
  samples.forEach((s, i) => {
    const [, repo, name] = s.taskId.split("::");
    const pass = i % 3 === 0;
    (results[s.language] ??= []).push({
      repo,
      name,
      needle_position: s.position,
      is_best_similar: pass,
      best_similar_score: pass ? 0.9 : 0.2,
      best_target: pass ? name : null,
      position: { token_start: 0, token_end: 10 },
    });
  });
  // The file's own pass@1 per group and threshold, as the reference computes it (the import checks them against the rows).
  type Row = { is_best_similar: boolean; best_similar_score: number };
  const passAt1 = (rows: Row[], t: number) => ({
    "pass@1": rows.filter((r) => r.is_best_similar && r.best_similar_score >= t).length / rows.length,
  });
  const thresholds = Array.from({ length: 11 }, (_, k) => (k / 10).toFixed(1));
  const groups: [string, Row[]][] = [
    ["all", Object.values(results).flat() as Row[]],
    ...(Object.entries(results) as [string, Row[]][]),
  ];
  const scores = Object.fromEntries(
    groups.map(([g, rows]) => [g, Object.fromEntries(thresholds.map((t) => [t, passAt1(rows, Number(t))]))]),
  );
  const file = { [REPORTED]: { eval_date: "2024-05-13 01:00:00", train_size: "7B", scores, results } };
  await client.request(
    "POST",
    "/v1/leaderboard/import",
    { kind: "reported", dataset, source: "a walk test", license: "Apache-2.0", file },
    { auth: true },
  );
}

beforeAll(async () => {
  if (chromiumMissing) return;
  let t = performance.now();
  instance = await startIsolatedInstance("nw-walk");
  cost.instance_s = (performance.now() - t) / 1000;
  const client = api(instance.url, instance.token);
  for (const walk of WALKS) await walk.load(client, walk.dataset);
  cost.datasets_s = (performance.now() - t) / 1000;
  t = performance.now();
  await Promise.all(
    WALKS.map(async (walk) => {
      const ids = await Promise.all(
        [walk.a, walk.b].map((model) => runToEnd(client, { benchmark: walk.benchmark, dataset: walk.dataset, model })),
      );
      runs.set(walk.family, { [walk.a]: ids[0], [walk.b]: ids[1] });
    }),
  );
  // Publishing writes the entries a moment after a run reads as completed.
  for (const walk of WALKS) {
    for (let i = 0; i < 100; i++) {
      const board = await client.request<{ rows: { model: string }[] }>(
        "GET",
        `/v1/leaderboard?benchmark=${walk.benchmark}&dataset=${walk.dataset}`,
      );
      if ([walk.a, walk.b].every((m) => board.rows.some((r) => r.model === m))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  cost.runs_s = (performance.now() - t) / 1000;
  await importReported(client, WALKS[0].dataset, runs.get("repoqa")!["baseline:bm25"]);
  browser = await launchChromium("nw-walk-profile-");
  console.log(
    `walk site set up: ${JSON.stringify(Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, Math.round(v * 10) / 10])))}`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await instance?.stop();
});

/** A page of the walk: fails every test when Chromium is missing (never a silent skip). */
async function newPage(): Promise<Page> {
  if (chromiumMissing) throw new Error(chromiumMissing);
  const page = await browser!.browser.newPage();
  // A cold isolate's first page on a busy machine can take a while.
  page.setDefaultTimeout(90_000);
  return page;
}

/** Clicks the link `selector` and waits for the page it leads to. */
async function follow(page: Page, selector: string) {
  const link = page.locator(selector).first();
  expect(await link.count(), `a link ${selector} on ${page.url()}`).toBeGreaterThan(0);
  await Promise.all([page.waitForNavigation(), link.click()]);
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

/** On the "compare with…" picker, picks `model`'s run as side B (one run of it offered). */
async function pickB(page: Page, model: string) {
  const option = page.locator(
    `select[name="b"] option:text-matches("^${model.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} — run of")`,
  );
  expect(await option.count(), `${model}'s run offered`).toBe(1);
  await page.selectOption('select[name="b"]', (await option.getAttribute("value"))!);
}

/**
 * From a board showing another dataset (RepoQA's board defaults to the official dataset) to the
 * walk's, through the board's dataset picker: the picker must offer it.
 */
async function openBoardOf(page: Page, walk: Walk) {
  const picker = page.locator('main select[name="dataset"]');
  expect(
    await picker.locator(`option[value="${walk.dataset}"]`).count(),
    `the board's dataset picker offers ${walk.dataset}`,
  ).toBe(1);
  await picker.selectOption(walk.dataset);
  await Promise.all([
    page.waitForNavigation(),
    picker.evaluate((s) => (s as unknown as { form: { requestSubmit(): void } }).form.requestSubmit()),
  ]);
}

describe("from the board to an answer, by links only", () => {
  for (const walk of WALKS) {
    it(`${walk.family}: board → model → its answers → a sample → its run → a comparison → a discordant task side by side`, async () => {
      const page = await newPage();
      const shot = (step: string) => screenshot(page, `walk-${walk.family}-${step}`, { firstScreen: false });
      await page.goto(instance!.url + "/");
      // The header leads everywhere.
      expect(await page.locator("header.site nav a").allInnerTexts()).toEqual([
        "Leaderboards",
        "Runs",
        "Compare",
        "API",
      ]);

      // 1. The board: the family's benchmark in the picker, then its dataset when the board shows another.
      await follow(page, `nav.benchmarks a:text-is("${walk.board}")`);
      if (!(await page.locator(`main code:text-is("${walk.dataset}")`).count())) await openBoardOf(page, walk);
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
      expect(await text(page, "#outcome")).toMatch(/passed|failed|recall|error|exceeded/);
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
      await pickB(page, walk.b);
      await Promise.all([page.waitForNavigation(), page.click('form.filters button[type="submit"]')]);
      expect(await text(page, "h1")).toContain(`${walk.a} vs ${walk.b}`);
      const discordant = await page.locator("#discordant-tasks tbody tr").count();
      expect(discordant, "tasks where the two disagree").toBeGreaterThan(0);
      await shot("6-compare");

      // 7. A discordant task's answers side by side, against the expected answer.
      const key = await page.locator("#discordant-tasks tbody tr").first().getAttribute("data-key");
      await follow(page, "#discordant-tasks tbody tr td.key a");
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

describe("a reported entry", () => {
  it("board → model → its per-task results (no answers) → compare with… → a task side by side, which says the entry stores no answer", async () => {
    const page = await newPage();
    const shot = (step: string) => screenshot(page, `walk-reported-${step}`, { firstScreen: false });
    await page.goto(`${instance!.url}/?dataset=${WALKS[0].dataset}`);
    expect(await text(page, "main table")).toContain(REPORTED);
    await follow(page, `td.model a:has-text("${REPORTED}")`);
    expect(await text(page, "#model-links")).toMatch(/Its \d+ per-task results/);
    await follow(page, '#model-links a[data-link="samples"]');
    expect(await text(page, "#no-answers")).toContain("no answer is stored");
    expect(await page.locator("#entry-samples tbody tr").count()).toBeGreaterThan(0);
    await shot("1-per-task");
    // The shared table's empty state (src/kit/pages/sample-table.tsx): no error rows, said in the table's place, and the way back.
    await page.selectOption('form.filters select[name="status"]', "error");
    await Promise.all([page.waitForNavigation(), page.click('form.filters button[type="submit"]')]);
    expect(await text(page, "#entry-samples-empty")).toContain("No rows match these filters.");
    await shot("1-per-task-empty");
    await follow(page, '#entry-samples-empty a:text-is("Clear the filters")');
    expect(await page.locator("#entry-samples tbody tr").count()).toBeGreaterThan(0);
    await follow(page, 'p.links a:text-is("Compare with…")');
    await pickB(page, "baseline:oracle");
    await Promise.all([page.waitForNavigation(), page.click('form.filters button[type="submit"]')]);
    await shot("2-compare");
    await follow(page, "#discordant-tasks tbody tr td.key a");
    expect(await text(page, "#answer-a-text")).toContain("reported leaderboard entry");
    expect(await page.locator("#answer-b-text").evaluate((e) => e.tagName)).toBe("PRE");
    await shot("3-side-by-side");
    await page.close();
  }, 120_000);
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
    const scroller = await page
      .locator("#runs")
      .evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
    expect(scroller.scroll, "the run list scrolls sideways on a phone").toBeLessThanOrEqual(scroller.client);
    const pass = await page.locator(`tr[data-run="${ids["baseline:oracle"]}"] td.pass`).boundingBox();
    expect(pass!.x + pass!.width).toBeLessThanOrEqual(390);
    expect(table!.width).toBeLessThanOrEqual(390);
    await screenshot(page, "walk-runs");
    await Promise.all([page.waitForNavigation(), page.click('form.pick-runs button[type="submit"]')]);
    expect(new URL(page.url()).searchParams.get("a")).toBe(ids["baseline:oracle"]);
    expect(await text(page, "h1")).toContain("baseline:oracle vs baseline:bm25");
    // The header's Compare: the picker of any two.
    await follow(page, 'header.site nav a:text-is("Compare")');
    expect(
      await page
        .locator(`#pick-runs div[data-scope="repoqa-snf · ${WALKS[0].dataset}"] select[name="a"] option`)
        .count(),
    ).toBe(2);
    await screenshot(page, "walk-picker", { firstScreen: false });
    await page.close();
  }, 60_000);
});
