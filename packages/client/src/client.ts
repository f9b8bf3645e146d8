/**
 * The needlework client: one class over `fetch` (Node 20+, browsers, Cloudflare Workers; no Node
 * built-in), typed from the service's OpenAPI document. Every call that gets an answer other than
 * 2xx throws a NeedleworkError carrying the problem document (status, title, detail).
 *
 * The token (the ADMIN_TOKEN secret or a named token of POST /v1/tokens) is sent only on the calls
 * that need a role (creating runs, tokens, imports, deletions): a public read never carries it, so a
 * token of another instance cannot turn a read into a 401.
 */
import { jsonLinesOf } from "./lines.js";
import { NeedleworkError, errorOf } from "./problem.js";
import { resumeSubmission, submitOutputs, type SubmitOptions } from "./parts.js";
import { sseEvents, type SseEvent } from "./sse.js";
import type {
  BenchmarkInfo,
  Cap,
  CreatedToken,
  DatasetManifest,
  DatasetSummary,
  ExportFormat,
  ExportLines,
  ExportQuery,
  Health,
  LeaderboardImport,
  LeaderboardImportResult,
  PartsRunRequest,
  Run,
  RunOutputsParts,
  RunOutputsPartStored,
  RunProgress,
  RunRequest,
  RunResults,
  SubmitOutputsRequest,
  SubmittedOutput,
  Token,
  TokenRequest,
  UnitBatchScoreRequest,
  UnitBatchScoreResult,
  UnitPage,
  UnitPrompt,
  UnitRow,
  UnitScoreRequest,
  UnitScoreResult,
  UnitsQuery,
} from "./types.js";

export interface NeedleworkOptions {
  /** The instance, e.g. `http://127.0.0.1:8787` (npm start) or a deployed Worker's origin. */
  baseUrl: string;
  /** A token for the calls that need a role: the instance's ADMIN_TOKEN or a named token (admin or submitter). */
  token?: string;
  /** The fetch to call (default: the global one); e.g. a Worker's service binding's `fetch`. */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The message of the error a call that needs a token throws when none was given. */
  missingToken?: string;
}

