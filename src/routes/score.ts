/**
 * `POST /v1/score` and `POST /v1/score/batch`: two request shapes on one path each; and promptfoo's.
 *
 * - Any benchmark (the generic shape, issue 15): `{benchmark, dataset, unit, answer, options?}` (batch:
 *   `{benchmark, dataset, options?, answers: [{unit, answer}]}`), scored by the benchmark's own
 *   `Benchmark.score`, the function a run scores its samples with, under the options a run over the
 *   dataset would record; answers `{benchmark, dataset, unit, task, language, passed, score, detail,
 *   scorer_version, options, dataset_sha256}` (batch: `results` and a pass@1 `summary`). Units come
 *   from `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units` (routes/benchmarks.ts). The
 *   request is metered with one WorkMeter (BUDGETS.benchmark), the parent of each answer's per-unit
 *   meters, whatever the family.
 * - The default benchmark's original shape (registry `defaultBenchmark`, its `Benchmark.originalScore`),
 *   a body without `benchmark`: its schemas and handler are the family's; this route documents them
 *   beside the generic shape and checks each answer's size.
 *
 * Which shape a body is: it is the generic one when it has a `benchmark` field; a body shaped as
 * promptfoo's webhook request is pointed at the third path:
 * - `POST /v1/score/promptfoo`: promptfoo's webhook assertion request as promptfoo sends it
 *   (`{output, context: {prompt, vars}}`, src/core/harnesses/promptfoo.ts), the unit named by `vars`
 *   (`benchmark`, `dataset`, `unit`, `options`) and scored as the generic shape is, answered as
 *   promptfoo's GradingResult. Its body limit holds the prompt twice (promptfoo sends it twice).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { benchmarkIds, defaultBenchmark, getBenchmark } from "../benchmarks/registry";
import { scoreUnitAnswers, summarizeVerdicts } from "../core/units";
import { budgetPlan, WorkMeter } from "../lib/code/budget";
import type { Env } from "../lib/env";
import { ProblemError } from "../lib/errors";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import { utf8Length } from "../lib/code/utf8";
import { createRouter, jsonBody, jsonResponse, problemResponses, unionBodyHook } from "../lib/middleware/openapi";
import { gradingResult, PROMPTFOO_SCORE_PATH } from "../core/harnesses/promptfoo";

const BenchmarkField = z
  .enum(benchmarkIds() as [string, ...string[]])
  .openapi({ description: "A benchmark of GET /v1/benchmarks" });
const AnyOptions = z
  .record(z.string(), z.unknown())
  .optional()
  .openapi({ description: "The benchmark's run options (GET /v1/benchmarks lists them; default {})" });

const UnitScoreRequest = z
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

const UnitBatchRequest = z
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
const UnitScoreResult = z.object({ ...Receipt, ...UnitVerdict.shape }).openapi("UnitScoreResult");
const Tally = z.object({
  n: z.number().int(),
  passed: z.number().int(),
  pass_at_1: z.number(),
  mean_score: z.number(),
});
const UnitBatchResult = z
  .object({
    ...Receipt,
    results: z.array(UnitVerdict),
    summary: z.record(z.string(), Tally).openapi({ description: "`all` and each language" }),
  })
  .openapi("UnitBatchScoreResult");

const PromptfooWebhookRequest = z
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

const PromptfooGradingResult = z
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

const hasBenchmark = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && "benchmark" in body;

const original = defaultBenchmark().originalScore;
if (!original) throw new Error(`The default benchmark ${defaultBenchmark().id} has no original score shapes.`);

const scoreRoute = createRoute({
  method: "post",
  path: "/v1/score",
  tags: ["scoring"],
  summary: `Score one model answer to a unit of any benchmark (\`benchmark\` + \`unit\`), or to ${original.single.scores}`,
  middleware: [limitBody(LIMITS.scoreBody), requireJson] as const,
  request: jsonBody(z.union([UnitScoreRequest, original.single.request])),
  responses: {
    200: jsonResponse(
      z.union([UnitScoreResult, original.single.response]),
      "The verdict (UnitScoreResult for the benchmark shape)",
    ),
    ...problemResponses(400, 404, 413, 415, 422),
  },
});

const batchRoute = createRoute({
  method: "post",
  path: "/v1/score/batch",
  tags: ["scoring"],
  summary: `Score up to ${LIMITS.batchAnswers} answers to units of one benchmark's dataset (or ${original.batch.scores}), with pass@1 per language`,
  middleware: [limitBody(LIMITS.batchBody), requireJson] as const,
  request: jsonBody(z.union([UnitBatchRequest, original.batch.request])),
  responses: {
    200: jsonResponse(z.union([UnitBatchResult, original.batch.response]), "Verdicts in request order and pass@1"),
    ...problemResponses(400, 404, 413, 415, 422),
  },
});

const promptfooRoute = createRoute({
  method: "post",
  path: PROMPTFOO_SCORE_PATH,
  tags: ["scoring"],
  summary:
    "Score one output as promptfoo's webhook assertion sends it (`{output, context: {prompt, vars}}`), answering promptfoo's `{pass, score, reason}`",
  middleware: [limitBody(LIMITS.promptfooBody), requireJson] as const,
  request: jsonBody(
    PromptfooWebhookRequest,
    "promptfoo's webhook request; the test cases of GET .../export?format=promptfoo carry the variables",
  ),
  responses: {
    200: jsonResponse(PromptfooGradingResult, "The verdict as a promptfoo GradingResult"),
    ...problemResponses(400, 404, 413, 415, 422),
  },
});

/** A body promptfoo's webhook sent to /v1/score (where its `context` reads as the default benchmark's own field). */
function looksLikePromptfoo(body: unknown): boolean {
  const context = (body as { context?: unknown } | null)?.context;
  return (
    typeof body === "object" &&
    body !== null &&
    "output" in body &&
    typeof context === "object" &&
    context !== null &&
    "vars" in context
  );
}

