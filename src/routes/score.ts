/**
 * `POST /v1/score` and `POST /v1/score/batch`: two request shapes on one path each.
 *
 * - Any benchmark (the generic shape, issue 15): `{benchmark, dataset, unit, answer, options?}` (batch:
 *   `{benchmark, dataset, options?, answers: [{unit, answer}]}`), scored by the benchmark's own
 *   `Benchmark.score`, the function a run scores its samples with, under the options a run over the
 *   dataset would record; answers `{benchmark, dataset, unit, task, language, passed, score, detail,
 *   scorer_version, options, dataset_sha256}` (batch: `results` and a pass@1 `summary`). Units come
 *   from `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units` (routes/benchmarks.ts). The
 *   request is metered with one WorkMeter (BUDGETS.benchmark), the parent of each answer's per-unit
 *   meters, whatever the family.
 * - RepoQA's original shape (`{dataset, task, answer, mode, threshold, ignore_comments, context}`),
 *   a body without `benchmark`: unchanged, as before (src/benchmarks/repoqa/service.ts).
 *
 * Which shape a body is: it is the generic one when it has a `benchmark` field.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { benchmarkIds, getBenchmark } from "../benchmarks/registry";
import { DEFAULT_THRESHOLD, SCORING_MODES, passAt1 } from "../benchmarks/repoqa/scorer";
import { scoreAnswers } from "../benchmarks/repoqa/service";
import { scoreUnitAnswers, summarizeVerdicts } from "../benchmarks/surface";
import { budgetPlan, WorkMeter } from "../code/budget";
import { COMMENT_MODES, type CommentMode } from "../benchmarks/repoqa/dataset/context";
import { ProblemError } from "../errors";
import { LIMITS, limitBody, requireJson } from "../middleware/body";
import { utf8Length } from "../code/utf8";
import { createRouter, jsonBody, jsonResponse, problemResponses, unionBodyHook } from "./common";

const options = {
  threshold: z.number().min(0).max(1).default(DEFAULT_THRESHOLD).openapi({ description: "Similarity needed to pass (default 0.8)" }),
  mode: z.enum(SCORING_MODES).default("official").openapi({
    description: "`official`: candidates are the repository's needles (the reference implementation). `strict`: every function of the task's code context (the paper's design).",
  }),
  ignore_comments: z.boolean().default(false).openapi({ description: "Remove comments from the answer and the candidates first" }),
  context: z
    .object({
      size: z.number().int().optional(),
      comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).optional(),
      depth: z.number().min(0).max(1).optional(),
    })
    .strict()
    .optional()
    .openapi({ description: "Strict mode: which stored code context (default: the dataset's first size and comment mode, the reference depth)" }),
};

const ScoreRequest = z
  .object({
    dataset: z.string().min(1).max(128),
    task: z.string().min(1).max(1024).openapi({ example: "python::needlework-demo/textkit::normalize_whitespace" }),
    answer: z.string().openapi({ description: `The model's raw output (at most ${LIMITS.answerBytes} bytes UTF-8)` }),
    ...options,
  })
  .strict()
  .openapi("ScoreRequest");

const BatchRequest = z
  .object({
    dataset: z.string().min(1).max(128),
    answers: z
      .array(z.object({ task: z.string().min(1).max(1024), answer: z.string() }).strict())
      .min(1)
      .max(LIMITS.batchAnswers),
    ...options,
  })
  .strict()
  .openapi("BatchScoreRequest");

const ScoreResult = z
  .object({
    task: z.string(),
    language: z.string(),
    pass: z.boolean(),
    pass_at: z.record(z.string(), z.boolean()).openapi({ description: "Pass at each threshold 0.0 ... 1.0" }),
    target: z.string(),
    best_target: z.string().nullable(),
    best_target_path: z.string().nullable(),
    best_similarity: z.number(),
    target_similarity: z.number(),
    threshold: z.number(),
    mode: z.enum(SCORING_MODES),
    ignore_comments: z.boolean(),
    candidates: z.number().int(),
    candidates_from: z.enum(["needles", "context", "repository"]),
    context: z.object({ size: z.number().int(), comment_mode: z.string(), position_ratio: z.number() }).nullable(),
    extracted: z.string().openapi({ description: "The code the sanitizer extracted from the answer" }),
    scorer_version: z.string(),
    dataset_sha256: z.string(),
  })
  .openapi("ScoreResult");

const BenchmarkField = z.enum(benchmarkIds() as [string, ...string[]]).openapi({ description: "A benchmark of GET /v1/benchmarks" });
const AnyOptions = z.record(z.string(), z.unknown()).optional().openapi({ description: "The benchmark's run options (GET /v1/benchmarks lists them; default {})" });

const UnitScoreRequest = z
  .object({
    benchmark: BenchmarkField,
    dataset: z.string().min(1).max(128),
    unit: z.string().min(1).max(1024).openapi({ example: "crux-0@20@0.5", description: "A unit id of GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units" }),
    answer: z.string().openapi({ description: `The model's raw output (after the prompt's prefill, if any; at most ${LIMITS.answerBytes} bytes UTF-8)` }),
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
  detail: z.record(z.string(), z.unknown()).openapi({ description: "The benchmark's own verdict detail, as a run sample stores it" }),
});
const Receipt = {
  benchmark: z.string(),
  dataset: z.string(),
  dataset_sha256: z.string(),
  scorer_version: z.string(),
  options: z.record(z.string(), z.unknown()).openapi({ description: "The options the answer was scored under, as a run records them" }),
};
const UnitScoreResult = z.object({ ...Receipt, ...UnitVerdict.shape }).openapi("UnitScoreResult");
const Tally = z.object({ n: z.number().int(), passed: z.number().int(), pass_at_1: z.number(), mean_score: z.number() });
const UnitBatchResult = z
  .object({ ...Receipt, results: z.array(UnitVerdict), summary: z.record(z.string(), Tally).openapi({ description: "`all` and each language" }) })
  .openapi("UnitBatchScoreResult");

const hasBenchmark = (body: unknown) => typeof body === "object" && body !== null && !Array.isArray(body) && "benchmark" in body;

const PassAt1 = z.record(z.string(), z.object({ n: z.number().int(), pass_at_1: z.record(z.string(), z.number()) }));
const BatchResult = z.object({ results: z.array(ScoreResult), summary: PassAt1 }).openapi("BatchScoreResult");

const scoreRoute = createRoute({
  method: "post",
  path: "/v1/score",
  tags: ["scoring"],
  summary: "Score one model answer to a unit of any benchmark (`benchmark` + `unit`), or to a RepoQA task (`task`, the original shape)",
  middleware: [limitBody(LIMITS.scoreBody), requireJson] as const,
  request: jsonBody(z.union([UnitScoreRequest, ScoreRequest])),
  responses: { 200: jsonResponse(z.union([UnitScoreResult, ScoreResult]), "The verdict (UnitScoreResult for the benchmark shape)"), ...problemResponses(400, 404, 413, 415, 422) },
});

const batchRoute = createRoute({
  method: "post",
  path: "/v1/score/batch",
  tags: ["scoring"],
  summary: `Score up to ${LIMITS.batchAnswers} answers to units of one benchmark's dataset (or RepoQA tasks, the original shape), with pass@1 per language`,
  middleware: [limitBody(LIMITS.batchBody), requireJson] as const,
  request: jsonBody(z.union([UnitBatchRequest, BatchRequest])),
  responses: { 200: jsonResponse(z.union([UnitBatchResult, BatchResult]), "Verdicts in request order and pass@1"), ...problemResponses(400, 404, 413, 415, 422) },
});

function checkAnswerSize(answer: string, where: string) {
  const bytes = utf8Length(answer);
  if (bytes > LIMITS.answerBytes) {
    throw new ProblemError("payload-too-large", `${where} is ${bytes} bytes; answers are limited to ${LIMITS.answerBytes} bytes.`, {
      limit_bytes: LIMITS.answerBytes,
    });
  }
}

export const scoreRoutes = createRouter()
  .openapi(scoreRoute, async (c) => {
    const body = c.req.valid("json");
    checkAnswerSize(body.answer, "answer");
    if ("benchmark" in body) {
      const { results, ...receipt } = await scoreUnitAnswers(c.env, getBenchmark(body.benchmark), body.dataset, [body], body.options, WorkMeter.of("benchmark", undefined, budgetPlan(c.env)), () => "answer");
      return c.json({ ...receipt, ...results[0] }, 200);
    }
    const [result] = await scoreAnswers(
      c.env,
      body.dataset,
      [body],
      { threshold: body.threshold, mode: body.mode, ignoreComments: body.ignore_comments, context: body.context },
      WorkMeter.of("score", undefined, budgetPlan(c.env)),
      () => "answer",
    );
    return c.json(result, 200);
  }, unionBodyHook((body) => (hasBenchmark(body) ? UnitScoreRequest : ScoreRequest)))
  .openapi(batchRoute, async (c) => {
    const body = c.req.valid("json");
    body.answers.forEach((a, i) => checkAnswerSize(a.answer, `answers.${i}.answer`));
    if ("benchmark" in body) {
      const scored = await scoreUnitAnswers(c.env, getBenchmark(body.benchmark), body.dataset, body.answers, body.options, WorkMeter.of("benchmark", undefined, budgetPlan(c.env)), (i) => `answers.${i}`);
      return c.json({ ...scored, summary: summarizeVerdicts(scored.results) }, 200);
    }
    const results = await scoreAnswers(
      c.env,
      body.dataset,
      body.answers,
      { threshold: body.threshold, mode: body.mode, ignoreComments: body.ignore_comments, context: body.context },
      WorkMeter.of("batch", undefined, budgetPlan(c.env)),
    );
    return c.json({ results, summary: passAt1(results) }, 200);
  }, unionBodyHook((body) => (hasBenchmark(body) ? UnitBatchRequest : BatchRequest)));
