import { createRoute, z } from "@hono/zod-openapi";
import { defaultBenchmark, familyOf } from "../benchmarks/registry";
// Installs the Worker's grammar loader, which CodeBLEU's parser needs.
import "../lib/code";
import { BudgetExceededError, budgetPlan, WorkMeter } from "../lib/code/budget";
import { invalid, ProblemError } from "../lib/errors";
import { countWhitespaceTokens } from "../lib/metrics/python-text";
import { sentenceBleu } from "../lib/metrics/bleu";
import {
  CODEBLEU_GRAMMARS,
  CODEBLEU_LANGUAGES,
  CODEBLEU_METRIC,
  CodeBleuInputError,
  DataFlowBudgetError,
  DEFAULT_CODEBLEU_WEIGHTS,
  codeBleuSampleStats,
  combineCodeBleu,
  isCodeBleuLanguage,
  loadCodeBleuGrammar,
} from "../lib/metrics/codebleu";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import { createRouter, jsonBody, jsonResponse, problemResponses } from "../lib/middleware/openapi";

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
  summary: `Smoothed sentence BLEU (NLTK method4 on whitespace tokens), as ${familyOf(defaultBenchmark().id)?.title} computes similarity`,
  middleware: [limitBody(LIMITS.bleuBody), requireJson] as const,
  request: jsonBody(BleuRequest),
  responses: {
    200: jsonResponse(BleuResponse, "One score per pair, in request order"),
    ...problemResponses(400, 413, 415, 422),
  },
});

const CodeBleuWeightsSchema = z
  .object({
    ngram: z.number().min(0),
    weighted_ngram: z.number().min(0),
    syntax: z.number().min(0),
    dataflow: z.number().min(0),
  })
  .strict()
  .refine((w) => w.ngram + w.weighted_ngram + w.syntax + w.dataflow > 0, { message: "weights must not all be zero" })
  .openapi("CodeBleuWeights", {
    description: "Weights of the four components (the package's alpha, beta, gamma, theta); default 0.25 each",
  });

const CodeBleuRequest = z
  .object({
    pairs: z
      .array(
        z
          .object({
            reference: z.union([z.string(), z.array(z.string()).min(1).max(LIMITS.codebleuReferences)]).openapi({
              description: `The reference code, or up to ${LIMITS.codebleuReferences} alternative references`,
            }),
            candidate: z.string(),
          })
          .strict(),
      )
      .min(1)
      .max(LIMITS.codebleuPairs)
      .openapi({ description: `Up to ${LIMITS.codebleuPairs} pairs` }),
    language: z.string().openapi({ description: `One of ${CODEBLEU_LANGUAGES.join(", ")}`, example: "python" }),
    weights: CodeBleuWeightsSchema.optional(),
    corpus: z
      .boolean()
      .optional()
      .openapi({ description: "Also score all pairs as one corpus (calc_codebleu on the whole list)" }),
  })
  .strict()
  .openapi("CodeBleuRequest");

const CodeBleuScoreSchema = z
  .object({
    codebleu: z.number(),
    ngram_match_score: z.number(),
    weighted_ngram_match_score: z.number(),
    syntax_match_score: z.number(),
    dataflow_match_score: z
      .number()
      .openapi({ description: "0 when the references have no data flow; the combined score then counts it as 1" }),
  })
  .openapi("CodeBleuScore");

const CodeBleuResponse = z
  .object({
    metric: z.string(),
    language: z.string(),
    grammar: z.record(z.string(), z.string()).openapi({
      description: "tree-sitter runtime and grammar versions (syntax and data-flow scores depend on them)",
    }),
    weights: CodeBleuWeightsSchema,
    scores: z.array(CodeBleuScoreSchema),
    corpus: CodeBleuScoreSchema.optional(),
  })
  .openapi("CodeBleuResponse");

const codeBleuRoute = createRoute({
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

export const metricRoutes = createRouter()
  .openapi(route, (c) => {
    const { pairs } = c.req.valid("json");
    // Exact pre-check: BLEU's cost is linear in the tokens, so count them before any work.
    const meter = WorkMeter.of("bleu", undefined, budgetPlan(c.env));
    for (const [i, p] of pairs.entries()) chargeTokens(meter, [p.reference, p.candidate], `pairs.${i}`);
    return c.json(
      { metric: "nltk-3.8-sentence-bleu-method4", scores: pairs.map((p) => sentenceBleu(p.reference, p.candidate)) },
      200,
    );
  })
  .openapi(codeBleuRoute, async (c) => {
    const { pairs, language, weights = DEFAULT_CODEBLEU_WEIGHTS, corpus } = c.req.valid("json");
    if (!isCodeBleuLanguage(language)) {
      throw new ProblemError(
        "unprocessable-content",
        `CodeBLEU does not support language "${language}"; supported: ${CODEBLEU_LANGUAGES.join(", ")}.`,
        {
          supported_languages: CODEBLEU_LANGUAGES,
        },
      );
    }
    const meter = WorkMeter.of("codebleu", undefined, budgetPlan(c.env));
    for (const [i, p] of pairs.entries())
      chargeTokens(
        meter,
        [...(typeof p.reference === "string" ? [p.reference] : p.reference), p.candidate],
        `pairs.${i}`,
      );
    const grammar = await loadCodeBleuGrammar(language);
    let samples: ReturnType<typeof codeBleuSampleStats>;
    try {
      samples = meter.run(() =>
        codeBleuSampleStats(
          pairs.map((p) => p.reference),
          pairs.map((p) => p.candidate),
          language,
          grammar,
        ),
      );
    } catch (err) {
      if (err instanceof DataFlowBudgetError) {
        throw new ProblemError(
          "unprocessable-content",
          "A code's data flow is too costly to extract (deeply nested loops); CodeBLEU was not computed.",
          { max_steps: err.steps },
        );
      }
      if (err instanceof CodeBleuInputError) invalid(`${err.message}.`);
      throw err;
    }
    return c.json(
      {
        metric: CODEBLEU_METRIC,
        language,
        grammar: CODEBLEU_GRAMMARS,
        weights,
        scores: samples.map((s) => combineCodeBleu([s], weights)),
        ...(corpus ? { corpus: combineCodeBleu(samples, weights) } : {}),
      },
      200,
    );
  });

/** Charges the whitespace tokens of `texts` to the request's `bleu_tokens` budget, naming the item that goes over. */
function chargeTokens(meter: WorkMeter, texts: readonly string[], where: string) {
  let tokens = 0;
  for (const text of texts) tokens += countWhitespaceTokens(text);
  if (!meter.fits("bleu_tokens", tokens))
    throw new BudgetExceededError("bleu_tokens", meter.limits.bleu_tokens, "request", where, meter.plan.name);
  meter.charge("bleu_tokens", tokens);
}
