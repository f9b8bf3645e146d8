/**
 * The run pages in Chromium against a local instance with fresh state: the fixture release is
 * imported, a run of a slow loopback model (cli/lib/loopback-model.ts, on 127.0.0.1) is started,
 * and its page is watched while it runs (the events stream moves the figures), until it reloads
 * on its summary. Then a failed sample's page (the bm25 baseline) with its diff. Screenshots at
 * 1280 and 390 px go to test/artifacts/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { ARTIFACTS, chromiumSession, screenshot } from "./chromium";
import { endedRun, instanceApi, type Run } from "./instance-api";

const DATASET = "runs-browser";

let instance: IsolatedInstance | undefined;
let model: LoopbackModel | undefined;
const chromium = chromiumSession("nw-runs-profile-");
const missing = chromium.missing;
const chromiumContext = chromium.context;

const api = instanceApi(() => instance!);

const finishedRun = async (body: Record<string, unknown>): Promise<string> =>
  (await endedRun(api, { dataset: DATASET, publish: false, ...body })).id;

beforeAll(async () => {
  if (missing) return;
  [instance, model] = await Promise.all([startIsolatedInstance("nw-runs-browser"), startLoopbackModel()]);
  const release = readFileSync(join(ROOT, "test/fixtures/repoqa-mini.json"), "utf8");
  const res = await fetch(`${instance.url}/v1/datasets/${DATASET}/import?name=fixture&license=Apache-2.0`, {
    method: "POST",
    body: release,
    headers: { "content-type": "application/json", authorization: `Bearer ${instance.token}` },
  });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  await chromium.start();
}, 180_000);

afterAll(async () => {
  await chromium.close();
  await model?.close();
  await instance?.stop();
});

describe("run pages in Chromium", () => {
  it("a run's page advances while the run progresses and ends on its summary", async () => {
    const page = await chromiumContext().newPage();
    // One unit at a time, 700 ms each: about 4 s of progress to watch.
    const { id } = await api<Run>("/v1/runs", {
      dataset: DATASET,
      publish: false,
      model: `openai-compatible:slow-700:browser@${model!.url}`,
      concurrency: 1,
      limit: 6,
      cache: false,
    });
    await page.goto(`${instance!.url}/runs/${id}`);
    expect(await page.textContent('[data-figure="status"]')).toBe("running");
    const finished = async () =>
      Number((await page.textContent('#progress [data-figure="finished"]'))?.replace(/,/g, ""));
    const first = await finished();
    expect(first).toBeLessThan(6);
    // The events stream moves the figures without a reload (the page keeps its summary-less body meanwhile).
    await page.waitForFunction(
      `Number(document.querySelector('#progress [data-figure="finished"]')?.textContent) > ${first}`,
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.locator("#summary").count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, "run-live-1280.png"), fullPage: true });
    // On `done` the page reloads and ends on its summary.
    await page.waitForSelector("#summary", { timeout: 60_000 });
    expect(await page.textContent('[data-figure="status"]')).toBe("completed");
    expect(await finished()).toBe(6);
    expect(await page.locator("#threshold-chart").count()).toBe(1);
    await screenshot(page, "run", { firstScreen: false });
    await page.close();
  });

  it("the sample browser filters, and a failed sample's page shows the diff", async () => {
    const id = await finishedRun({ model: "baseline:bm25", concurrency: 8 });
    const samples = (
      await api<{
        samples: { unit: string; passed: boolean | null; detail: { target: string; best_target: string | null } }[];
      }>(`/v1/runs/${id}/samples?limit=500`)
    ).samples;
    const page = await chromiumContext().newPage();
    await page.goto(`${instance!.url}/runs/${id}/samples`);
    await page.selectOption('select[name="outcome"]', "failed");
    await Promise.all([page.waitForURL(/outcome=failed/), page.click('form.filters button[type="submit"]')]);
    const shown = await page.$$eval("#samples tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-unit")));
    expect(shown).toEqual(samples.filter((s) => s.passed === false).map((s) => s.unit));
    await screenshot(page, "run-samples", { firstScreen: false });
    const wrong = samples.find((s) => s.passed === false && s.detail.best_target !== s.detail.target)!;
    // A sample's link carries the browser's filters (for its previous / next): match its path.
    await page.click(`#samples tr[data-unit="${wrong.unit}"] a[href*="/samples/${encodeURIComponent(wrong.unit)}"]`);
    await page.waitForSelector("#diff");
    expect(await page.textContent("#outcome")).toBe("✗ failed");
    expect(await page.locator("#diff tr.removed, #diff tr.added").count()).toBeGreaterThan(0);
    expect(await page.locator("#diff-best").count()).toBe(1);
    // The prompt is collapsed until asked for; the target is marked in it.
    expect(await page.isVisible("mark#target")).toBe(false);
    await page.click("#prompt summary");
    expect(await page.isVisible("mark#target")).toBe(true);
    await screenshot(page, "run-sample", { firstScreen: false });
    // The list of runs: both runs, newest first.
    await page.goto(`${instance!.url}/runs`);
    expect(await page.$$eval("#runs tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-run")))).toContain(id);
    await screenshot(page, "runs", { firstScreen: false });
    await page.close();
  });
});
