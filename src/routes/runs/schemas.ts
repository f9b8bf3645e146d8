/**
 * The OpenAPI schemas of the runs' answers, modelled on what src/core/runs/ returns (runView, runResults,
 * the runs list, a re-score, the sample page): the client package's `Run`, `RunResults`... are
 * generated from them (`npm run client:types`), and test/runs/export.test.ts checks real answers of
 * every benchmark against the document with ajv. Here: a run, its progress, the runs list and a
 * submission in parts; result-schemas.ts: the results, a re-score, the sample page, a publication.
 */
import { z } from "@hono/zod-openapi";
import { RUN_STATUSES } from "../../lib/db/schema";
import { LIMITS } from "../../lib/middleware/body";
import { intSchema } from "../../lib/middleware/openapi";
import { RUN_LIMITS } from "../../core/runs/limits";
import { PART_LIMITS, SubmittedOutputSchema } from "../../core/runs/submitted";
import { GrammarsSchema, ParserRuntimeSchema } from "../../lib/code/runtime-schemas";

// ---- progress -------------------------------------------------------------------------------------

export const RunStatusSchema = z.enum(RUN_STATUSES).openapi({
  description:
    "`receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts)",
});

/** What a run's coordinator counts (src/core/runs/config.ts RunProgress), in a run and in its `progress` events. */
const progressShape = {
  status: RunStatusSchema,
  parts: z
    .object({
      expected: intSchema("Parts announced"),
      received: z.array(z.number().int()).openapi({ description: "The parts stored, in part order" }),
    })
    .optional()
    .openapi({ description: "A run whose submitted outputs come in parts only (GET /v1/runs/{id}/outputs has more)" }),
  units: intSchema("Units the run covers (0 while a run in parts is receiving)"),
  counts: z
    .object({
      pending: intSchema("Not yet sent"),
      queued: intSchema("Message sent"),
      running: intSchema("Claimed by a consumer"),
      done: intSchema(),
      skipped: intSchema("Not run (cancel, budget)"),
      scored: intSchema("Of the done: answered and scored"),
      passed: intSchema("Of the scored: passed"),
      error: intSchema("Of the done: failed (not a wrong answer)"),
      context_exceeded: intSchema("Of the done: the prompt exceeded the model's context window"),
    })
    .strict(),
  tokens: z
    .object({ prompt: intSchema(), completion: intSchema(), reserved: intSchema("Reserved for calls in flight") })
    .strict(),
  model_calls: intSchema("Calls made, retries included"),
  cached: intSchema("Answers from the response cache"),
  cost_usd: z.number().nullable().openapi({ description: "Estimate from `price`; null without one" }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
};

export const RunProgressSchema = z
  .object({ ...progressShape, updated_at: z.string().openapi({ description: "When this progress was read" }) })
  .openapi("RunProgress", {
    description: "A run's progress, the data of `GET /v1/runs/{id}/events`' `progress` and `done` events",
  });

// ---- a run ----------------------------------------------------------------------------------------

const ParametersSchema = z
  .object({
    temperature: z.number(),
    max_tokens: z.number().int(),
    seed: z.number().int().nullable().openapi({ description: "Sent only when the provider supports it" }),
    system_message: z.string().nullable(),
    prefill: z
      .enum(["assistant", "continue", "user"])
      .optional()
      .openapi({ description: "How a prompt's assistant prefill is sent" }),
  })
  .openapi("RunParameters", { description: "Generation parameters as sent" });

const ModelLimitsSchema = z.object({
  contextWindow: z.number().int(),
  concurrency: z.number().int().openapi({ description: "Calls in flight at once across every run against this model" }),
  requestsPerMinute: z.number().int().nullable(),
  seed: z.boolean().openapi({ description: "Whether the provider honours `seed`" }),
  prefill: z.enum(["assistant", "user"]).openapi({ description: "How a prefill is sent when the run does not say" }),
});

/** An open record: a benchmark's options (its own, `GET /v1/benchmarks`). */
export const BenchmarkOptionsSchema = z
  .record(z.string(), z.unknown())
  .openapi({ description: "The benchmark's options after defaults (each benchmark's own: GET /v1/benchmarks)" });

const RunSettingsSchema = z
  .object({
    benchmark_options: BenchmarkOptionsSchema,
    concurrency: z.number().int(),
    token_budget: z.number().int().nullable(),
    retry: z.object({
      maxAttempts: z.number().int(),
      baseDelayMs: z.number().int(),
      maxDelayMs: z.number().int(),
      timeoutMs: z.number().int(),
      maxRetryAfterMs: z.number().int(),
    }),
    cache: z.boolean(),
    publish: z.boolean(),
    price: z.object({ input: z.number(), output: z.number() }).nullable(),
    limits: ModelLimitsSchema,
  })
  .openapi("RunSettings", {
    description:
      "How the run runs: benchmark options, concurrency, budget, retry policy, cache, publish, price, the model's limits",
  });

const SUBMITTED = "submitted outputs";

export const RunReceiptSchema = z
  .looseObject({
    run: z.string(),
    benchmark: z.string(),
    dataset: z.string(),
    dataset_sha256: z.string(),
    prompt_template_version: z.string(),
    scorer_version: z.string(),
    service_version: z.string(),
    // Optional: receipts written before 2026-11-23 (service 0.2.x) lack both, and stored runs are never rewritten.
    parser_runtime: ParserRuntimeSchema.optional(),
    grammars: GrammarsSchema.optional(),
    model: z.string().openapi({ description: "The model spec" }),
    parameters: ParametersSchema,
    options: BenchmarkOptionsSchema,
    filters: z.object({
      languages: z.array(z.string()).nullable(),
      limit: z.number().int().nullable(),
      units: intSchema("A run from submitted outputs over part of the dataset: the units submitted").optional(),
    }),
    source: z.literal(SUBMITTED).optional().openapi({ description: "Absent for a run that called its model here" }),
    outputs_sha256: z.string().optional().openapi({
      description: "sha256 of the submitted outputs as compact JSON (a run in parts: once the last part is in)",
    }),
    outputs: intSchema("Outputs submitted").optional(),
    parts: intSchema("Parts announced (a run in parts)").optional(),
    context_window: z.number().int(),
    seed_applied: z.boolean().openapi({ description: "Whether the seed reached the provider" }),
    comment_mode: z.string().nullable(),
    born: z
      .looseObject({
        earliest: z.string().nullable(),
        latest: z.string().nullable(),
        dated: z.number().int(),
        undated: z.number().int(),
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "When the dataset's targets were born (its provenance's range; docs/contamination.md); null for an undated dataset",
      }),
    cutoff: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The model's training cutoff given with the run (`cutoff`), if any" }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    rescored_at: z.string().optional(),
  })
  .openapi("RunReceipt", { description: "What the run's figures depend on (docs/runs.md); fields may be added" });

export const RunSchema = z
  .object({
    id: z.string(),
    benchmark: z.string(),
    dataset: z.string(),
    model: z.string().openapi({ description: "The model spec (`submitted:<name>` for submitted outputs)" }),
    label: z.string().openapi({ description: "Name on the leaderboard" }),
    api_key: z.string().nullable().openapi({ description: "The NAME of the Worker secret holding the key" }),
    ...progressShape,
    parameters: ParametersSchema,
    options: RunSettingsSchema,
    receipt: RunReceiptSchema,
    created_at: z.string(),
    links: z.object({ self: z.string(), events: z.string(), samples: z.string(), results: z.string() }),
  })
  .openapi("Run", {
    description:
      "A run: status, counts per state, tokens, cost estimate, parameters, settings, receipt (docs/runs.md#runs-api)",
  });

export const RunListSchema = z
  .object({
    runs: z.array(
      z.object({
        id: z.string(),
        benchmark: z.string(),
        dataset: z.string(),
        model: z.string(),
        label: z.string(),
        status: RunStatusSchema,
        units: z.number().int(),
        created_at: z.string(),
        finished_at: z.string().nullable(),
      }),
    ),
    models: z
      .array(ModelLimitsSchema.extend({ spec: z.string() }))
      .openapi({ description: "The models the registry knows, with their limits" }),
  })
  .openapi("RunList");

// ---- submissions in parts ----------------------------------------------------------------------

export const PartRequestSchema = z
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

export const PartsSchema = z
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

export const PartStoredSchema = PartsSchema.extend({
  part: z.number().int(),
  sha256: z.string().openapi({ description: "sha256 of this part's outputs as compact JSON" }),
  stored: z
    .boolean()
    .openapi({ description: "false: the same part with the same outputs was already stored (nothing changed)" }),
}).openapi("RunOutputsPartStored");
