/**
 * The run pages against real baseline runs (queue, coordinator, R2, D1) and a synthetic run written
 * straight to D1 for paging and filters at a size past one page.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, get, post } from "../helpers";
import { FAST_RETRY, fixtureDataset, loopback, readRun, samplesOf, startRun, waitForRun } from "../runs/helpers";
import { samplePageStatements, type SampleFilters } from "../../src/core/pages/runs/queries";
import { syntheticRunSql, syntheticSample } from "./runs-fixtures";

const page = async (path: string, status = 200) => {
  const res = await get(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 500)}`).toBe(status);
  expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
  return html;
};
/** The units of a sample browser page's rows, in order. */
const unitsOf = (html: string) =>
  [...html.matchAll(/<tr data-unit="([^"]+)" data-outcome="([^"]+)">/g)].map((m) => ({ unit: m[1], outcome: m[2] }));
const SYNTHETIC = "run-20261124000000-00000000aa";
const N = 130;

describe("run pages of a real oracle run", () => {
  let id: string;
  beforeAll(async () => {
    const dataset = await fixtureDataset("runs-pages");
    id = (await waitForRun((await startRun({ dataset, model: "baseline:oracle", concurrency: 8 })).id)).id;
  }, 60_000);

  it("/runs lists it with its progress and pass@1", async () => {
    const html = await page("/runs");
    const row = html.match(new RegExp(`<tr data-run="${id}">.*?</tr>`, "s"))?.[0];
    expect(row).toBeDefined();
    expect(row).toContain(`<a href="/runs/${id}">baseline:oracle</a>`);
    expect(row).toContain("completed");
    expect(row).toContain("16 / 16");
    expect(row).toMatch(
      /<td class="pass" title="Passed of the scored samples[^"]*">100.0<span class="ci">pass@1<\/span><\/td>/,
    );
  });

  it("/runs/{id} shows its figures, receipt and RepoQA's summary views, and no live parts once ended", async () => {
    const html = await page(`/runs/${id}`);
    expect(html).toContain('data-figure="status">completed<');
    expect(html).toContain('data-figure="passed">16<');
    expect(html).toContain('data-figure="pass">100.0<');
    expect(html).toContain('<section id="summary">');
    expect(html).toContain('id="threshold-chart"');
    expect(html).toContain('<table id="depth">');
    expect(html).toContain('<table id="heatmap" class="heatmap">');
    expect(html).toContain('<pre class="code" id="receipt">');
    expect(html).toContain("dataset_sha256");
    expect(html).not.toContain('http-equiv="refresh"');
    expect(html).not.toContain("EventSource");
  });

  it("a baseline run says what it is where a model run shows calls and tokens: no model called, no tokens spent", async () => {
    const run = await readRun(id);
    expect({ model_calls: run.model_calls, tokens: run.tokens.prompt + run.tokens.completion }).toEqual({
      model_calls: 0,
      tokens: 0,
    });
    const html = await page(`/runs/${id}`);
    expect(html).toContain('data-figure="baseline">none<');
    expect(html).toContain(`href="/v1/runs/${id}/outputs.jsonl?format=samples"`);
    expect(html).toContain(
      "baseline:oracle is a built-in baseline: its answers are computed in the service, so no model is called and no tokens are spent.",
    );
    for (const figure of ["tokens", "calls", "cached"]) expect(html).not.toContain(`data-figure="${figure}"`);
    const row = (await page("/runs")).match(new RegExp(`<tr data-run="${id}">.*?</tr>`, "s"))?.[0];
    expect(row).toContain("– (baseline)</td>");
    const [first] = await samplesOf(id);
    expect(first.calls).toBe(0);
    const sample = await page(`/runs/${id}/samples/${encodeURIComponent(first.unit)}`);
    expect(sample).toContain("<dt>model calls</dt><dd>none (baseline)</dd>");
    expect(sample).toContain("<dt>answered in (ms)</dt>");
  });

  it("/runs/{id}/samples lists every sample and filters by language and outcome", async () => {
    const stored = await samplesOf(id);
    const all = unitsOf(await page(`/runs/${id}/samples`));
    expect(all.map((r) => r.unit)).toEqual(stored.map((s) => s.unit).map((u) => u.replace(/&/g, "&amp;")));
    expect(all.every((r) => r.outcome === "passed")).toBe(true);
    const python = unitsOf(await page(`/runs/${id}/samples?language=python`));
    expect(python.map((r) => r.unit)).toEqual(stored.filter((s) => s.language === "python").map((s) => s.unit));
    expect(python.length).toBeGreaterThan(0);
    const failed = await page(`/runs/${id}/samples?outcome=failed`);
    expect(unitsOf(failed)).toEqual([]);
    expect(failed).toContain("No samples match.");
  });

  it("a sample's page marks the target in the prompt, shows the answer, the extracted code, the diff and the verdicts", async () => {
    const [first] = await samplesOf(id);
    const html = await page(`/runs/${id}/samples/${encodeURIComponent(first.unit)}`);
    expect(html).toContain('<strong id="outcome">✓ passed</strong>');
    expect(html).toContain('<mark id="target">');
    expect(html).toContain('<section id="extracted">');
    expect(html).toContain('<table id="diff" class="diff">');
    // The oracle answers the target: no line differs.
    expect(html).toContain("the two are the same line for line.");
    expect(html).toContain('<table id="similarities" class="compact">');
    expect(html).toContain("(target)");
    expect(html.match(/<section id="verdicts">.*?<\/section>/s)?.[0].match(/✓/g)?.length).toBe(11);
  });
});

