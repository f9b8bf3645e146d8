/**
 * Leaderboard reads are cheap and global: the data changes only when an import or a run writes
 * it, and every write bumps the generation in `leaderboard_meta`. So a read costs one tiny D1
 * query (the generation) and then, per colo, at most one real query per generation:
 * - `ETag` = generation + stamp + the loaded datasets' state + service version + the normalised
 *   request, so `If-None-Match` answers 304 at once;
 * - the full response is kept in the Cache API under the normalised URL plus the generation, so a
 *   write makes the next read miss (old keys are simply never asked for again).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../lib/env";
import { etagMatches } from "../../lib/middleware/page-etag";
import { SERVICE_VERSION } from "../../lib/version";
import { sha256Hex } from "../../lib/sha256";
import { leaderboardVersion } from "../../kit/leaderboard/store";

export const LEADERBOARD_CACHE_CONTROL = "public, max-age=60, s-maxage=300";

/**
 * Answers a GET from the HTTP caches when possible, else from `render` (whose 200 response is
 * stored). `key` must identify the response completely (path, normalised query, format).
 * Responses say `X-Leaderboard-Cache: hit|miss`.
 */
export async function cachedRead(c: Context<AppEnv>, key: string, render: () => Promise<Response>): Promise<Response> {
  const { generation, stamp, datasets } = await leaderboardVersion(c.env);
  // The service version is part of it too: a deploy that changes the output format must not be
  // answered from responses cached by the previous code. So are the loaded datasets (a read
  // without `dataset` can resolve to one).
  const version = `${generation}.${stamp}${(await sha256Hex(datasets)).slice(0, 8)}.${SERVICE_VERSION}`;
  const etag = `"lb-${version}-${(await sha256Hex(key)).slice(0, 16)}"`;
  const headers = { ETag: etag, "Cache-Control": LEADERBOARD_CACHE_CONTROL, "X-Request-Id": c.get("requestId") ?? "" };
  if (etagMatches(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  const cacheKey = new Request(`${new URL(c.req.url).origin}/__leaderboard/${encodeURIComponent(key)}?g=${version}`);
  const cache = typeof caches === "undefined" ? undefined : caches.default;
  const hit = await cache?.match(cacheKey);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set("X-Request-Id", headers["X-Request-Id"]);
    res.headers.set("X-Leaderboard-Cache", "hit");
    return res;
  }
  const fresh = await render();
  const res = new Response(fresh.body, fresh);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  if (res.status === 200 && cache) {
    const stored = res.clone();
    stored.headers.delete("X-Request-Id");
    const put = cache.put(cacheKey, stored);
    try {
      c.executionCtx.waitUntil(put);
    } catch {
      await put; // no execution context (app.fetch called directly)
    }
  }
  res.headers.set("X-Leaderboard-Cache", "miss");
  return res;
}
