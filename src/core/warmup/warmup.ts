/**
 * Start-up warm-up of the request paths that must fit the Free plan's 10 ms CPU even on the first
 * request of an isolate. V8 compiles JavaScript lazily, function by function, on first call, and
 * hono, zod, drizzle and the scorers add up to many milliseconds of that. So while the isolate
 * starts (Cloudflare's 1 s startup limit, not a request's CPU), a few requests run through the
 * real app against in-memory stand-ins for D1 and R2: each registered family's own (`Family.warmUp`,
 * over a tiny dataset of its kind), then the BLEU endpoint, the leaderboard reads and every
 * leaderboard benchmark's board and model pages, on a stand-in leaderboard with a few entries
 * (./warmup-leaderboard.ts: the first render of rows compiles code an empty board never reaches).
 * Nothing leaves the isolate; a warm-up that fails changes nothing but speed.
 *
 * Only microtasks are involved (no I/O, timers or randomness, which workerd forbids at start-up),
 * so everything has run when module evaluation ends.
 */
import { allBenchmarks, allFamilies } from "../../benchmarks/registry";
import type { WarmUpKit } from "../../benchmarks/types";
import { encodeCursor } from "../../kit/leaderboard/ranks";
import { STAND_IN_MODEL, standInLeaderboardObjects, standInLeaderboardRows } from "./stand-in-leaderboard";

/**
 * A D1 stand-in: `raw()` answers with `rowsFor(sql)`, `all()` and `first()` with `objectsFor(sql)`,
 * anything else with no rows; `batch()` each statement's objects, else its rows as objects (their
 * values in column order, as drizzle reads a batch's rows).
 */
export function standInD1(
  rowsFor: (sql: string) => unknown[][],
  objectsFor: (sql: string) => Record<string, unknown>[] = () => [],
) {
  const statement = (sql: string) => {
    const stmt = {
      sql,
      bind: () => stmt,
      raw: async () => rowsFor(sql),
      all: async () => ({ results: objectsFor(sql), success: true, meta: {} }),
      first: async () => objectsFor(sql)[0] ?? null,
      run: async () => ({ results: [], success: true, meta: {} }),
    };
    return stmt;
  };
  const batched = (sql: string) => {
    const objects = objectsFor(sql);
    return objects.length ? objects : rowsFor(sql).map((row) => ({ ...row }));
  };
  const batch = async (statements: { sql: string }[]) =>
    statements.map((s) => ({ results: batched(s.sql), success: true, meta: {} }));
  return { prepare: statement, batch, exec: async () => ({ count: 0, duration: 0 }) } as unknown as D1Database;
}

/** An R2 stand-in holding `objects`: `get`, with ranges. */
function standInR2(objects: ReadonlyMap<string, Uint8Array>) {
  return {
    async get(key: string, opts?: { range?: { offset: number; length: number } }) {
      const bytes = objects.get(key);
      if (!bytes) return null;
      const start = opts?.range?.offset ?? 0;
      const slice = bytes.slice(start, opts?.range ? start + opts.range.length : undefined);
      return {
        size: bytes.length,
        arrayBuffer: async () => slice.buffer,
        json: async () => JSON.parse(new TextDecoder().decode(slice)),
      };
    },
  } as unknown as R2Bucket;
}

type FetchApp = { fetch(request: Request, env: unknown, ctx: unknown): Response | Promise<Response> };

/**
 * workerd refuses `new Response(body)` in global scope (a body is a stream), so while the warm-up
 * runs, `Response` is a plain stand-in with the members hono and our code use. It is put back as
 * soon as the warm-up settles, which is before module evaluation ends (only microtasks run).
 */
class StandInResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = "default";
  readonly url = "";
  readonly bodyUsed = false;
  constructor(
    readonly content: unknown = null,
    init: ResponseInit = {},
  ) {
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
  }
  /** A one-chunk reader, for middleware that reads the body as a stream (hono/etag). */
  get body() {
    if (this.content === null) return null;
    let done = false;
    return {
      getReader: () => ({
        read: async () => {
          if (done) return { done: true, value: undefined };
          done = true;
          return { done: false, value: new Uint8Array(await this.arrayBuffer()) };
        },
        releaseLock() {},
        cancel: async () => {},
      }),
    };
  }
  static json(data: unknown, init?: ResponseInit) {
    return new StandInResponse(JSON.stringify(data), init);
  }
  clone() {
    return new StandInResponse(this.content, this);
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.content;
    if (typeof b === "string") return new TextEncoder().encode(b).buffer as ArrayBuffer;
    if (b instanceof ArrayBuffer) return b;
    if (ArrayBuffer.isView(b)) return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    return new ArrayBuffer(0);
  }
  async text() {
    return new TextDecoder().decode(await this.arrayBuffer());
  }
  async json() {
    return JSON.parse(await this.text());
  }
}

/** The body of a stand-in: one chunk, for middleware that reads the body as a stream (hono/body-limit). */
function oneChunk(bytes: Uint8Array) {
  let done = false;
  return {
    getReader: () => ({
      read: async () => {
        if (done) return { done: true, value: undefined };
        done = true;
        return { done: false, value: bytes };
      },
      releaseLock() {},
      cancel: async () => {},
    }),
  };
}

