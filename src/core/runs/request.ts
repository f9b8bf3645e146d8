/**
 * What `POST /v1/runs` asks for: the schema the route validates a body with and documents, and the
 * type createRun reads, inferred from it (one definition of a run request).
 */
import { z } from "@hono/zod-openapi";
import { benchmarkIds, defaultBenchmark, familyOf } from "../../benchmarks/registry";
import { LIMITS } from "../../lib/middleware/body";
import { RUN_LIMITS } from "./limits";
import { PART_LIMITS, SubmittedOutputSchema } from "./submitted";

/** The benchmark a run request means when it names none, and its option names (the OpenAPI document's example). */
const byDefault = defaultBenchmark();
const byDefaultOptions = Object.keys(
  (z.toJSONSchema(byDefault.options, { io: "input", unrepresentable: "any" }) as { properties?: object }).properties ??
    {},
);

export const RunRequestSchema = z
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

/** A run request as validated: defaults filled in (`benchmark`, `temperature`, `concurrency`, `cache`). */
export type RunRequest = z.infer<typeof RunRequestSchema>;
