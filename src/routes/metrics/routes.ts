/** The contracts of the metric routes. */
import { createRoute } from "@hono/zod-openapi";
import { defaultBenchmark, familyOf } from "../../benchmarks/registry";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { jsonBody, jsonResponse, problemResponses } from "../../lib/middleware/openapi";
import { BleuRequest, BleuResponse, CodeBleuRequest, CodeBleuResponse } from "./schemas";

export const bleu = createRoute({
  method: "post",
  path: "/v1/metrics/bleu",
  tags: ["metrics"],
  summary: `Smoothed sentence BLEU (NLTK method4 on whitespace tokens), as ${familyOf(defaultBenchmark().id)?.title} computes similarity`,
  middleware: [limitBody(LIMITS.bleuBody), requireJson] as const,
  request: jsonBody(BleuRequest),
  responses: {
    200: jsonResponse(BleuResponse, "One score per pair, in request order"),
    ...problemResponses(400, 413, 415, 422),
  },
});

export const codeBleu = createRoute({
  method: "post",
  path: "/v1/metrics/codebleu",
  tags: ["metrics"],
  summary:
    "CodeBLEU as the codebleu 0.7.x package computes it: n-gram, keyword-weighted n-gram, syntax and data-flow match",
  middleware: [limitBody(LIMITS.codebleuBody), requireJson] as const,
  request: jsonBody(CodeBleuRequest),
  responses: {
    200: jsonResponse(
      CodeBleuResponse,
      "One score per pair (each a corpus of one), in request order, and the corpus score when asked",
    ),
    ...problemResponses(400, 413, 415, 422),
  },
});
