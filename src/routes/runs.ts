/**
 * Evaluation runs: create (admin), watch (JSON or server-sent events), cancel, page through samples,
 * results, re-score, publish, and export in the reference's file formats.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { stream, streamSSE } from "hono/streaming";
import { allBenchmarks, benchmarkIds, defaultBenchmark, familyOf, getBenchmark } from "../benchmarks/registry";
import type { ReferenceFiles, RunRecord } from "../benchmarks/types";
import type { RunRow } from "../lib/db/schema";
import { RUN_SAMPLE_STATUSES, RUN_STATUSES } from "../lib/db/schema";
import type { Context } from "hono";
import type { AppEnv, Env } from "../lib/env";
import { ProblemError, invalid } from "../lib/errors";
import { requireAdmin, requireSubmitter } from "../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import { coordinatorOf } from "../core/runs/consumer";
import { checkAnswerSize } from "./score";
import { knownModels } from "../core/runs/models";
import { cancelRun, createRun, publishRunById, readRun, rescoreRun, runResults } from "../core/runs/service";
import { deleteRun } from "../core/runs/retention";
import { exportNames, inspectLogName } from "../core/runs/export-names";
import { sampleLines } from "../core/runs/export";
import { inspectLogChunks } from "../core/harnesses/inspect-log";
import { partsStatus, putPart as storePart } from "../core/runs/parts";
import { PART_LIMITS } from "../core/runs/submitted";
import { allSamples, getRun, listRuns, readOutput, samplePage, samplePages } from "../core/runs/store";
import { datasetView } from "../core/dataset-view";
import {
  PublishedSchema,
  RescoredSchema,
  RunListSchema,
  RunProgressSchema,
  RunResultsSchema,
  RunSamplePageSchema,
  RunSchema,
} from "./runs-schemas";
import {
  ADMIN_SECURITY,
  SUBMITTER_SECURITY,
  createRouter,
  jsonBody,
  jsonResponse,
  problemResponses,
  queryInteger,
} from "../lib/middleware/openapi";

export const RUN_LIMITS = {
  /** Tasks in flight at once for one run. */
  concurrency: 64,
  /** Samples per page. */
  samplesPage: 500,
  /** An events stream closes after this long; reconnect to keep watching. */
  eventsStreamMs: 15 * 60_000,
  eventsPollMs: 500,
  /** Outputs in one run from submitted outputs in one body, or in one part (each at most LIMITS.answerBytes, as for /v1/score). */
  outputs: PART_LIMITS.outputs,
  /** Body of POST /v1/runs: room for submitted outputs (without them a request is a few hundred bytes). */
  body: 8 * 1024 * 1024,
} as const;

const RunId = z
  .string()
  .regex(/^run-\d{14}-[0-9a-f]{10}$/, "a run id such as run-20261121120000-0123456789")
  .openapi({ param: { name: "id", in: "path" }, example: "run-20261121120000-0123456789" });

/** The benchmark a run request means when it names none, and its option names (the OpenAPI document's example). */
const byDefault = defaultBenchmark();
const byDefaultOptions = Object.keys(
  (z.toJSONSchema(byDefault.options, { io: "input", unrepresentable: "any" }) as { properties?: object }).properties ??
    {},
);

/** One submitted output: a unit and the model's raw text for it. */
const SubmittedOutputSchema = z
  .object({ unit: z.string().min(1).max(1024), output: z.string() })
  .strict()
  .openapi("SubmittedOutput");