describe("a finished run's summary", () => {
  it("is computed once, kept in R2, and recomputed after a re-score", async () => {
    const dataset = await fixtureDataset("runs-pages");
    const run = await waitForRun((await startRun({ dataset, model: "baseline:bm25", concurrency: 8 })).id);
    expect(await env.DATASETS.head(`runs/${run.id}/page-summary.json`)).toBeNull();
    expect(await page(`/runs/${run.id}`)).toContain("By needle depth at threshold 0.8");
    const kept = await env.DATASETS.get(`runs/${run.id}/page-summary.json`);
    expect(kept).not.toBeNull();
    const before = await kept!.json<{ threshold: string; aggregates: unknown[] }>();
    expect(before.threshold).toBe("0.8");
    expect(before.aggregates.length).toBeGreaterThan(0);
    const rescored = await post(`/v1/runs/${run.id}/rescore`, { options: { threshold: 0.5 } }, ADMIN);
    expect(rescored.status).toBe(200);
    expect(await page(`/runs/${run.id}`)).toContain("By needle depth at threshold 0.5");
    expect(
      (await (await env.DATASETS.get(`runs/${run.id}/page-summary.json`))!.json<{ threshold: string }>()).threshold,
    ).toBe("0.5");
  });
});

describe("a sample that failed", () => {
  it("bm25's wrong answers show the diff against the target, and the best match's", async () => {
    const dataset = await fixtureDataset("runs-pages");
    const run = await waitForRun((await startRun({ dataset, model: "baseline:bm25", concurrency: 8 })).id);
    const failed = (await samplesOf(run.id)).find((s) => !s.passed && s.detail.best_target !== s.detail.target);
    expect(failed, "bm25 answers some task with another function").toBeDefined();
    const html = await page(`/runs/${run.id}/samples/${encodeURIComponent(failed!.unit)}`);
    expect(html).toContain('<strong id="outcome">✗ failed</strong>');
    expect(html).toMatch(/\d+ lines differ\./);
    expect(html).toContain('<table id="diff-best" class="diff">');
    expect(html).toContain('<tr class="removed"><td class="sign" aria-label="removed">−</td>');
  });

  it("a model that is down: errors by kind on the run, the attempts and reason on the sample", async () => {
    const dataset = await fixtureDataset("runs-pages");
    const run = await waitForRun(
      (await startRun({ dataset, model: loopback("down:pages"), limit: 2, retry: FAST_RETRY, cache: false })).id,
    );
    expect(run.counts.error).toBe(2);
    const html = await page(`/runs/${run.id}`);
    const errors = html.match(/<table id="errors".*?<\/table>/s)?.[0];
    expect(errors).toBeDefined();
    expect(errors).toContain("<td>2</td>");
    const [sample] = await samplesOf(run.id);
    const one = await page(`/runs/${run.id}/samples/${encodeURIComponent(sample.unit)}`);
    expect(one).toContain('<section id="attempts">');
    expect(one).toContain(`${FAST_RETRY.maxAttempts} model calls were made`);
    expect(one).toContain("service unavailable");
    expect(one).toContain("Nothing was generated.");
  });
});

describe("a running run's page", () => {
  it("refreshes without JavaScript and follows the events stream with it, then ends on its summary", async () => {
    const dataset = await fixtureDataset("runs-pages");
    const run = await startRun({
      dataset,
      model: loopback("slow-1500:live-page"),
      limit: 2,
      concurrency: 1,
      retry: FAST_RETRY,
      cache: false,
    });
    const live = await page(`/runs/${run.id}`);
    expect(live).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
    expect(live).toContain(`data-events="/v1/runs/${run.id}/events"`);
    expect(live).toContain("new EventSource(root.dataset.events)");
    expect(live).not.toContain('<section id="summary">');
    await waitForRun(run.id);
    const ended = await page(`/runs/${run.id}`);
    expect(ended).not.toContain("http-equiv");
    expect(ended).toContain('<section id="summary">');
  });
});

