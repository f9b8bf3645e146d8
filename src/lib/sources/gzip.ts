/**
 * gunzip with `DecompressionStream`, counting what comes out and stopping once it passes a bound.
 *
 * The compressed bytes are fed in small slices through a pull source, so the decompressor only works
 * as fast as we read: when the output passes the bound, we cancel, and the rest of a gzip bomb is
 * never inflated (deflate's worst ratio is about 1:1032, so one slice can add at most about 16 MiB
 * past the bound, and both Node and workerd emit output in chunks far smaller than that).
 */
import type { Deadline } from "./deadline";
import { boundError, ruleError, SourceError } from "./errors";

const SLICE = 16 * 1024;

export interface GunzipOptions {
  /** Bound `unpackedBytes`: decompressed bytes allowed in total. */
  maxBytes: number;
  deadline?: Deadline;
  /** Names the archive in messages. */
  what: string;
}

/** Whether `bytes` start with the gzip magic number. */
export function looksGzipped(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Yields the decompressed chunks of `bytes`. Throws `corrupt` for anything but a complete, valid
 * gzip stream (bad header, bad data, truncation, trailing bytes), and the `unpackedBytes` bound as
 * soon as the output passes `maxBytes`. Stopping early (a `return` or a throw in the consumer)
 * cancels the decompressor.
 */
export async function* gunzip(bytes: Uint8Array, options: GunzipOptions): AsyncGenerator<Uint8Array, void, void> {
  if (!looksGzipped(bytes)) throw ruleError("corrupt", "gzip", `${options.what} is not gzip data`);
  let offset = 0;
  const source = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        // A copy, not a view: the stream may transfer (detach) what it is given.
        controller.enqueue(bytes.slice(offset, offset + SLICE));
        offset += SLICE;
      },
    },
    { highWaterMark: 0 },
  );
  const reader = source.pipeThrough(new DecompressionStream("gzip")).getReader();
  const race = <T>(promise: Promise<T>) => (options.deadline ? options.deadline.race(promise) : promise);
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await race(reader.read());
      } catch (error) {
        if (error instanceof SourceError || options.deadline?.signal.aborted) throw error;
        const detail = error instanceof Error ? error.message : String(error);
        throw ruleError("corrupt", "gzip", `${options.what} is not a valid gzip stream (${detail})`);
      }
      if (step.done) {
        finished = true;
        return;
      }
      total += step.value.byteLength;
      if (total > options.maxBytes) {
        throw boundError(
          "unpackedBytes",
          options.maxBytes,
          total,
          `${options.what} unpacks to more than ${options.maxBytes} bytes (stopped after ${total})`,
        );
      }
      yield step.value;
    }
  } finally {
    if (!finished) reader.cancel().catch(() => {});
  }
}
