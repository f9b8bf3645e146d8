/**
 * The score handlers, and the validation hooks that tell a body's shape by its fields: the generic
 * one when it has `benchmark`, else the default benchmark's original one; promptfoo's webhook
 * request sent to `/v1/score` is pointed at its own path. Every answer's size is checked
 * (src/lib/middleware/answer-size.ts) before anything is scored.
 */
import { getBenchmark } from "../../benchmarks/registry";
import { gradingResult, PROMPTFOO_SCORE_PATH } from "../../core/harnesses/promptfoo";
import { scoreUnitAnswers, summarizeVerdicts } from "../../core/units";
import { budgetPlan, WorkMeter } from "../../lib/code/budget";
import type { Env } from "../../lib/env";
import { ProblemError } from "../../lib/errors";
import { checkAnswerSize } from "../../lib/middleware/answer-size";
import { unionBodyHook } from "../../lib/middleware/openapi";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";
import { original, UnitBatchRequest, UnitScoreRequest } from "./schemas";

const hasBenchmark = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) && "benchmark" in body;

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

export const score: AppRouteHandler<typeof routes.score> = async (c) => {
  const body = c.req.valid("json");
  checkAnswerSize(body.answer, "answer");
  if (!("benchmark" in body)) return c.json(await original.single.handle(c.env, body), 200);
  return c.json(await scoreOne(c.env, body, "answer"), 200);
};

/** `/v1/score`'s validation: promptfoo's request is sent to its own path; the others are read in the shape they name. */
export const scoreHook = (result: { success: boolean }): undefined => {
  if (!result.success && looksLikePromptfoo((result as { data?: unknown }).data)) {
    throw new ProblemError(
      "validation-error",
      `This is promptfoo's webhook request: send it to POST ${PROMPTFOO_SCORE_PATH} (the test cases of GET /v1/benchmarks/{benchmark}/datasets/{dataset}/export?format=promptfoo do).`,
    );
  }
  return unionBodyHook((body) => (hasBenchmark(body) ? UnitScoreRequest : original.single.request))(result);
};

export const promptfoo: AppRouteHandler<typeof routes.promptfoo> = async (c) => {
  const { output, context } = c.req.valid("json");
  checkAnswerSize(output, "output");
  return c.json(gradingResult(await scoreOne(c.env, { ...context.vars, answer: output }, "output")), 200);
};

export const batch: AppRouteHandler<typeof routes.batch> = async (c) => {
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
};

export const batchHook = unionBodyHook((body) => (hasBenchmark(body) ? UnitBatchRequest : original.batch.request));
