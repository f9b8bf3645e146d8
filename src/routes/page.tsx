/**
 * The public HTML pages: the leaderboard (`GET /`) and one model (`GET /models/:slug`), rendered on
 * the server from the same query functions as the JSON API. Errors here answer in HTML; `/v1/*`
 * keeps the problem+json envelope.
 */
import { Hono, type Context } from "hono";
import { etag } from "hono/etag";
import type { AppEnv } from "../env";
import { PROBLEMS, ProblemError } from "../errors";
import { modelBreakdown, queryLeaderboard } from "../leaderboard/queries";
import { ErrorPage, Page } from "../page/layout";
import { LeaderboardPage, viewsOf } from "../page/leaderboard";
import { PAGE_DEFAULTS, invalid, parsePageQuery } from "../page/query";
import { isApiSort } from "../page/table";

/** The HTML 404 page; also used by the app for unknown non-API paths. */
export function pageNotFound(c: Context<AppEnv>, detail: string) {
  return c.html(<ErrorPage status={404} title="Not found" detail={detail} />, 404);
}

/** `GET /` and `GET /models/:slug`; mounted last in src/app.ts, after the API routes. */
export const pageRoutes = new Hono<AppEnv>();

/** Problems as HTML pages (never cached); the API keeps its JSON envelope. Every page router's error handler. */
export function pageError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ProblemError && err.type !== "internal-error") {
    const { status, title } = PROBLEMS[err.type];
    return c.html(<ErrorPage status={status} title={title} detail={err.detail} />, status === 404 ? 404 : 400);
  }
  const requestId = c.get("requestId");
  console.error(`[${requestId ?? "-"}] page error`, err);
  return c.html(<ErrorPage status={500} title="Internal error" detail="Something went wrong on our side." requestId={requestId} />, 500);
}

pageRoutes.onError(pageError);

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
  const keys = viewsOf(data.query.benchmark).sortKeys(data);
  if (!isApiSort(sort) && !keys.includes(sort.replace(/^-/, ""))) invalid("sort", `one of ${keys.join(", ")} (with '-' for descending)`);
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<LeaderboardPage data={data} sort={sort} />, 200);
});

// The benchmark's views read the model's breakdowns (another of its tasks' too) and lay out its page.
pageRoutes.get("/models/:slug", pageETag, async (c) => {
  const slug = c.req.param("slug");
  const { q } = parsePageQuery(c.req.query());
  const views = viewsOf(q.benchmark ?? PAGE_DEFAULTS.benchmark);
  const kind = q.kind === "all" ? undefined : q.kind;
  const content = await views.model({ slug, query: q, kind, read: (query) => modelBreakdown(c.env, slug, query), defaults: PAGE_DEFAULTS });
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={content} />, 200);
});
