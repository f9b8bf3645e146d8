/**
 * The run pages: the run list (`/runs`), one run (`/runs/{id}`), its sample browser
 * (`/runs/{id}/samples`) and one sample (`/runs/{id}/samples/{unit}`), rendered on the server from
 * the same store as `/v1/runs` and usable without JavaScript. A run's benchmark adds its own parts
 * through the registry (`BenchmarkViews.run` and `.sample`). Errors answer as HTML pages.
 */
import type { Context } from "hono";
import { getBenchmark } from "../../benchmarks/registry";
import { datasetView } from "../../core/dataset-view";
import type { AppEnv } from "../../lib/env";
import { notFound, ProblemError } from "../../lib/errors";
import { RUN_ID } from "../../lib/patterns";
import type { RunFigure } from "../../kit/pages/family";
import { Page } from "../../core/pages/layout";
import { runListPage } from "../../core/pages/runs/list";
import { sampleNeighbours } from "../../core/pages/runs/neighbours";
import {
  HELD_OUT_REFUSALS,
  getSample,
  parseModelLabel,
  parsePage,
  parseSampleFilters,
  runPageOf,
  sampleCounts,
  sampleFacets,
  samplePageOf,
  sampleWindowOf,
  type HeldOutRefused,
  type SampleFilters,
} from "../../core/pages/runs/queries";
import { PASS_AT_1, progressOf } from "../../core/pages/runs/parts";
import { PassRateTable, runPage } from "../../core/pages/runs/run";
import { DetailSection, samplePage, type LoadedPrompt } from "../../core/pages/runs/sample";
import { ownSampleFilters, runViewsOf, type OwnSampleFilters } from "../../core/pages/runs/facets";
import { samplesPage, searchPage } from "../../core/pages/runs/samples";
import { SEARCH_SAMPLES, scanAnswers } from "../../core/pages/runs/search";
import { benchmarkOptions, runSummaryOf } from "../../core/pages/runs/summary";
import { coordinatorOf } from "../../core/runs/consumer";
import { getRun, readOutput, type RunRow } from "../../core/runs/store";
import type { PageHandler } from "../types";

/** Run pages change while a run runs: a browser revalidates every time (the ETag answers 304 when nothing moved). */
const CACHE_CONTROL = "no-cache";

/** The run of the URL's `id`, or the not-found problem (a malformed id is simply not a run). */
async function runOf(c: Context<AppEnv>) {
  const id = c.req.param("id") ?? "";
  if (!RUN_ID.test(id)) notFound(`No run "${id}".`);
  return getRun(c.env, id);
}

/** What a run's benchmark calls its passed share (a benchmark no longer hosted: pass@1). */
const passLabelOf = (benchmark: string) => runViewsOf(benchmark)?.passLabel ?? PASS_AT_1;

/**
 * The browser's filters of the URL (a sample page's too, for its previous / next): the shared ones,
 * and the benchmark's own facets (task, length bucket, D...) in place of language, depth and
 * length, with their choices (`seen`: the run's languages and lengths, read only for those).
 */
async function filtersOf(
  c: Context<AppEnv>,
  run: RunRow,
  seen: () => Promise<{ languages: string[]; lengths: number[] }>,
): Promise<{ f: SampleFilters; own?: OwnSampleFilters }> {
  const params = c.req.query();
  const f = parseSampleFilters(params);
  const own = await ownSampleFilters(c.env, run, params, seen);
  return own ? { f: { ...f, own: { params: own.params, matches: own.matches } }, own } : { f };
}

export const runList: PageHandler<"/runs"> = async (c) => {
  const page = parsePage(c.req.query("page"));
  const model = parseModelLabel(c.req.query("model"));
  const { rows, total, pages } = await runPageOf(c.env, page, model);
  const runs = await Promise.all(
    rows.map(async (row) => ({
      row,
      progress: progressOf(row, await coordinatorOf(c.env, row.id).progress()),
      pass: passLabelOf(row.benchmark),
    })),
  );
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={runListPage(runs, page, pages, total, model)} section="runs" />, 200);
};

