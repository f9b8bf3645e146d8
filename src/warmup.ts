/**
 * Start-up warm-up of the request paths that must fit the Free plan's 10 ms CPU even on the first
 * request of an isolate. V8 compiles JavaScript lazily, function by function, on first call, and
 * hono, zod, drizzle and the scorer add up to many milliseconds of that. So while the isolate
 * starts (Cloudflare's 1 s startup limit, not a request's CPU), a few requests run through the
 * real app against in-memory stand-ins for D1 and R2 that hold one tiny dataset: a score in each
 * mode, the score indexes' decoding, the BLEU endpoint and the leaderboard pages (on an empty
 * leaderboard). Nothing leaves the isolate; a warm-up that fails changes nothing but speed.
 *
 * Only microtasks are involved (no I/O, timers or randomness, which workerd forbids at start-up),
 * so everything has run when module evaluation ends.
 */
import { getTableColumns } from "drizzle-orm";
import type { ContextShard } from "./benchmarks/repoqa/dataset/contexts";
import { CONTEXTS_FORMAT } from "./benchmarks/repoqa/dataset/contexts";
import { buildContextsScoreIndex, buildRepoScoreIndex, scoreIndexKey } from "./benchmarks/repoqa/dataset/score-index";
import { SHARD_FORMAT, datasetKeys, type RepoShard } from "./benchmarks/repoqa/dataset/shard";
import * as schema from "./db/schema";

const DATASET = "__warmup__";
const REPO = "warm/up";
const SHA = "0".repeat(64);
const CODE = ["def add(a, b):\n    # sum\n    return a + b", "def sub(a, b):\n    return a - b", "def mul(a, b):\n    return a * b"];

function fakeShard(): RepoShard {
  const functions = CODE.map((code, i) => ({
    name: code.slice(4, 7),
    path: "m.py",
    start_line: i * 3,
    end_line: i * 3 + 2,
    code,
    code_without_comments: code.replace("    # sum\n", ""),
    ntokens: code.split(/\s+/).length,
  }));
  return {
    format: SHARD_FORMAT,
    language: "python",
    repo: REPO,
    needles: functions.slice(0, 2).map((f, index) => ({ ...f, index, task_id: `python::${REPO}::${f.name}`, description: "", function_index: index })),
    functions,
  };
}

function fakeContexts(shard: RepoShard): ContextShard {
  return {
    format: CONTEXTS_FORMAT,
    size: 16384,
    comment_mode: "original",
    tokenizer: { name: "warmup", version: "0" },
    tasks: shard.needles.map((n, i) => ({
      task_id: n.task_id,
      needle_index: i,
      position_ratio: 0.5,
      code_context: "",
      needle_token_start: 0,
      needle_token_end: 0,
      code_context_ntokens: 0,
      functions: shard.functions.map((f) => ({ name: f.name, code: f.code, code_without_comments: f.code_without_comments })),
      target_index: i,
    })),
  };
}

