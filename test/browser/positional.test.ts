import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import type { PositionalModelBreakdown, PositionalResponse } from "../../src/benchmarks/semtrace/leaderboard";
import { curveSamples, positionalRun } from "../leaderboard/positional-fixtures";
import { chromiumSession, screenshot } from "./chromium";

const DATASET = "sst-browser";
const TASKS = ["lexical-recall", "cruxeval-o", "semtrace"];

let instance: IsolatedInstance | undefined;
let url: string;
const chromium = chromiumSession("nw-positional-profile-");
const missing = chromium.missing;
const chromiumContext = chromium.context;

async function json<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, url));
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  if (missing) return;
  instance = await startIsolatedInstance("nw-positional", { entry: "test/browser/seed-worker.ts" });
  url = instance.url;
  const token = instance.token;
  const publish = async (run: unknown) => {
    const res = await fetch(`${url}/__test/publish`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(run),
    });
    if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
  };
  for (const b of TASKS) await publish(positionalRun("qwen/qwen2.5-coder-32b-instruct", b, DATASET, curveSamples(b)));
  // A second model with SemTrace only, so its page shows the missing tasks.
  await publish(positionalRun("acme/semtrace-only", "semtrace", DATASET, curveSamples("semtrace", 4)));

  await chromium.start();
}, 240_000);

afterAll(async () => {
  await chromium.close();
  await instance?.stop();
});

describe("positional pages in Chromium", () => {
  it("selects SemTrace on the leaderboard and shows the API's rows with the median drop", async () => {
    const page = await chromiumContext().newPage();
    await page.goto(`${url}/`);
    await Promise.all([page.waitForURL(/benchmark=semtrace/), page.click("nav.benchmarks a:text-is('SemTrace')")]);
    // The default dataset is resolved, and the selector keeps it for the study's other tasks.
    expect(await page.getAttribute("nav.benchmarks a[aria-current=page]", "href")).toBe(
      `/?benchmark=semtrace&dataset=${DATASET}`,
    );
    expect(await page.locator("select[name=threshold]").count()).toBe(0);
    const api = await json<PositionalResponse>((await page.getAttribute("a:text('JSON of this table')", "href"))!);
    expect(api.query.dataset).toBe(DATASET);
    const shown = await page.$$eval("#leaderboard tbody tr", (trs) =>
      trs.map((tr) => [
        tr.getAttribute("data-model"),
        tr.querySelector("td.rate")?.getAttribute("data-rate"),
        tr.querySelector("td.drop")?.textContent,
      ]),
    );
    expect(shown).toEqual(
      api.rows.map((r) => [
        r.model_slug,
        String(r.rate),
        r.median_drop === null || r.median_drop === undefined ? "–" : (r.median_drop * 100).toFixed(2),
      ]),
    );
    await screenshot(page, "positional-leaderboard");
    await page.close();
  });

  it("opens the model page: three heatmaps side by side, relative curves, partial-match curve", async () => {
    const page = await chromiumContext().newPage();
    await page.goto(`${url}/?benchmark=semtrace`);
    await Promise.all([
      page.waitForURL(/\/models\//),
      page.click('#leaderboard tr[data-model="qwen--qwen2.5-coder-32b-instruct"] td.model a'),
    ]);
    for (const b of TASKS) {
      await expect(page.locator(`#heatmap-${b}`).isVisible()).resolves.toBe(true);
      expect(await page.locator(`#heatmap-${b} td.cell[style]`).count()).toBe(44);
      expect(await page.locator(`#relative-${b} g.series`).count()).toBeGreaterThanOrEqual(3);
    }
    expect(await page.locator("#partial-semtrace g.series").count()).toBe(4);
    // Side by side on a desktop: the three heatmaps start on the same line.
    const tops = await page.$$eval("#heatmaps > section", (ss) =>
      ss.map((s) => Math.round(s.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    // The summary's median drops are the API's.
    const href = await page.getAttribute("a:text('JSON: SemTrace')", "href");
    const api = await json<PositionalModelBreakdown>(href!);
    expect(await page.textContent('#positional-summary tr[data-task="semtrace"] strong')).toBe(
      (api.positional!.median_drop! * 100).toFixed(2),
    );
    await screenshot(page, "positional-model");
    // On a phone they stack.
    await page.setViewportSize({ width: 390, height: 844 });
    const stacked = await page.$$eval("#heatmaps > section", (ss) =>
      ss.map((s) => Math.round(s.getBoundingClientRect().top)),
    );
    expect(new Set(stacked).size).toBe(3);
    await page.close();
  });

  it("says which tasks a model lacks", async () => {
    const page = await chromiumContext().newPage();
    const res = await page.goto(`${url}/models/acme--semtrace-only?benchmark=semtrace&dataset=${DATASET}`);
    expect(res?.status()).toBe(200);
    expect(await page.textContent('p.missing[data-task="lexical-recall"]')).toContain("No Lexical recall results");
    await expect(page.locator("#heatmap-semtrace").isVisible()).resolves.toBe(true);
    await page.close();
  });
});
