/**
 * HTTP reads with a byte bound, under a deadline, with failures sorted into `SourceError` codes.
 *
 * The body is read chunk by chunk and dropped as soon as it passes the bound, so a registry (or
 * anything posing as one) cannot make us buffer more than the bound plus one chunk.
 */
import type { Deadline } from "./deadline";
import { boundError, ruleError, SourceError, type BoundName } from "./errors";

/** What a read needs besides the URL: the fetch to use (injectable for tests and service bindings). */
export interface HttpContext {
  fetch: typeof fetch;
  deadline: Deadline;
  /** crates.io refuses requests without a User-Agent that names the client. */
  userAgent: string;
}

/** The identifying User-Agent sent to registries when the caller gives none. */
export const DEFAULT_USER_AGENT = "needlework-sources/1 (dataset builder; reads metadata and archives only)";

/**
 * The global fetch, called bare: workerd refuses a fetch invoked as a method of another object
 * ("Illegal invocation"), which is what keeping it in an options object would do.
 */
export const defaultFetch: typeof fetch = (input, init) => fetch(input, init);

/** Refuses anything but http(s): a registry's metadata must not point us at file:, data: or others. */
export function checkHttpUrl(url: string, what: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw ruleError("hostile", "url", `${what} ${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw ruleError("hostile", "url-scheme", `${what} ${url} is not http(s)`);
  }
  return parsed;
}

function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let i = 0; i < 4 && current instanceof Error; i++) {
    parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  if (current !== undefined && !(current instanceof Error) && parts.length === 0) parts.push(String(current));
  return parts.filter(Boolean).join(": ") || "unknown error";
}

/**
 * GETs `url` and returns its body, at most `maxBytes` of it (bound `bound`). 404 and 410 are
 * `not-found`; a refused connection, a 5xx or 429, or a body cut short is `registry-down`; the
 * deadline's abort surfaces as its own reason (a `timeMs` bound, or the caller's cancellation).
 */
export async function fetchBounded(
  url: string,
  what: string,
  maxBytes: number,
  bound: BoundName,
  http: HttpContext,
  accept = "*/*",
): Promise<Uint8Array> {
  checkHttpUrl(url, what);
  const { deadline } = http;
  let response: Response;
  try {
    const doFetch = http.fetch;
    response = await deadline.race(
      doFetch(url, { signal: deadline.signal, headers: { "user-agent": http.userAgent, accept }, redirect: "follow" }),
    );
  } catch (error) {
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw new SourceError("registry-down", `registry-down: could not fetch ${what} ${url}: ${describe(error)}`, {
      cause: error,
    });
  }

  if (!response.ok) {
    response.body?.cancel().catch(() => {});
    const status = `HTTP ${response.status}`;
    if (response.status === 404 || response.status === 410) {
      throw new SourceError("not-found", `not-found: ${what} ${url} (${status})`);
    }
    throw new SourceError("registry-down", `registry-down: ${status} for ${what} ${url}`);
  }

  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => {});
    throw boundError(bound, maxBytes, declared, `${what} ${url} declares ${declared} bytes (Content-Length)`);
  }

  const body = response.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        throw boundError(bound, maxBytes, total, `${what} ${url} sent more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof SourceError) throw error;
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw new SourceError("registry-down", `registry-down: reading ${what} ${url} failed: ${describe(error)}`, {
      cause: error,
    });
  }
  return concat(chunks, total);
}

/** Joins chunks into one array of `total` bytes. */
export function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** GETs and parses a JSON document, bounded by `metadataBytes`; malformed JSON is `corrupt`. */
export async function fetchJson(url: string, what: string, maxBytes: number, http: HttpContext): Promise<unknown> {
  const bytes = await fetchBounded(url, what, maxBytes, "metadataBytes", http, "application/json");
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw ruleError("corrupt", "json", `${what} ${url} is not JSON (${describe(error)})`);
  }
}
