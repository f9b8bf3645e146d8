/**
 * Big submissions in parts, resumably (docs/runs.md#big-submissions-in-parts), for
 * `npm run eval -- --outputs <file>`: the protocol (the split, the parts, the resume, 429s waited
 * out) is the client package's `submitOutputs` and `resumeSubmission`; what is here is the Node
 * side: the run's id recorded in the work directory (`.needlework/submissions/`, keyed by the
 * instance, the request, the part size and the outputs), so the same command run again after an
 * interruption takes up that run instead of making another; the record goes once every part is in.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Run, SubmitOptions, SubmitOutputsRequest } from "../../packages/client/src/index";
import { ApiError, workDir, type Api } from "./api";

/** The record of a submission in progress: one file per (instance, request, part size, outputs). */
function recordFile(client: Api, request: SubmitOutputsRequest, partBytes: number): string {
  const key = createHash("sha256")
    .update(JSON.stringify([client.url, partBytes, request]))
    .digest("hex")
    .slice(0, 32);
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

/** Whether a recorded run cannot be taken up: the service no longer has it (deleted, another instance). */
const gone = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * Submits `request`'s outputs in parts of `partBytes`, or takes up the recorded run of the same
 * submission, and returns the run once every part is in. `signal` stops between parts (the record
 * stays, so the same command continues); `onRun` hears the run's id as soon as there is one.
 */
export async function submitInParts(
  client: Api,
  request: SubmitOutputsRequest,
  opts: { partBytes: number; log: (line: string) => void; signal?: AbortSignal; onRun?: (id: string) => void },
): Promise<Run> {
  const { log } = opts;
  const file = recordFile(client, request, opts.partBytes);
  const flow: SubmitOptions = {
    partBytes: opts.partBytes,
    signal: opts.signal,
    onPart: (stored, outputs) => log(`  part ${stored.part} of ${stored.parts} sent (${outputs} outputs)`),
    onRateLimit: (seconds) => log(`  the instance's rate limit; sending again in ${seconds} s`),
  };
  const recorded = readRecord(file);
  if (recorded) {
    opts.onRun?.(recorded);
    try {
      const run = await client.resumeSubmission(recorded, request.outputs, {
        ...flow,
        onStatus: (s) =>
          log(
            `Run ${recorded}: continuing the submission in parts (${s.started ? "every part is in" : `${s.parts - s.missing.length} of ${s.parts} parts already sent`}).`,
          ),
      });
      rmSync(file, { force: true });
      return run;
    } catch (err) {
      if (!gone(err)) throw err;
      log(`Run ${recorded} cannot be continued (${(err as Error).message}): starting a new one.`);
    }
  }
  const run = await client.submitOutputs(request, {
    ...flow,
    onRun: (created) => {
      mkdirSync(`${workDir()}submissions`, { recursive: true });
      writeFileSync(
        file,
        JSON.stringify({
          run: created.id,
          url: client.url,
          parts: created.parts?.expected,
          created_at: new Date().toISOString(),
        }) + "\n",
      );
      log(
        `Run ${created.id}: sending ${request.outputs.length} outputs in ${created.parts?.expected} parts (the same command continues if interrupted).`,
      );
      opts.onRun?.(created.id);
    },
  });
  rmSync(file, { force: true });
  return run;
}
