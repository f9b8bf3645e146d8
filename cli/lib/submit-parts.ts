/**
 * Big submissions in parts, resumably (docs/runs.md#big-submissions-in-parts), for
 * `npm run eval -- --outputs <file>`: outputs whose JSON exceeds one part's size go as
 * `POST /v1/runs` with `parts: N` and one `PUT /v1/runs/{id}/outputs/{part}` per part. The run's id is
 * recorded in the work directory (`.needlework/submissions/`, keyed by the instance, the request and
 * the outputs), so the same command run again after an interruption asks the service which parts
 * it has and sends only the others; the record goes once every part is in.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { ApiError, workDir, type Api } from "./api";

export interface SubmittedOutput {
  unit: string;
  output: string;
}

/** A part's JSON by default: half the service's 8 MB body limit, so escapes and framing never reach it. */
export const DEFAULT_PART_BYTES = 4 * 1024 * 1024;
/** Outputs in one part at most (the service's limit, docs/limits.md). */
export const PART_OUTPUTS = 5000;

/** What the service says of a run's parts (GET /v1/runs/{id}/outputs). */
interface PartsStatus {
  run: string;
  parts: number;
  missing: number[];
  started: boolean;
}

/** The bytes of an output's `{"unit":…,"output":…}` and its separating comma in a part's body. */
const outputBytes = (o: SubmittedOutput) => Buffer.byteLength(JSON.stringify({ unit: o.unit, output: o.output })) + 1;

/** Whether `outputs` go in parts: more than one part's bytes or outputs. */
export function needsParts(outputs: readonly SubmittedOutput[], partBytes: number): boolean {
  return outputs.length > PART_OUTPUTS || outputs.reduce((n, o) => n + outputBytes(o), 2) > partBytes;
}

/** Consecutive parts of `outputs`, in order, each of at most `partBytes` of JSON (an output larger alone is a part of its own) and PART_OUTPUTS outputs. */
export function splitParts(outputs: readonly SubmittedOutput[], partBytes: number): SubmittedOutput[][] {
  const parts: SubmittedOutput[][] = [];
  let current: SubmittedOutput[] = [];
  let bytes = 2;
  for (const o of outputs) {
    const size = outputBytes(o);
    if (current.length && (bytes + size > partBytes || current.length >= PART_OUTPUTS)) {
      parts.push(current);
      current = [];
      bytes = 2;
    }
    current.push(o);
    bytes += size;
  }
  if (current.length) parts.push(current);
  return parts;
}

/** The record of a submission in progress: one file per (instance, request, outputs). */
function recordFile(client: Api, request: Record<string, unknown>, parts: SubmittedOutput[][]): string {
  const key = createHash("sha256").update(JSON.stringify([client.url, request, parts.map((p) => p.length), parts])).digest("hex").slice(0, 32);
  return `${workDir()}submissions/${key}.json`;
}

function readRecord(file: string): string | undefined {
  try {
    const run = (JSON.parse(readFileSync(file, "utf8")) as { run?: unknown }).run;
    return typeof run === "string" ? run : undefined;
  } catch {
    return undefined;
  }
}

/** The parts the service still lacks of the recorded run; undefined when it no longer has that run (deleted, another instance). */
async function recordedParts(client: Api, run: string): Promise<PartsStatus | undefined> {
  try {
    return await client.request<PartsStatus>("GET", `/v1/runs/${run}/outputs`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

/** PUT one part; a 429 (parts count against the `runs` rate limit, docs/limits.md) waits out its `retry_after` and sends again. */
async function sendPart(client: Api, run: string, part: number, outputs: SubmittedOutput[], opts: { log: (line: string) => void; signal?: AbortSignal }) {
  for (;;) {
    try {
      return await client.request("PUT", `/v1/runs/${run}/outputs/${part}`, { outputs }, { auth: true });
    } catch (err) {
      const wait = err instanceof ApiError && err.status === 429 ? Number((err.problem as { retry_after?: unknown } | undefined)?.retry_after ?? 10) : NaN;
      if (!Number.isFinite(wait) || opts.signal?.aborted) throw err;
      opts.log(`  part ${part}: the instance's rate limit; sending again in ${wait} s`);
      await new Promise((r) => setTimeout(r, Math.max(1, wait) * 1000));
    }
  }
}

/**
 * Creates the run in parts (or takes up the recorded one), sends the parts the service lacks and
 * returns the run's id once every part is in. `signal` stops between parts (the record stays, so the
 * same command continues); `onRun` hears the run's id as soon as there is one.
 */
export async function submitInParts(
  client: Api,
  request: Record<string, unknown>,
  outputs: readonly SubmittedOutput[],
  opts: { partBytes: number; log: (line: string) => void; signal?: AbortSignal; onRun?: (id: string) => void },
): Promise<string> {
  const parts = splitParts(outputs, opts.partBytes);
  const file = recordFile(client, request, parts);
  const recorded = readRecord(file);
  let status = recorded ? await recordedParts(client, recorded) : undefined;
  let run: string;
  if (recorded && status && status.parts === parts.length) {
    run = recorded;
    opts.log(`Run ${run}: continuing the submission in parts (${status.started ? "every part is in" : `${parts.length - status.missing.length} of ${parts.length} parts already sent`}).`);
  } else {
    run = (await client.request<{ id: string }>("POST", "/v1/runs", { ...request, parts: parts.length }, { auth: true })).id;
    mkdirSync(`${workDir()}submissions`, { recursive: true });
    writeFileSync(file, JSON.stringify({ run, url: client.url, parts: parts.length, created_at: new Date().toISOString() }) + "\n");
    status = { run, parts: parts.length, missing: parts.map((_, i) => i + 1), started: false };
    opts.log(`Run ${run}: sending ${outputs.length} outputs in ${parts.length} parts (the same command continues if interrupted).`);
  }
  opts.onRun?.(run);
  for (const part of status.missing) {
    if (opts.signal?.aborted) return run;
    await sendPart(client, run, part, parts[part - 1], opts);
    opts.log(`  part ${part} of ${parts.length} sent (${parts[part - 1].length} outputs)`);
  }
  if (!opts.signal?.aborted) rmSync(file, { force: true });
  return run;
}
