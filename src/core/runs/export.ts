/**
 * A run's per-sample export, the same for every benchmark (`GET /v1/runs/{id}/outputs.jsonl?format=samples`):
 * one JSON line per sample in unit order, with the model's output, the verdict and what joins it
 * with the dataset (task id, language, position, context size). Generated as it is sent: a page of
 * sample rows and a few outputs at a time, never the whole run.
 */
import { datasetView } from "../dataset-view";
import type { Env } from "../../lib/env";
import { getRun, readOutput, samplePages, type SampleRow } from "./store";

/** Sample rows read per D1 query, and stored outputs read from R2 at once (their lines are sent together). */
const EXPORT_PAGE = 500;
const OUTPUT_READS = 8;

/** One line of the per-sample export (docs/runs.md, "Exports"). */
export interface SampleLine {
  run: string;
  unit: string;
  task_id: string;
  language: string;
  /** Where the target sits in the context (0..1), as the benchmark's units record it; null when it has none. */
  position: number | null;
  /** The context size (tokens, or the benchmark's own measure such as D); null when unknown. */
  context_size: number | null;
  status: SampleRow["status"];
  /** The model's raw answer; null when none was stored (an error or an overflow before any answer). */
  output: string | null;
  finish_reason: string | null;
  /** The scorer's verdict; null for a sample that was not scored. */
  verdict: { passed: boolean; score: number; detail: Record<string, unknown> } | null;
  /** Why an unscored sample has no verdict. */
  error: string | null;
  /** Failed model calls before the answer (or before giving up), as the run recorded them; null when there were none. */
  attempts: unknown[] | null;
  prompt_sha256: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cached: boolean;
  calls: number;
  latency_ms: number | null;
  scorer_version: string | null;
  finished_at: string;
}

/** A sample row and its stored output as one export line. */
export function sampleLine(row: SampleRow, stored: { output: string; finish_reason?: string } | null): SampleLine {
  const { attempts, ...detail } = row.detail ?? {};
  return {
    run: row.runId,
    unit: row.unit,
    task_id: row.taskId,
    language: row.language,
    position: row.position,
    context_size: row.contextSize,
    status: row.status,
    output: stored?.output ?? null,
    finish_reason: stored?.finish_reason ?? null,
    verdict: row.status === "scored" ? { passed: row.passed === true, score: row.score ?? 0, detail } : null,
    error: row.error,
    attempts: Array.isArray(attempts) ? attempts : null,
    prompt_sha256: row.promptSha256,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    cached: row.cached,
    calls: row.calls,
    latency_ms: row.latencyMs,
    scorer_version: row.scorerVersion,
    finished_at: row.finishedAt,
  };
}

/**
 * The export's samples as its lines show them (`sampleLine`) and as the run's dataset shows them (a
 * held-out dataset's: verdicts without what they hide, no outputs), a few at a time (those of
 * `OUTPUT_READS` samples, their outputs read together), from after `after`, `limit` samples in all
 * (default: every one). Every export of a run's samples reads them here (this JSONL, inspect_ai's
 * log in src/core/harnesses/inspect-log.ts), so what one shows or hides the others do.
 */
export async function* sampleViews(
  env: Env,
  runId: string,
  opts: { after?: string; limit?: number } = {},
): AsyncGenerator<SampleLine[]> {
  const { benchmark, view } = await runView(env, runId);
  for await (const page of samplePages(env, runId, { ...opts, pageSize: EXPORT_PAGE })) {
    for (let i = 0; i < page.length; i += OUTPUT_READS) {
      const rows = page.slice(i, i + OUTPUT_READS).map((r) => view.sample(benchmark, r));
      const outputs = await Promise.all(
        rows.map((r) => (r.outputKey && view.showsOutputs ? readOutput(env, r.outputKey) : null)),
      );
      yield rows.map((row, k) => sampleLine(row, outputs[k]));
    }
  }
}

/**
 * The verdicts of a run's samples as the export shows them (`sampleLine` without the outputs: no R2
 * read), a page at a time: what a summary over the export's samples reads.
 */
export async function* sampleVerdicts(env: Env, runId: string): AsyncGenerator<SampleLine[]> {
  const { benchmark, view } = await runView(env, runId);
  for await (const page of samplePages(env, runId, { pageSize: EXPORT_PAGE }))
    yield page.map((row) => sampleLine(view.sample(benchmark, row), null));
}

/** The view of run `runId`'s dataset (src/core/dataset-view.ts), and the run's benchmark. */
async function runView(env: Env, runId: string) {
  const run = await getRun(env, runId);
  return { benchmark: run.benchmark, view: await datasetView(env, run.datasetId) };
}

/** The export's lines (each ending in a newline), a few at a time (see `sampleViews`). */
export async function* sampleLines(
  env: Env,
  runId: string,
  opts: { after?: string; limit?: number } = {},
): AsyncGenerator<string> {
  for await (const lines of sampleViews(env, runId, opts))
    yield lines.map((line) => JSON.stringify(line) + "\n").join("");
}
