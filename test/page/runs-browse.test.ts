/**
 * The sample browser's order, previous / next and search (docs/runs.md, "Run pages"), on synthetic
 * runs written straight to D1 with their answers in R2 (test/page/runs-fixtures.ts): sorting by score
 * both ways, a sample page's neighbours within the filters and order (followed end to end), the
 * search in answers window by window (at most `SEARCH_SAMPLES` answers and `SEARCH_BYTES` a request)
 * against the expected matches, and its bad parameters.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SEARCH_BYTES, SEARCH_NEAR, SEARCH_SAMPLES } from "../../src/core/pages/runs/search";
import { page, unescapeHtml } from "./html";
import { syntheticRunSql, syntheticSample } from "./runs-fixtures";

const unitsOf = (html: string) => [...html.matchAll(/<tr data-unit="([^"]+)"/g)].map((m) => m[1]);
/** The heading (the unit) of a sample page. */
const unitOf = (html: string) => unescapeHtml(html.match(/<h1>([^<]*)<\/h1>/)![1]);
const relOf = (html: string, rel: "prev" | "next") => {
  const m = html.match(new RegExp(`<a rel="${rel}" href="([^"]*)"`));
  return m ? unescapeHtml(m[1]) : null;
};

const RUN = "run-20261124000000-000000b205";
const N = 250;
const samples = Array.from({ length: N }, (_, i) => syntheticSample(i));
/** Sample i's answer: every tenth (i % 10 = 3) mentions a zebra. */
const answerOf = (i: number) => `def fn_${i}():\n    return ${i % 10 === 3 ? "'Zebra crossing'" : "None"}\n`;
const keyOf = (unit: string) => `runs/${RUN}/outputs/${encodeURIComponent(unit)}.json`;

beforeAll(async () => {
  await env.DB.batch(syntheticRunSql(RUN, N).map((sql) => env.DB.prepare(sql)));
  // Scores spread out (ties broken by unit), and the answers stored where a run stores them.
  await env.DB.batch(
    samples.map((s, i) =>
      env.DB.prepare("UPDATE run_samples SET score = ?, output_key = ? WHERE run_id = ? AND unit = ?").bind(
        s.status === "scored" ? (i % 17) / 16 : null,
        s.status === "scored" ? keyOf(s.unit) : null,
        RUN,
        s.unit,
      ),
    ),
  );
  await Promise.all(
    samples.map((s, i) =>
      s.status === "scored"
        ? env.DATASETS.put(
            keyOf(s.unit),
            JSON.stringify({ run: RUN, unit: s.unit, model: "synthetic", output: answerOf(i) }),
          )
        : null,
    ),
  );
}, 120_000);

/** The samples in an order: by unit, or by score (unscored below every score) then unit. */
function ordered(keep: (i: number) => boolean, sort?: "score" | "-score") {
  const rows = samples
    .map((s, i) => ({ unit: s.unit, i, score: s.status === "scored" ? (i % 17) / 16 : -1 }))
    .filter((r) => keep(r.i));
  const byUnit = (x: { unit: string }, y: { unit: string }) => (x.unit < y.unit ? -1 : x.unit > y.unit ? 1 : 0);
  if (!sort) return rows.sort(byUnit);
  return rows.sort((x, y) => (sort === "score" ? x.score - y.score : y.score - x.score) || byUnit(x, y));
}

async function allPages(query: string): Promise<string[]> {
  const out: string[] = [];
  for (let p = 1; ; p++) {
    const html = await page(`/runs/${RUN}/samples?${query}&page=${p}`);
    out.push(...unitsOf(html));
    if (!relOf(html, "next")) return out;
  }
}

