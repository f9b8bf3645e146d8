/**
 * From a board row to a model's answers (docs/leaderboard.md, "From a board to an answer"): what the
 * core adds around every benchmark's model page — a verified entry's run and its samples, a
 * reported entry's per-task results (`/models/{slug}/samples`, paged, filtered, sorted), the
 * model's runs (`/runs?model=`) and "compare with…" — and the board's verified badge linking to
 * its run. Real published baseline runs of the RepoQA fixture and LongCodeU's, and imported reported
 * results.
 */
import { describe, expect, it } from "vitest";
import { page, unescapeHtml } from "./html";
import { get } from "../helpers";
import { imported, rows, scoresFile } from "../leaderboard/helpers";
import { longcodeuDataset } from "../longcodeu/helpers";
import { fixtureDataset, startRun, waitForRun } from "../runs/helpers";

const DATASET = "model-links";

/** The links of the model page's `#model-links`, by their `data-link`. */
const linksOf = (html: string) =>
  Object.fromEntries(
    [
      ...(html.match(/<nav class="links model-nav"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "").matchAll(
        /<(a|span)(?: href="([^"]*)")?[^>]* data-link="([^"]*)">([^<]*)</g,
      ),
    ].map((m) => [m[3], { href: m[2] ? unescapeHtml(m[2]) : null, text: m[4] }]),
  );

/** The column headers of table `id`. */
const headersOf = (html: string, id: string) =>
  [
    ...(html.match(new RegExp(`<table id="${id}"[^>]*>\\s*<thead>([\\s\\S]*?)</thead>`))?.[1] ?? "").matchAll(
      /<th[^>]*>([^<]*)<\/th>/g,
    ),
  ].map((m) => unescapeHtml(m[1]));

const published = new Map<string, Promise<string>>();
/** A published run of `model` under `label` on `dataset`, once its entry is written. */
function publish(label: string, model: string, body: () => Promise<Record<string, unknown>>, query: string) {
  if (!published.has(label)) {
    published.set(
      label,
      body().then(async (b) => {
        const run = await waitForRun((await startRun({ concurrency: 8, model, label, publish: true, ...b })).id);
        for (let i = 0; i < 100 && (await get(`/v1/leaderboard/models/${label}?${query}`)).status !== 200; i++)
          await new Promise((r) => setTimeout(r, 50));
        return run.id;
      }),
    );
  }
  return published.get(label)!;
}
const repoqa = (label: string, model: string) =>
  publish(label, model, async () => ({ dataset: await fixtureDataset(DATASET) }), `dataset=${DATASET}`);

describe("a verified entry", { timeout: 90_000 }, () => {
  it("its model page leads to its run, its answers, its runs and compare with…", async () => {
    const id = await repoqa("links-oracle", "baseline:oracle");
    const html = await page(`/models/links-oracle?dataset=${DATASET}`);
    expect(linksOf(html)).toEqual({
      run: { href: `/runs/${id}`, text: "Its run" },
      samples: { href: `/runs/${id}/samples`, text: "Its 16 answers" },
      runs: { href: "/runs?model=links-oracle", text: "Runs of this model (1)" },
      compare: { href: `/compare?a=${id}`, text: "Compare with…" },
    });
    // The benchmark's own page is still there, and the model's runs after it.
    expect(html).toContain('<svg class="chart"');
    const runs = html.match(/<section id="model-runs">([\s\S]*?)<\/section>/)?.[1] ?? "";
    expect(runs).toContain(`<tr data-run="${id}">`);
    expect(runs).toContain("this entry&#39;s run");
    expect(html.indexOf('id="model-links"')).toBeLessThan(html.indexOf("<h1>"));
    expect(html.indexOf('id="model-runs"')).toBeGreaterThan(html.indexOf('<svg class="chart"'));
  });

  it("the board's verified badge links to the run the row was published from", async () => {
    const id = await repoqa("links-oracle", "baseline:oracle");
    const html = await page(`/?dataset=${DATASET}`);
    const row = html.match(/<tr data-model="links-oracle">[\s\S]*?<\/tr>/)?.[0] ?? "";
    expect(row.match(new RegExp(`<a href="/runs/${id}" class="run-link"`, "g"))).toHaveLength(2);
  });

  it("another family's model page gets the same links (LongCodeU)", async () => {
    const dataset = await longcodeuDataset("model-links-lcu");
    const id = await publish(
      "links-lcu",
      "baseline:oracle",
      async () => ({ benchmark: "longcodeu", dataset }),
      `benchmark=longcodeu&dataset=${dataset}`,
    );
    const html = await page(`/models/links-lcu?benchmark=longcodeu&dataset=${dataset}`);
    expect(linksOf(html)).toMatchObject({
      run: { href: `/runs/${id}` },
      samples: { href: `/runs/${id}/samples`, text: "Its 16 answers" },
      compare: { href: `/compare?a=${id}` },
    });
  });

  it("its per-task rows and its run's samples are one table: the same verdict badges and benchmark columns, each task linking to its samples", async () => {
    const id = await repoqa("links-oracle", "baseline:oracle");
    const entry = await page(`/models/links-oracle/samples?dataset=${DATASET}&kind=verified`);
    const browser = await page(`/runs/${id}/samples`);
    // Key, verdict, score, the benchmark's columns (RepoQA: the shared language, depth, length); a run adds tokens and calls.
    expect(headersOf(entry, "entry-samples")).toEqual(["Task id", "Verdict", "Score", "Language", "Depth", "Length"]);
    expect(headersOf(browser, "samples")).toEqual([
      "Unit",
      "Verdict",
      "Score",
      "Language",
      "Depth",
      "Length",
      "Tokens",
      "Calls",
    ]);
    expect(entry).toContain('<span class="verdict passed">✓ passed</span>');
    expect(browser).toContain('<span class="verdict passed">✓ passed</span>');
    const task = entry.match(/<tr data-task="([^"]*)">/)![1];
    expect(unescapeHtml(entry)).toContain(
      `<td class="unit key"><a href="/runs/${id}/samples?task=${encodeURIComponent(unescapeHtml(task))}">${unescapeHtml(task)}</a></td>`,
    );
    // The empty state: said, with the way back to every row.
    const none = await page(`/models/links-oracle/samples?dataset=${DATASET}&kind=verified&status=error`);
    expect(none).toContain(
      '<p class="empty" id="entry-samples-empty">No rows match these filters. <a href="/models/links-oracle/samples?benchmark=repoqa-snf&amp;dataset=',
    );
    expect(await page(`/runs/${id}/samples?outcome=error`)).toContain(
      `<p class="empty" id="samples-empty">No samples match these filters. <a href="/runs/${id}/samples">Clear the filters</a></p>`,
    );
  });

  it("LongCodeU's per-task rows show the same columns as its run's samples (its own task and length bucket)", async () => {
    const dataset = await longcodeuDataset("model-links-lcu");
    const id = await publish(
      "links-lcu",
      "baseline:oracle",
      async () => ({ benchmark: "longcodeu", dataset }),
      `benchmark=longcodeu&dataset=${dataset}`,
    );
    const entry = await page(`/models/links-lcu/samples?benchmark=longcodeu&dataset=${dataset}&kind=verified`);
    const browser = await page(`/runs/${id}/samples`);
    expect(headersOf(entry, "entry-samples")).toEqual(["Task id", "Verdict", "Score", "Precision", "Task", "Length"]);
    expect(headersOf(browser, "samples")).toEqual(["Unit", "Verdict", "Score", "Task", "Length", "Tokens", "Calls"]);
    // The family's words for a scored sample's outcome, on both.
    expect(entry).toContain('<span class="verdict passed">✓ recall 1</span>');
    expect(browser).toContain('<span class="verdict passed">✓ recall 1</span>');
  });

  it("/runs?model= lists that model's runs only", async () => {
    const [oracle, bm25] = await Promise.all([
      repoqa("links-oracle", "baseline:oracle"),
      repoqa("links-bm25", "baseline:bm25"),
    ]);
    const html = await page("/runs?model=links-oracle");
    const listed = [...html.matchAll(/<tr data-run="([^"]*)">/g)].map((m) => m[1]);
    expect(listed).toEqual([oracle]);
    expect(listed).not.toContain(bm25);
    expect(html).toContain("<h1>Runs of links-oracle</h1>");
    expect(await page(`/runs?model=${"x".repeat(201)}`, 400)).toContain("model: must be");
  });
});

describe("a reported entry", { timeout: 90_000 }, () => {
  /** 60 python tasks, so the per-task rows take two pages: task i's best similarity is i / 60, the target best when i is odd. */
  const scores = Array.from({ length: 60 }, (_, i) => (i % 2 ? 1 : -1) * (i / 60));
  const imports = new Map<string, Promise<unknown>>();
  const reported = (model: string, withRows: boolean) => {
    if (!imports.has(model)) {
      const file = scoresFile(model, { python: rows("acme/py", scores) });
      if (!withRows) delete (file[model] as { results?: unknown }).results;
      imports.set(model, imported(file, { dataset: DATASET, n_per_language: 60 }));
    }
    return imports.get(model)!;
  };
  const scope = `benchmark=repoqa-snf&dataset=${DATASET}&mode=official&comment_mode=original&kind=reported`;

  it("with per-task rows: its model page links to them; they list every row, its verdict at the threshold, filtered, sorted and paged", async () => {
    await reported("acme/with-rows", true);
    const model = await page(`/models/acme--with-rows?dataset=${DATASET}`);
    const links = linksOf(model);
    expect(links.samples).toEqual({
      href: `/models/acme--with-rows/samples?${scope}`,
      text: "Its 60 per-task results",
    });
    expect(links.run).toBeUndefined();
    expect(links.compare.href).toBe(
      `/compare?a=acme--with-rows&benchmark=repoqa-snf&dataset=${DATASET}&mode=official&comment_mode=original`,
    );
    const rowsOf = (html: string) =>
      [
        ...html.matchAll(
          /<tr data-task="([^"]*)">[\s\S]*?<span class="verdict [a-z_]+">([^<]*)<\/span><\/td>\s*<td>([^<]*)<\/td>/g,
        ),
      ].map((m) => ({ task: m[1], verdict: m[2], score: m[3] }));
    const first = await page(links.samples.href!);
    expect(first).toContain('<strong id="no-answers">Reported results give a verdict per task, not the answer');
    expect(first).toContain("Rows 1–50 of 60 matching, by task.");
    const all = [...rowsOf(first), ...rowsOf(await page(`${links.samples.href}&page=2`))];
    const want = scores
      .map((s, i) => ({
        task: `python::acme/py::fn_${i}`,
        verdict: s >= 0.8 ? "✓ passed" : "✗ failed",
        score: Math.abs(s).toFixed(3),
      }))
      .sort((x, y) => (x.task < y.task ? -1 : 1));
    expect(all).toEqual(want);
    // The page's threshold is the pass rule's.
    const loose = rowsOf(await page(`${links.samples.href}&threshold=0.1&task=python::acme/py::fn_5`));
    const at = (i: number, t: number) => (scores[i] >= t ? "✓ passed" : "✗ failed");
    expect(loose.map((r) => [r.task, r.verdict])).toEqual(
      [5, ...Array.from({ length: 10 }, (_, k) => 50 + k)].map((i) => [`python::acme/py::fn_${i}`, at(i, 0.1)]),
    );
    expect(loose.filter((r) => r.verdict === "✓ passed")).toHaveLength(5);
    const best = rowsOf(await page(`${links.samples.href}&sort=-score`));
    expect(best[0].score).toBe((59 / 60).toFixed(3));
    expect(best.map((r) => Number(r.score))).toEqual(best.map((r) => Number(r.score)).sort((x, y) => y - x));
    expect(rowsOf(await page(`${links.samples.href}&status=error`))).toEqual([]);
    expect(await page(`${links.samples.href}&page=3`, 400)).toContain("page: must be");
    expect(await page(`${links.samples.href}&sort=nope`, 400)).toContain("sort: must be");
  });

  it("without per-task rows: its model page says so, and its per-task page is a 404", async () => {
    await reported("acme/aggregates-only", false);
    const model = await page(`/models/acme--aggregates-only?dataset=${DATASET}`);
    const links = linksOf(model);
    expect(links.samples).toEqual({ href: null, text: "Only aggregate scores were published: no per-task results" });
    expect(links.compare).toBeUndefined();
    expect(await page(`/models/acme--aggregates-only/samples?${scope}`, 404)).toContain(
      "only aggregate scores were published",
    );
    expect(await page(`/models/nobody/samples?${scope}`, 404)).toContain("No leaderboard entry");
  });
});
