/**
 * The export of a dataset's units for outside harnesses (GET
 * /v1/benchmarks/{benchmark}/datasets/{dataset}/export): one JSON line per unit, in run order, each
 * made from the unit's exact prompt (`Benchmark.load`, the code a run uses) when the reader asks for
 * it, so a response holds one unit's prompt at a time whatever the dataset's size. Formats:
 * `jsonl` (what GET .../units/{unit}/prompt answers), `promptfoo` (test cases, ./promptfoo.ts),
 * `inspect` (inspect_ai samples, ./inspect.ts).
 */
import type { PromptRecord } from "../units";
import { promptRecord } from "../units";
import type { Benchmark } from "../../benchmarks/types";
import { datasetView } from "../dataset-view";
import type { Visibility } from "../../lib/datasets/visibility";
import type { Env } from "../../lib/env";
import type { PrefillMode } from "../runs/prefill";
import { inspectSample } from "./inspect";
import { promptfooTest, type PromptfooAssert } from "./promptfoo";

export const EXPORT_FORMATS = ["jsonl", "promptfoo", "inspect"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Units per request (docs/limits.md): each costs up to two D1 queries and two R2 reads (a Worker
 * invocation may make 1,000 D1 queries on the Paid plan) and the CPU of building its prompt, which
 * was measured at up to 51 ms (a family that counts each prompt's tokens, 40 distractors), so
 * a request stays near 5 s of CPU, well under the Paid plan's 30 s.
 */
export const EXPORT_LIMITS = { units: 100 } as const;

export interface ExportRequest {
  format: ExportFormat;
  prefill: PrefillMode;
  /** promptfoo only: how its test cases call the scorer. */
  assert: PromptfooAssert;
  /** The absolute URL of this instance's promptfoo scoring endpoint. */
  scoreUrl: string;
}

const FORMATTERS: Record<ExportFormat, (r: PromptRecord, req: ExportRequest) => unknown> = {
  jsonl: (r) => r,
  promptfoo: (r, req) => promptfooTest(r, { scoreUrl: req.scoreUrl, assert: req.assert, prefill: req.prefill }),
  inspect: (r) => inspectSample(r),
};

/** The lines of `units` (JSON and a newline each), one unit loaded per line asked for. */
export async function* exportLines(
  env: Env,
  benchmark: Benchmark,
  datasetId: string,
  units: readonly string[],
  run: { options: Record<string, unknown>; datasetSha256: string; visibility?: Visibility },
  req: ExportRequest,
): AsyncGenerator<string> {
  const view = await datasetView(env, datasetId, run.visibility);
  for (const unit of units) {
    const loaded = await benchmark.load(env, datasetId, unit, run.options);
    const record = await promptRecord(benchmark, datasetId, loaded, run.options, run.datasetSha256, view, req.prefill);
    yield `${JSON.stringify(FORMATTERS[req.format](record, req))}\n`;
  }
}

/**
 * A byte stream of `lines` that asks for the next line only when the reader wants more (no
 * read-ahead), its first line already made: the caller makes it before answering, so a dataset that
 * cannot be read is a problem response rather than a broken stream. A later failure errors the
 * stream (the reader sees the body end early), after `onError` has logged it.
 */
export function lineStream(
  first: string | undefined,
  lines: AsyncIterator<string>,
  onError: (err: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first === undefined) controller.close();
        else controller.enqueue(encoder.encode(first));
      },
      async pull(controller) {
        try {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          onError(err);
          controller.error(err);
        }
      },
      async cancel() {
        await lines.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
