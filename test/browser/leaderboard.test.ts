/**
 * The leaderboard in a real browser: a local instance with fresh state (its own --persist-to
 * directory), the published RepoQA results imported with `npm run leaderboard -- import`, and the
 * pages driven in Debian's Chromium through playwright-core (never a downloaded browser).
 * Screenshots go to test/artifacts/ (git-ignored) for a person to look at.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LeaderboardResponse, PassRateBreakdown } from "../../src/kit/leaderboard/types";
import { screenshot } from "./chromium";
import { publishedResultsSite } from "./published-results";

/** A model with per-task rows in the published files, so its page has the depth breakdown. */
const SAMPLED_MODEL = "gpt-4o-2024-05-13";

const site = publishedResultsSite("nw-browser");
const chromiumContext = () => site.context();

async function json<T>(path: string): Promise<T> {
  const res = await fetch(new URL(path, site.url));
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** What the table shows, row by row: slug, model name, the rate behind the cell and its text. */
function tableRows(page: Page) {
  return page.$$eval("#leaderboard tbody tr", (trs) =>
    trs.map((tr) => ({
      slug: tr.getAttribute("data-model"),
      model: tr.querySelector("td.model a")?.textContent,
      rate: Number(tr.querySelector("td.rate")?.getAttribute("data-rate")),
      shown: tr.querySelector("td.rate strong")?.textContent,
    })),
  );
}

/** The rows of an API answer in the same form as tableRows. */
const apiRows = (data: LeaderboardResponse) =>
  data.rows.map((r) => ({ slug: r.model_slug, model: r.model, rate: r.rate, shown: (r.rate * 100).toFixed(1) }));

/** The JSON link of the page, as the API path it points to. */
async function jsonLink(page: Page): Promise<string> {
  const href = await page.getAttribute("a:text('JSON of this table')", "href");
  expect(href).toMatch(/^\/v1\/leaderboard/);
  return href!;
}

describe("leaderboard pages in Chromium", () => {
  it("shows the same rows as GET /v1/leaderboard, and again after changing the threshold", async () => {
    const page = await chromiumContext().newPage();
    const res = await page.goto(`${site.url}/`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("public, max-age=60");
    const api = await json<LeaderboardResponse>(await jsonLink(page));
    expect(api.rows.length).toBeGreaterThanOrEqual(30);
    expect(await tableRows(page)).toEqual(apiRows(api));
    expect(await page.locator(".badge.reported").first().textContent()).toContain("reported");
    await screenshot(page, "leaderboard");
    // On a phone the table is wider than the screen and scrolls inside its own container.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate<boolean>(
        "(() => { const s = document.querySelector('.scroll'); return s.scrollWidth > s.clientWidth; })()",
      ),
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.selectOption("select[name=threshold]", "0.5");
    await Promise.all([page.waitForURL(/threshold=0\.5/), page.click("form.filters button[type=submit]")]);
    const at05 = await json<LeaderboardResponse>(await jsonLink(page));
    expect(at05.query.threshold).toBe(0.5);
    expect(await tableRows(page)).toEqual(apiRows(at05));
    // The threshold matters: some model's rate moved.
    expect(apiRows(at05).map((r) => r.rate)).not.toEqual(apiRows(api).map((r) => r.rate));

    // Sorting by clicking a header.
    await Promise.all([page.waitForURL(/sort=model/), page.click("th a:text-is('Model')")]);
    const byName = await json<LeaderboardResponse>(await jsonLink(page));
    expect(await tableRows(page)).toEqual(apiRows(byName));
    const names = byName.rows.map((r) => r.model);
    // By name case-insensitively, then as written (docs/leaderboard.md).
    const key = (m: string) => `${m.replace(/[A-Z]/g, (c) => c.toLowerCase())}\u0001${m}`;
    expect(names).toEqual([...names].sort((a, b) => (key(a) < key(b) ? -1 : 1)));
    await page.close();
  });

  it("pages the board by its links, on a phone as on a desktop, ten rows at a time", async () => {
    const page = await chromiumContext().newPage();
    await page.goto(`${site.url}/?limit=10`);
    const whole = await json<LeaderboardResponse>("/v1/leaderboard?limit=100");
    expect(whole.total).toBe(whole.rows.length);
    const seen: string[] = [];
    // Forward by "Next" to the last page (on a phone from the second page on), then back by "Previous".
    for (let n = 0; ; n++) {
      const api = await json<LeaderboardResponse>(await jsonLink(page));
      expect(api.limit).toBe(10);
      expect(await tableRows(page)).toEqual(apiRows(api));
      expect(await page.locator("nav.pager").textContent()).toContain(`${api.rows.length} of ${whole.total} rows`);
      seen.push(...api.rows.map((r) => `${r.model_slug} ${r.kind} ${r.rank}`));
      if (n === 0) await screenshot(page, "leaderboard-page-1");
      if (n === 1) await screenshot(page, "leaderboard-page-2");
      const next = page.locator("nav.pager a[rel=next]");
      if ((await next.count()) === 0) break;
      if (n > 0) await page.setViewportSize({ width: 390, height: 844 });
      await Promise.all([page.waitForURL(/cursor=/), next.click()]);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(seen).toEqual(whole.rows.map((r) => `${r.model_slug} ${r.kind} ${r.rank}`));
    for (let n = Math.ceil(whole.total / 10) - 1; n > 0; n--)
      await Promise.all([page.waitForLoadState(), page.locator("nav.pager a[rel=prev]").click()]);
    await page.waitForLoadState();
    expect(await tableRows(page)).toEqual(apiRows({ ...whole, rows: whole.rows.slice(0, 10) }));
    expect(await page.locator("nav.pager a[rel=prev]").count()).toBe(0);
    await page.close();
  });

  it("opens a model's page with the threshold curve, the heatmap and the depth buckets", async () => {
    const page = await chromiumContext().newPage();
    await page.goto(`${site.url}/`);
    await Promise.all([page.waitForURL(/\/models\//), page.click(`#leaderboard a:text-is('${SAMPLED_MODEL}')`)]);
    expect(await page.textContent("h1")).toContain(SAMPLED_MODEL);
    await expect(page.locator("#threshold-chart").isVisible()).resolves.toBe(true);
    expect(await page.locator("#threshold-chart g.series").count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator("#heatmap").isVisible()).resolves.toBe(true);
    expect(await page.locator("#heatmap td.cell[style]").count()).toBeGreaterThan(0);
    expect(await page.locator("#depth tbody tr").count()).toBeGreaterThan(0);

    // The numbers on the page are the API's.
    const href = await page.getAttribute("a:text('JSON of this model')", "href");
    const api = await json<PassRateBreakdown>(href!);
    const shown = await page.$$eval("#thresholds tbody tr", (trs) =>
      trs.map((tr) => tr.querySelector("td")?.textContent),
    );
    expect(shown).toEqual(
      Object.keys(api.thresholds)
        .sort()
        .map((t) => (api.thresholds[t].all.rate * 100).toFixed(1)),
    );
    await screenshot(page, "model");
    await page.close();
  });

  it("answers an unknown model with the HTML 404 page, and /v1 with JSON", async () => {
    const page = await chromiumContext().newPage();
    const res = await page.goto(`${site.url}/models/no-such-model`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()["content-type"]).toContain("text/html");
    expect(await page.textContent("h1")).toContain("404 Not found");
    const api = await fetch(`${site.url}/v1/leaderboard/models/no-such-model`);
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/problem+json");
    await page.close();
  });
});
