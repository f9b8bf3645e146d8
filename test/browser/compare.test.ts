import { describe, expect, it } from "vitest";
import { screenshot } from "./chromium";
import { publishedResultsSite } from "./published-results";

/** A model with per-task rows in the published files. */
const SAMPLED_MODEL = "gpt-4o-2024-05-13";

type Json = Record<string, any>;

const site = publishedResultsSite("nw-browser-compare");
const chromiumContext = () => site.context();

/** Every number of the answer by its path, the sides' descriptions aside (as test/page/compare.test.ts). */
function numbersOf(value: unknown, path = "", out: Record<string, number> = {}): Record<string, number> {
  if (typeof value === "number") out[path] = value;
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value))
      if (path || (k !== "a" && k !== "b")) numbersOf(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe("comparing two models in Chromium", () => {
  it("picks two models on the leaderboard page and lands on their comparison, which equals the API", async () => {
    const page = await chromiumContext().newPage();
    expect((await page.goto(`${site.url}/?threshold=0.5`))?.status()).toBe(200);
    const options = await page.$$eval("#compare select[name=b] option", (os) => os.map((o) => o.getAttribute("value")));
    expect(options).toContain(SAMPLED_MODEL);
    const other = options.find((o) => o !== SAMPLED_MODEL)!;
    await page.selectOption("#compare select[name=a]", SAMPLED_MODEL);
    await page.selectOption("#compare select[name=b]", other);
    await Promise.all([page.waitForURL(/\/compare\?/), page.click("#compare button[type=submit]")]);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      a: SAMPLED_MODEL,
      b: other,
      benchmark: "repoqa-snf",
      dataset: "repoqa-2024-04-20",
      mode: "official",
      comment_mode: "original",
      threshold: "0.5",
    });
    expect(await page.locator("h1").textContent()).toContain(SAMPLED_MODEL);

    // The page's JSON link is the same query to the API.
    const jsonHref = await page.getAttribute("a:text('This comparison as JSON')", "href");
    const api = (await (await fetch(new URL(jsonHref!, site.url))).json()) as Json;
    expect(api).toMatchObject({
      benchmark: "repoqa-snf",
      outcome: "pass_fail",
      threshold: 0.5,
      a: { kind: "entry", id: SAMPLED_MODEL },
      b: { kind: "entry", id: other },
    });
    expect(api.n_paired).toBeGreaterThan(100);
    const shown = await page.$$eval("data[data-field]", (ds) =>
      Object.fromEntries(ds.map((d) => [d.getAttribute("data-field"), Number(d.getAttribute("value"))])),
    );
    expect(shown).toEqual(numbersOf(api));
    for (const field of [
      "unpaired.a",
      "unpaired.b",
      "not_scored.a.error",
      "not_scored.a.context_exceeded",
      "not_scored.b.error",
      "not_scored.b.context_exceeded",
    ]) {
      const listed = await page.$$eval(`details[data-list="${field}"] li`, (lis) => lis.map((li) => li.textContent));
      expect(listed, field).toEqual(field.split(".").reduce((o: any, k) => o[k], api));
    }
    expect(await page.$$eval("tr[data-group]", (trs) => trs.map((tr) => tr.getAttribute("data-group")))).toEqual(
      api.groups.rows.map((r: Json) => r.key),
    );
    // The 2×2 cells where a reader looks for them.
    expect(await page.locator("table.compact tbody tr").first().locator("td").first().textContent()).toBe(
      String(api.table.both),
    );
    // Both sides link to their model pages.
    for (const id of [SAMPLED_MODEL, other])
      expect(await page.locator(`a[href^="/models/${id}?"]`).count()).toBeGreaterThan(0);
    await screenshot(page, "compare");

    // Another threshold through the page's own form: the figures follow the API again.
    await page.fill("input[name=threshold]", "0.9");
    await Promise.all([page.waitForURL(/threshold=0\.9/), page.click("form.filters button[type=submit]")]);
    const at09 = (await (
      await fetch(new URL((await page.getAttribute("a:text('This comparison as JSON')", "href"))!, site.url))
    ).json()) as Json;
    expect(at09.threshold).toBe(0.9);
    expect(
      await page.$$eval("data[data-field]", (ds) =>
        Object.fromEntries(ds.map((d) => [d.getAttribute("data-field"), Number(d.getAttribute("value"))])),
      ),
    ).toEqual(numbersOf(at09));
  }, 120_000);

  it("an unknown model is the site's error page with the API's message", async () => {
    const page = await chromiumContext().newPage();
    const res = await page.goto(`${site.url}/compare?a=${SAMPLED_MODEL}&b=no-such-model`);
    expect(res?.status()).toBe(404);
    const api = (await (await fetch(`${site.url}/v1/compare?a=${SAMPLED_MODEL}&b=no-such-model`)).json()) as Json;
    expect(await page.locator("main p").first().textContent()).toBe(api.detail);
  });
});
