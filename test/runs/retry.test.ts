import { APICallError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import {
  CONTEXT_EXCEEDED,
  DEFAULT_RETRY,
  type Failure,
  type RetryPolicy,
  backoffDelay,
  classifyFailure,
  parseRetryAfter,
  redact,
  withRetries,
} from "../../src/core/runs/retry";

const NOW = Date.UTC(2025, 9, 21, 7, 28, 0); // Tue, 21 Oct 2025 07:28:00 GMT

function apiError(
  statusCode: number | undefined,
  responseBody?: string,
  responseHeaders?: Record<string, string>,
  cause?: unknown,
) {
  return new APICallError({
    message:
      statusCode === undefined ? "Cannot connect to API: fetch failed" : `Request failed with status ${statusCode}`,
    url: "https://llm.example/v1/chat/completions",
    requestBodyValues: { model: "m" },
    statusCode,
    responseHeaders,
    responseBody,
    cause,
  });
}

/** A policy whose timers never matter: tests inject sleep, and attempts fail fast. */
const FAST: RetryPolicy = { ...DEFAULT_RETRY, timeoutMs: 10_000 };

/** A sleep that only records what it was asked to wait. */
function recordingSleep() {
  const slept: number[] = [];
  return { slept, sleep: async (ms: number) => void slept.push(ms) };
}

/** A call that fails with each given error in turn, then returns "done". */
function scripted(errors: unknown[]) {
  const seen: number[] = [];
  const call = async (_signal: AbortSignal, attempt: number) => {
    seen.push(attempt);
    if (attempt <= errors.length) throw errors[attempt - 1];
    return "done";
  };
  return { seen, call };
}

describe("DEFAULT_RETRY", () => {
  it("is the documented policy", () => {
    expect(DEFAULT_RETRY).toEqual({
      maxAttempts: 5,
      baseDelayMs: 1000,
      maxDelayMs: 30000,
      timeoutMs: 120000,
      maxRetryAfterMs: 120000,
    });
  });
});

describe("classifyFailure", () => {
  it("treats 429 as rate limited and retryable, with the server's Retry-After", () => {
    const f = classifyFailure(apiError(429, '{"error":"slow down"}', { "Retry-After": "7" }), NOW);
    expect(f).toEqual({
      kind: "rate_limited",
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
      message: 'HTTP 429 from provider: {"error":"slow down"}',
    });
  });

  it("treats 500, 503 and 599 as retryable server errors", () => {
    for (const status of [500, 503, 599]) {
      const f = classifyFailure(apiError(status, "upstream overloaded"), NOW);
      expect(f).toMatchObject({
        kind: "server_error",
        retryable: true,
        status,
        message: `HTTP ${status} from provider: upstream overloaded`,
      });
      expect(f.retryAfterMs).toBeUndefined();
    }
  });

  it("keeps a 503's Retry-After", () => {
    expect(classifyFailure(apiError(503, "", { "retry-after": "2" }), NOW).retryAfterMs).toBe(2000);
  });

  it("falls back to the error message when the body is empty, and cuts long bodies to 300 characters", () => {
    expect(classifyFailure(apiError(502, ""), NOW).message).toBe(
      "HTTP 502 from provider: Request failed with status 502",
    );
    const long = `<html>\n  <body>${"x".repeat(1000)}</body>\n</html>`;
    const message = classifyFailure(apiError(502, long), NOW).message;
    expect(message.startsWith("HTTP 502 from provider: <html> <body>xxx")).toBe(true);
    expect(message.length).toBe("HTTP 502 from provider: ".length + 300 + 1);
  });

  it("treats 408 as a retryable timeout", () => {
    expect(classifyFailure(apiError(408, "request timeout"), NOW)).toMatchObject({
      kind: "timeout",
      retryable: true,
      status: 408,
    });
  });

  it("does not retry 401, 403, 404 or 409", () => {
    for (const status of [401, 403, 404, 409]) {
      const f = classifyFailure(apiError(status, '{"error":"invalid api key"}'), NOW);
      expect(f).toEqual({
        kind: "client_error",
        retryable: false,
        status,
        message: `HTTP ${status} from provider: {"error":"invalid api key"}`,
      });
    }
  });

  it("does not retry a 400 that is not about context length", () => {
    expect(classifyFailure(apiError(400, '{"error":"unknown field temperature2"}'), NOW)).toMatchObject({
      kind: "client_error",
      retryable: false,
      status: 400,
    });
  });

  it("recognises context-length wording in a 400 body (OpenAI/vLLM style)", () => {
    const body = JSON.stringify({
      error: {
        message: "This model's maximum context length is 32768 tokens. However, you requested 40000 tokens.",
        code: "context_length_exceeded",
      },
    });
    const f = classifyFailure(apiError(400, body), NOW);
    expect(f.kind).toBe("context_exceeded");
    expect(f.retryable).toBe(false);
    expect(f.status).toBe(400);
    expect(f.message).toContain("maximum context length is 32768");
  });

  it("recognises context-length wording on 413 and 422, and in the message when the body is empty", () => {
    expect(classifyFailure(apiError(413, "prompt is too long: 210000 tokens > 200000 maximum"), NOW).kind).toBe(
      "context_exceeded",
    );
    expect(classifyFailure(apiError(422, "Input is too long for this model"), NOW).kind).toBe("context_exceeded");
    const inMessage = new APICallError({
      message: "Too many tokens in the request",
      url: "u",
      requestBodyValues: {},
      statusCode: 400,
    });
    expect(classifyFailure(inMessage, NOW).kind).toBe("context_exceeded");
  });

  it("does not read context wording into a 500 or a 401", () => {
    expect(classifyFailure(apiError(500, "context window cache failed"), NOW).kind).toBe("server_error");
    expect(classifyFailure(apiError(401, "context window"), NOW).kind).toBe("client_error");
  });

  it("recognises a Workers AI binding context error, which has no status", () => {
    const binding = new APICallError({
      message:
        "5021: The estimated number of input and maximum output tokens (40000) exceeded this model context window limit (32768).",
      url: "workers-ai:binding/run/@cf/qwen/qwen2.5-coder-32b-instruct",
      requestBodyValues: {},
      responseBody:
        "5021: The estimated number of input and maximum output tokens (40000) exceeded this model context window limit (32768).",
    });
    expect(classifyFailure(binding, NOW)).toMatchObject({ kind: "context_exceeded", retryable: false });
    expect(classifyFailure(binding, NOW).status).toBeUndefined();
    // And the raw binding error, before the provider wraps it.
    expect(classifyFailure(new Error("AiError: Input exceeds the model's maximum input length"), NOW).kind).toBe(
      "context_exceeded",
    );
  });

  it("pins the context wording it matches and some it must not", () => {
    for (const text of [
      "context length exceeded",
      "maximum context length is 8192",
      "context_length_exceeded",
      "request (40000 tokens) exceeds the available context size (32768 tokens), try increasing it", // llama.cpp
      "exceed_context_size_error",
      "Input is too long for requested model.",
      "prompt exceeds the maximum",
      "exceeds the model's maximum",
    ]) {
      expect(CONTEXT_EXCEEDED.test(text), text).toBe(true);
    }
    for (const text of ["invalid api key", "rate limit exceeded", "model not found", "max_tokens must be positive"]) {
      expect(CONTEXT_EXCEEDED.test(text), text).toBe(false);
    }
  });

  it("treats a DOMException TimeoutError as a retryable timeout", () => {
    const f = classifyFailure(new DOMException("The operation was aborted due to timeout", "TimeoutError"), NOW);
    expect(f).toEqual({
      kind: "timeout",
      retryable: true,
      message: "timed out: The operation was aborted due to timeout",
    });
  });

  it("treats an error caused by a TimeoutError as a timeout", () => {
    const wrapped = apiError(undefined, undefined, undefined, new DOMException("timed out", "TimeoutError"));
    expect(classifyFailure(wrapped, NOW).kind).toBe("timeout");
    expect(
      classifyFailure(new Error("stream failed", { cause: new DOMException("t", "TimeoutError") }), NOW).kind,
    ).toBe("timeout");
  });

  it("treats an AbortError as a final cancellation", () => {
    expect(classifyFailure(new DOMException("The operation was aborted", "AbortError"), NOW)).toEqual({
      kind: "cancelled",
      retryable: false,
      message: "cancelled",
    });
  });

  it("treats fetch's TypeErrors as retryable network failures", () => {
    for (const error of [
      new TypeError("fetch failed"),
      new Error("Network connection lost."),
      new TypeError("Failed to fetch"),
    ]) {
      const f = classifyFailure(error, NOW);
      expect(f.kind, error.message).toBe("network");
      expect(f.retryable).toBe(true);
      expect(f.status).toBeUndefined();
    }
    expect(classifyFailure(new TypeError("fetch failed", { cause: new Error("read ECONNRESET") }), NOW).message).toBe(
      "network error: fetch failed",
    );
  });

  it("treats an APICallError without a status as a network failure", () => {
    expect(classifyFailure(apiError(undefined, undefined, undefined, new TypeError("fetch failed")), NOW)).toEqual({
      kind: "network",
      retryable: true,
      message: "network error: Cannot connect to API: fetch failed",
    });
  });

  it("classifies the AI SDK's RetryError by its last error", () => {
    const error = new RetryError({
      message: "Failed after 3 attempts",
      reason: "maxRetriesExceeded",
      errors: [apiError(503), apiError(401, "bad key")],
    });
    expect(classifyFailure(error, NOW)).toMatchObject({ kind: "client_error", status: 401 });
  });

  it("does not retry an error it does not recognise", () => {
    expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'text')"), NOW)).toEqual({
      kind: "client_error",
      retryable: false,
      message: "TypeError: Cannot read properties of undefined (reading 'text')",
    });
    expect(classifyFailure("boom", NOW)).toMatchObject({ kind: "client_error", retryable: false, message: "boom" });
  });
});

