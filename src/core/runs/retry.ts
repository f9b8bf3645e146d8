/**
 * Retrying model calls: classify a failure, decide whether and when to try again, and keep secrets
 * out of anything stored.
 *
 * Model calls go through the Vercel AI SDK, for OpenAI-compatible endpoints and for the Workers AI
 * binding alike, so almost every failure reaches us as an `APICallError`. Its own `isRetryable` is
 * not used: it retries 409, and it cannot tell "the prompt is too long" (a 400 that no retry will
 * fix, but that a run wants to report as its own kind) from any other 400.
 *
 * Everything here is pure apart from `withRetries`' timers, so a run can be replayed in tests with
 * an injected `sleep` and `random`.
 */
import { APICallError, RetryError } from "ai";

/** How hard to try one model call. */
export interface RetryPolicy {
  /** Calls made at most, the first included (values below 1 count as 1). */
  maxAttempts: number;
  /** Backoff before the first retry, before jitter; doubles per retry. */
  baseDelayMs: number;
  /** Ceiling of the exponential backoff, before jitter. */
  maxDelayMs: number;
  /** Limit on one attempt; a slow attempt is aborted and counts as a retryable timeout. */
  timeoutMs: number;
  /** Ceiling on a server's Retry-After, so one header cannot park a run for hours. */
  maxRetryAfterMs: number;
}

/**
 * Five attempts with 1 s, 2 s, 4 s, 8 s backoff (halved at worst by jitter) ride out a provider
 * restart or a burst of 429s; two minutes per attempt leaves room for a long-context prefill.
 */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  timeoutMs: 120_000,
  maxRetryAfterMs: 120_000,
};

export type FailureKind =
  | "timeout"
  | "rate_limited"
  | "server_error"
  | "network"
  | "context_exceeded"
  | "client_error"
  | "cancelled";

/** A failed call as a run records it. */
export interface Failure {
  kind: FailureKind;
  /** Whether another attempt could succeed. */
  retryable: boolean;
  /** The HTTP status, when the provider answered. */
  status?: number;
  /** What the server asked us to wait (Retry-After), uncapped; see {@link RetryPolicy.maxRetryAfterMs}. */
  retryAfterMs?: number;
  /** Short and meant for users; pass it through {@link redact} before storing it. */
  message: string;
}

/**
 * How providers word "the prompt does not fit": OpenAI, vLLM and Ollama ("maximum context length",
 * `context_length_exceeded`), llama.cpp server ("exceeds the available context size",
 * `exceed_context_size_error`), Anthropic-style proxies ("prompt is too long"), Workers AI
 * ("exceeded this model context window limit"). Exported so tests can pin the wording.
 */
