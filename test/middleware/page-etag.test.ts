/**
 * src/lib/middleware/page-etag.ts: its tag against cyrb53 as published (bryc's `cyrb53`, copied
 * verbatim below: on ASCII pages a string's char codes are its bytes), the property a tag needs
 * (any change of a page's bytes changes it) over thousands of generated pages, and its 304s against
 * hono/etag, the middleware it replaces.
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import { describe, expect, it } from "vitest";
import { pageDigest, pageETag } from "../../src/lib/middleware/page-etag";

// prettier-ignore
/* eslint-disable */
// cyrb53 (c) 2018 bryc (github.com/bryc), public domain: https://github.com/bryc/code/blob/master/jshash/experimental/cyrb53.js
const cyrb53 = (str: string, seed = 0) => {
  let h1 = 0xdeadbeef ^ seed,
    h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};
/* eslint-enable */

const bytes = (s: string) => new TextEncoder().encode(s);

/** A deterministic generator of pages (xorshift32), ASCII or with multi-byte characters. */
function pages(count: number, ascii: boolean): string[] {
  let x = 2463534242;
  const next = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), x >>> 0);
  const alphabet = ascii ? '<>/="abcdefghijklmnopqrstuvwxyz 0123456789.%' : '<>/="abcdeé✓–€ 0123456789.%';
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 3000) }, () => alphabet[next() % alphabet.length]).join(""),
  );
}

describe("pageDigest", () => {
  it("is cyrb53 as published, over 2,000 generated ASCII pages", () => {
    for (const p of pages(2000, true)) expect(pageDigest(bytes(p))).toBe(cyrb53(p).toString(16).padStart(14, "0"));
  });

  it("changes with any change of a page's bytes (2,000 pages, one byte changed each; all tags distinct)", () => {
    const seen = new Set<string>();
    for (const [i, p] of pages(2000, false).entries()) {
      const b = bytes(p);
      const tag = pageDigest(b)!;
      expect(pageDigest(b.slice())).toBe(tag);
      seen.add(tag);
      const changed = b.slice();
      changed[i % changed.length] ^= 1 + (i % 255);
      expect(pageDigest(changed)).not.toBe(tag);
    }
    expect(seen.size).toBe(2000);
    expect(pageDigest(new Uint8Array())).toBeNull();
  });
});

describe("pageETag", () => {
  const make = (mw: unknown, body: string) =>
    new Hono().get("/", mw as never, (c) => {
      c.header("Cache-Control", "public, max-age=60");
      return c.html(body);
    });

  it("tags a page with its digest", async () => {
    const body = "<!doctype html><p>✓ é</p>".repeat(4000);
    const res = await make(pageETag, body).request("/");
    expect(res.headers.get("etag")).toBe(`"${pageDigest(bytes(body))}"`);
    expect(await res.text()).toBe(body);
  });

  it("answers If-None-Match (strong, weak, in a list, *) with a bare 304 keeping the cache headers, as hono/etag does", async () => {
    const body = "<p>page</p>".repeat(500);
    const ours = make(pageETag, body);
    const hono = make(etag(), body);
    const tags = {
      ours: (await ours.request("/")).headers.get("etag")!,
      hono: (await hono.request("/")).headers.get("etag")!,
    };
    for (const form of [(t: string) => t, (t: string) => `"other", ${t}`, () => "*", (t: string) => `W/${t}`]) {
      const a = await ours.request("/", { headers: { "If-None-Match": form(tags.ours) } });
      expect(a.status).toBe(304);
      expect(await a.text()).toBe("");
      expect(a.headers.get("etag")).toBe(tags.ours);
      expect(a.headers.get("cache-control")).toBe("public, max-age=60");
      expect(a.headers.get("content-type")).toBeNull();
      const b = await hono.request("/", { headers: { "If-None-Match": form(tags.hono) } });
      // hono/etag reads a weak tag in the header as a different one; the pages accept it (RFC 9110's weak comparison).
      if (!form("").startsWith("W/")) expect([...b.headers.keys()].sort()).toEqual([...a.headers.keys()].sort());
    }
    expect((await ours.request("/", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("leaves errors and other methods alone", async () => {
    const app = new Hono()
      .get("/missing", pageETag as never, (c) => c.html("no", 404))
      .post("/", pageETag as never, (c) => c.html("ok"));
    expect((await app.request("/missing")).headers.get("etag")).toBeNull();
    expect((await app.request("/", { method: "POST" })).headers.get("etag")).toBeNull();
  });
});
