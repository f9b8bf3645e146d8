/**
 * promptfoo (0.123.1, read from its source) as needlework meets it: the test cases the export writes
 * (one per unit) and the verdict `POST /v1/score/promptfoo` answers its `webhook` assertion with.
 *
 * What promptfoo does, and why the test cases look as they do:
 * - `tests: file://x.jsonl` loads one test case per line. Every top-level *string* variable goes
 *   through Nunjucks before the prompt is rendered (a `{{` or `{%` in code breaks or alters it), is
 *   read as a file or a module when it starts with `file://` or `package:`, and loses a trailing
 *   newline; arrays and objects are left alone. So the prompt travels as `messages` (an array,
 *   rendered by the prompt `{{ messages | dump }}`, which the chat providers parse back into
 *   messages) and the prefill as a message object; the only top-level strings are ids.
 * - A test's `options` are merged into the provider's request config by the OpenAI and Anthropic
 *   providers (and the others that read the prompt's config): `options.max_tokens` is the unit's
 *   max_tokens, and with `prefill=continue`, `options.passthrough` adds vLLM's
 *   `continue_final_message` to the request body.
 * - The `webhook` assertion POSTs `{output, context: {prompt, vars}}` (vars as loaded, the prompt as
 *   rendered: the prompt travels twice) with a 5 s timeout (`WEBHOOK_TIMEOUT`), retries network
 *   failures and timeouts up to 4 times with backoff, and keeps only `pass`, `score` and `reason` of
 *   the answer. Any failure to get an answer (a non-2xx status, a timeout, no JSON, no boolean
 *   `pass`) becomes a *failed* assertion whose reason starts "Webhook error:", never an error: the
 *   webhook has no way to report one. What promptfoo counts as an error is an exception while
 *   grading; an assertion's `transform` that throws is one. So `assert=javascript` scores through
 *   a `javascript` assertion whose one-line transform POSTs the same request and throws when the
 *   scorer does not answer 2xx: a scorer failure is then one of promptfoo's errors, and the whole
 *   verdict (with `namedScores` and `metadata`) reaches promptfoo's results. That variant puts code
 *   in the test file, which promptfoo runs: it is opt-in.
 */
import type { PromptRecord, UnitVerdict } from "../units";
import type { PrefillMode } from "../runs/prefill";
import { unitFacts } from "./facts";

/** The path of the scoring endpoint promptfoo's assertions call. */
export const PROMPTFOO_SCORE_PATH = "/v1/score/promptfoo";

/** How a test case's assertion reaches the scorer (see the module comment). */
export const PROMPTFOO_ASSERTS = ["webhook", "javascript"] as const;
export type PromptfooAssert = (typeof PROMPTFOO_ASSERTS)[number];

/** How long the `javascript` assertion waits for the scorer before it reports an error. */
const JAVASCRIPT_TIMEOUT_MS = 30_000;

/** The request config vLLM needs to continue a final assistant turn (sent through promptfoo's `passthrough`). */
const CONTINUE_FINAL_MESSAGE = { continue_final_message: true, add_generation_prompt: false };

export interface PromptfooTestContext {
  /** The absolute URL of this instance's `POST /v1/score/promptfoo`. */
  scoreUrl: string;
  assert: PromptfooAssert;
  prefill: PrefillMode;
}

/**
 * The `javascript` assertion's transform: one line (promptfoo wraps a line in `return …`), POSTing
 * what the webhook would without the prompt, and throwing on anything but a 2xx answer.
 */
function scoringTransform(scoreUrl: string): string {
  const body =
    "JSON.stringify({output, context: {vars: {benchmark: context.vars.benchmark, dataset: context.vars.dataset, unit: context.vars.unit, options: context.vars.options}}})";
  return (
    `fetch(${JSON.stringify(scoreUrl)}, {method: "POST", headers: {"content-type": "application/json"}, body: ${body}, signal: AbortSignal.timeout(${JAVASCRIPT_TIMEOUT_MS})})` +
    `.then(async (r) => { if (!r.ok) throw new Error("needlework did not score this output: HTTP " + r.status + " " + (await r.text()).slice(0, 500)); return r.json(); })`
  );
}

function assertionOf(benchmark: string, ctx: PromptfooTestContext) {
  // `metric` names the score in promptfoo's named scores (one per benchmark).
  if (ctx.assert === "webhook") return { type: "webhook", value: ctx.scoreUrl, metric: benchmark };
  return { type: "javascript", value: "output", transform: scoringTransform(ctx.scoreUrl), metric: benchmark };
}

/** One promptfoo test case for a unit's prompt. */
export function promptfooTest(r: PromptRecord, ctx: PromptfooTestContext) {
  const continues = ctx.prefill === "continue" && r.prefill !== null;
  return {
    description: `${r.benchmark} ${r.unit}`,
    vars: {
      benchmark: r.benchmark,
      dataset: r.dataset,
      unit: r.unit,
      options: r.options,
      messages: r.messages,
      prefill: r.prefill === null ? null : { role: "assistant" as const, content: r.prefill },
      max_tokens: r.max_tokens,
      metadata: unitFacts(r),
    },
    options: { max_tokens: r.max_tokens, ...(continues ? { passthrough: CONTINUE_FINAL_MESSAGE } : {}) },
    assert: [assertionOf(r.benchmark, ctx)],
    metadata: { benchmark: r.benchmark, dataset: r.dataset, unit: r.unit, task: r.task, language: r.language },
  };
}

/** What `POST /v1/score` answers for one unit (the receipt and the verdict). */
export interface UnitScore extends UnitVerdict {
  benchmark: string;
  dataset: string;
  dataset_sha256: string;
  scorer_version: string;
  options: Record<string, unknown>;
}

/**
 * A verdict as promptfoo's GradingResult: `pass`, `score` and a short `reason` (all the webhook
 * keeps), the score under the benchmark's name, and the whole verdict as `metadata.needlework`.
 */
export function gradingResult(v: UnitScore) {
  return {
    pass: v.passed,
    score: v.score,
    reason: `needlework ${v.benchmark}: ${v.passed ? "passed" : "failed"}, score ${Number(v.score.toFixed(4))} (${v.unit})`,
    namedScores: { [v.benchmark]: v.score },
    metadata: { needlework: v },
  };
}
