/** The metric handlers: each request's work is metered, its tokens counted before any is done. */
// Installs the Worker's grammar loader, which CodeBLEU's parser needs.
import "../../lib/code";
import { BudgetExceededError, budgetPlan, WorkMeter } from "../../lib/code/budget";
import { invalid, ProblemError } from "../../lib/errors";
import { sentenceBleu } from "../../lib/metrics/bleu";
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
} from "../../lib/metrics/codebleu";
import { countWhitespaceTokens } from "../../lib/metrics/python-text";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";

export const bleu: AppRouteHandler<typeof routes.bleu> = (c) => {
  const { pairs } = c.req.valid("json");
  // Exact pre-check: BLEU's cost is linear in the tokens, so count them before any work.
  const meter = WorkMeter.of("bleu", undefined, budgetPlan(c.env));
  for (const [i, p] of pairs.entries()) chargeTokens(meter, [p.reference, p.candidate], `pairs.${i}`);
  return c.json(
    { metric: "nltk-3.8-sentence-bleu-method4", scores: pairs.map((p) => sentenceBleu(p.reference, p.candidate)) },
    200,
  );
};

export const codeBleu: AppRouteHandler<typeof routes.codeBleu> = async (c) => {
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
};

/** Charges the whitespace tokens of `texts` to the request's `bleu_tokens` budget, naming the item that goes over. */
function chargeTokens(meter: WorkMeter, texts: readonly string[], where: string) {
  let tokens = 0;
  for (const text of texts) tokens += countWhitespaceTokens(text);
  if (!meter.fits("bleu_tokens", tokens))
    throw new BudgetExceededError("bleu_tokens", meter.limits.bleu_tokens, "request", where, meter.plan.name);
  meter.charge("bleu_tokens", tokens);
}