const RunRequestSchema = z
  .object({
    benchmark: z
      .string()
      .default(byDefault.id)
      .openapi({ description: `One of: ${benchmarkIds().join(", ")}` }),
    dataset: z.string().min(1).max(64),
    model: z.string().min(1).max(500).openapi({
      description:
        "workers-ai:<model>, openai-compatible:<model>@<base url>, or baseline:oracle|bm25|interpreter|empty (each benchmark lists its baselines); with `outputs`, just the model's name (nothing is called)",
      example: "openai-compatible:qwen2.5-coder-7b-instruct@http://127.0.0.1:8080/v1",
    }),
    api_key: z.string().max(64).nullable().optional().openapi({
      description: "The NAME of a Worker secret (`*_API_KEY`) holding the key; never the key itself",
      example: "OPENROUTER_API_KEY",
    }),
    label: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Name on the leaderboard (default: the model id)" }),
    temperature: z.number().min(0).max(2).default(0),
    max_tokens: z
      .number()
      .int()
      .min(1)
      .max(65_536)
      .optional()
      .openapi({
        description: `Default: the benchmark's (${byDefault.defaultMaxTokens} for ${familyOf(byDefault.id)?.title})`,
      }),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .nullable()
      .optional()
      .openapi({ description: "Sent when the provider supports it" }),
    system_message: z
      .string()
      .max(8192)
      .nullable()
      .optional()
      .openapi({ description: "Off by default, as in the reference" }),
    prefill: z.enum(["assistant", "continue", "user"]).optional().openapi({
      description:
        "How a prompt's assistant prefill (where a benchmark's prompt ends with one) is sent: a final assistant turn, that plus vLLM's continue_final_message, or appended to the user turn. Default: the provider's (openai-compatible: assistant; workers-ai: user)",
    }),
    options: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description: `Benchmark options, e.g. ${familyOf(byDefault.id)?.title} {${byDefaultOptions.join(", ")}}`,
      }),
    languages: z.array(z.string().min(1).max(32)).max(16).optional(),
    limit: z.number().int().min(1).max(100_000).optional().openapi({ description: "Run only the first N tasks" }),
    concurrency: z.number().int().min(1).max(RUN_LIMITS.concurrency).default(4),
    token_budget: z
      .number()
      .int()
      .min(1)
      .nullable()
      .optional()
      .openapi({ description: "Stop sending when prompt + completion tokens would exceed this" }),
    model_limits: z
      .object({
        contextWindow: z.number().int().min(256).optional(),
        concurrency: z.number().int().min(1).max(256).optional(),
        requestsPerMinute: z.number().int().min(1).nullable().optional(),
      })
      .strict()
      .optional()
      .openapi({
        description: "Override the model registry (context window, shared concurrency, requests per minute)",
      }),
    retry: z
      .object({
        maxAttempts: z.number().int().min(1).max(10).optional(),
        baseDelayMs: z.number().int().min(0).max(60_000).optional(),
        maxDelayMs: z.number().int().min(0).max(300_000).optional(),
        timeoutMs: z.number().int().min(100).max(600_000).optional(),
        maxRetryAfterMs: z.number().int().min(0).max(600_000).optional(),
      })
      .strict()
      .optional(),
    cache: z
      .boolean()
      .default(true)
      .openapi({ description: "Reuse stored responses to the same (model, parameters, prompt)" }),
    publish: z.boolean().optional().openapi({
      description: "Publish to the leaderboard when complete (default: when the run covers the whole dataset)",
    }),
    cutoff: z.string().max(10).optional().openapi({
      description:
        "The model's training cutoff as its provider states it: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. Stored for the model under the run's label (source `run <id>`; the newest statement wins), so the leaderboard can score it on unseen code only (docs/contamination.md#cutoffs). Absent: the model's stored cutoff, if any, stands",
      example: "2025-03",
    }),
    price: z
      .object({ input: z.number().min(0), output: z.number().min(0) })
      .strict()
      .nullable()
      .optional()
      .openapi({ description: "USD per million input/output tokens, for the cost estimate" }),
    outputs: z
      .array(SubmittedOutputSchema)
      .min(1)
      .max(RUN_LIMITS.outputs)
      .optional()
      .openapi({
        description: `Outputs a harness already produced, one per unit (at most ${RUN_LIMITS.outputs}, each at most ${LIMITS.answerBytes} bytes): the run calls no model and scores each as POST /v1/score would. A unit the dataset lacks is a 422 naming it, and nothing is stored (docs/runs.md#scoring-outputs-you-already-have)`,
      }),
    parts: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({
        description: `Instead of \`outputs\`: the submitted outputs come in this many parts (at most ${PART_LIMITS.parts}), each sent with PUT /v1/runs/{id}/outputs/{part}; the run is \`receiving\` until the last is in, then scored as if they had come in one body (docs/runs.md#big-submissions-in-parts)`,
      }),
  })
  .strict()
  .openapi("RunRequest");