describe("order", () => {
  it("by score, lowest or highest first, unscored samples counted below every score, ties by unit", async () => {
    expect(await allPages("sort=score")).toEqual(ordered(() => true, "score").map((r) => r.unit));
    expect(await allPages("sort=-score")).toEqual(ordered(() => true, "-score").map((r) => r.unit));
    expect(await allPages("sort=-score&outcome=failed")).toEqual(
      ordered((i) => samples[i].status === "scored" && !samples[i].passed, "-score").map((r) => r.unit),
    );
    const html = await page(`/runs/${RUN}/samples?sort=-score`);
    expect(html).toContain("by score, highest first.");
    expect(html).toContain('<option value="-score" selected="">score, highest first</option>');
    // Links to the next page and to each sample carry the order.
    expect(html).toContain(`samples?sort=-score&amp;page=2`);
    expect(html).toContain(`/samples/${encodeURIComponent(ordered(() => true, "-score")[0].unit)}?sort=-score"`);
  });
});

describe("previous / next on a sample page", () => {
  for (const query of ["", "sort=-score", "outcome=failed&language=go", "sort=score&depth=0.3-0.4"]) {
    it(`follow next and previous within "${query || "all, by unit"}"`, async () => {
      const units = await allPages(query);
      expect(units.length).toBeGreaterThan(3);
      // Short lists end to end; the whole run from its 100th sample, 12 steps each way (across a page boundary).
      const from = units.length > 60 ? 99 : 0;
      const steps = Math.min(units.length - from - 1, 12);
      let href: string | null = `/runs/${RUN}/samples/${encodeURIComponent(units[from])}${query ? `?${query}` : ""}`;
      const seen: string[] = [];
      for (let k = 0; k <= steps; k++) {
        const html = await page(href!);
        seen.push(unitOf(html));
        expect(html).toContain(`Sample ${from + k + 1} of ${units.length}`);
        if (k < steps) href = relOf(html, "next");
        else if (from + k === units.length - 1) expect(relOf(html, "next")).toBeNull();
      }
      expect(seen).toEqual(units.slice(from, from + steps + 1));
      const back: string[] = [];
      for (let k = 0; k <= steps; k++) {
        const html = await page(href!);
        back.push(unitOf(html));
        href = relOf(html, "prev");
      }
      expect(back).toEqual(units.slice(from, from + steps + 1).reverse());
      if (from === 0) expect(href).toBeNull();
    }, 90_000);
  }

  it("the way back leads to the list's page that holds the sample, with its filters; a sample the filters leave out says so", async () => {
    const units = await allPages("sort=-score");
    const html = await page(`/runs/${RUN}/samples/${encodeURIComponent(units[60])}?sort=-score`);
    expect(html).toContain(`href="/runs/${RUN}/samples?sort=-score&amp;page=2">back to the list</a>`);
    const passed = samples.find((s) => s.passed)!;
    const outside = await page(`/runs/${RUN}/samples/${encodeURIComponent(passed.unit)}?outcome=failed`);
    expect(outside).toContain("Not among the samples");
  });
});