export const runDetail: PageHandler<"/runs/:id"> = async (c) => {
  const run = await runOf(c);
  const [live, { errors }] = await Promise.all([coordinatorOf(c.env, run.id).progress(), sampleCounts(c.env, run.id)]);
  const progress = progressOf(run, live);
  let summary = null;
  const views = runViewsOf(run.benchmark);
  // A graded benchmark headlines its own figures (the scored count while it runs), not a pass share.
  let figures: RunFigure[] | undefined = views?.figures ? [] : undefined;
  // The summary reads every sample (once: it is kept in R2) when the run has ended; while it runs the page shows progress only.
  if (progress.status !== "running" && progress.status !== "receiving") {
    const { threshold, aggregates, summary: own } = await runSummaryOf(c.env, run);
    const input = { options: benchmarkOptions(run), threshold, aggregates, summary: own };
    summary = views?.run ? (
      views.run(input)
    ) : (
      <PassRateTable aggregates={aggregates} threshold={threshold} summary={own} />
    );
    figures = views?.figures?.(input);
  }
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(
    <Page
      content={runPage(run, progress, { pass: passLabelOf(run.benchmark), errors, summary, figures })}
      section="runs"
    />,
    200,
  );
};

export const runSamples: PageHandler<"/runs/:id/samples"> = async (c) => {
  const run = await runOf(c);
  const seen = sampleFacets(c.env, run.id);
  const [{ f, own }, view] = await Promise.all([filtersOf(c, run, () => seen), datasetView(c.env, run.datasetId)]);
  const refused = view.heldOut ? (Object.keys(HELD_OUT_REFUSALS) as HeldOutRefused[]) : [];
  for (const param of refused) if (f[param] !== undefined) view.refuse(HELD_OUT_REFUSALS[param]);
  c.header("Cache-Control", CACHE_CONTROL);
  if (f.q !== undefined) {
    // A search reads stored answers: one window of the filtered order a request (src/core/pages/runs/search.ts).
    const from = f.from ?? 0;
    const [{ rows, total }, facets] = await Promise.all([sampleWindowOf(c.env, run.id, f, from, SEARCH_SAMPLES), seen]);
    if (total > 0 && from >= total)
      throw new ProblemError("validation-error", `from: must be below ${total} (${total} samples match).`);
    const scan = await scanAnswers(c.env, rows, f.q);
    return c.html(<Page content={searchPage(run, f, { rows, total, from, scan, facets, own })} section="runs" />, 200);
  }
  const [page, facets] = await Promise.all([samplePageOf(c.env, run.id, f), seen]);
  const rows = page.rows.map((r) => ({ ...r, position: view.position(r.position) }));
  return c.html(<Page content={samplesPage(run, f, { ...page, rows, facets, own, refused })} section="runs" />, 200);
};

export const runSample: PageHandler<"/runs/:id/samples/:unit"> = async (c) => {
  const run = await runOf(c);
  const view = await datasetView(c.env, run.datasetId);
  // A held-out dataset's sample: its verdict without what the dataset hides, no answer, the shared verdict section.
  const sample = view.sample(run.benchmark, await getSample(c.env, run.id, c.req.param("unit")));
  const { f } = await filtersOf(c, run, () => sampleFacets(c.env, run.id));
  const benchmark = getBenchmark(run.benchmark);
  const options = benchmarkOptions(run);
  const [stored, prompt, neighbours] = await Promise.all([
    sample.outputKey && view.showsOutputs ? readOutput(c.env, sample.outputKey) : null,
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
  const sampleView = view.heldOut ? undefined : runViewsOf(run.benchmark)?.sample;
  const family = sampleView
    ? await sampleView({ env: c.env, run, sample, output })
    : { body: <DetailSection detail={sample.detail} /> };
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(
    <Page
      content={samplePage(run, sample, { neighbours, prompt, output, withheld: !view.showsOutputs, family })}
      section="runs"
    />,
    200,
  );
};
