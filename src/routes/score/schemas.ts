/**
 * The schemas of the score routes: the generic shape (any benchmark, by `benchmark` and `unit`),
 * promptfoo's webhook request and GradingResult, and the default benchmark's original shapes (its
 * own, `Benchmark.originalScore`).
 */
import { z } from "@hono/zod-openapi";
import { benchmarkIds, defaultBenchmark } from "../../benchmarks/registry";
import { LIMITS } from "../../lib/middleware/body";

const BenchmarkField = z
  .enum(benchmarkIds() as [string, ...string[]])
  .openapi({ description: "A benchmark of GET /v1/benchmarks" });
const AnyOptions = z
  .record(z.string(), z.unknown())
  .optional()
  .openapi({ description: "The benchmark's run options (GET /v1/benchmarks lists them; default {})" });

export const UnitScoreRequest = z
  .object({
    benchmark: BenchmarkField,
    dataset: z.string().min(1).max(128),
    unit: z.string().min(1).max(1024).openapi({
      example: "crux-0@20@0.5",
      description: "A unit id of GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units",
    }),
    answer: z.string().openapi({
      description: `The model's raw output (after the prompt's prefill, if any; at most ${LIMITS.answerBytes} bytes UTF-8)`,
    }),
    options: AnyOptions,
  })
  .strict()
  .openapi("UnitScoreRequest");

export const UnitBatchRequest = z
  .object({
    benchmark: BenchmarkField,
    dataset: z.string().min(1).max(128),
    options: AnyOptions,
    answers: z
      .array(z.object({ unit: z.string().min(1).max(1024), answer: z.string() }).strict())
      .min(1)
      .max(LIMITS.batchAnswers),
  })
  .strict()
  .openapi("UnitBatchScoreRequest");

const UnitVerdict = z.object({
  unit: z.string(),
  task: z.string(),
  language: z.string(),
  passed: z.boolean(),
  score: z.number().openapi({ description: "The benchmark's headline number for the answer (a run sample's score)" }),
  detail: z
    .record(z.string(), z.unknown())
    .openapi({ description: "The benchmark's own verdict detail, as a run sample stores it" }),
});
const Receipt = {
  benchmark: z.string(),
  dataset: z.string(),
  dataset_sha256: z.string(),
  scorer_version: z.string(),
  options: z
    .record(z.string(), z.unknown())
    .openapi({ description: "The options the answer was scored under, as a run records them" }),
};
export const UnitScoreResult = z.object({ ...Receipt, ...UnitVerdict.shape }).openapi("UnitScoreResult");
const Tally = z.object({
  n: z.number().int(),
  passed: z.number().int(),
  pass_at_1: z.number(),
  mean_score: z.number(),
});
export const UnitBatchResult = z
  .object({
    ...Receipt,
    results: z.array(UnitVerdict),
    summary: z.record(z.string(), Tally).openapi({ description: "`all` and each language" }),
  })
  .openapi("UnitBatchScoreResult");

export const PromptfooWebhookRequest = z
  .object({
    output: z.string().openapi({ description: `The model's output (at most ${LIMITS.answerBytes} bytes UTF-8)` }),
    context: z.object({
      prompt: z.unknown().optional().openapi({ description: "The rendered prompt: ignored" }),
      vars: z
        .object({
          benchmark: BenchmarkField,
          dataset: z.string().min(1).max(128),
          unit: z.string().min(1).max(1024),
          options: AnyOptions,
        })
        .openapi({
          description:
            "The test case's variables: `benchmark`, `dataset`, `unit` and `options` are read, the others ignored",
        }),
    }),
  })
  .openapi("PromptfooWebhookRequest");

export const PromptfooGradingResult = z
  .object({
    pass: z.boolean(),
    score: z.number(),
    reason: z.string(),
    namedScores: z.record(z.string(), z.number()).openapi({ description: "The score under the benchmark's id" }),
    metadata: z
      .object({ needlework: UnitScoreResult })
      .openapi({ description: "The whole verdict, as POST /v1/score answers it" }),
  })
  .openapi("PromptfooGradingResult");

/** The default benchmark's original request and response shapes, and its handlers of them. */
export const original = (() => {
  const shapes = defaultBenchmark().originalScore;
  if (!shapes) throw new Error(`The default benchmark ${defaultBenchmark().id} has no original score shapes.`);
  return shapes;
})();
