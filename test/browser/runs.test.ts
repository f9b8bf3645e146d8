/**
 * The run pages in Chromium against a local instance with fresh state: the fixture release is
 * imported, a run of a slow loopback model (cli/lib/loopback-model.ts, on 127.0.0.1) is started,
 * and its page is watched while it runs (the events stream moves the figures), until it reloads
 * on its summary. Then a failed sample's page (the bm25 baseline) with its diff. Screenshots at
 * 1280 and 390 px go to test/artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { startLoopbackModel, type LoopbackModel } from "../../cli/lib/loopback-model";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const ARTIFACTS = join(ROOT, "test/artifacts");
const DATASET = "runs-browser";

let instance: IsolatedInstance | undefined;
let model: LoopbackModel | undefined;
let profile: string | undefined;
let browser: BrowserContext | undefined;

const missing = existsSync(CHROMIUM) ? undefined : `The browser test needs Debian's Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (as root).`;

function chromiumContext(): BrowserContext {
  if (missing) throw new Error(missing);
  return browser!;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, instance!.url), body === undefined ? {} : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", authorization: `Bearer ${instance!.token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Run = { id: string; status: string; finished_at: string | null };

async function finishedRun(body: Record<string, unknown>): Promise<string> {
  const { id } = await api<Run>("/v1/runs", { dataset: DATASET, publish: false, ...body });
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const run = await api<Run>(`/v1/runs/${id}`);
    if (run.status !== "running" && run.finished_at) return id;
  }
  throw new Error(`run ${id} did not end`);
}

async function screenshot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // A phone never scrolls the page sideways: wide tables and code scroll inside their containers.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  if (missing) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), "nw-runs-profile-"));
  [instance, model] = await Promise.all([startIsolatedInstance("nw-runs-browser"), startLoopbackModel()]);
  const release = readFileSync(join(ROOT, "test/fixtures/repoqa-mini.json"), "utf8");
  const res = await fetch(`${instance.url}/v1/datasets/${DATASET}/import?name=fixture&license=Apache-2.0`, { method: "POST", body: release, headers: { "content-type": "application/json", authorization: `Bearer ${instance.token}` } });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await model?.close();
  await instance?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe("run pages in Chromium", () => {
  it("a run's page advances while the run progresses and ends on its summary", async () => {
    const page = await chromiumContext().newPage();
    // One unit at a time, 700 ms each: about 4 s of progress to watch.
    const { id } = await api<Run>("/v1/runs", { dataset: DATASET, publish: false, model: `openai-compatible:slow-700:browser@${model!.url}`, concurrency: 1, limit: 6, cache: false });
    await page.goto(`${instance!.url}/runs/${id}`);
    expect(await page.textContent('[data-figure="status"]')).toBe("running");
    const finished = async () => Number((await page.textContent('#progress [data-figure="finished"]'))?.replace(/,/g, ""));
    const first = await finished();
    expect(first).toBeLessThan(6);
    // The events stream moves the figures without a reload (the page keeps its summary-less body meanwhile).
    await page.waitForFunction(`Number(document.querySelector('#progress [data-figure="finished"]')?.textContent) > ${first}`, undefined, { timeout: 20_000 });
    expect(await page.locator("#summary").count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, "run-live-1280.png"), fullPage: true });
    // On `done` the page reloads and ends on its summary.
    await page.waitForSelector("#summary", { timeout: 60_000 });
    expect(await page.textContent('[data-figure="status"]')).toBe("completed");
    expect(await finished()).toBe(6);
    expect(await page.locator("#threshold-chart").count()).toBe(1);
    await screenshot(page, "run");
    await page.close();
  });

  it("the sample browser filters, and a failed sample's page shows the diff", async () => {
    const id = await finishedRun({ model: "baseline:bm25", concurrency: 8 });
    const samples = (await api<{ samples: { unit: string; passed: boolean | null; detail: { target: string; best_target: string | null } }[] }>(`/v1/runs/${id}/samples?limit=500`)).samples;
    const page = await chromiumContext().newPage();
    await page.goto(`${instance!.url}/runs/${id}/samples`);
    await page.selectOption('select[name="outcome"]', "failed");
    await Promise.all([page.waitForURL(/outcome=failed/), page.click('form.filters button[type="submit"]')]);
    const shown = await page.$$eval("#samples tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-unit")));
    expect(shown).toEqual(samples.filter((s) => s.passed === false).map((s) => s.unit));
    await screenshot(page, "run-samples");
    const wrong = samples.find((s) => s.passed === false && s.detail.best_target !== s.detail.target)!;
    await page.click(`#samples a[href$="${encodeURIComponent(wrong.unit)}"]`);
    await page.waitForSelector("#diff");
    expect(await page.textContent("#outcome")).toBe("✗ failed");
    expect(await page.locator("#diff tr.removed, #diff tr.added").count()).toBeGreaterThan(0);
    expect(await page.locator("#diff-best").count()).toBe(1);
    // The prompt is collapsed until asked for; the target is marked in it.
    expect(await page.isVisible("mark#target")).toBe(false);
    await page.click("#prompt summary");
    expect(await page.isVisible("mark#target")).toBe(true);
    await screenshot(page, "run-sample");
    // The list of runs: both runs, newest first.
    await page.goto(`${instance!.url}/runs`);
    expect(await page.$$eval("#runs tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-run")))).toContain(id);
    await screenshot(page, "runs");
    await page.close();
  });
});