const PartRequestSchema = z
  .object({
    outputs: z
      .array(SubmittedOutputSchema)
      .min(1)
      .openapi({
        description: `This part's outputs, in the order they count for the submission's sha256 (at most ${PART_LIMITS.outputs}, each at most ${LIMITS.answerBytes} bytes, the body at most ${RUN_LIMITS.body} bytes)`,
      }),
  })
  .strict()
  .openapi("RunOutputsPart");

const PartsSchema = z
  .object({
    run: z.string(),
    status: z.enum(RUN_STATUSES),
    parts: z.number().int().openapi({ description: "Parts announced" }),
    received: z
      .array(z.object({ part: z.number().int(), sha256: z.string(), outputs: z.number().int() }))
      .openapi({ description: "The parts stored, in part order, with the sha256 of each one's outputs" }),
    missing: z.array(z.number().int()).openapi({ description: "The parts still to send" }),
    outputs: z.number().int().openapi({ description: "Outputs received in all" }),
    started: z.boolean().openapi({
      description: "Every part is in and the run was started (scored as one made from the same outputs in one body)",
    }),
  })
  .openapi("RunOutputsParts");

const PartStoredSchema = PartsSchema.extend({
  part: z.number().int(),
  sha256: z.string().openapi({ description: "sha256 of this part's outputs as compact JSON" }),
  stored: z
    .boolean()
    .openapi({ description: "false: the same part with the same outputs was already stored (nothing changed)" }),
}).openapi("RunOutputsPartStored");

const json = (description: string) => jsonResponse(RunSchema, description);

const create = createRoute({
  method: "post",
  path: "/v1/runs",
  tags: ["runs"],
  summary: "Start an evaluation run of a model on a dataset (a submitter or admin token)",
  security: SUBMITTER_SECURITY,
  middleware: [requireSubmitter, limitBody(RUN_LIMITS.body), requireJson] as const,
  request: jsonBody(RunRequestSchema),
  responses: { 202: json("Started"), ...problemResponses(400, 401, 403, 404, 413, 415, 422) },
});

const list = createRoute({
  method: "get",
  path: "/v1/runs",
  tags: ["runs"],
  summary: "Recent runs (newest first)",
  request: { query: z.object({ limit: queryInteger(z.number().int().min(1).max(200)).default(50) }) },
  responses: { 200: jsonResponse(RunListSchema, "Runs"), ...problemResponses(400) },
});

/** The `Content-Disposition` of an export, in the OpenAPI document. */
const FILE_NAME_HEADER = {
  "Content-Disposition": {
    description:
      "The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`)",
    schema: { type: "string" as const },
  },
};

const idParams = { params: z.object({ id: RunId }) };

const partParams = {
  params: z.object({
    id: RunId,
    part: queryInteger(z.number().int().min(1).max(PART_LIMITS.parts)).openapi({
      param: { name: "part", in: "path" },
      type: "integer",
      example: 1,
    }),
  }),
};

