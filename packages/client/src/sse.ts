/**
 * A small server-sent-events client over fetch, for following a run's `/events` stream.
 *
 * `SseParser` turns text chunks into events whatever the chunk boundaries (a line, a field, a
 * CRLF or a multi-byte character may be split between chunks); `sseEvents` connects, yields every
 * event, and reconnects when the server closes the stream before the `done` event (the runs API
 * closes its streams after 15 minutes).
 */
import { chunksOf } from "./lines.js";
import { NeedleworkError, errorOf } from "./problem.js";

export interface SseEvent {
  /** The `event:` field; "message" when the block has none (as in browsers). */
  event: string;
  /** The `data:` lines, joined with "\n". */
  data: string;
  /** The `id:` field of this block, or the last id seen before it (empty when none). */
  id: string;
}

/** Incremental parser of the text/event-stream format (https://html.spec.whatwg.org/#event-stream-interpretation). */
export class SseParser {
  private buffer = "";
  private event = "";
  private data: string[] = [];
  private hasData = false;
  private lastId = "";
  private decoder = new TextDecoder();

  /** Feeds a chunk (text or bytes) and returns the events it completes. */
  push(chunk: string | Uint8Array): SseEvent[] {
    this.buffer += typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  /** The end of the stream: a block without its blank line is dropped, as the format says. */
  end(): SseEvent[] {
    const out = this.buffer.endsWith("\r") ? this.push("\n") : [];
    this.buffer = "";
    this.reset();
    return out;
  }

  private reset() {
    this.event = "";
    this.data = [];
    this.hasData = false;
  }

  private line(line: string): SseEvent | undefined {
    if (line === "") {
      const event = this.hasData
        ? { event: this.event || "message", data: this.data.join("\n"), id: this.lastId }
        : undefined;
      this.reset();
      return event;
    }
    if (line.startsWith(":")) return undefined; // a comment (keep-alive)
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") {
      this.data.push(value);
      this.hasData = true;
    } else if (field === "id" && !value.includes("\0")) this.lastId = value;
    return undefined;
  }
}

export interface SseOptions {
  /** The event after which the stream is complete (no reconnect); default "done". */
  doneEvent?: string;
  signal?: AbortSignal;
  /** Connections in a row that fail or end without an event before giving up. */
  maxFailures?: number;
  /** Wait before reconnecting, doubled after each failure. */
  retryDelayMs?: number;
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Every event of the stream at `url`, reconnecting when the stream ends (or the connection fails)
 * before `doneEvent`; returns after yielding `doneEvent`, or when `signal` aborts.
 */
export async function* sseEvents(url: string, opts: SseOptions = {}): AsyncGenerator<SseEvent> {
  const { doneEvent = "done", signal, maxFailures = 5, retryDelayMs = 250, fetch: fetchFn = fetch } = opts;
  let failures = 0;
  while (!signal?.aborted) {
    const parser = new SseParser();
    try {
      const res = await fetchFn(url, { headers: { accept: "text/event-stream", ...opts.headers }, signal });
      // An HTTP error answer is not retried (a 404 run will not appear by waiting).
      if (!res.ok) throw await errorOf(res);
      if (!res.body) throw new Error("the events answer has no body");
      for await (const chunk of chunksOf(res.body)) {
        for (const event of parser.push(chunk)) {
          failures = 0;
          yield event;
          if (event.event === doneEvent) return;
        }
      }
      for (const event of parser.end()) {
        yield event;
        if (event.event === doneEvent) return;
      }
      // Closed before `done` (the server's time limit): connect again. A stream that closes
      // without a single event counts as a failure, so a broken server cannot keep us looping.
      throw new Error("the stream ended before the done event");
    } catch (err) {
      if (signal?.aborted) return;
      if (err instanceof NeedleworkError) throw err;
      if (++failures >= maxFailures) throw new Error(`lost the events stream at ${url}: ${(err as Error).message}`);
      await sleep(retryDelayMs * 2 ** (failures - 1), signal);
    }
  }
}