/**
 * workerd refuses a `Request` with a body in global scope too (a body is a stream), so a request
 * with one is a bodiless `Request` whose body members answer with the text instead.
 */
function standInRequest(url: string, init: RequestInit = {}): Request {
  if (typeof init.body !== "string") return new Request(url, init);
  const text = init.body;
  const bytes = new TextEncoder().encode(text);
  const headers = new Headers(init.headers);
  headers.set("content-length", String(bytes.byteLength));
  const request = new Request(url, { method: init.method, headers });
  return Object.defineProperties(request, {
    body: { value: oneChunk(bytes) },
    text: { value: async () => text },
    json: { value: async () => JSON.parse(text) },
    arrayBuffer: { value: async () => bytes.slice().buffer },
  });
}

/**
 * The Cache API refuses I/O in global scope: while the warm-up runs, `caches.default` is one that
 * never hits and keeps nothing, so a cached read renders (and warms) its response.
 */
const NO_CACHE = { default: { match: async () => undefined, put: async () => {}, delete: async () => false } };

/**
 * Runs the warm-up requests; resolves to their statuses (for tests), never rejects. `globalScope`:
 * swap in the stand-in `Response` and `caches` (only at start-up; handlers may create real ones).
 */
export async function warmUp(app: FetchApp, globalScope = true): Promise<number[]> {
  if (globalScope) restoreGlobals = swapGlobals({ Response: StandInResponse, caches: NO_CACHE });
  try {
    return await runWarmUp(app);
  } finally {
    if (globalScope) restoreGlobals?.();
  }
}

/** Replaces globals by stand-ins; returns what puts the real ones back (once). */
function swapGlobals(standIns: Record<string, unknown>): () => void {
  const host = globalThis as Record<string, unknown>;
  const saved = Object.keys(standIns).map((name) => [name, Object.getOwnPropertyDescriptor(host, name)] as const);
  for (const [name, value] of Object.entries(standIns))
    Object.defineProperty(host, name, { configurable: true, writable: true, value });
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(host, name, descriptor);
      else delete host[name];
    }
    restoreGlobals = undefined;
  };
}

/** Puts the real `Response` and `caches` back while a start-up warm-up is still swapped in; otherwise nothing. */
let restoreGlobals: (() => void) | undefined;

/**
 * Called first by every real request. The warm-up settles during module evaluation as long as it
 * meets only microtasks; should anything in it ever wait for more, the request still sees the real
 * `Response` and `caches` (the rest of the warm-up then fails harmlessly).
 */
export function endWarmUp(): void {
  restoreGlobals?.();
}

async function runWarmUp(app: FetchApp): Promise<number[]> {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
  const kit: WarmUpKit = {
    async request(path, init, bindings) {
      try {
        return (await app.fetch(standInRequest(`http://warmup.invalid${path}`, init), bindings, ctx)).status;
      } catch {
        return 0;
      }
    },
    d1: standInD1,
    r2: standInR2,
  };
  const statuses: number[] = [];
  // Each family's own costly requests first (its data, its scorer), then the shared paths: BLEU and
  // the index on empty storage, the leaderboard's reads and pages on a stand-in leaderboard.
  for (const family of allFamilies()) if (family.warmUp) statuses.push(...(await family.warmUp(kit)));
  const empty = { DB: standInD1(() => []), DATASETS: standInR2(new Map()) };
  const board = { DB: standInD1(standInLeaderboardRows, standInLeaderboardObjects), DATASETS: standInR2(new Map()) };
  const get: RequestInit = { headers: { "x-request-id": "warmup" } };
  const bleu: RequestInit = {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": "warmup" },
    body: JSON.stringify({
      pairs: [{ reference: "def add(a, b):\n    return a + b", candidate: "def sub(a, b):\n    return a - b" }],
    }),
  };
  statuses.push(await kit.request("/v1/metrics/bleu", bleu, empty), await kit.request("/v1", get, empty));
  for (const path of leaderboardPaths()) statuses.push(await kit.request(path, get, board));
  return statuses;
}

/**
 * The leaderboard reads and pages the warm-up renders: the API's (JSON: the first page, a later one
 * and one by name; CSV; a model), the default board (first and later page) and model pages, then the
 * board and model page of every benchmark that has them.
 */
export function leaderboardPaths(): string[] {
  const model = `/models/${STAND_IN_MODEL}`;
  // A page after the first (by a cursor, as a `next` link reads it) and one by name: their cursors' decoding and the previous-page links.
  const after = `cursor=${encodeCursor({ sort: "-rate", dir: "after", value: 0.5, key: "warmup" })}`;
  const byName = `sort=model&cursor=${encodeCursor({ sort: "model", dir: "after", value: null, key: "warmup" })}`;
  const paths = [
    "/v1/leaderboard",
    `/v1/leaderboard?${after}`,
    `/v1/leaderboard?${byName}`,
    "/v1/leaderboard?format=csv",
    `/v1/leaderboard${model}`,
    "/",
    `/?${after}`,
    model,
  ];
  for (const b of allBenchmarks())
    if (b.leaderboard && b.views) paths.push(`/?benchmark=${b.id}`, `${model}?benchmark=${b.id}`);
  return paths;
}
