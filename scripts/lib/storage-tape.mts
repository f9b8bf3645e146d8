/**
 * Worker-only CPU of a request, for scripts/bench-service.mts. Locally the D1, R2 and cache
 * simulators run on workerd's main thread beside the isolates, so a request's CPU includes them;
 * deployed they run outside the Worker and do not count against its CPU limit. So the service Worker
 * is wrapped twice: a recorder copy answers a request against the real bindings and keeps every D1
 * statement's and batch's, R2 read's and cache match's result (the "tape"); a replay copy — a fresh isolate —
 * answers the same request from its tape, held in memory, with no simulator involved. The same code
 * of the Worker runs on the same data; only the bindings' work is gone (a missing entry fails the
 * request, so a replay can never take another path unnoticed).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** What one request read: D1 results by call (a batch by its statements), R2 objects (base64) and cache hits by key. */
export interface Tape {
  d1: Record<string, unknown>;
  r2: Record<string, { size: number; bytes: string } | null>;
  cache: Record<string, { status: number; headers: [string, string][]; bytes: string } | null>;
}

/** The path a recorder copy answers with the tape of its requests since the last one. */
export const TAPE_PATH = "/__bench_tape";

// Shared by both modes: the keys under which a call is recorded and replayed.
const KEYS = `
const d1Key = (method, sql, params, arg) => method + "\\u0000" + sql + "\\u0000" + JSON.stringify(params) + "\\u0000" + JSON.stringify(arg ?? null);
const batchKey = (list) => "batch\\u0000" + JSON.stringify(list.map((s) => [s.sql, s.params]));
const r2Key = (key, options) => key + "\\u0000" + JSON.stringify(options?.range ?? null);
const cacheKey = (request) => (typeof request === "string" ? request : request.url);
const b64 = (u8) => { let s = ""; for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode(...u8.subarray(i, i + 0x8000)); return btoa(s); };
const unb64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
`;

const RECORDER = `
import worker from "./index.js";
${KEYS}
let tape = { d1: {}, r2: {}, cache: {} };
function recordingD1(db) {
  const statement = (sql, params, real) => ({
    sql, params, real,
    bind: (...p) => statement(sql, p, real.bind(...p)),
    async first(col) { const r = await real.first(col); tape.d1[d1Key("first", sql, params, col)] = r; return r; },
    async all() { const r = await real.all(); tape.d1[d1Key("all", sql, params)] = r; return r; },
    async raw(o) { const r = await real.raw(o); tape.d1[d1Key("raw", sql, params, o)] = r; return r; },
    async run() { const r = await real.run(); tape.d1[d1Key("run", sql, params)] = r; return r; },
  });
  const batch = async (list) => { const r = await db.batch(list.map((s) => s.real)); tape.d1[batchKey(list)] = r; return r; };
  return { prepare: (sql) => statement(sql, [], db.prepare(sql)), batch, exec: (s) => db.exec(s), dump: () => db.dump() };
}
function recordingR2(bucket) {
  return new Proxy(bucket, { get(target, prop) {
    if (prop !== "get") return typeof target[prop] === "function" ? target[prop].bind(target) : target[prop];
    return async (key, options) => {
      const o = await target.get(key, options);
      if (!o) { tape.r2[r2Key(key, options)] = null; return null; }
      const bytes = new Uint8Array(await o.arrayBuffer());
      tape.r2[r2Key(key, options)] = { size: o.size, bytes: b64(bytes) };
      return { size: o.size, key: o.key, etag: o.etag, httpEtag: o.httpEtag, httpMetadata: o.httpMetadata, customMetadata: o.customMetadata,
        arrayBuffer: async () => bytes.slice().buffer, text: async () => new TextDecoder().decode(bytes), json: async () => JSON.parse(new TextDecoder().decode(bytes)) };
    };
  } });
}
let realCache;
const installCache = () => realCache || (realCache = caches.default, Object.defineProperty(globalThis, "caches", { configurable: true, value: { default: {
  async match(request, options) {
    const hit = await realCache.match(request, options);
    if (!hit) { tape.cache[cacheKey(request)] = null; return undefined; }
    const bytes = new Uint8Array(await hit.arrayBuffer());
    tape.cache[cacheKey(request)] = { status: hit.status, headers: [...hit.headers], bytes: b64(bytes) };
    return new Response(bytes, hit);
  },
  put: (request, response) => realCache.put(request, response),
  delete: (request, options) => realCache.delete(request, options),
} } }));
export default {
  async fetch(request, env, ctx) {
    installCache();
    if (new URL(request.url).pathname === "${TAPE_PATH}") { const t = tape; tape = { d1: {}, r2: {}, cache: {} }; return Response.json(t); }
    return worker.fetch(request, { ...env, DB: recordingD1(env.DB), DATASETS: recordingR2(env.DATASETS) }, ctx);
  },
};
`;