describe("the sample browser at more than a page (a synthetic run in D1)", () => {
  beforeAll(async () => {
    await env.DB.batch(syntheticRunSql(SYNTHETIC, N).map((sql) => env.DB.prepare(sql)));
  });
  const expected = (keep: (i: number) => boolean) =>
    Array.from({ length: N }, (_, i) => syntheticSample(i))
      .filter((_, i) => keep(i))
      .map((s) => s.unit)
      .sort();
  const outcome = (i: number) => {
    const s = syntheticSample(i);
    return s.status === "scored" ? (s.passed ? "passed" : "failed") : s.status;
  };
  /** Every unit of the browser under `query`, following its pages. */
  async function allPages(query: string) {
    const units: string[] = [];
    for (let p = 1; ; p++) {
      const html = await page(`/runs/${SYNTHETIC}/samples?${query}${query ? "&" : ""}page=${p}`);
      units.push(...unitsOf(html).map((r) => r.unit));
      if (!html.includes('rel="next"')) return { units, pages: p };
    }
  }

  it("pages of 50 in unit order cover every sample once", async () => {
    const { units, pages } = await allPages("");
    expect(pages).toBe(3);
    expect(units).toEqual(expected(() => true));
    const first = await page(`/runs/${SYNTHETIC}/samples`);
    expect(first).toContain(`Samples 1–50 of ${N} matching`);
    expect(first).toContain(`<a rel="next" href="/runs/${SYNTHETIC}/samples?page=2">`);
  });

  for (const [query, keep] of [
    ["outcome=passed", (i: number) => outcome(i) === "passed"],
    ["outcome=failed", (i: number) => outcome(i) === "failed"],
    ["outcome=error", (i: number) => outcome(i) === "error"],
    ["outcome=context_exceeded", (i: number) => outcome(i) === "context_exceeded"],
    ["language=python", (i: number) => i % 3 === 1],
    ["depth=0.3-0.4", (i: number) => i % 11 === 3],
    ["depth=0.9-1.0", (i: number) => i % 11 >= 9],
    ["length=16384", (i: number) => i % 2 === 1],
    ["task=go%3A%3Asynthetic%2Frepo1%3A%3A", (i: number) => i % 3 === 0 && Math.floor(i / 100) === 1],
    ["outcome=passed&language=go&length=2048", (i: number) => outcome(i) === "passed" && i % 3 === 0 && i % 2 === 0],
  ] as const) {
    it(`filters: ${query}`, async () => {
      const want = expected(keep);
      expect(want.length).toBeGreaterThan(0);
      const { units } = await allPages(query);
      expect(units).toEqual(want);
      // Paging links keep the filters.
      if (want.length > 50)
        expect(await page(`/runs/${SYNTHETIC}/samples?${query}`)).toContain(
          `samples?${query.replace(/&/g, "&amp;")}&amp;page=2`,
        );
    });
  }

  it("a page is an indexed search: the primary key by run, or run_samples_by_outcome for an outcome", async () => {
    const plan = async (f: SampleFilters) => {
      const details: string[] = [];
      for (const statement of samplePageStatements(env, SYNTHETIC, f)) {
        const { sql, params } = statement.toSQL();
        const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        details.push(...rows.results.map((r) => r.detail));
      }
      return details;
    };
    // Every statement searches an index by run (never a scan of the table); sorting by unit never needs a temporary tree.
    for (const f of [
      { page: 3 },
      { page: 1, outcome: "error" },
      { page: 1, language: "python", depth: "0.3-0.4" },
      { page: 1, task: "go::" },
    ] as SampleFilters[]) {
      for (const d of await plan(f))
        expect(d).toMatch(
          /^SEARCH run_samples USING (COVERING )?INDEX (sqlite_autoindex_run_samples_1|run_samples_by_outcome) \(run_id=\?/,
        );
    }
    // Passed or failed: run, status and pass flag are equal, so the outcome index serves the rows in unit order.
    const passed = await plan({ page: 1, outcome: "passed", language: "go" });
    expect(passed).toEqual(
      Array(2).fill("SEARCH run_samples USING INDEX run_samples_by_outcome (run_id=? AND status=? AND passed=?)"),
    );
  });

  it("the filter form offers the run's languages and lengths", async () => {
    const html = await page(`/runs/${SYNTHETIC}/samples?language=go`);
    expect(html).toContain('<option value="go" selected="">go</option>');
    expect(html).toContain('<option value="16384">16384</option>');
  });
});

describe("unknown runs and samples, bad filters", () => {
  it("an unknown or malformed run id or unit is a 404 page; the API keeps its JSON envelope", async () => {
    expect(await page("/runs/run-20200101000000-0000000000", 404)).toContain("No run");
    await page("/runs/not-a-run", 404);
    await page("/runs/run-20200101000000-0000000000/samples", 404);
    expect(await page(`/runs/${SYNTHETIC}/samples/nope`, 404)).toContain("has no sample &quot;nope&quot;");
    const api = await get("/v1/runs/run-20200101000000-0000000000");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/problem+json");
  });

  for (const query of [
    "outcome=maybe",
    "depth=0.35",
    "length=-1",
    "page=0",
    "page=x",
    `page=99`,
    `task=${"x".repeat(301)}`,
    "language=%3Cb%3E",
  ]) {
    it(`?${query.slice(0, 30)} is a 400 page naming the parameter`, async () => {
      const html = await page(`/runs/${SYNTHETIC}/samples?${query}`, 400);
      expect(html).toContain(`${query.split("=")[0]}: must be`);
    });
  }

  it("/runs?page=0 is a 400 page", async () => {
    expect(await page("/runs?page=0", 400)).toContain("page: must be");
  });
});
