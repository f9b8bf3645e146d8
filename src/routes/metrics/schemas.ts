/** The request and response schemas of the metric routes: sentence BLEU and CodeBLEU. */
import { z } from "@hono/zod-openapi";
import { CODEBLEU_LANGUAGES } from "../../lib/metrics/codebleu";
import { LIMITS } from "../../lib/middleware/body";

export const BleuRequest = z
  .object({
    pairs: z
      .array(z.object({ reference: z.string(), candidate: z.string() }).strict())
      .min(1)
      .max(LIMITS.bleuPairs)
      .openapi({ description: `Up to ${LIMITS.bleuPairs} pairs` }),
  })
  .strict()
  .openapi("BleuRequest");

export const BleuResponse = z.object({ scores: z.array(z.number()), metric: z.string() }).openapi("BleuResponse");

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

export const CodeBleuRequest = z
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

export const CodeBleuResponse = z
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
