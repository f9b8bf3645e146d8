/**
 * The public HTML pages of the leaderboard: the board (`GET /`), one model (`GET /models/:slug`) and
 * an entry's per-task results, rendered on the server from the same query functions as the JSON API.
 */
import { findBenchmark } from "../../benchmarks/registry";
import { datasetView } from "../../core/dataset-view";
import { boardDatasets, modelBreakdown, normalizeQuery, queryLeaderboard } from "../../core/leaderboard/queries";
import type { BornMonth } from "../../core/leaderboard/unseen";
import { Page } from "../../core/pages/layout";
import { LeaderboardPage, viewsOf } from "../../core/pages/leaderboard";
import { ModelNav, ModelRunsSection } from "../../core/pages/models/links";
import { entryOf, entrySamplePage, parseEntrySampleFilters, runsOfModel } from "../../core/pages/models/queries";
import { entrySamplesPage } from "../../core/pages/models/samples";
import { PAGE_DEFAULTS, invalidParam, parsePageQuery } from "../../core/pages/query";
import { parsePage } from "../../core/pages/runs/queries";
import { BornMonthsSection } from "../../core/pages/unseen";
import { importedWindows } from "../../core/pages/windows";
import { refreshWindows, windowsAfterCutoffs } from "../../core/refresh/views";
import type { LeaderboardQuery, ModelBreakdown, ModelCutoffShape } from "../../kit/leaderboard/types";
import { isApiSort } from "../../kit/pages/table";
import { notFound } from "../../lib/errors";
import type { PageHandler } from "../types";

/**
 * Browsers and caches may keep a page for a minute, like the API. The ETag is a hash of the page
 * itself (src/lib/middleware/page-etag.ts), so revalidation answers 304 only when the HTML is truly the same: a new
 * import *or a new deploy* changes it. (The API's generation-based ETag and colo cache would keep
 * serving old HTML after a deploy until the next leaderboard write.)
 */
const CACHE_CONTROL = "public, max-age=60";

export const board: PageHandler<"/"> = async (c) => {
  const params = c.req.query();
  const { q, sort, paging } = parsePageQuery(params);
  // The board's page, and beside it the dataset picker's choices (the benchmark's datasets with entries in the query's modes and kind, whatever its dataset) and the refresh's windows.
  const scope = normalizeQuery(q);
  const [data, datasets, windows] = await Promise.all([
    queryLeaderboard(c.env, scope, paging),
    boardDatasets(c.env, scope),
    refreshWindows(c.env),
  ]);
  const keys = viewsOf(data.query.benchmark).sortKeys(data);
  if (!isApiSort(sort) && !keys.includes(sort.replace(/^-/, "")))
    invalidParam("sort", `one of ${keys.join(", ")} (with '-' for descending)`);
  // The unseen board's models, each with the windows after its cutoff, once a window is imported.
  const models =
    data.query.unseen === 1 && importedWindows(windows).length > 0
      ? [...new Set([...data.rows.map((r) => r.model), ...(data.unseen?.set_apart ?? []).map((s) => s.model)])]
      : [];
  const afterCutoffs = models.length ? await windowsAfterCutoffs(c.env, models) : undefined;
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(
    <LeaderboardPage data={data} sort={sort} datasets={datasets} params={params} refresh={{ windows, afterCutoffs }} />,
    200,
  );
};

/**
 * A model page: the benchmark's views read the model's breakdowns (another of its tasks' too) and
 * lay out the page; the core adds where its answers are, its runs and "compare with…"
 * (src/core/pages/models/links.tsx), from the entry the page shows.
 */
export const model: PageHandler<"/models/:slug"> = async (c) => {
  const slug = c.req.param("slug");
  const { q } = parsePageQuery(c.req.query());
  const views = viewsOf(q.benchmark ?? PAGE_DEFAULTS.benchmark);
  const kind = q.kind === "all" ? undefined : q.kind;
  // The views read the page's own breakdown first, with the query as given: it says which entry is shown.
  let own: ModelBreakdown | undefined;
  const read = async (query: Partial<LeaderboardQuery>) => {
    const breakdown = await modelBreakdown(c.env, slug, query);
    if (query === q && own === undefined) own = breakdown;
    return breakdown;
  };
  const content = await views.model({ slug, query: q, kind, read, defaults: PAGE_DEFAULTS });
  own ??= await modelBreakdown(c.env, slug, q);
  const entry = own
    ? await entryOf(c.env, slug, { ...q, benchmark: own.benchmark, dataset: own.dataset, kind: own.kind })
    : undefined;
  const runs = entry ? await runsOfModel(c.env, entry.model) : undefined;
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(
    <Page
      content={content}
      section="leaderboards"
      before={entry && runs ? <ModelNav entry={entry} runs={runs} /> : undefined}
      after={
        <>
          {own ? (
            <BornMonthsSection
              months={(own.born_months as BornMonth[] | undefined) ?? []}
              cutoff={(own.cutoff as ModelCutoffShape | null) ?? null}
            />
          ) : null}
          {entry && runs ? <ModelRunsSection entry={entry} runs={runs} /> : null}
        </>
      }
    />,
    200,
  );
};

/** An entry's per-task results: the rows its import or published run stored (src/core/pages/models/samples.tsx). */
export const modelSamples: PageHandler<"/models/:slug/samples"> = async (c) => {
  const slug = c.req.param("slug");
  const params = c.req.query();
  const { q } = parsePageQuery(params);
  const f = parseEntrySampleFilters(params, parsePage(params.page));
  const entry = await entryOf(c.env, slug, q);
  if (!entry) notFound(`No leaderboard entry of model "${slug}" in that scope.`);
  if (!entry.hasSamples)
    notFound(`The ${entry.kind} entry of "${slug}" has no per-task results: only aggregate scores were published.`);
  const [page, view] = await Promise.all([entrySamplePage(c.env, entry.id, f), datasetView(c.env, entry.dataset)]);
  // A held-out dataset's entry: where each target sits is withheld (the view's position).
  const benchmark = findBenchmark(entry.benchmark);
  const rule = benchmark?.compare;
  const threshold = Number(q.threshold ?? rule?.defaultThreshold ?? 0);
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(
    <Page
      content={entrySamplesPage(
        entry,
        f,
        { ...page, view },
        { rule, views: benchmark?.views ?? benchmark?.runViews },
        threshold,
      )}
      section="leaderboards"
    />,
    200,
  );
};
