/**
 * Submitted outputs in resumable parts (docs/runs.md#big-submissions-in-parts): how outputs are
 * split within the service's bounds (docs/limits.md), and the flows the client's `submitOutputs`
 * and `resumeSubmission` run: create a `receiving` run with `parts: N`, send each part the service
 * lacks with `PUT /v1/runs/{id}/outputs/{part}`, waiting out a 429's Retry-After (parts count
 * against the `runs` rate limit). fetch only: the byte counts are UTF-8's, counted without a
 * Node built-in.
 */
import { NeedleworkError } from "./problem.js";
import type {
  PartsRunRequest,
  Run,
  RunOutputsParts,
  RunOutputsPartStored,
  RunRequest,
  SubmitOutputsRequest,
  SubmittedOutput,
} from "./types.js";

/** The calls the flows make: the client's own (`Needlework`), named here so this module does not import it. */
interface PartsCalls {
  createRun(request: RunRequest): Promise<Run>;
  createPartsRun(request: PartsRunRequest): Promise<Run>;
  putPart(runId: string, part: number, outputs: SubmittedOutput[]): Promise<RunOutputsPartStored>;
  parts(runId: string): Promise<RunOutputsParts>;
  run(runId: string): Promise<Run>;
}

/** The service's bounds on a submission in parts (docs/limits.md). */
export const PART_LIMITS = {
  /** Parts one run may announce. */
  parts: 64,
  /** Outputs in one part (and in one body). */
  outputs: 5000,
  /** The body of one request (`POST /v1/runs` with outputs, or one part's `PUT`). */
  bodyBytes: 8 * 1024 * 1024,
} as const;

/** A part's JSON by default: half the body limit, so no part comes near it. */
export const DEFAULT_PART_BYTES = 4 * 1024 * 1024;

/** The largest `partBytes`: a part's array in its `{"outputs":…}` body of at most PART_LIMITS.bodyBytes. */
export const MAX_PART_BYTES = PART_LIMITS.bodyBytes - '{"outputs":}'.length;

/** The UTF-8 length of `s` (JSON text: lone surrogates are already escaped by JSON.stringify). */
function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      i++; // a surrogate pair: 2 code units, 4 bytes
      n += 2;
    } else {
      n += 2;
    }
  }
  return n;
}

/** The bytes of an output's `{"unit":…,"output":…}` and its separating comma in a part's array. */
const outputBytes = (o: SubmittedOutput) => utf8Length(JSON.stringify({ unit: o.unit, output: o.output })) + 1;

function checkPartBytes(partBytes: number): void {
  if (!Number.isInteger(partBytes) || partBytes < 1 || partBytes > MAX_PART_BYTES) {
    throw new RangeError(
      `partBytes must be an integer from 1 to ${MAX_PART_BYTES} (a part's body is at most ${PART_LIMITS.bodyBytes} bytes); got ${partBytes}`,
    );
  }
}

/** Whether `outputs` go in parts: more than one part's bytes of JSON, or more outputs than one body takes. */
export function needsParts(outputs: readonly SubmittedOutput[], partBytes = DEFAULT_PART_BYTES): boolean {
  checkPartBytes(partBytes);
  if (outputs.length > PART_LIMITS.outputs) return true;
  let bytes = 2;
  for (const o of outputs) if ((bytes += outputBytes(o)) > partBytes) return true;
  return false;
}

/**
 * Consecutive parts of `outputs`, in order, each at most `partBytes` of JSON (an output larger
 * alone is a part of its own) and PART_LIMITS.outputs outputs. The same outputs and `partBytes`
 * always give the same parts: what a resumed submission relies on.
 */
export function splitParts(outputs: readonly SubmittedOutput[], partBytes = DEFAULT_PART_BYTES): SubmittedOutput[][] {
  checkPartBytes(partBytes);
  const parts: SubmittedOutput[][] = [];
  let current: SubmittedOutput[] = [];
  let bytes = 2;
  for (const o of outputs) {
    const size = outputBytes(o);
    if (current.length && (bytes + size > partBytes || current.length >= PART_LIMITS.outputs)) {
      parts.push(current);
      current = [];
      bytes = 2;
    }
    current.push({ unit: o.unit, output: o.output });
    bytes += size;
  }
  if (current.length) parts.push(current);
  return parts;
}