function replayer(tape: Tape): string {
  return `
import worker from "./index.js";
${KEYS}
const TAPE = JSON.parse(${JSON.stringify(JSON.stringify(tape))});
const missing = (what) => { throw new Error("bench replay: not on the tape: " + what); };
const lookup = (table, key) => (key in table ? table[key] : missing(key.replaceAll("\\u0000", " | ")));
const statement = (sql, params) => ({
  sql, params,
  bind: (...p) => statement(sql, p),
  first: async (col) => lookup(TAPE.d1, d1Key("first", sql, params, col)),
  all: async () => lookup(TAPE.d1, d1Key("all", sql, params)),
  raw: async (o) => lookup(TAPE.d1, d1Key("raw", sql, params, o)),
  run: async () => lookup(TAPE.d1, d1Key("run", sql, params)),
});
const DB = { prepare: (sql) => statement(sql, []), batch: async (list) => lookup(TAPE.d1, batchKey(list)), exec: async () => missing("D1 exec") };
const objects = Object.fromEntries(Object.entries(TAPE.r2).map(([k, o]) => [k, o && { size: o.size, bytes: unb64(o.bytes) }]));
const DATASETS = { async get(key, options) {
  const o = lookup(objects, r2Key(key, options));
  return o && { size: o.size, arrayBuffer: async () => o.bytes.slice().buffer, text: async () => new TextDecoder().decode(o.bytes), json: async () => JSON.parse(new TextDecoder().decode(o.bytes)) };
} };
const hits = Object.fromEntries(Object.entries(TAPE.cache).map(([k, h]) => [k, h && { ...h, bytes: unb64(h.bytes) }]));
const cache = {
  async match(request) { const h = lookup(hits, cacheKey(request)); return h ? new Response(h.bytes, { status: h.status, headers: h.headers }) : undefined; },
  put: async () => {},
  delete: async () => false,
};
export default {
  fetch(request, env, ctx) {
    // Installed at the first request: the Worker's start-up warm-up swaps its own in and out before.
    if (globalThis.caches?.default !== cache) Object.defineProperty(globalThis, "caches", { configurable: true, value: { default: cache } });
    return worker.fetch(request, { ...env, DB, DATASETS }, ctx);
  },
};
`;
}

/** Writes the recorder's entry module into the bundle directory; returns its file name. */
export function writeRecorder(bundleDir: string): string {
  writeFileSync(join(bundleDir, "bench-recorder.js"), RECORDER);
  return "bench-recorder.js";
}

/** Writes a replay entry module for one tape into the bundle directory; returns its file name. */
export function writeReplayer(bundleDir: string, name: string, tape: Tape): string {
  const file = `bench-replay-${name}.js`;
  writeFileSync(join(bundleDir, file), replayer(tape));
  return file;
}

/**
 * Writes an entry module of the service Worker whose Cache API always misses (real D1 and R2): every
 * leaderboard read through it is an uncached read, however often it is asked. Returns its file name.
 */
export function writeUncached(bundleDir: string): string {
  writeFileSync(
    join(bundleDir, "bench-uncached.js"),
    `import worker from "./index.js";
const cache = { match: async () => undefined, put: async () => {}, delete: async () => false };
export default {
  fetch(request, env, ctx) {
    if (globalThis.caches?.default !== cache) Object.defineProperty(globalThis, "caches", { configurable: true, value: { default: cache } });
    return worker.fetch(request, env, ctx);
  },
};
`,
  );
  return "bench-uncached.js";
}
