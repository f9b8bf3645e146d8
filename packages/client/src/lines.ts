/**
 * Reading a streamed body without holding it whole: its chunks through a reader (every runtime's
 * ReadableStream has one; async iteration of a stream is missing in some browsers), and its JSON
 * lines (`application/x-ndjson`, the export) one at a time, whatever the chunk boundaries.
 */

/** The chunks of `body`; stopping early (a `break`, an error) cancels the stream. */
export async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** The non-empty lines of a UTF-8 body, each parsed as JSON. */
export async function* jsonLinesOf<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of chunksOf(body)) {
    const text = decoder.decode(chunk, { stream: true });
    // Only the new text can hold a newline: a long line is not searched again for every chunk.
    let newline = text.indexOf("\n");
    if (newline < 0) {
      buffer += text;
      continue;
    }
    let from = 0;
    while (newline >= 0) {
      const line = (buffer + text.slice(from, newline)).trim();
      buffer = "";
      if (line) yield JSON.parse(line) as T;
      from = newline + 1;
      newline = text.indexOf("\n", from);
    }
    buffer = text.slice(from);
  }
  const last = (buffer + decoder.decode()).trim();
  if (last) yield JSON.parse(last) as T;
}
