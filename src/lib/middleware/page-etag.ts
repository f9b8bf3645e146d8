/**
 * The HTML pages' ETag: a hash of the page itself, so revalidation answers 304 only when the HTML
 * is truly the same (a new import *or a new deploy* changes it; the API's generation-based ETag
 * would keep old HTML after a deploy until the next leaderboard write). It replaces hono/etag, whose
 * SHA-1 of the body (read as a stream, its chunks merged in JavaScript) cost about 2 ms of a 78 KB
 * board page's 4–6 ms of Worker CPU (scripts/profile-cold.mts: `digest` alone 2 ms a request). A tag
 * needs no cryptographic strength, only to change when the bytes change: `pageDigest` is a 53-bit
 * multiplicative hash (cyrb53) of the body's bytes, a few hundred microseconds. `If-None-Match` (weak
 * or strong, lists, `*`) is answered with a bare 304.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/** True when an If-None-Match header lists `etag` (weak or strong) or is `*` (the API's reads use it too). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** Headers a 304 keeps (RFC 9110 15.4.5), as hono/etag does. */
const KEPT_ON_304 = ["cache-control", "content-location", "date", "etag", "expires", "vary"];

/**
 * The tag of a body: cyrb53 (two 32-bit multiplicative lanes mixed into 53 bits) over its bytes, as
 * 14 hex digits; null for an empty body (no tag). Two different pages share a tag with probability
 * about 2^-53: a browser holding one tag is not told "unchanged" by a change.
 */
export function pageDigest(body: Uint8Array): string | null {
  if (body.byteLength === 0) return null;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

export const pageETag = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !c.res.ok) return;
  let tag = c.res.headers.get("ETag");
  if (!tag) {
    const digest = pageDigest(new Uint8Array(await c.res.clone().arrayBuffer()));
    if (digest === null) return;
    tag = `"${digest}"`;
    c.res.headers.set("ETag", tag);
  }
  if (etagMatches(c.req.header("If-None-Match"), tag)) {
    await c.res.body?.cancel();
    const headers = new Headers();
    for (const [k, v] of c.res.headers) if (KEPT_ON_304.includes(k.toLowerCase())) headers.set(k, v);
    c.res = new Response(null, { status: 304, headers });
  }
});