export interface CallOptions {
  /** Send the token (the call needs a role). */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * Whether a request failed on a kept-alive connection the server had already closed, before any
 * answer (Node's fetch reports EPIPE, ECONNRESET or a closed socket): the request was written to a
 * dead socket and never read, so it is sent again once, whatever its method. Browsers and Workers
 * never report these codes.
 */
function isStaleConnection(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return err instanceof TypeError && (code === "EPIPE" || code === "ECONNRESET" || code === "UND_ERR_SOCKET");
}

/** `/a/{x}/b` with each part percent-encoded (unit ids hold `:`, `/`, `@`). */
const segment = (s: string) => encodeURIComponent(s);

/** A query string of `params` (arrays repeated, undefined left out, objects as JSON). */
function queryString(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value])
      q.append(key, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** A `max` as a count (none: no cap); anything but a whole number of at least 0 is the caller's mistake. */
function capOf(max: number | undefined): number {
  if (max === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`max must be a whole number of units, got ${max}`);
  return max;
}

/** The page size to ask for: `limit` (the service's default without one), never more than the units still wanted. */
function pageSize(limit: number | undefined, left: number): number | undefined {
  if (left === Number.POSITIVE_INFINITY) return limit;
  return Math.max(1, Math.min(limit ?? 100, left));
}

/** The `after` of a `Link: <…>; rel="next"` header (the export's next page), or undefined. */
function nextAfter(link: string | null): string | undefined {
  const m = link && /<([^>]*)>\s*;\s*rel="?next"?/i.exec(link);
  if (!m) return undefined;
  return new URL(m[1], "http://x").searchParams.get("after") ?? undefined;
}

export class Needlework {
  /** The instance's origin, without a trailing slash. */
  readonly url: string;
  private readonly token?: string;
  private readonly fetchFn: typeof fetch;
  private readonly headers: Record<string, string>;
  private readonly missingToken: string;

  constructor(opts: NeedleworkOptions) {
    this.url = opts.baseUrl.replace(/\/+$/, "");
    this.token = opts.token || undefined;
    // Bound: a method of `globalThis` called on another object throws "Illegal invocation" in browsers and Workers.
    const f = opts.fetch ?? globalThis.fetch;
    this.fetchFn = (input, init) => f(input, init);
    this.headers = opts.headers ?? {};
    this.missingToken =
      opts.missingToken ?? "This call needs a token: pass `token` (an admin or submitter token of the instance).";
  }

  // ---- the low level: any route ------------------------------------------------------------

  /** The answer to `method path` as it comes (any status), the body JSON when given. */
  async fetch(
    method: string,
    path: string,
    body?: unknown,
    opts: CallOptions & { accept?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (opts.accept) headers.accept = opts.accept;
    if (body !== undefined) headers["content-type"] = "application/json";
    if (opts.auth) {
      if (!this.token) throw new Error(this.missingToken);
      headers.authorization = `Bearer ${this.token}`;
    }
    const init: RequestInit = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: opts.signal,
    };
    const url = `${this.url}${path}`;
    return this.fetchFn(url, init).catch((err: unknown) => {
      if (!isStaleConnection(err)) throw err;
      return this.fetchFn(url, init); // once, on a fresh connection
    });
  }

  /** `method path` answered with JSON; a NeedleworkError for anything but a 2xx. */
  async request<T = unknown>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
    const res = await this.fetch(method, path, body, opts);
    if (!res.ok) throw await errorOf(res);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  // ---- the service ----------------------------------------------------------------------------

  health(): Promise<Health> {
    return this.request("GET", "/v1/health");
  }

  /** Every hosted benchmark, with its ready datasets. */
  async benchmarks(): Promise<BenchmarkInfo[]> {
    return (await this.request<{ benchmarks: BenchmarkInfo[] }>("GET", "/v1/benchmarks")).benchmarks;
  }

  async datasets(): Promise<DatasetSummary[]> {
    return (await this.request<{ datasets: DatasetSummary[] }>("GET", "/v1/datasets")).datasets;
  }

  dataset(id: string): Promise<DatasetManifest> {
    return this.request("GET", `/v1/datasets/${segment(id)}`);
  }

  /** Deletes a dataset (admin). */
  deleteDataset(id: string): Promise<unknown> {
    return this.request("DELETE", `/v1/datasets/${segment(id)}`, undefined, { auth: true });
  }

  // ---- units, prompts, scores -------------------------------------------------------------------

  private unitsPath(benchmark: string, dataset: string, rest = "") {
    return `/v1/benchmarks/${segment(benchmark)}/datasets/${segment(dataset)}${rest}`;
  }

  /** One page of the units a run of `benchmark` over `dataset` covers, in run order (`after`: the previous page's `next`). */
  units(
    benchmark: string,
    dataset: string,
    query: UnitsQuery & { after?: string } = {},
    opts: CallOptions = {},
  ): Promise<UnitPage> {
    return this.request("GET", this.unitsPath(benchmark, dataset, `/units${queryString(query)}`), undefined, opts);
  }

  /** Every unit, page after page (`limit` units a page); with `max`, the first `max` units only. */
  async *allUnits(
    benchmark: string,
    dataset: string,
    query: UnitsQuery & Cap = {},
    opts: CallOptions = {},
  ): AsyncGenerator<UnitRow> {
    const { max, ...filters } = query;
    let left = capOf(max);
    let after: string | undefined;
    if (left === 0) return;
    do {
      const limit = pageSize(filters.limit, left);
      const page = await this.units(benchmark, dataset, { ...filters, limit, after }, opts);
      for (const unit of page.units.slice(0, left)) yield unit;
      left -= page.units.length;
      after = page.next ?? undefined;
    } while (after && left > 0);
  }

  /** A unit's exact prompt (messages, prefill, max_tokens, token count). */
  prompt(
    benchmark: string,
    dataset: string,
    unit: string,
    query: { options?: Record<string, unknown> } = {},
    opts: CallOptions = {},
  ): Promise<UnitPrompt> {
    return this.request(
      "GET",
      this.unitsPath(benchmark, dataset, `/units/${segment(unit)}/prompt${queryString(query)}`),
      undefined,
      opts,
    );
  }

  /** One output scored by the benchmark's own scorer (the function a run uses). */
  score(request: UnitScoreRequest, opts: CallOptions = {}): Promise<UnitScoreResult> {
    return this.request("POST", "/v1/score", request, opts);
  }

  /** Up to 100 outputs of one dataset scored at once, with pass@1 per language. */
  scoreBatch(request: UnitBatchScoreRequest, opts: CallOptions = {}): Promise<UnitBatchScoreResult> {
    return this.request("POST", "/v1/score/batch", request, opts);
  }

  /**
   * The dataset's export, every unit one line (`jsonl`: its prompt; `promptfoo`: a test case;
   * `inspect`: an inspect_ai sample), streamed: one request per `limit` units (100 by default), each
   * read a line at a time; with `max`, the first `max` units only.
   */
  async *export<F extends ExportFormat = "jsonl">(
    benchmark: string,
    dataset: string,
    query: ExportQuery<F> & Cap = {},
    opts: CallOptions = {},
  ): AsyncGenerator<ExportLines[F]> {
    const { max, ...filters } = query;
    let left = capOf(max);
    let after: string | undefined;
    if (left === 0) return;
    do {
      const limit = pageSize(filters.limit, left);
      const res = await this.fetch(
        "GET",
        this.unitsPath(benchmark, dataset, `/export${queryString({ ...filters, limit, after })}`),
        undefined,
        { ...opts, accept: "application/x-ndjson" },
      );
      if (!res.ok) throw await errorOf(res);
      after = nextAfter(res.headers.get("link"));
      if (!res.body) throw new NeedleworkError(res.status, undefined, "the export's answer has no body");
      for await (const line of jsonLinesOf<ExportLines[F]>(res.body)) {
        if (left-- <= 0) break; // stops reading (and cancels) the body
        yield line;
      }
    } while (after && left > 0);
  }

  // ---- runs ---------------------------------------------------------------------------------------

  /** Starts a run of a model over a dataset (a submitter or admin token). */
  createRun(request: RunRequest, opts: CallOptions = {}): Promise<Run> {
    return this.request("POST", "/v1/runs", request, { ...opts, auth: true });
  }

  /**
   * Scores outputs a harness already produced into a run: no model is called (a submitter or admin
   * token). Outputs within one part's JSON (`partBytes`, 4 MiB by default) and 5,000 go in one body;
   * more go in parts (a `receiving` run, then every part), and the run is answered once the last
   * part started it. A 429 is waited out (its Retry-After); `onRun` hears a run in parts' id as
   * soon as there is one, which `resumeSubmission` takes up after an interruption.
   */
  submitOutputs(request: SubmitOutputsRequest, opts: SubmitOptions = {}): Promise<Run> {
    return submitOutputs(this, request, opts);
  }

  /** Creates a run whose outputs come in `parts`: status `receiving` until the last part is in. */
  createPartsRun(request: PartsRunRequest, opts: CallOptions = {}): Promise<Run> {
    return this.request("POST", "/v1/runs", request, { ...opts, auth: true });
  }

  /**
   * Sends part `part` (1 … parts) of a run in parts: 201 stored, 200 already stored with the same
   * outputs (`stored: false`); a NeedleworkError 409 (stored with other outputs), 422 (a unit the
   * dataset lacks or one already in another part, or no such part), 413 (beyond the bounds).
   */
  putPart(
    runId: string,
    part: number,
    outputs: SubmittedOutput[],
    opts: CallOptions = {},
  ): Promise<RunOutputsPartStored> {
    return this.request("PUT", `/v1/runs/${segment(runId)}/outputs/${part}`, { outputs }, { ...opts, auth: true });
  }

  /** Which parts of a run in parts are in and which are `missing`. */
  parts(runId: string, opts: CallOptions = {}): Promise<RunOutputsParts> {
    return this.request("GET", `/v1/runs/${segment(runId)}/outputs`, undefined, opts);
  }

  /**
   * Takes up a submission in parts that stopped half-way: asks which parts of `runId` are in and
   * sends only the missing ones, split from the same `outputs` with the same `partBytes` as when it
   * was created (else a RangeError before anything is sent). 429s are waited out. The run.
   */
  resumeSubmission(runId: string, outputs: readonly SubmittedOutput[], opts: SubmitOptions = {}): Promise<Run> {
    return resumeSubmission(this, runId, outputs, opts);
  }

  run(id: string, opts: CallOptions = {}): Promise<Run> {
    return this.request("GET", `/v1/runs/${segment(id)}`, undefined, opts);
  }

  runResults(id: string, opts: CallOptions = {}): Promise<RunResults> {
    return this.request("GET", `/v1/runs/${segment(id)}/results`, undefined, opts);
  }

  /** Cancels a run (admin). */
  cancelRun(id: string, opts: CallOptions = {}): Promise<Run> {
    return this.request("POST", `/v1/runs/${segment(id)}/cancel`, undefined, { ...opts, auth: true });
  }

  /** The run's events (`progress`, then `done`), reconnecting when the stream closes before `done`. */
  runEvents(id: string, opts: { signal?: AbortSignal } = {}): AsyncGenerator<SseEvent> {
    return sseEvents(`${this.url}/v1/runs/${segment(id)}/events`, {
      signal: opts.signal,
      fetch: this.fetchFn,
      headers: this.headers,
    });
  }

  /** Follows the run to its end; `onProgress` sees each progress event. The final progress. */
  async waitForRun(
    id: string,
    opts: { signal?: AbortSignal; onProgress?: (p: RunProgress) => void } = {},
  ): Promise<RunProgress> {
    for await (const event of this.runEvents(id, opts)) {
      if (event.event !== "progress" && event.event !== "done") continue;
      const progress = JSON.parse(event.data) as RunProgress;
      opts.onProgress?.(progress);
      if (event.event === "done") return progress;
    }
    throw new Error(
      opts.signal?.aborted ? "stopped following the run (aborted)" : `the events of ${id} ended without done`,
    );
  }

  // ---- tokens and the leaderboard (admin) -----------------------------------------------------------

  createToken(request: TokenRequest, opts: CallOptions = {}): Promise<CreatedToken> {
    return this.request("POST", "/v1/tokens", request, { ...opts, auth: true });
  }

  async tokens(opts: CallOptions = {}): Promise<Token[]> {
    return (await this.request<{ tokens: Token[] }>("GET", "/v1/tokens", undefined, { ...opts, auth: true })).tokens;
  }

  async revokeToken(id: string, opts: CallOptions = {}): Promise<Token> {
    return (
      await this.request<{ revoked: Token }>("DELETE", `/v1/tokens/${segment(id)}`, undefined, { ...opts, auth: true })
    ).revoked;
  }

  /** Imports a benchmark's published results (a reference's file) into the leaderboard. */
  importLeaderboard(request: LeaderboardImport, opts: CallOptions = {}): Promise<LeaderboardImportResult> {
    return this.request("POST", "/v1/leaderboard/import", request, { ...opts, auth: true });
  }
}
