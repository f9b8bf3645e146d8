/** The contracts of the score routes: each path takes the generic shape or the default benchmark's original one. */
import { createRoute, z } from "@hono/zod-openapi";
import { PROMPTFOO_SCORE_PATH } from "../../core/harnesses/promptfoo";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { jsonBody, jsonResponse, problemResponses } from "../../lib/middleware/openapi";
import {
  original,
  PromptfooGradingResult,
  PromptfooWebhookRequest,
  UnitBatchRequest,
  UnitBatchResult,
  UnitScoreRequest,
  UnitScoreResult,
} from "./schemas";

export const score = createRoute({
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

export const batch = createRoute({
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

export const promptfoo = createRoute({
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