const putPart = createRoute({
  method: "put",
  path: "/v1/runs/{id}/outputs/{part}",
  tags: ["runs"],
  summary: "Send one part of a run's submitted outputs (a run created with `parts`); the last one in starts the run",
  description:
    '201: stored; 200: this part was already stored with the same outputs (nothing changes: re-send freely after a lost answer); 409: stored with other outputs; 422: a unit the dataset lacks or one already in another part (named; nothing of this part is stored); 413: too many outputs or too large a body. See docs/runs.md, "Big submissions in parts".',
  security: SUBMITTER_SECURITY,
  middleware: [requireSubmitter, limitBody(RUN_LIMITS.body), requireJson] as const,
  request: { ...partParams, ...jsonBody(PartRequestSchema) },
  responses: {
    200: jsonResponse(PartStoredSchema, "Already stored, unchanged"),
    201: jsonResponse(PartStoredSchema, "Stored"),
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

const parts = createRoute({
  method: "get",
  path: "/v1/runs/{id}/outputs",
  tags: ["runs"],
  summary: "Which parts of a run's submitted outputs are in (a run created with `parts`): what a client resumes from",
  request: idParams,
  responses: { 200: jsonResponse(PartsSchema, "The parts"), ...problemResponses(400, 404) },
});

const read = createRoute({
  method: "get",
  path: "/v1/runs/{id}",
  tags: ["runs"],
  summary: "A run's status, counts, tokens and receipt",
  request: idParams,
  responses: { 200: json("The run"), ...problemResponses(400, 404) },
});

const events = createRoute({
  method: "get",
  path: "/v1/runs/{id}/events",
  tags: ["runs"],
  summary: "Progress as server-sent events (`progress` on every change, then `done`)",
  description:
    "Each event's data is a `RunProgress` (JSON; components.schemas.RunProgress). The stream closes after 15 minutes: reconnect to keep watching.",
  request: idParams,
  responses: {
    200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
    ...problemResponses(400, 404),
  },
});

const cancel = createRoute({
  method: "post",
  path: "/v1/runs/{id}/cancel",
  tags: ["runs"],
  summary: "Cancel a run: nothing more is sent; calls in flight are abandoned",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: { 200: json("The run"), ...problemResponses(400, 401, 403, 404) },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/runs/{id}",
  tags: ["runs"],
  summary: "Delete a finished run: its samples, its stored outputs and its coordinator's state",
  description:
    'A running run is a 409 (cancel it first). A published leaderboard entry keeps its own rows. `complete: false` means objects were left for the hourly prune (a run of more than 10,000 samples). See docs/runs.md, "Deleting runs".',
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: {
    200: jsonResponse(
      z
        .object({ deleted: z.string(), samples: z.number().int(), objects: z.number().int(), complete: z.boolean() })
        .openapi("DeletedRun"),
      "Deleted",
    ),
    ...problemResponses(400, 401, 403, 404, 409),
  },
});

const samples = createRoute({
  method: "get",
  path: "/v1/runs/{id}/samples",
  tags: ["runs"],
  summary: "Per-task rows of a run, in unit order, paged",
  request: {
    ...idParams,
    query: z.object({
      limit: queryInteger(z.number().int().min(1).max(RUN_LIMITS.samplesPage)).default(100),
      after: z.string().max(1024).optional().openapi({ description: "The `next` cursor of the previous page" }),
      status: z.enum(RUN_SAMPLE_STATUSES).optional(),
    }),
  },
  responses: { 200: jsonResponse(RunSamplePageSchema, "A page of samples"), ...problemResponses(400, 404) },
});

const results = createRoute({
  method: "get",
  path: "/v1/runs/{id}/results",
  tags: ["runs"],
  summary:
    "A run's results: counts, pass@1 per group with 95 % Wilson intervals (per threshold and needle depth where the benchmark sweeps a threshold), the benchmark's own summary, the receipt",
  description:
    'Every run: `run`, `benchmark`, `model`, `label`, `status`, `samples`, `scored`, `errors`, `context_exceeded`, `receipt`. A benchmark that sweeps a similarity threshold adds `threshold`, `thresholds`, `pass_at_1` (group → threshold → rate) and `by_depth`; one whose samples pass or fail without a threshold adds `pass_at_1` (group → rate); a benchmark with its own results adds `summary` (docs/runs.md, "Results").',
  request: idParams,
  responses: {
    200: { ...jsonResponse(RunResultsSchema, "Results"), headers: FILE_NAME_HEADER },
    ...problemResponses(400, 404),
  },
});

const rescore = createRoute({
  method: "post",
  path: "/v1/runs/{id}/rescore",
  tags: ["runs"],
  summary: "Re-score stored outputs (another mode, threshold or scorer version) without calling the model",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: { ...idParams, ...jsonBody(z.object({ options: z.record(z.string(), z.unknown()).default({}) }).strict()) },
  responses: {
    200: jsonResponse(RescoredSchema, "Re-scored: the counts and the new results"),
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

const publish = createRoute({
  method: "post",
  path: "/v1/runs/{id}/publish",
  tags: ["runs"],
  summary: "Publish a completed whole-dataset run to the leaderboard as a verified entry",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: idParams,
  responses: { 200: jsonResponse(PublishedSchema, "Published"), ...problemResponses(400, 401, 403, 404, 409, 422) },
});

const OUTPUT_FORMATS = ["reference", "samples"] as const;

const outputs = createRoute({
  method: "get",
  path: "/v1/runs/{id}/outputs.jsonl",
  tags: ["runs"],
  summary:
    "Per-sample outputs as JSON lines: the reference implementation's file (`format=reference`, benchmarks that have one) or one line per sample of any benchmark (`format=samples`)",
  description:
    "`format=samples` (every benchmark): one line per sample in unit order, `{run, unit, task_id, language, position, context_size, status, output, finish_reason, verdict: {passed, score, detail} | null, error, attempts, prompt_sha256, prompt_tokens, completion_tokens, cached, calls, latency_ms, scorer_version, finished_at}`; `after` and `limit` page it. " +
    "`format=reference` (benchmarks with reference files): the reference's own JSONL, one scored task per line with its fields and `output: [text]`. " +
    "Without `format`: `reference` where the run's benchmark has reference files, else `samples`. Generated as it is sent. `Content-Disposition` names the file (`<model>.jsonl`, `<model>-samples.jsonl`).",
  request: {
    ...idParams,
    query: z.object({
      format: z.enum(OUTPUT_FORMATS).optional().openapi({
        description:
          "`reference` or `samples` (default: `reference` where the benchmark has reference files, else `samples`)",
      }),
      after: z
        .string()
        .max(1024)
        .optional()
        .openapi({ description: "`format=samples` only: start after this unit (the last unit of the previous part)" }),
      limit: queryInteger(z.number().int().min(1).max(100_000))
        .optional()
        .openapi({ description: "`format=samples` only: at most this many samples (default: every one)" }),
    }),
  },
  responses: {
    200: {
      description: "JSON lines",
      headers: FILE_NAME_HEADER,
      content: { "application/x-ndjson": { schema: z.string() } },
    },
    ...problemResponses(400, 404, 422),
  },
});

const scores = createRoute({
  method: "get",
  path: "/v1/runs/{id}/scores.json",
  tags: ["runs"],
  summary: "Scores as the reference's `<model>-SCORES.json`",
  request: idParams,
  responses: {
    200: {
      ...jsonResponse(
        z
          .record(z.string(), z.unknown())
          .openapi({ description: "The reference's own file format (its `<model>-SCORES.json`), not this API's" }),
        "The -SCORES.json content",
      ),
      headers: FILE_NAME_HEADER,
    },
    ...problemResponses(400, 404, 422),
  },
});

const LOG_FORMATS = ["inspect"] as const;

const log = createRoute({
  method: "get",
  path: "/v1/runs/{id}/log",
  tags: ["runs"],
  summary:
    "The run as an evaluation harness's log: `format=inspect`, inspect_ai's EvalLog JSON (log format 2), which `inspect view` opens",
  description:
    "Every benchmark. `eval` (task `needlework/<benchmark>`, dataset, model, generation config, the scorer `needlework` with metrics `passed` accuracy and `score` mean), `plan` (one `generate` step), `results` (per score: its metric over the scored samples, scored and unscored counts; left out while the run is running), `stats` (times, token usage), then `samples` in unit order, each made from the per-sample export's view of the sample (`outputs.jsonl?format=samples`): `input` (the unit and its prompt's sha256 and address; no prompt), `target` \"\" (answers stay on the server), `output` (the model's answer), `scores.needlework` (value `{passed, score}`, the detail as metadata), an unscored sample's reason as its `error`. `after` and `limit` cut the samples as they cut `outputs.jsonl?format=samples` (each part a whole log: the same header, part of the samples). Generated as it is sent; top-level fields the run has nothing for are left out, as inspect_ai writes them. `Content-Disposition` names the file as inspect_ai names its logs (`<created>_needlework-<benchmark>_<run id without ->.json`), which its log listing (`inspect view`) requires. docs/integrations.md#a-run-as-an-inspect_ai-log",
  request: {
    ...idParams,
    query: z.object({
      format: z
        .enum(LOG_FORMATS)
        .default("inspect")
        .openapi({ description: "`inspect`: inspect_ai's EvalLog JSON (the only format)" }),
      after: z.string().max(1024).optional().openapi({
        description:
          "Samples after this unit only (the last sample's `id` of the previous part); the header is the whole run's",
      }),
      limit: queryInteger(z.number().int().min(1).max(100_000)).optional().openapi({
        description: "At most this many samples (default: every one): a part of a large run, each part a whole log",
      }),
    }),
  },
  responses: {
    200: {
      description: "The log (application/json)",
      headers: FILE_NAME_HEADER,
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
    ...problemResponses(400, 404),
  },
});

/** A run as its benchmark's reference files read it, and those files; 422 when its benchmark has none or its dataset is held out (they name every target). */
async function referenceFilesOf(env: Env, row: RunRow): Promise<{ run: RunRecord; files: ReferenceFiles }> {
  (await datasetView(env, row.datasetId)).refuse(
    "the reference's files (they name every target)",
    "GET /v1/runs/{id}/outputs.jsonl?format=samples",
  );
  const files = getBenchmark(row.benchmark).referenceFiles;
  if (!files) {
    const having = allBenchmarks()
      .filter((b) => b.referenceFiles)
      .map((b) => b.id);
    invalid(`Reference file exports exist for ${having.join(", ")} runs, not ${row.benchmark}.`);
  }
  return {
    run: {
      row,
      samples: () => allSamples(env, row.id),
      pages: () => samplePages(env, row.id),
      output: (key) => readOutput(env, key),
    },
    files,
  };
}

/**
 * An answer typed as its schema. The service reads a run's stored JSON columns (parameters, settings,
 * receipt) and a benchmark's summary as records; createRun and the benchmark wrote them in the shapes
 * the schemas give, which test/runs/export.test.ts checks on real answers of every benchmark
 * against the OpenAPI document.
 */
const shaped = <S extends z.ZodType>(_schema: S, body: object) => body as z.output<S>;

/** `Content-Disposition` of an export: its file name (export-names.ts: no `:`, nothing a shell splits). */
const fileHeader = (name: string, disposition: "attachment" | "inline" = "attachment") =>
  `${disposition}; filename="${name}"`;

/** Sends JSON lines as they are generated. */
function jsonLines(c: Context<AppEnv>, name: string, lines: AsyncIterable<string>): Response {
  c.header("content-type", "application/x-ndjson; charset=utf-8");
  c.header("content-disposition", fileHeader(name));
  return stream(c, async (out) => {
    for await (const line of lines) await out.write(line);
  });
}

export const runRoutes = createRouter()
  .openapi(create, async (c) => {
    const body = c.req.valid("json");
    for (const [i, o] of (body.outputs ?? []).entries()) checkAnswerSize(o.output, `outputs.${i}.output`);
    return c.json(shaped(RunSchema, await createRun(c.env, body)), 202);
  })
  .openapi(putPart, async (c) => {
    const { id, part } = c.req.valid("param");
    const { outputs } = c.req.valid("json");
    for (const [i, o] of outputs.entries()) checkAnswerSize(o.output, `outputs.${i}.output`);
    const { status, body } = await storePart(c.env, id, part, outputs);
    return status === 201 ? c.json(body, 201) : c.json(body, 200);
  })
  .openapi(parts, async (c) => c.json(await partsStatus(c.env, c.req.valid("param").id), 200))
  .openapi(list, async (c) => {
    const rows = await listRuns(c.env, c.req.valid("query").limit);
    return c.json(
      {
        runs: rows.map((r) => ({
          id: r.id,
          benchmark: r.benchmark,
          dataset: r.datasetId,
          model: r.model,
          label: r.modelLabel,
          status: r.status,
          units: r.unitCount,
          created_at: r.createdAt,
          finished_at: r.finishedAt,
        })),
        models: knownModels(),
      },
      200,
    );
  })
  .openapi(read, async (c) => c.json(shaped(RunSchema, await readRun(c.env, c.req.valid("param").id)), 200))
  .openapi(events, async (c) => {
    const { id } = c.req.valid("param");
    await getRun(c.env, id);
    const coordinator = coordinatorOf(c.env, id);
    return streamSSE(c, async (stream) => {
      const until = Date.now() + RUN_LIMITS.eventsStreamMs;
      let last = "";
      while (!stream.aborted && Date.now() < until) {
        const progress = await coordinator.progress();
        const { updated_at: _, ...state } = progress;
        const text = JSON.stringify(state);
        if (text !== last) {
          last = text;
          await stream.writeSSE({ event: "progress", data: JSON.stringify(progress) });
        }
        if (progress.status !== "running" && progress.finished_at) {
          await stream.writeSSE({ event: "done", data: JSON.stringify(progress) });
          return;
        }
        await stream.sleep(RUN_LIMITS.eventsPollMs);
      }
    });
  })
  .openapi(cancel, async (c) => c.json(shaped(RunSchema, await cancelRun(c.env, c.req.valid("param").id)), 200))
  .openapi(remove, async (c) => c.json(await deleteRun(c.env, c.req.valid("param").id), 200))
  .openapi(samples, async (c) => {
    const { id } = c.req.valid("param");
    const run = await getRun(c.env, id);
    const [page, view] = await Promise.all([
      samplePage(c.env, id, c.req.valid("query")),
      datasetView(c.env, run.datasetId),
    ]);
    return c.json({ run: id, ...page, samples: page.samples.map((s) => view.sample(run.benchmark, s)) }, 200);
  })
  .openapi(results, async (c) => {
    const body = await runResults(c.env, c.req.valid("param").id);
    return c.json(shaped(RunResultsSchema, body), 200, {
      "content-disposition": fileHeader(exportNames(body.label).results, "inline"),
    });
  })
  .openapi(rescore, async (c) =>
    c.json(shaped(RescoredSchema, await rescoreRun(c.env, c.req.valid("param").id, c.req.valid("json").options)), 200),
  )
  .openapi(publish, async (c) => c.json({ ...(await publishRunById(c.env, c.req.valid("param").id)) }, 200))
  .openapi(outputs, async (c) => {
    const { id } = c.req.valid("param");
    const { format, after, limit } = c.req.valid("query");
    const row = await getRun(c.env, id);
    const names = exportNames(row.modelLabel);
    const reference = format ? format === "reference" : Boolean(getBenchmark(row.benchmark).referenceFiles);
    if (!reference) return jsonLines(c, names.samples, sampleLines(c.env, id, { after, limit })) as never;
    if (after !== undefined || limit !== undefined)
      throw new ProblemError(
        "validation-error",
        "after and limit page format=samples only; the reference's file is whole.",
      );
    const { run, files } = await referenceFilesOf(c.env, row);
    // zod-openapi types only JSON and text bodies; a stream is neither.
    return jsonLines(c, names.outputs, files.outputLines(c.env, run)) as never;
  })
  .openapi(log, async (c) => {
    const { id } = c.req.valid("param");
    const row = await getRun(c.env, id);
    const url = new URL(c.req.url);
    c.header("content-type", "application/json; charset=utf-8");
    c.header("content-disposition", fileHeader(inspectLogName(row)));
    const { after, limit } = c.req.valid("query");
    const chunks = inspectLogChunks(c.env, row, `${url.pathname}${url.search}`, { after, limit });
    // The header (one pass over the sample rows) is made before answering: a run that cannot be read is a problem response.
    const head = await chunks.next();
    // zod-openapi types a JSON body as an object; this one is streamed.
    return stream(c, async (out) => {
      if (!head.done) await out.write(head.value);
      for await (const chunk of chunks) await out.write(chunk);
    }) as never;
  })
  .openapi(scores, async (c) => {
    const { run, files } = await referenceFilesOf(c.env, await getRun(c.env, c.req.valid("param").id));
    return c.json(await files.scores(c.env, run), 200, {
      "content-disposition": fileHeader(exportNames(run.row.modelLabel).scores),
    });
  });

// The events' data: named in the document, though a stream's body has no JSON schema of its own.
runRoutes.openAPIRegistry.register("RunProgress", RunProgressSchema);
