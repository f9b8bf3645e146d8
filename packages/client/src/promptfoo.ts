/**
 * Helpers for promptfoo (docs/integrations.md#promptfoo) over the test cases of the promptfoo export:
 *
 * - the prefill, placed as everywhere else (`placePrefill`, prompts.ts): `promptfooTest` places a
 *   test case's, `chatRequest` the one of the messages a custom provider reads;
 * - per-unit `max_tokens`: promptfoo's OpenAI and Anthropic providers send a test case's
 *   `options.max_tokens`; a custom provider reads it with `chatRequest` from the test's variables.
 */
import { placePrefill, type PrefillPlacement } from "./prompts.js";
import type { ChatMessage, PromptfooTestCase } from "./types.js";

/** The messages with a final assistant turn (the prefill) appended to the user turn before it: `placePrefill(messages, "user")`. */
export function foldPrefill(messages: readonly ChatMessage[]): ChatMessage[] {
  return placePrefill(messages, "user");
}

/**
 * A test case of the promptfoo export made ready for a provider: with `prefill: "user"`, its
 * messages with the prefill in the user turn (and `vars.prefill` null, as the export's `prefill=user`
 * writes it); always its `options.max_tokens` the unit's (`vars.max_tokens`). The scoring (`assert`)
 * is untouched: the answer scored is what the model writes after the prefill, wherever it went.
 */
export function promptfooTest(test: PromptfooTestCase, opts: { prefill?: PrefillPlacement } = {}): PromptfooTestCase {
  const fold = (opts.prefill === "user" || opts.prefill === "fold") && test.vars.prefill !== null;
  const options = { ...test.options, max_tokens: test.vars.max_tokens };
  if (fold) delete options.passthrough; // vLLM's continue_final_message: nothing left to continue
  return {
    ...test,
    vars: fold ? { ...test.vars, messages: foldPrefill(test.vars.messages), prefill: null } : test.vars,
    options,
  };
}

/** The variables `chatRequest` reads: a test case's of the promptfoo export. */
export interface UnitVars {
  messages: ChatMessage[] | string;
  max_tokens?: number | string;
}

/**
 * The chat request a unit's test case asks for, from promptfoo's variables (a custom provider's
 * `callApi(prompt, { vars })`): its messages (the prefill placed as `prefill` says) and its
 * `max_tokens`. `messages` may come as the array or as its JSON.
 */
export function chatRequest(
  vars: UnitVars,
  opts: { prefill?: PrefillPlacement } = {},
): { messages: ChatMessage[]; max_tokens?: number } {
  const messages = typeof vars.messages === "string" ? (JSON.parse(vars.messages) as ChatMessage[]) : vars.messages;
  if (!Array.isArray(messages))
    throw new TypeError(
      "vars.messages is not a list of messages (is this a test case of needlework's promptfoo export?)",
    );
  const max = vars.max_tokens === undefined ? undefined : Number(vars.max_tokens);
  return {
    messages: placePrefill(messages, opts.prefill),
    ...(max !== undefined && Number.isInteger(max) && max > 0 ? { max_tokens: max } : {}),
  };
}
