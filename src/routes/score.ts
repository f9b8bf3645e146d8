import { createRoute, z } from "@hono/zod-openapi";
import { DEFAULT_THRESHOLD, SCORING_MODES, passAt1 } from "../benchmarks/repoqa/scorer";
import { scoreAnswers } from "../benchmarks/repoqa/service";
import { BUDGETS, WorkMeter } from "../code/budget";
import { COMMENT_MODES, type CommentMode } from "../datasets/context";
import { ProblemError } from "../errors";
import { LIMITS, limitBody, requireJson } from "../middleware/body";
import { utf8Length } from "../code/utf8";
import { createRouter, jsonBody, jsonResponse, problemResponses } from "./common";

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

const PassAt1 = z.record(z.string(), z.object({ n: z.number().int(), pass_at_1: z.record(z.string(), z.number()) }));
const BatchResult = z.object({ results: z.array(ScoreResult), summary: PassAt1 }).openapi("BatchScoreResult");

const scoreRoute = createRoute({
  method: "post",
  path: "/v1/score",
  tags: ["scoring"],
  summary: "Score one model answer to a RepoQA Searching-Needle-Function task",
  middleware: [limitBody(LIMITS.scoreBody), requireJson] as const,
  request: jsonBody(ScoreRequest),
  responses: { 200: jsonResponse(ScoreResult, "The verdict"), ...problemResponses(400, 404, 413, 415, 422) },
});

const batchRoute = createRoute({
  method: "post",
  path: "/v1/score/batch",
  tags: ["scoring"],
  summary: `Score up to ${LIMITS.batchAnswers} answers to tasks of one dataset, with pass@1 per language`,
  middleware: [limitBody(LIMITS.batchBody), requireJson] as const,
  request: jsonBody(BatchRequest),
  responses: { 200: jsonResponse(BatchResult, "Verdicts in request order and pass@1"), ...problemResponses(400, 404, 413, 415, 422) },
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
    const [result] = await scoreAnswers(
      c.env,
      body.dataset,
      [body],
      { threshold: body.threshold, mode: body.mode, ignoreComments: body.ignore_comments, context: body.context },
      new WorkMeter(BUDGETS.score),
      () => "answer",
    );
    return c.json(result, 200);
  })
  .openapi(batchRoute, async (c) => {
    const body = c.req.valid("json");
    body.answers.forEach((a, i) => checkAnswerSize(a.answer, `answers.${i}.answer`));
    const results = await scoreAnswers(
      c.env,
      body.dataset,
      body.answers,
      { threshold: body.threshold, mode: body.mode, ignoreComments: body.ignore_comments, context: body.context },
      new WorkMeter(BUDGETS.batch),
    );
    return c.json({ results, summary: passAt1(results) }, 200);
  });