/** What a submission's flow takes besides the outputs. */
export interface SubmitOptions {
  /** The JSON size of one part (default 4 MiB, at most MAX_PART_BYTES: 8 MiB less 12 bytes); outputs within it go in one body. */
  partBytes?: number;
  /**
   * Stops the flow between requests (a request under way is finished, so the service and the caller
   * agree on what is in): the flow then throws the signal's reason, an `AbortError`.
   */
  signal?: AbortSignal;
  /** A run in parts was created (status `receiving`): its id is what `resumeSubmission` takes later. */
  onRun?: (run: Run) => void;
  /** The parts the service has, before any is sent (`resumeSubmission`; a new run has none). */
  onStatus?: (status: RunOutputsParts) => void;
  /** A part is in (`stored: false`: it already was, with the same outputs); `outputs`: how many it holds. */
  onPart?: (stored: RunOutputsPartStored, outputs: number) => void;
  /** A 429 of the `runs` rate limit: the flow waits `seconds` (its Retry-After) and sends again. */
  onRateLimit?: (seconds: number) => void;
}

/** Waits `seconds`, or throws the signal's reason when it aborts first. */
function sleep(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    };
    const stop = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, seconds * 1000);
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** `call`, sent again after each 429 once its Retry-After has passed (default 10 s when it names none). */
async function patiently<T>(call: () => Promise<T>, opts: SubmitOptions): Promise<T> {
  for (;;) {
    opts.signal?.throwIfAborted();
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof NeedleworkError && err.status === 429)) throw err;
      const seconds = err.retryAfter ?? 10;
      opts.onRateLimit?.(seconds);
      await sleep(seconds, opts.signal);
    }
  }
}

/** Sends the parts `status` says are missing, in order; the run as it stands after the last. */
async function sendMissing(
  client: PartsCalls,
  status: RunOutputsParts,
  parts: SubmittedOutput[][],
  opts: SubmitOptions,
): Promise<Run> {
  for (const part of status.missing) {
    const stored = await patiently(() => client.putPart(status.run, part, parts[part - 1]), opts);
    opts.onPart?.(stored, parts[part - 1].length);
  }
  opts.signal?.throwIfAborted();
  return client.run(status.run);
}

/** `submitOutputs`: one body when the outputs fit one part, else a run in parts, every part sent. */
export async function submitOutputs(
  client: PartsCalls,
  request: SubmitOutputsRequest,
  opts: SubmitOptions,
): Promise<Run> {
  const { outputs, ...rest } = request;
  const partBytes = opts.partBytes ?? DEFAULT_PART_BYTES;
  if (!needsParts(outputs, partBytes)) return patiently(() => client.createRun(request as RunRequest), opts);
  const parts = splitParts(outputs, partBytes);
  if (parts.length > PART_LIMITS.parts) {
    throw new RangeError(
      `${outputs.length} outputs make ${parts.length} parts of at most ${partBytes} bytes; a run takes at most ${PART_LIMITS.parts} parts (a larger partBytes, up to ${MAX_PART_BYTES})`,
    );
  }
  const run = await patiently(() => client.createPartsRun({ ...rest, parts: parts.length }), opts);
  opts.onRun?.(run);
  const status: RunOutputsParts = {
    run: run.id,
    status: run.status,
    parts: parts.length,
    received: [],
    missing: parts.map((_, i) => i + 1),
    outputs: 0,
    started: false,
  };
  opts.onStatus?.(status);
  return sendMissing(client, status, parts, opts);
}

/**
 * `resumeSubmission`: asks which parts of `runId` are in and sends the others, split from the same
 * outputs with the same `partBytes` as when the run was created (a different split is refused
 * before anything is sent).
 */
export async function resumeSubmission(
  client: PartsCalls,
  runId: string,
  outputs: readonly SubmittedOutput[],
  opts: SubmitOptions,
): Promise<Run> {
  const parts = splitParts(outputs, opts.partBytes ?? DEFAULT_PART_BYTES);
  opts.signal?.throwIfAborted();
  const status = await client.parts(runId);
  if (status.parts !== parts.length) {
    throw new RangeError(
      `run ${runId} was announced with ${status.parts} parts; these outputs split into ${parts.length} (the outputs and partBytes it was created with give the same parts)`,
    );
  }
  opts.onStatus?.(status);
  return sendMissing(client, status, parts, opts);
}
