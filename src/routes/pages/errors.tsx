/** How the pages answer a problem: the site's HTML error page (never cached); the API keeps its JSON envelope. */
import type { Context } from "hono";
import { ErrorPage } from "../../core/pages/layout";
import type { AppEnv } from "../../lib/env";
import { PROBLEMS, ProblemError } from "../../lib/errors";

/** The HTML 404 page; also used by the app for unknown non-API paths. */
export function pageNotFound(c: Context<AppEnv>, detail: string) {
  return c.html(<ErrorPage status={404} title="Not found" detail={detail} />, 404);
}

/** Problems as HTML pages (never cached); the API keeps its JSON envelope. The page router's error handler. */
export function pageError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ProblemError && err.type !== "internal-error") {
    const { status, title } = PROBLEMS[err.type];
    return c.html(<ErrorPage status={status} title={title} detail={err.detail} />, status === 404 ? 404 : 400);
  }
  const requestId = c.get("requestId");
  console.error(`[${requestId ?? "-"}] page error`, err);
  return c.html(
    <ErrorPage status={500} title="Internal error" detail="Something went wrong on our side." requestId={requestId} />,
    500,
  );
}
