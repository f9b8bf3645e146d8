/**
 * A run as inspect_ai's log (`EvalLog`, log format version 2), the JSON that `inspect view` opens
 * (GET /v1/runs/{id}/log?format=inspect). Checked against inspect_ai's own JSON schema of the log
 * (test/fixtures/inspect/log-schema.json), which lists every field of every nested object as
 * required: each is written, null where the run has nothing for it. At the top level a field the
 * run has nothing for is left out, as inspect_ai's writer leaves out every null: its header-only
 * reader (what `inspect view` lists a directory with) builds each top-level field it meets from its
 * value, and a null `error`, `log_updates` or `results` makes it fail (test/harnesses/inspect_reader.py).
 *
 * What it holds:
 * - `eval`: the task (`needlework/<benchmark>`), the dataset, the model and its generation config,
 *   the scorer `needlework` with its metrics (`passed`: accuracy, `score`: mean), the service's
 *   version as a package;
 * - `plan`: one `generate` step with the run's generation config;
 * - `results` (before the samples: inspect_ai reads a log's header up to `samples` and stops): per
 *   score, its metric over the scored samples, and scored and unscored counts;
 * - `samples`: one per run sample, in unit order, made from the per-sample export's view of it
 *   (`sampleViews` of src/core/runs/export.ts: whatever that export shows or hides, this does too): its
 *   output as the model's answer, its verdict as the scorer's `Score` (value `{passed, score}`,
 *   the detail as metadata), its tokens as model usage, an unscored sample's reason as its error.
 *   The input is the unit and its prompt's sha256 with the address that gives the prompt (the run
 *   exports carry no prompts); the target is empty (answers stay on the server), as in the
 *   dataset export's inspect_ai samples.
 *
 * Made as it is sent: the header from one pass over the sample rows (no outputs read), then the
 * samples a few at a time, never the whole run at once. `after` and `limit` cut the samples as they
 * cut the per-sample export (each stored output is an R2 read, and a request's subrequests are
 * capped): each part is a whole log of the run, its header the same, with a part of its samples.
 */
import type { RunRow } from "../../lib/db/schema";
import type { Env } from "../../lib/env";
import { sampleVerdicts, sampleViews, type SampleLine } from "../runs/export";
import { inspectTaskId } from "../runs/export-names";
import { SERVICE_VERSION } from "../../lib/version";

/** The log format version written (inspect_ai's `LOG_SCHEMA_VERSION`). */
const LOG_VERSION = 2;
/** The scorer's name, as the inspect_ai recipe of docs/integrations.md registers it. */
export const INSPECT_SCORER = "needlework";

/** inspect_ai's `GenerateConfig` fields, every one written (null unless the run set it). */
const GENERATE_CONFIG_FIELDS = [
  "max_retries",
  "timeout",
  "attempt_timeout",
  "max_connections",
  "system_message",
  "max_tokens",
  "top_p",
  "temperature",
  "stop_seqs",
  "best_of",
  "frequency_penalty",
  "presence_penalty",
  "logit_bias",
  "seed",
  "top_k",
  "num_choices",
  "logprobs",
  "top_logprobs",
  "parallel_tool_calls",
  "internal_tools",
  "max_tool_output",
  "cache_prompt",
  "verbosity",
  "effort",
  "reasoning_effort",
  "reasoning_tokens",
  "reasoning_summary",
  "reasoning_history",
  "response_schema",
  "extra_headers",
  "extra_body",
  "modalities",
  "cache",
  "batch",
] as const;

/** inspect_ai's `EvalConfig` fields (none of which a needlework run has an equivalent for but `epochs`). */
const EVAL_CONFIG_FIELDS = [
  "limit",
  "sample_id",
  "sample_shuffle",
  "epochs",
  "epochs_reducer",
  "approval",
  "fail_on_error",
  "continue_on_fail",
  "retry_on_error",
  "message_limit",
  "token_limit",
  "time_limit",
  "working_limit",
  "cost_limit",
  "max_samples",
  "max_dataset_memory",
  "max_tasks",
  "max_subprocesses",
  "max_sandboxes",
  "sandbox_cleanup",
  "log_samples",
  "log_realtime",
  "log_images",
  "log_model_api",
  "log_buffer",
  "log_shared",
  "score_display",
] as const;

const nulls = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, null]));

/** A run's status as inspect_ai's (a run stopped by its token budget ended before its last sample: cancelled; one still receiving its submitted outputs in parts has started). */
const STATUS: Record<RunRow["status"], "started" | "success" | "cancelled"> = {
  receiving: "started",
  running: "started",
  completed: "success",
  cancelled: "cancelled",
  budget_exhausted: "cancelled",
};