describe("parseRetryAfter", () => {
  it("reads delta seconds, fractional ones too, rounding up to whole milliseconds", () => {
    expect(parseRetryAfter({ "retry-after": "30" }, NOW)).toBe(30_000);
    expect(parseRetryAfter({ "retry-after": "1.5" }, NOW)).toBe(1500);
    expect(parseRetryAfter({ "retry-after": "0.0001" }, NOW)).toBe(1);
    expect(parseRetryAfter({ "retry-after": "0" }, NOW)).toBe(0);
  });

  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter({ "retry-after": "Tue, 21 Oct 2025 07:28:45 GMT" }, NOW)).toBe(45_000);
    expect(parseRetryAfter({ "retry-after": "Tuesday, 21-Oct-25 07:30:00 GMT" }, NOW)).toBe(120_000);
  });

  it("prefers retry-after-ms, and falls back to retry-after when it is garbage", () => {
    expect(parseRetryAfter({ "retry-after": "30", "retry-after-ms": "250" }, NOW)).toBe(250);
    expect(parseRetryAfter({ "retry-after": "30", "retry-after-ms": "soon" }, NOW)).toBe(30_000);
  });

  it("ignores header-name case, and reads Headers objects", () => {
    expect(parseRetryAfter({ "Retry-After": "3" }, NOW)).toBe(3000);
    expect(parseRetryAfter({ "RETRY-AFTER-MS": "42" }, NOW)).toBe(42);
    expect(parseRetryAfter(new Headers({ "Retry-After": "4" }), NOW)).toBe(4000);
    expect(parseRetryAfter(new Headers({ "Retry-After-Ms": "5" }), NOW)).toBe(5);
  });

  it("gives undefined for negative, past, garbage or missing values", () => {
    expect(parseRetryAfter({ "retry-after": "-5" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after-ms": "-5" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "soon" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "10 apples" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "12/31/2099" }, NOW)).toBeUndefined(); // a date, but not an HTTP date
    expect(parseRetryAfter({ "retry-after": "Mon, 20 Oct 2025 07:28:00 GMT" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "" }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": undefined }, NOW)).toBeUndefined();
    expect(parseRetryAfter({}, NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, baseDelayMs: 1000, maxDelayMs: 30_000 };

  it("doubles per retry, with equal jitter between half and all of the step", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy, () => 0.999))).toEqual([999.5, 1999, 3998, 7996]);
  });

  it("stays within [d/2, d) for any random value", () => {
    for (const n of [1, 2, 3, 5, 8]) {
      const d = Math.min(30_000, 1000 * 2 ** (n - 1));
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const delay = backoffDelay(n, policy, () => r);
        expect(delay).toBeGreaterThanOrEqual(d / 2);
        expect(delay).toBeLessThan(d);
      }
    }
  });

  it("is capped at maxDelayMs, even for absurd retry numbers", () => {
    expect(backoffDelay(6, policy, () => 0)).toBe(15_000); // 32 s capped to 30 s
    expect(backoffDelay(6, policy, () => 0.999)).toBe(29_985);
    expect(backoffDelay(5000, policy, () => 0.999)).toBe(29_985);
  });
});

describe("withRetries", () => {
  it("succeeds after two 503s, sleeping the jittered backoff between attempts", async () => {
    const { seen, call } = scripted([apiError(503, "busy"), apiError(503, "busy")]);
    const { slept, sleep } = recordingSleep();
    const retries: [Failure["kind"], number, number][] = [];
    const result = await withRetries(call, FAST, {
      sleep,
      random: () => 0.5,
      onRetry: (failure, attempt, delayMs) => void retries.push([failure.kind, attempt, delayMs]),
    });
    expect(result).toEqual({ ok: true, value: "done", attempts: 3 });
    expect(seen).toEqual([1, 2, 3]);
    expect(slept).toEqual([750, 1500]);
    expect(retries).toEqual([
      ["server_error", 1, 750],
      ["server_error", 2, 1500],
    ]);
  });

  it("waits what Retry-After says instead of the backoff, capped at maxRetryAfterMs", async () => {
    const { call } = scripted([
      apiError(429, "", { "retry-after": "7" }),
      apiError(429, "", { "retry-after-ms": "1234" }),
      apiError(429, "", { "retry-after": "3600" }),
    ]);
    const { slept, sleep } = recordingSleep();
    const result = await withRetries(call, { ...FAST, maxRetryAfterMs: 60_000 }, { sleep, random: () => 0 });
    expect(result).toEqual({ ok: true, value: "done", attempts: 4 });
    expect(slept).toEqual([7000, 1234, 60_000]);
  });

  it("gives up after maxAttempts, returning the last failure, without sleeping after the last", async () => {
    const errors = [apiError(500, "one"), apiError(502, "two"), apiError(503, "three")];
    const { seen, call } = scripted([...errors, ...errors]);
    const { slept, sleep } = recordingSleep();
    const result = await withRetries(call, { ...FAST, maxAttempts: 3 }, { sleep, random: () => 0 });
    expect(result).toEqual({
      ok: false,
      attempts: 3,
      failure: { kind: "server_error", retryable: true, status: 503, message: "HTTP 503 from provider: three" },
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(slept).toEqual([500, 1000]);
  });

  it("stops at once on a 400", async () => {
    const { seen, call } = scripted([apiError(400, "bad request")]);
    const { slept, sleep } = recordingSleep();
    const result = await withRetries(call, FAST, { sleep });
    expect(result).toMatchObject({
      ok: false,
      attempts: 1,
      failure: { kind: "client_error", status: 400, retryable: false },
    });
    expect(seen).toEqual([1]);
    expect(slept).toEqual([]);
  });

  it("stops at once when the context is exceeded", async () => {
    const { seen, call } = scripted([apiError(400, "This model's maximum context length is 8192 tokens")]);
    const { slept, sleep } = recordingSleep();
    const result = await withRetries(call, FAST, { sleep });
    expect(result).toMatchObject({ ok: false, attempts: 1, failure: { kind: "context_exceeded" } });
    expect(seen).toEqual([1]);
    expect(slept).toEqual([]);
  });

  it("retries network failures and a call that throws synchronously", async () => {
    const { seen, call } = scripted([new TypeError("fetch failed")]);
    const { slept, sleep } = recordingSleep();
    expect(await withRetries(call, FAST, { sleep, random: () => 0 })).toEqual({ ok: true, value: "done", attempts: 2 });
    expect(slept).toEqual([500]);
    expect(seen).toEqual([1, 2]);
    const sync = ((_signal: AbortSignal) => {
      throw new Error("Network connection lost.");
    }) as (signal: AbortSignal) => Promise<never>;
    expect(await withRetries(sync, { ...FAST, maxAttempts: 2 }, { sleep })).toMatchObject({
      ok: false,
      attempts: 2,
      failure: { kind: "network" },
    });
  });

  it("aborts an attempt after timeoutMs with a real timer, and retries it", async () => {
    const signals: AbortSignal[] = [];
    const hang = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    };
    const { slept, sleep } = recordingSleep();
    const started = Date.now();
    const result = await withRetries(hang, { ...FAST, timeoutMs: 50, maxAttempts: 2 }, { sleep, random: () => 0 });
    const elapsed = Date.now() - started;
    expect(result).toEqual({
      ok: false,
      attempts: 2,
      failure: { kind: "timeout", retryable: true, message: "timed out after 50 ms" },
    });
    expect(slept).toEqual([500]);
    expect(signals).toHaveLength(2);
    expect(signals[0]).not.toBe(signals[1]);
    expect(signals.every((s) => s.aborted && s.reason?.name === "TimeoutError")).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(5000);
  });

  it("times out a call that ignores its signal", async () => {
    const result = await withRetries(() => new Promise<never>(() => {}), { ...FAST, timeoutMs: 50, maxAttempts: 1 });
    expect(result).toMatchObject({ ok: false, attempts: 1, failure: { kind: "timeout" } });
  });

  it("gives the call a signal that also follows hooks.signal, and reports cancellation", async () => {
    const controller = new AbortController();
    const { slept, sleep } = recordingSleep();
    const call = (signal: AbortSignal) =>
      new Promise<never>((_, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        setTimeout(() => controller.abort(), 10);
      });
    const result = await withRetries(call, FAST, { sleep, signal: controller.signal });
    expect(result).toEqual({
      ok: false,
      attempts: 1,
      failure: { kind: "cancelled", retryable: false, message: "cancelled" },
    });
    expect(slept).toEqual([]);
  });

  it("wakes from the default sleep when hooks.signal aborts, without another call", async () => {
    const controller = new AbortController();
    const { seen, call } = scripted([apiError(503, "busy"), apiError(503, "busy")]);
    const started = Date.now();
    const result = await withRetries(
      call,
      { ...FAST, baseDelayMs: 60_000, maxDelayMs: 60_000 },
      {
        signal: controller.signal,
        onRetry: () => void setTimeout(() => controller.abort(), 20),
      },
    );
    expect(result).toEqual({
      ok: false,
      attempts: 1,
      failure: { kind: "cancelled", retryable: false, message: "cancelled" },
    });
    expect(seen).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("makes no call when hooks.signal has already aborted", async () => {
    const { seen, call } = scripted([]);
    const result = await withRetries(call, FAST, { signal: AbortSignal.abort() });
    expect(result).toEqual({
      ok: false,
      attempts: 0,
      failure: { kind: "cancelled", retryable: false, message: "cancelled" },
    });
    expect(seen).toEqual([]);
  });
});

describe("redact", () => {
  it("replaces every occurrence of each secret", () => {
    const key = "sk-live-0123456789abcdef";
    const body = `{"error":"Incorrect API key provided: ${key}. Key ${key} is revoked.","org":"org-XYZW"}`;
    expect(redact(body, [key, undefined, "org-XYZW"])).toBe(
      '{"error":"Incorrect API key provided: [redacted]. Key [redacted] is revoked.","org":"[redacted]"}',
    );
  });

  it("ignores empty and very short secrets, which would shred ordinary text", () => {
    expect(redact("a bad key: abc", ["", "abc", undefined])).toBe("a bad key: abc");
    expect(redact("a bad key: abcd", ["abcd"])).toBe("a bad key: [redacted]");
  });

  it("removes a secret whole even when another secret is part of it", () => {
    expect(redact("token=secret-token-full", ["secret", "secret-token-full"])).toBe("token=[redacted]");
  });

  it("treats secrets literally, not as patterns", () => {
    expect(redact("key a.b*c+d and axbbbcd", ["a.b*c+d"])).toBe("key [redacted] and axbbbcd");
  });
});
