/**
 * RepoQA's original request shapes of `POST /v1/score` and `POST /v1/score/batch`, from before any
 * other benchmark: `{dataset, task, answer, mode, threshold, ignore_comments, context}` (batch:
 * `answers: [{task, answer}]`), a body without `benchmark`. The shared score route documents them
 * beside the `benchmark` shape and hands such a body here (`Benchmark.originalScore`). A verdict
 * carries `passed`, the name every benchmark's verdict uses, beside its original `pass` (the same
 * value, kept for existing clients).
 */
import { z } from "@hono/zod-openapi";
import { budgetPlan, WorkMeter } from "../../../lib/code/budget";
import type { Env } from "../../../lib/env";
import { refuseHeldOut } from "../../../lib/datasets/visibility";
import { LIMITS } from "../../../lib/middleware/body";
import type { OriginalScoreShapes } from "../../types";
import { COMMENT_MODES, type CommentMode } from "../dataset/context";
import { DEFAULT_THRESHOLD, SCORING_MODES, passAt1 } from "../score/scorer";
import { scoreAnswers, type ScoreOptions, type TaskScore } from "../score/service";

const options = {
  threshold: z
    .number()
    .min(0)
    .max(1)
    .default(DEFAULT_THRESHOLD)
    .openapi({ description: "Similarity needed to pass (default 0.8)" }),
  mode: z.enum(SCORING_MODES).default("official").openapi({
    description:
      "`official`: candidates are the repository's needles (the reference implementation). `strict`: every function of the task's code context (the paper's design).",
  }),
  ignore_comments: z
    .boolean()
    .default(false)
    .openapi({ description: "Remove comments from the answer and the candidates first" }),
  context: z
    .object({
      size: z.number().int().optional(),
      comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).optional(),
      depth: z.number().min(0).max(1).optional(),
    })
    .strict()
    .optional()
    .openapi({
      description:
        "Strict mode: which stored code context (default: the dataset's first size and comment mode, the reference depth)",
    }),
};

const ScoreRequest = z
  .object({
    dataset: z.string().min(1).max(128),
    task: z.string().min(1).max(1024).openapi({
      example: "python::python/cpython-email::parse_message_id",
      description: "`<language>::<repo>::<function name>`, as `GET /v1/datasets/{id}/tasks` lists them",
    }),
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
    passed: z.boolean().openapi({
      description:
        "Whether the answer passes at `threshold`: the name every benchmark's verdict uses (`POST /v1/score` with `benchmark`)",
    }),
    pass: z
      .boolean()
      .openapi({ description: "The same as `passed`, under this shape's original name (kept for existing clients)" }),
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

const PassAt1 = z.record(z.string(), z.object({ n: z.number().int(), pass_at_1: z.record(z.string(), z.number()) }));
const BatchResult = z.object({ results: z.array(ScoreResult), summary: PassAt1 }).openapi("BatchScoreResult");

/** A verdict as this shape answers it: `passed` (every benchmark's name) beside its original `pass`. */
const withPassed = (result: TaskScore) => ({ passed: result.pass, ...result });

/** The scoring options of either shape, as the scorer names them. */
const scoreOptions = (body: z.infer<typeof ScoreRequest> | z.infer<typeof BatchRequest>): ScoreOptions => ({
  threshold: body.threshold,
  mode: body.mode,
  ignoreComments: body.ignore_comments,
  context: body.context,
});

/** RepoQA's original score shapes, as `Benchmark.originalScore`. */
export const repoqaOriginalScore: OriginalScoreShapes = {
  single: {
    request: ScoreRequest,
    response: ScoreResult,
    scores: "a RepoQA task (`task`, the original shape)",
    async handle(env: Env, body: z.infer<typeof ScoreRequest>) {
      await refuseHeldOut(
        env,
        body.dataset,
        "this request shape (its verdict names the target)",
        "`benchmark` + `unit`",
      );
      const [result] = await scoreAnswers(
        env,
        body.dataset,
        [body],
        scoreOptions(body),
        WorkMeter.of("score", undefined, budgetPlan(env)),
        () => "answer",
      );
      return withPassed(result);
    },
  } as OriginalScoreShapes["single"],
  batch: {
    request: BatchRequest,
    response: BatchResult,
    scores: "RepoQA tasks, the original shape",
    async handle(env: Env, body: z.infer<typeof BatchRequest>) {
      await refuseHeldOut(
        env,
        body.dataset,
        "this request shape (its verdicts name the target)",
        "`benchmark` + `unit`",
      );
      const results = await scoreAnswers(
        env,
        body.dataset,
        body.answers,
        scoreOptions(body),
        WorkMeter.of("batch", undefined, budgetPlan(env)),
      );
      return { results: results.map(withPassed), summary: passAt1(results) };
    },
  } as OriginalScoreShapes["batch"],
};