/** The AI SDK's finish reasons as inspect_ai's stop reasons. */
const STOP_REASON: Record<string, string> = {
  stop: "stop",
  length: "max_tokens",
  "content-filter": "content_filter",
  "tool-calls": "tool_calls",
};

function generateConfig(parameters: Record<string, unknown>) {
  const pick = (k: string) => (parameters[k] === undefined ? null : parameters[k]);
  return {
    ...nulls(GENERATE_CONFIG_FIELDS),
    max_tokens: pick("max_tokens"),
    temperature: pick("temperature"),
    seed: pick("seed"),
    system_message: pick("system_message"),
  };
}

function usage(input: number | null, output: number | null) {
  const i = input ?? 0;
  const o = output ?? 0;
  return {
    input_tokens: i,
    output_tokens: o,
    total_tokens: i + o,
    input_tokens_cache_write: null,
    input_tokens_cache_read: null,
    reasoning_tokens: null,
    total_cost: null,
  };
}

function message(role: "user" | "assistant", content: string, model?: string) {
  const base = { id: null, content, source: role === "assistant" ? "generate" : "input", metadata: null, role };
  return role === "assistant" ? { ...base, tool_calls: null, model: model ?? null } : { ...base, tool_call_id: null };
}

/** Scored and passed counts and the score total over the export's verdicts (one pass, no outputs read). */
async function tally(env: Env, runId: string) {
  const t = { samples: 0, scored: 0, passed: 0, scoreSum: 0, inputTokens: 0, outputTokens: 0 };
  for await (const page of sampleVerdicts(env, runId)) {
    for (const s of page) {
      t.samples++;
      t.inputTokens += s.prompt_tokens ?? 0;
      t.outputTokens += s.completion_tokens ?? 0;
      if (!s.verdict) continue;
      t.scored++;
      if (s.verdict.passed) t.passed++;
      t.scoreSum += s.verdict.score;
    }
  }
  return t;
}

function metric(name: string, value: number) {
  return { [name]: { name, value, params: {}, metadata: null } };
}

/** The log's header: every field of `EvalLog` but `samples`, in the order inspect_ai writes them. */
async function header(env: Env, run: RunRow, location: string) {
  const t = await tally(env, run.id);
  const status = STATUS[run.status];
  const config = generateConfig(run.parameters);
  const receipt = run.receipt as { dataset_sha256?: unknown; scorer_version?: unknown; filters?: { limit?: unknown } };
  const evalScore = (name: string, metrics: Record<string, unknown>) => ({
    name,
    scorer: INSPECT_SCORER,
    reducer: null,
    scored_samples: t.scored,
    unscored_samples: t.samples - t.scored,
    params: {},
    metrics,
    metadata: null,
  });
  return {
    version: LOG_VERSION,
    status,
    eval: {
      eval_set_id: null,
      eval_id: `${run.id}-${run.benchmark}`,
      run_id: run.id,
      created: run.createdAt,
      task: `needlework/${run.benchmark}`,
      task_id: inspectTaskId(run.id),
      task_version: typeof receipt.scorer_version === "string" ? receipt.scorer_version : 0,
      task_file: null,
      task_display_name: run.benchmark,
      task_registry_name: null,
      task_attribs: {},
      task_args: { benchmark: run.benchmark, dataset: run.datasetId },
      task_args_passed: {},
      solver: null,
      solver_args: null,
      solver_args_passed: null,
      tags: null,
      dataset: {
        name: run.datasetId,
        location: `/v1/benchmarks/${run.benchmark}/datasets/${encodeURIComponent(run.datasetId)}/export?format=inspect`,
        samples: run.unitCount,
        sample_ids: null,
        shuffled: false,
      },
      sandbox: null,
      model: run.model,
      model_generate_config: config,
      model_base_url: null,
      model_args: {},
      model_roles: null,
      config: {
        ...nulls(EVAL_CONFIG_FIELDS),
        epochs: 1,
        limit: typeof receipt.filters?.limit === "number" ? receipt.filters.limit : null,
      },
      revision: null,
      packages: { needlework: SERVICE_VERSION },
      metadata: {
        needlework: {
          run: run.id,
          benchmark: run.benchmark,
          dataset: run.datasetId,
          label: run.modelLabel,
          status: run.status,
          dataset_sha256: receipt.dataset_sha256 ?? null,
          scorer_version: receipt.scorer_version ?? null,
        },
      },
      scorers: [
        {
          name: INSPECT_SCORER,
          options: {},
          metrics: {
            passed: [{ name: "inspect_ai/accuracy", options: {} }],
            score: [{ name: "inspect_ai/mean", options: {} }],
          },
          metadata: {},
        },
      ],
      metrics: null,
    },
    plan: { name: "plan", steps: [{ solver: "generate", params: {}, params_passed: {} }], finish: null, config },
    // A running run has no results yet: left out (as are `error`, `log_updates`, `reductions`, `etag`, `eval_set_info`).
    ...(status === "started"
      ? {}
      : {
          results: {
            total_samples: t.samples,
            completed_samples: t.scored,
            early_stopping: null,
            scores: [
              evalScore("passed", metric("accuracy", t.scored ? t.passed / t.scored : 0)),
              evalScore("score", metric("mean", t.scored ? t.scoreSum / t.scored : 0)),
            ],
            metadata: null,
          },
        }),
    stats: {
      started_at: run.createdAt,
      completed_at: run.finishedAt ?? "",
      model_usage: { [run.model]: usage(t.inputTokens, t.outputTokens) },
      role_usage: {},
    },
    invalidated: false,
    tags: [],
    metadata: {},
    location,
  };
}