/** Stand-ins for the bindings the warmed paths use: D1 (two tables), R2 (score indexes). */
function fakeEnv() {
  const shard = fakeShard();
  const objects = new Map<string, Uint8Array>([
    [scoreIndexKey(datasetKeys.shard(DATASET, "python", REPO), SHA), buildRepoScoreIndex(shard, SHA, true)],
    [scoreIndexKey(datasetKeys.contexts(DATASET, 16384, "original", "python", REPO), SHA), buildContextsScoreIndex(fakeContexts(shard), SHA)],
  ]);
  const dataset: Record<string, unknown> = {
    id: DATASET,
    benchmark: "repoqa-snf",
    name: DATASET,
    status: "ready",
    languages: '["python"]',
    repo_count: 1,
    task_count: 2,
    content_sha256: SHA,
    context_config: JSON.stringify({ sizes: [16384], comment_modes: ["original"], depths: "reference" }),
    manifest_key: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
  const datasetRow = Object.values(getTableColumns(schema.datasets)).map((c) => dataset[c.name] ?? null);
  // Columns of the select in src/benchmarks/repoqa/dataset/store.ts locateTasks.
  const taskRow = (name: string) => [`python::${REPO}::${name}`, "python", REPO, 0, datasetKeys.shard(DATASET, "python", REPO), SHA, name];
  const rowsFor = (sql: string): unknown[][] => {
    if (/from "datasets"/.test(sql)) return [datasetRow];
    if (/from "tasks"/.test(sql) && /join "dataset_shards"/.test(sql)) return [taskRow("add")];
    return [];
  };
  const statement = (sql: string) => {
    const stmt = {
      bind: () => stmt,
      raw: async () => rowsFor(sql),
      all: async () => ({ results: [], success: true, meta: {} }),
      first: async () => null,
      run: async () => ({ results: [], success: true, meta: {} }),
    };
    return stmt;
  };
  const DB = { prepare: statement, batch: async () => [], exec: async () => ({ count: 0, duration: 0 }) };
  const DATASETS = {
    async get(key: string, opts?: { range?: { offset: number; length: number } }) {
      const bytes = objects.get(key);
      if (!bytes) return null;
      const start = opts?.range?.offset ?? 0;
      const slice = bytes.slice(start, opts?.range ? start + opts.range.length : undefined);
      return { size: bytes.length, arrayBuffer: async () => slice.buffer, json: async () => JSON.parse(new TextDecoder().decode(slice)) };
    },
  };
  return { DB, DATASETS } as unknown;
}

type FetchApp = { fetch(request: Request, env: unknown, ctx: unknown): Response | Promise<Response> };

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-request-id": "warmup" },
  body: JSON.stringify(body),
});

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

/**
 * Runs the warm-up requests; resolves to their statuses (for tests), never rejects. `globalScope`:
 * swap in the stand-in `Response` (only at start-up; handlers may create real ones).
 */
export async function warmUp(app: FetchApp, globalScope = true): Promise<number[]> {
  const host = globalThis as { Response: unknown };
  const real = host.Response;
  if (globalScope) {
    host.Response = StandInResponse;
    restoreResponse = () => {
      host.Response = real;
      restoreResponse = undefined;
    };
  }
  try {
    return await runWarmUp(app);
  } finally {
    if (globalScope) restoreResponse?.();
  }
}

/** Puts the real `Response` back while a start-up warm-up is still swapped in; otherwise nothing. */
let restoreResponse: (() => void) | undefined;

/**
 * Called first by every real request. The warm-up settles during module evaluation as long as it
 * meets only microtasks; should anything in it ever wait for more, the request still sees the real
 * `Response` (the rest of the warm-up then fails harmlessly).
 */
export function endWarmUp(): void {
  restoreResponse?.();
}

async function runWarmUp(app: FetchApp): Promise<number[]> {
  const env = fakeEnv();
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
  const answer = "Here it is:\n\n```python\ndef add(a, b):\n    # sum\n    return a + b\n```\n";
  const requests: [string, RequestInit?][] = [
    ["/v1/score", json({ dataset: DATASET, task: `python::${REPO}::add`, answer, mode: "official" })],
    ["/v1/score", json({ dataset: DATASET, task: `python::${REPO}::add`, answer, mode: "strict" })],
    ["/v1/score", json({ dataset: DATASET, task: `python::${REPO}::add`, answer, mode: "official", ignore_comments: true })],
    ["/v1/score", json({ dataset: DATASET })],
    ["/v1/metrics/bleu", json({ pairs: [{ reference: CODE[0], candidate: CODE[1] }] })],
    ["/v1", { headers: { "x-request-id": "warmup" } }],
    ["/", { headers: { "x-request-id": "warmup" } }],
    ["/models/warmup", { headers: { "x-request-id": "warmup" } }],
  ];
  const statuses: number[] = [];
  for (const [path, init] of requests) {
    try {
      const res = await app.fetch(new Request(`http://warmup.invalid${path}`, init), env, ctx);
      statuses.push(res.status);
    } catch {
      statuses.push(0);
    }
  }
  return statuses;
}
