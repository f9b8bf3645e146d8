/**
 * The public HTML pages: the leaderboard (`GET /`) and one model (`GET /models/:slug`), rendered on
 * the server from the same query functions as the JSON API. Errors here answer in HTML; `/v1/*`
 * keeps the problem+json envelope.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import type { AppEnv } from "../env";
import { PROBLEMS, ProblemError } from "../errors";
import { isLongCodeUBenchmark } from "../leaderboard/longcodeu";
import { POSITIONAL_BENCHMARKS, isPositionalBenchmark } from "../leaderboard/positional";
import { modelBreakdown, queryLeaderboard } from "../leaderboard/queries";
import { PAGE_DEFAULTS } from "../page/format";
import { ErrorPage } from "../page/layout";
import { LeaderboardPage, isApiSort, pageSortKeys } from "../page/leaderboard";
import { LongCodeUModelPage } from "../page/longcodeu";
import { ModelPage } from "../page/model";
import { PositionalModelPage, type PositionalTasks } from "../page/positional";
import { invalid, parsePageQuery } from "../page/query";

/** The HTML 404 page; also used by the app for unknown non-API paths. */
export function pageNotFound(c: Context<AppEnv>, detail: string) {
  return c.html(<ErrorPage status={404} title="Not found" detail={detail} />, 404);
}

/** `GET /` and `GET /models/:slug`; mounted last in src/app.ts, after the API routes. */
export const pageRoutes = new Hono<AppEnv>();

// Problems become HTML pages here (never cached); the API keeps its JSON envelope.
pageRoutes.onError((err, c) => {
  if (err instanceof ProblemError && err.type !== "internal-error") {
    const { status, title } = PROBLEMS[err.type];
    return c.html(<ErrorPage status={status} title={title} detail={err.detail} />, status === 404 ? 404 : 400);
  }
  const requestId = c.get("requestId");
  console.error(`[${requestId ?? "-"}] page error`, err);
  return c.html(<ErrorPage status={500} title="Internal error" detail="Something went wrong on our side." requestId={requestId} />, 500);
});

/**
 * Browsers and caches may keep a page for a minute, like the API. The ETag is a hash of the page
 * itself (hono/etag), so revalidation answers 304 only when the HTML is truly the same: a new
 * import *or a new deploy* changes it. (The API's generation-based ETag and colo cache would keep
 * serving old HTML after a deploy until the next leaderboard write.)
 */
const CACHE_CONTROL = "public, max-age=60";
const pageETag = etag();

pageRoutes.get("/", pageETag, async (c) => {
  const { q, sort } = parsePageQuery(c.req.query());
  const data = await queryLeaderboard(c.env, q);
  const keys = pageSortKeys(data.languages, isPositionalBenchmark(data.query.benchmark), isLongCodeUBenchmark(data.query.benchmark));
  if (!isApiSort(sort) && !keys.includes(sort.replace(/^-/, ""))) invalid("sort", `one of ${keys.join(", ")} (with '-' for descending)`);
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<LeaderboardPage data={data} sort={sort} />, 200);
});

pageRoutes.get("/models/:slug", pageETag, async (c) => {
  const slug = c.req.param("slug");
  const { q } = parsePageQuery(c.req.query());
  const benchmark = q.benchmark;
  if (benchmark !== undefined && isPositionalBenchmark(benchmark)) {
    // The asked task decides the dataset; the study's other two tasks are read on the same one.
    const main = await modelBreakdown(c.env, slug, q);
    if (!main) throw new ProblemError("not-found", `No model "${slug}" with ${benchmark} results${q.dataset ? ` on dataset ${q.dataset}` : ""}${q.kind && q.kind !== "all" ? ` (${q.kind})` : ""}.`);
    const tasks: PositionalTasks = { [benchmark]: main };
    for (const other of POSITIONAL_BENCHMARKS) {
      if (other !== benchmark) tasks[other] = await modelBreakdown(c.env, slug, { ...q, benchmark: other, dataset: main.dataset });
    }
    c.header("Cache-Control", CACHE_CONTROL);
    return c.html(<PositionalModelPage tasks={tasks} focus={benchmark} kind={q.kind === "all" ? undefined : q.kind} />, 200);
  }
  if (benchmark !== undefined && isLongCodeUBenchmark(benchmark)) {
    const data = await modelBreakdown(c.env, slug, q);
    if (!data?.longcodeu) throw new ProblemError("not-found", `No model "${slug}" with LongCodeU results${q.dataset ? ` on dataset ${q.dataset}` : ""}${q.kind && q.kind !== "all" ? ` (${q.kind})` : ""}.`);
    c.header("Cache-Control", CACHE_CONTROL);
    return c.html(<LongCodeUModelPage data={{ ...data, longcodeu: data.longcodeu }} kind={q.kind === "all" ? undefined : q.kind} />, 200);
  }
  const data = await modelBreakdown(c.env, slug, q);
  if (!data) throw new ProblemError("not-found", `No model "${slug}" on this leaderboard (dataset ${q.dataset ?? PAGE_DEFAULTS.dataset}${q.kind && q.kind !== "all" ? `, ${q.kind} results` : ""}).`);
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<ModelPage data={data} kind={q.kind === "all" ? undefined : q.kind} />, 200);
});