export const CONTEXT_EXCEEDED =
  /context length|context window|context size|maximum context|context_length_exceeded|exceed_context_size|too many tokens|prompt is too long|input is too long|exceeds? the (?:model'?s )?(?:maximum|context)/i;

/**
 * Transport failures as fetch reports them in workerd ("Network connection lost."), Node/undici
 * ("fetch failed", with an errno in the cause) and browsers ("Failed to fetch", "NetworkError").
 * Matched on messages because these are plain `TypeError`s/`Error`s with no code to test.
 */
const NETWORK_WORDING =
  /fetch failed|failed to fetch|network|connection (?:lost|reset|refused|closed|error)|socket hang up|other side closed|ECONNRESET|ECONNREFUSED|ECONNABORTED|ETIMEDOUT|EPIPE|EAI_AGAIN|ENOTFOUND/i;

/** 413 and 422 included: some servers reject an over-long prompt as too large or unprocessable. */
const CONTEXT_STATUSES = new Set([400, 413, 422]);

const MESSAGE_LIMIT = 300;

/** Collapses whitespace (error bodies are often pretty-printed JSON or HTML) and cuts to a line. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MESSAGE_LIMIT ? `${flat.slice(0, MESSAGE_LIMIT)}…` : flat;
}

function messageOf(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return String(error);
}

function nameOf(error: unknown): string | undefined {
  // DOMException is not an Error subclass in every runtime, so look at the property.
  const name = error && typeof error === "object" ? (error as { name?: unknown }).name : undefined;
  return typeof name === "string" ? name : undefined;
}

/** The error and its causes, outermost first; bounded because `cause` chains can loop. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

function header(headers: Record<string, string | undefined> | Headers, name: string): string | undefined {
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && value !== undefined) return value;
  }
  return undefined;
}

const DECIMAL = /^\d+(?:\.\d+)?$/;
// All three HTTP-date forms (IMF-fixdate, RFC 850, asctime) open with a day name. Requiring it keeps
// Date.parse's leniency from reading "-5" or "10 apples" as a date.
const HTTP_DATE = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;

/**
 * How long the server asked us to wait, in milliseconds, or undefined when it did not say or said
 * something unusable (negative, a date in the past, garbage).
 *
 * `retry-after-ms` (sent by OpenAI and Azure) wins over `retry-after` because it is more precise;
 * `retry-after` is delta seconds, possibly fractional, or an HTTP date read relative to `now`.
 * Fractions round up so we never come back before we were told to. Not capped here: the cap is a
 * policy decision and applies in {@link withRetries}.
 */
export function parseRetryAfter(
  headers: Record<string, string | undefined> | Headers | undefined,
  now: number,
): number | undefined {
  if (!headers) return undefined;
  const ms = header(headers, "retry-after-ms")?.trim();
  if (ms && DECIMAL.test(ms)) {
    const value = Math.ceil(Number(ms));
    if (Number.isFinite(value)) return value;
  }
  const after = header(headers, "retry-after")?.trim();
  if (!after) return undefined;
  if (DECIMAL.test(after)) {
    const value = Math.ceil(Number(after) * 1000);
    return Number.isFinite(value) ? value : undefined;
  }
  if (!HTTP_DATE.test(after)) return undefined;
  const date = Date.parse(after);
  if (!Number.isFinite(date) || date < now) return undefined;
  return date - now;
}

function httpMessage(status: number, error: APICallError): string {
  const detail = snippet(error.responseBody || error.message);
  return detail ? `HTTP ${status} from provider: ${detail}` : `HTTP ${status} from provider`;
}

/**
 * What went wrong with one call, and whether trying again could help.
 *
 * Understands the AI SDK's `APICallError` (status, headers, body), its `RetryError` (classified by
 * its last error, in case a caller left the SDK's own retries on), DOMException timeouts and aborts
 * anywhere in the `cause` chain, and bare fetch/binding errors. `now` anchors a Retry-After date.
 *
 * An error nothing here recognises is a `client_error` that is not retried: it is most likely a
 * bug on our side or a response the provider would send again, and retrying would only multiply
 * cost and delay before the same failure.
 */
export function classifyFailure(error: unknown, now: number = Date.now()): Failure {
  if (RetryError.isInstance(error)) return classifyFailure(error.lastError, now);
  const chain = causeChain(error);

  // A fetch aborted by AbortSignal.timeout rejects with the signal's reason, a TimeoutError, and
  // a wrapper may keep it as a cause; an abort without that name means someone cancelled on purpose.
  const aborted = chain.find((e) => ["TimeoutError", "AbortError", "ResponseAborted"].includes(nameOf(e) ?? ""));
  if (nameOf(aborted) === "TimeoutError") {
    return { kind: "timeout", retryable: true, message: `timed out: ${snippet(messageOf(aborted))}` };
  }
  if (aborted !== undefined) return { kind: "cancelled", retryable: false, message: "cancelled" };

  const api = chain.find((e): e is APICallError => APICallError.isInstance(e));
  if (api) {
    const status = api.statusCode;
    // The Workers AI binding reports "context window" errors without a status, as do some proxies.
    if (
      (status === undefined || CONTEXT_STATUSES.has(status)) &&
      (CONTEXT_EXCEEDED.test(api.message) || CONTEXT_EXCEEDED.test(api.responseBody ?? ""))
    ) {
      const detail = snippet(api.responseBody || api.message);
      return {
        kind: "context_exceeded",
        retryable: false,
        ...(status === undefined ? {} : { status }),
        message:
          status === undefined
            ? `context window exceeded: ${detail}`
            : `context window exceeded (HTTP ${status}): ${detail}`,
      };
    }
    // No status means no response: the SDK wraps a failed fetch as "Cannot connect to API".
    if (status === undefined)
      return { kind: "network", retryable: true, message: `network error: ${snippet(api.message)}` };
    const retryAfterMs = parseRetryAfter(api.responseHeaders, now);
    const waited = retryAfterMs === undefined ? {} : { retryAfterMs };
    const message = httpMessage(status, api);
    if (status === 429) return { kind: "rate_limited", retryable: true, status, ...waited, message };
    if (status === 408) return { kind: "timeout", retryable: true, status, ...waited, message };
    if (status >= 500 && status <= 599) return { kind: "server_error", retryable: true, status, ...waited, message };
    if (status >= 400 && status <= 499) return { kind: "client_error", retryable: false, status, message };
    // 2xx/3xx here means a body the SDK could not use (an HTML login page, a truncated stream):
    // a configuration problem that repeats, so it fails the call instead of retrying it.
    return { kind: "server_error", retryable: false, status, message };
  }

  const text = messageOf(error);
  if (CONTEXT_EXCEEDED.test(text))
    return { kind: "context_exceeded", retryable: false, message: `context window exceeded: ${snippet(text)}` };
  const transport = chain.find((e) => NETWORK_WORDING.test(messageOf(e)));
  if (transport !== undefined) return { kind: "network", retryable: true, message: `network error: ${snippet(text)}` };
  const name = nameOf(error);
  return {
    kind: "client_error",
    retryable: false,
    message: snippet(name && name !== "Error" ? `${name}: ${text}` : text),
  };
}

/**
 * The wait before retry `attempt` (1 for the first retry) when the server gave no Retry-After:
 * exponential, capped at `maxDelayMs`, with "equal jitter" (half fixed, half random). The fixed
 * half guarantees real backoff; the random half spreads out the many runs that a provider outage
 * fails at the same moment, so they do not all come back together.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  return ceiling / 2 + random() * (ceiling / 2);
}

const CANCELLED: Failure = { kind: "cancelled", retryable: false, message: "cancelled" };

/** Resolves after `ms`, or as soon as `signal` aborts, so a cancelled run never sits out a backoff. */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Settles with `promise`, or rejects with the signal's reason when it aborts first. A call that
 * ignores its signal (not every binding or SDK path honours one) still cannot outlive its timeout.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Calls `call` until it succeeds, fails in a way retrying cannot fix, or `policy.maxAttempts` calls
 * have been made. Never throws for a failed call: the result carries the last failure and the
 * number of calls made (`attempts`), which a run stores with the sample. Errors thrown by `onRetry`
 * do propagate, since they are the caller's own.
 *
 * Each attempt gets a fresh `AbortSignal.timeout(policy.timeoutMs)`, combined with `hooks.signal`;
 * which of the two fired decides between a retryable `timeout` and a final `cancelled`, whatever
 * error the call surfaced. The wait before a retry is the server's Retry-After when it sent one
 * (capped at `maxRetryAfterMs`, never shortened by jitter), else {@link backoffDelay}. There is no
 * wait after the last attempt.
 *
 * `hooks.sleep` and `hooks.random` exist for tests; the default sleep wakes as soon as
 * `hooks.signal` aborts.
 */
export async function withRetries<T>(
  call: (signal: AbortSignal, attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: {
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
    onRetry?: (failure: Failure, attempt: number, delayMs: number) => void | Promise<void>;
    signal?: AbortSignal;
  } = {},
): Promise<{ ok: true; value: T; attempts: number } | { ok: false; failure: Failure; attempts: number }> {
  const cancel = hooks.signal;
  const sleep = hooks.sleep ?? ((ms: number) => sleepUnlessAborted(ms, cancel));
  const maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));

  for (let attempt = 1; ; attempt++) {
    if (cancel?.aborted) return { ok: false, failure: CANCELLED, attempts: attempt - 1 };
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
    let failure: Failure;
    try {
      const value = await untilAborted(
        Promise.resolve().then(() => call(signal, attempt)),
        signal,
      );
      return { ok: true, value, attempts: attempt };
    } catch (error) {
      if (cancel?.aborted) failure = CANCELLED;
      else if (timeout.aborted)
        failure = { kind: "timeout", retryable: true, message: `timed out after ${policy.timeoutMs} ms` };
      else failure = classifyFailure(error, Date.now());
    }
    if (!failure.retryable || attempt >= maxAttempts) return { ok: false, failure, attempts: attempt };

    const delayMs =
      failure.retryAfterMs === undefined
        ? backoffDelay(attempt, policy, hooks.random)
        : Math.min(failure.retryAfterMs, policy.maxRetryAfterMs);
    await hooks.onRetry?.(failure, attempt, delayMs);
    await sleep(delayMs);
  }
}

