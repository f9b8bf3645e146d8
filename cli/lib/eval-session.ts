/** What one `npm run eval` works with (its client, flags, signal and log), and its requests beyond the client's. */
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type RunResults, errorOf } from "../../packages/client/src/index";
import type { Api } from "./api";
import type { Values } from "./eval-flags";
import { urlFlag as urlFlagFor } from "./instance";
import type { EvalFlag } from "./node-family";

export class Interrupted extends Error {}

export interface Session {
  client: Api;
  values: Values;
  /** The families' own flags (each sets a benchmark option). */
  flags: ReadonlyMap<string, EvalFlag>;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Where the progress line goes (stderr with --json, so stdout stays JSON). */
  stream: NodeJS.WriteStream;
  runId?: string;
  /** While the run is being created: an interruption waits for its id. */
  creating?: boolean;
  /** While the parts of its submitted outputs are being sent: interrupted, the same command continues. */
  sendingParts?: boolean;
  /** Set once the run has ended: an interruption then no longer leaves a run going. */
  ended?: boolean;
}

export function urlFlag(s: Session): string {
  return urlFlagFor(s.client.url);
}

export function cancelHint(s: Session, id: string): string {
  return `curl -X POST ${s.client.url}/v1/runs/${id}/cancel -H "authorization: Bearer $NEEDLEWORK_ADMIN_TOKEN"  (locally the token is ADMIN_TOKEN in .dev.vars)`;
}

export async function getResults(s: Session, id: string, status: string): Promise<RunResults> {
  // The run's row in D1 is updated just after its coordinator reports the end: wait for it briefly.
  for (let i = 0; ; i++) {
    const results = await s.client.runResults(id);
    if (results.status === status || i >= 30) return results;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Streams one export into `file`; undefined when the instance has no such export for the run (a
 * 422: its benchmark has no reference files, so the API, not this command, says which runs have them).
 */
export async function download(s: Session, path: string, file: string): Promise<string | undefined> {
  const res = await s.client.fetch("GET", path, undefined, { signal: s.signal });
  if (res.status === 422) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok) throw await errorOf(res);
  if (!res.body) throw new Error(`${path}: the answer has no body`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  return file;
}