/** A 413 for an answer over LIMITS.answerBytes (also the limit of a run's submitted outputs). */
export function checkAnswerSize(answer: string, where: string) {
  const bytes = utf8Length(answer);
  if (bytes > LIMITS.answerBytes) {
    throw new ProblemError(
      "payload-too-large",
      `${where} is ${bytes} bytes; answers are limited to ${LIMITS.answerBytes} bytes.`,
      {
        limit_bytes: LIMITS.answerBytes,
      },
    );
  }
}

/** One answer to a unit, scored under one request meter: the receipt and the verdict (`where` names the answer in a refusal). */
async function scoreOne(
  env: Env,
  a: { benchmark: string; dataset: string; unit: string; answer: string; options?: Record<string, unknown> },
  where: string,
) {
  const { results, ...receipt } = await scoreUnitAnswers(
    env,
    getBenchmark(a.benchmark),
    a.dataset,
    [a],
    a.options,
    WorkMeter.of("benchmark", undefined, budgetPlan(env)),
    () => where,
  );
  return { ...receipt, ...results[0] };
}

export const scoreRoutes = createRouter()
  .openapi(
    scoreRoute,
    async (c) => {
      const body = c.req.valid("json");
      checkAnswerSize(body.answer, "answer");
      if (!("benchmark" in body)) return c.json(await original.single.handle(c.env, body), 200);
      return c.json(await scoreOne(c.env, body, "answer"), 200);
    },
    (result) => {
      if (!result.success && looksLikePromptfoo((result as { data?: unknown }).data)) {
        throw new ProblemError(
          "validation-error",
          `This is promptfoo's webhook request: send it to POST ${PROMPTFOO_SCORE_PATH} (the test cases of GET /v1/benchmarks/{benchmark}/datasets/{dataset}/export?format=promptfoo do).`,
        );
      }
      return unionBodyHook((body) => (hasBenchmark(body) ? UnitScoreRequest : original.single.request))(result);
    },
  )
  .openapi(promptfooRoute, async (c) => {
    const { output, context } = c.req.valid("json");
    checkAnswerSize(output, "output");
    return c.json(gradingResult(await scoreOne(c.env, { ...context.vars, answer: output }, "output")), 200);
  })
  .openapi(
    batchRoute,
    async (c) => {
      const body = c.req.valid("json");
      for (const [i, a] of body.answers.entries()) checkAnswerSize(a.answer, `answers.${i}.answer`);
      if (!("benchmark" in body)) return c.json(await original.batch.handle(c.env, body), 200);
      const scored = await scoreUnitAnswers(
        c.env,
        getBenchmark(body.benchmark),
        body.dataset,
        body.answers,
        body.options,
        WorkMeter.of("benchmark", undefined, budgetPlan(c.env)),
        (i) => `answers.${i}`,
      );
      return c.json({ ...scored, summary: summarizeVerdicts(scored.results) }, 200);
    },
    unionBodyHook((body) => (hasBenchmark(body) ? UnitBatchRequest : original.batch.request)),
  );