/** Longest reason kept per attempt: the failure messages are snippets already, plus their prefix. */
const REASON_LIMIT = 400;

/**
 * One failed model call as a sample stores it, in its `detail.attempts` (snake_case like the rest of
 * the stored detail). A run makes at most `maxAttempts` calls per sample, so the list is bounded.
 */
export interface AttemptRecord {
  /** 1 for the first call. */
  attempt: number;
  kind: FailureKind;
  /** The HTTP status, when the provider answered. */
  status?: number;
  /** The failure's public message, redacted and capped at {@link REASON_LIMIT} characters. */
  reason: string;
  retryable: boolean;
  /** The wait before the next attempt; null after the last one. */
  delay_ms: number | null;
}

/** The stored form of attempt `attempt`'s `failure`, with `secrets` redacted from its reason. */
export function attemptRecord(
  failure: Failure,
  attempt: number,
  delayMs: number | null,
  secrets: readonly (string | undefined)[],
): AttemptRecord {
  const reason = redact(failure.message, secrets);
  return {
    attempt,
    kind: failure.kind,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    reason: reason.length > REASON_LIMIT ? `${reason.slice(0, REASON_LIMIT)}…` : reason,
    retryable: failure.retryable,
    delay_ms: delayMs === null ? null : Math.round(delayMs),
  };
}

/**
 * Replaces every occurrence of each secret with "[redacted]". Provider error bodies sometimes echo
 * the API key they rejected, and failure messages are stored and shown, so callers pass their keys
 * through here first. Secrets shorter than 4 characters are skipped: they would shred ordinary text
 * and are not real keys. Longer secrets go first so one that contains another is removed whole.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const usable = secrets
    .filter((s): s is string => typeof s === "string" && s.length >= 4)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of usable) out = out.split(secret).join("[redacted]");
  return out;
}