describe("search in answers", () => {
  const zebras = (keep: (i: number) => boolean = () => true, sort?: "score" | "-score") =>
    ordered((i) => keep(i) && samples[i].status === "scored" && i % 10 === 3, sort);

  it(`reads at most ${SEARCH_SAMPLES} answers a request, says how far it looked, and goes on from there to the last`, async () => {
    const found: string[] = [];
    let href: string | null = `/runs/${RUN}/samples?q=zebra`;
    const windows: string[] = [];
    while (href) {
      const html = await page(href);
      windows.push(
        html
          .match(/Looked in the answers of samples ([\d,]+)–([\d,]+) of ([\d,]+)/)!
          .slice(1, 4)
          .join(" "),
      );
      found.push(...unitsOf(html));
      for (const unit of unitsOf(html))
        expect(html).toMatch(new RegExp(`<tr data-unit="${unit}"[\\s\\S]*?<mark>Zebra</mark> crossing`));
      href = relOf(html, "next");
    }
    expect(windows).toEqual(["1 100 250", "101 200 250", "201 250 250"]);
    expect(found).toEqual(zebras().map((r) => r.unit));
  });

  it("within the filters and order; case-insensitive; nothing found is said", async () => {
    const html = await page(`/runs/${RUN}/samples?q=ZEBRA&sort=-score&outcome=passed`);
    // The first window: the first SEARCH_SAMPLES passed samples, best score first; the zebras among them.
    const window = ordered((i) => samples[i].passed === true, "-score").slice(0, SEARCH_SAMPLES);
    const want = window.filter((r) => r.i % 10 === 3).map((r) => r.unit);
    expect(want.length).toBeGreaterThan(3);
    expect(unitsOf(html)).toEqual(want);
    expect(await page(`/runs/${RUN}/samples?q=giraffe`)).toContain("<strong>0 contain “giraffe”</strong>");
  });

  it(`a sample page under a search steps to the nearest matching answer, looking ${SEARCH_NEAR} samples each way`, async () => {
    const want = zebras().map((r) => r.unit);
    let href: string | null = `/runs/${RUN}/samples/${encodeURIComponent(want[0])}?q=zebra`;
    const seen: string[] = [];
    while (href) {
      const html = await page(href);
      seen.push(unitOf(html));
      href = relOf(html, "next");
    }
    // Every tenth sample matches (errors and overflows hold no answer), so the next match is always within reach.
    expect(seen).toEqual(want);
    const first = await page(`/runs/${RUN}/samples/${encodeURIComponent(want[0])}?q=zebra`);
    expect(first).toContain("no earlier match");
    // The last match: fewer than SEARCH_NEAR samples follow it, none matching.
    const last = await page(`/runs/${RUN}/samples/${encodeURIComponent(want[want.length - 1])}?q=zebra`);
    expect(last).toContain("no later match");
  });

  it(`stops at ${SEARCH_BYTES.toLocaleString("en-US")} bytes of answers; an answer larger than that is named, not read`, async () => {
    const big = "run-20261124000000-000000b206";
    await env.DB.batch(syntheticRunSql(big, 8).map((sql) => env.DB.prepare(sql)));
    const units = Array.from({ length: 8 }, (_, i) => syntheticSample(i))
      .filter((s) => s.status === "scored")
      .map((s) => s.unit)
      .sort();
    // 300 KB answers (the third of them larger than the whole budget), each ending in a zebra.
    const sizes = units.map((_, k) => (k === 2 ? SEARCH_BYTES + 1000 : 300_000));
    await env.DB.batch(
      units.map((unit) =>
        env.DB.prepare("UPDATE run_samples SET output_key = ? WHERE run_id = ? AND unit = ?").bind(
          `runs/${big}/outputs/${encodeURIComponent(unit)}.json`,
          big,
          unit,
        ),
      ),
    );
    await Promise.all(
      units.map((unit, k) =>
        env.DATASETS.put(
          `runs/${big}/outputs/${encodeURIComponent(unit)}.json`,
          JSON.stringify({ run: big, unit, output: `${"x".repeat(sizes[k] - 100)} zebra` }),
        ),
      ),
    );
    const html = await page(`/runs/${big}/samples?q=zebra`);
    // In unit order: an error (no answer), 300 KB, 300 KB, the large one (named, not read), 300 KB, an error; the next would pass 1 MB.
    expect(unitsOf(html)).toEqual([units[0], units[1], units[3]]);
    expect(html).toContain(`Not searched (stored answer over 1 MB): ${units[2]}.`);
    expect(html).toMatch(/Looked in the answers of samples 1–6 of 8/);
    expect(relOf(html, "next")).toBe(`/runs/${big}/samples?q=zebra&from=6`);
  });

  it("bad parameters are 400 pages naming them", async () => {
    for (const [query, name] of [
      ["sort=best", "sort"],
      [`q=${"a".repeat(101)}`, "q"],
      ["q=x&from=-1", "from"],
      ["q=x&from=250", "from"],
      ["q=x&from=1e3", "from"],
    ]) {
      expect(await page(`/runs/${RUN}/samples?${query}`, 400)).toContain(`${name}: must be`);
    }
    expect(await page(`/runs/${RUN}/samples/${encodeURIComponent(samples[1].unit)}?sort=best`, 400)).toContain(
      "sort: must be",
    );
  });
});
