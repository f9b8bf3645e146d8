/**
 * CORS (Fetch standard, "CORS protocol") for the public routes, so a page on any origin can read
 * the leaderboard and score answers from the browser; none for token-guarded routes (no
 * `Access-Control-Allow-Origin`, and their preflights are not answered), so no page can drive an
 * admin's or submitter's token from a browser. docs/api.md, "CORS".
 *
 * Public responses carry `Access-Control-Allow-Origin: *` whether or not the request had an
 * `Origin` (the answer is the same for every origin, so caches need no `Vary`), errors and 429s
 * included; no credentials (a browser sends no cookies, and the API has none). A preflight
 * (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) for a public method of a known
 * path is a 204 naming that path's public methods and the request headers the API reads.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { type RouteAccess, methodsWith } from "./access";

/** Request headers a page may send: the token (it keys the rate limit), JSON bodies, their coding, validators, ids. */
export const CORS_ALLOW_HEADERS = [
  "Authorization",
  "Content-Type",
  "Content-Encoding",
  "If-None-Match",
  "X-Request-Id",
] as const;

/** Response headers a page may read besides the CORS-safelisted ones. */
export const CORS_EXPOSE_HEADERS = [
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "Link",
  "ETag",
  "X-Request-Id",
  "Content-Disposition",
  "WWW-Authenticate",
  "X-Total-Count",
] as const;

/** Seconds a browser may keep a preflight's answer (Chromium caps it at 7200). */
export const CORS_MAX_AGE = 7200;

export function cors(lookup: RouteAccess) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path;
    const wanted = c.req.method === "OPTIONS" ? c.req.header("access-control-request-method") : undefined;
    if (wanted !== undefined && c.req.header("origin") !== undefined) {
      // A preflight: answered only for a public method; otherwise it falls through (405, no CORS).
      if (lookup(wanted.toUpperCase(), path) === "public") {
        return c.body(null, 204, {
          "Access-Control-Allow-Origin": "*",
          "Access-Control-Allow-Methods": methodsWith(lookup, path, "public").join(", "),
          "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS.join(", "),
          "Access-Control-Max-Age": String(CORS_MAX_AGE),
        });
      }
      return next();
    }
    const access = lookup(c.req.method, path);
    // Unknown paths and methods (404, 405) are public too: a page may read why it failed.
    if (access === "public" || access === undefined) {
      // Set on c.res before the handler runs: hono copies these onto whatever response follows,
      // errors thrown further in included (the rate limiter's 429).
      c.res.headers.set("Access-Control-Allow-Origin", "*");
      c.res.headers.set("Access-Control-Expose-Headers", CORS_EXPOSE_HEADERS.join(", "));
    }
    await next();
  });
}
