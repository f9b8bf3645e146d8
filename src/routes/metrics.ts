import { createRoute, z } from "@hono/zod-openapi";
import { sentenceBleu } from "../metrics/bleu";
import { LIMITS, limitBody, requireJson } from "../middleware/body";
import { createRouter, jsonBody, jsonResponse, problemResponses } from "./common";

const BleuRequest = z
  .object({
    pairs: z
      .array(z.object({ reference: z.string(), candidate: z.string() }).strict())
      .min(1)
      .max(LIMITS.bleuPairs)
      .openapi({ description: `Up to ${LIMITS.bleuPairs} pairs` }),
  })
  .strict()
  .openapi("BleuRequest");

const BleuResponse = z.object({ scores: z.array(z.number()), metric: z.string() }).openapi("BleuResponse");

const route = createRoute({
  method: "post",
  path: "/v1/metrics/bleu",
  tags: ["metrics"],
  summary: "Smoothed sentence BLEU (NLTK method4 on whitespace tokens), as RepoQA computes similarity",
  middleware: [limitBody(LIMITS.bleuBody), requireJson] as const,
  request: jsonBody(BleuRequest),
  responses: {
    200: jsonResponse(BleuResponse, "One score per pair, in request order"),
    ...problemResponses(400, 413, 415),
  },
});

export const metricRoutes = createRouter().openapi(route, (c) => {
  const { pairs } = c.req.valid("json");
  return c.json({ metric: "nltk-3.8-sentence-bleu-method4", scores: pairs.map((p) => sentenceBleu(p.reference, p.candidate)) }, 200);
});