/** One run sample (as the per-sample export shows it) as inspect_ai's `EvalSample`. */
export function inspectLogSample(run: Pick<RunRow, "benchmark" | "datasetId" | "model">, s: SampleLine) {
  const input = `needlework ${run.benchmark} unit ${s.unit}: the prompt (sha256 ${s.prompt_sha256}) is GET /v1/benchmarks/${run.benchmark}/datasets/${encodeURIComponent(run.datasetId)}/units/${encodeURIComponent(s.unit)}/prompt`;
  const answer = s.output === null ? null : message("assistant", s.output, run.model);
  const tokens = usage(s.prompt_tokens, s.completion_tokens);
  const seconds = s.latency_ms === null ? null : s.latency_ms / 1000;
  return {
    id: s.unit,
    epoch: 1,
    input,
    choices: null,
    target: "",
    sandbox: null,
    files: null,
    setup: null,
    messages: answer ? [message("user", input), answer] : [message("user", input)],
    output: {
      model: run.model,
      choices: answer
        ? [{ message: answer, stop_reason: STOP_REASON[s.finish_reason ?? ""] ?? "unknown", logprobs: null }]
        : [],
      completion: s.output ?? "",
      usage: tokens,
      time: seconds,
      metadata: null,
      error: null,
    },
    scores: s.verdict
      ? {
          [INSPECT_SCORER]: {
            value: { passed: s.verdict.passed, score: s.verdict.score },
            answer: s.output,
            explanation: `needlework ${run.benchmark}: ${s.verdict.passed ? "passed" : "failed"}, score ${Number(s.verdict.score.toFixed(4))} (${s.unit})`,
            metadata: { detail: s.verdict.detail, scorer_version: s.scorer_version },
            history: [],
          },
        }
      : null,
    metadata: {
      task_id: s.task_id,
      language: s.language,
      position: s.position,
      context_size: s.context_size,
      status: s.status,
      prompt_sha256: s.prompt_sha256,
      finish_reason: s.finish_reason,
      cached: s.cached,
      calls: s.calls,
      attempts: s.attempts,
    },
    store: {},
    events: [],
    timelines: null,
    model_usage: { [run.model]: tokens },
    role_usage: {},
    started_at: null,
    completed_at: s.finished_at,
    total_time: seconds,
    working_time: seconds,
    uuid: null,
    invalidation: null,
    error: s.verdict ? null : { message: s.error ?? s.status, traceback: "", traceback_ansi: "" },
    error_retries: null,
    attachments: {},
    events_data: null,
    limit: null,
  };
}

/**
 * The log as JSON text in pieces: the header (its closing brace held back), then `"samples": [`,
 * the samples (those after `part.after`, at most `part.limit`) a few at a time, and the end.
 */
export async function* inspectLogChunks(
  env: Env,
  run: RunRow,
  location: string,
  part: { after?: string; limit?: number } = {},
): AsyncGenerator<string> {
  const head = JSON.stringify(await header(env, run, location));
  yield `${head.slice(0, -1)},"samples":[`;
  let first = true;
  for await (const views of sampleViews(env, run.id, part)) {
    const text = views.map((s) => JSON.stringify(inspectLogSample(run, s))).join(",");
    yield first ? text : `,${text}`;
    first = false;
  }
  yield "]}";
}
