/**
 * The run pages: the run list (`/runs`), one run (`/runs/{id}`), its sample browser
 * (`/runs/{id}/samples`) and one sample (`/runs/{id}/samples/{unit}`), rendered on the server from
 * the same store as `/v1/runs` and usable without JavaScript. A run's benchmark adds its own parts
 * through the registry (`BenchmarkViews.run` and `.sample`). Errors answer as HTML pages.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import { findBenchmark, getBenchmark } from "../benchmarks/registry";
import type { AppEnv } from "../env";
import { ProblemError } from "../errors";
import { Page } from "../page/layout";
import { runListPage } from "../page/runs/list";
import { sampleNeighbours } from "../page/runs/neighbours";
import { getSample, parseModelLabel, parsePage, parseSampleFilters, runPageOf, sampleCounts, sampleFacets, samplePageOf, sampleWindowOf } from "../page/runs/queries";
import { PASS_AT_1, progressOf } from "../page/runs/parts";
import { PassRateTable, runPage } from "../page/runs/run";
import { DetailSection, samplePage, type LoadedPrompt } from "../page/runs/sample";
import { samplesPage, searchPage } from "../page/runs/samples";
import { SEARCH_SAMPLES, scanAnswers } from "../page/runs/search";
import { benchmarkOptions, runSummaryOf } from "../page/runs/summary";
import { coordinatorOf } from "../runs/consumer";
import { getRun, readOutput } from "../runs/store";
import { pageError } from "./page";

export const runPageRoutes = new Hono<AppEnv>();
runPageRoutes.onError(pageError);

/** Run pages change while a run runs: a browser revalidates every time (the ETag answers 304 when nothing moved). */
const CACHE_CONTROL = "no-cache";
const pageETag = etag();

const RUN_ID = /^run-\d{14}-[0-9a-f]{10}$/;

/** The run of the URL's `id`, or the not-found problem (a malformed id is simply not a run). */
async function runOf(c: Context<AppEnv>) {
  const id = c.req.param("id") ?? "";
  if (!RUN_ID.test(id)) throw new ProblemError("not-found", `No run "${id}".`);
  return getRun(c.env, id);
}


/** What a run's benchmark calls its passed share (a benchmark no longer hosted: pass@1). */
const passLabelOf = (benchmark: string) => findBenchmark(benchmark)?.views?.passLabel ?? PASS_AT_1;

runPageRoutes.get("/runs", pageETag, async (c) => {
  const page = parsePage(c.req.query("page"));
  const model = parseModelLabel(c.req.query("model"));
  const { rows, total, pages } = await runPageOf(c.env, page, model);
  const runs = await Promise.all(rows.map(async (row) => ({ row, progress: progressOf(row, await coordinatorOf(c.env, row.id).progress()), pass: passLabelOf(row.benchmark) })));
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={runListPage(runs, page, pages, total, model)} section="runs" />, 200);
});

runPageRoutes.get("/runs/:id", pageETag, async (c) => {
  const run = await runOf(c);
  const [live, { errors }] = await Promise.all([coordinatorOf(c.env, run.id).progress(), sampleCounts(c.env, run.id)]);
  const progress = progressOf(run, live);
  let summary = null;
  // The summary reads every sample (once: it is kept in R2) when the run has ended; while it runs the page shows progress only.
  if (progress.status !== "running") {
    const views = getBenchmark(run.benchmark).views;
    const { threshold, aggregates, summary: own } = await runSummaryOf(c.env, run);
    summary = views?.run ? views.run({ options: benchmarkOptions(run), threshold, aggregates, summary: own }) : <PassRateTable aggregates={aggregates} threshold={threshold} summary={own} />;
  }
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={runPage(run, progress, { pass: passLabelOf(run.benchmark), errors, summary })} section="runs" />, 200);
});

runPageRoutes.get("/runs/:id/samples", pageETag, async (c) => {
  const run = await runOf(c);
  const f = parseSampleFilters(c.req.query());
  c.header("Cache-Control", CACHE_CONTROL);
  if (f.q !== undefined) {
    // A search reads stored answers: one window of the filtered order a request (src/page/runs/search.ts).
    const from = f.from ?? 0;
    const [{ rows, total }, facets] = await Promise.all([sampleWindowOf(c.env, run.id, f, from, SEARCH_SAMPLES), sampleFacets(c.env, run.id)]);
    if (total > 0 && from >= total) throw new ProblemError("validation-error", `from: must be below ${total} (${total} samples match).`);
    const scan = await scanAnswers(c.env, rows, f.q);
    return c.html(<Page content={searchPage(run, f, { rows, total, from, scan, facets })} section="runs" />, 200);
  }
  const [page, facets] = await Promise.all([samplePageOf(c.env, run.id, f), sampleFacets(c.env, run.id)]);
  return c.html(<Page content={samplesPage(run, f, { ...page, facets })} section="runs" />, 200);
});

runPageRoutes.get("/runs/:id/samples/:unit", pageETag, async (c) => {
  const run = await runOf(c);
  const sample = await getSample(c.env, run.id, c.req.param("unit"));
  const f = parseSampleFilters(c.req.query());
  const benchmark = getBenchmark(run.benchmark);
  const options = benchmarkOptions(run);
  const [stored, prompt, neighbours] = await Promise.all([
    sample.outputKey ? readOutput(c.env, sample.outputKey) : null,
    benchmark.load(c.env, run.datasetId, sample.unit, options).then(
      (task): LoadedPrompt => ({ messages: task.messages }),
      (e: unknown): LoadedPrompt => {
        // A dataset deleted or re-imported since the run: the rest of the page still stands.
        if (e instanceof ProblemError) return { missing: `The prompt cannot be rebuilt: ${e.detail}` };
        throw e;
      },
    ),
    sampleNeighbours(c.env, run.id, f, sample),
  ]);
  const output = stored?.output ?? null;
  const family = benchmark.views?.sample ? await benchmark.views.sample({ env: c.env, run, sample, output }) : { body: <DetailSection detail={sample.detail} /> };
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={samplePage(run, sample, { neighbours, prompt, output, family })} section="runs" />, 200);
});
