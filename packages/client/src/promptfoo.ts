/**
 * Helpers for promptfoo (docs/integrations.md#promptfoo) over the test cases of the promptfoo export:
 *
 * - the prefill: the SemTrace family's prompts end with an assistant turn the model is meant to
 *   continue; chat APIs that answer a final assistant turn with a new one (OpenAI's) need it folded
 *   into the user turn, after a blank line (the export's `prefill=user`, a run's `prefill: user`):
 *   `foldPrefill` does it to messages, `promptfooTest` to a test case;
 * - per-unit `max_tokens`: promptfoo's OpenAI and Anthropic providers send a test case's
 *   `options.max_tokens`; a custom provider reads it with `chatRequest` from the test's variables.
 */
import type { ChatMessage, PromptfooTestCase } from "./types.js";

/**
 * The messages with a final assistant turn (the prefill) appended to the user turn before it, after
 * a blank line; messages without one are returned unchanged (as a copy).
 */
export function foldPrefill(messages: readonly ChatMessage[]): ChatMessage[] {
  const last = messages.at(-1);
  const user = messages.at(-2);
  if (last?.role !== "assistant" || user?.role !== "user") return [...messages];
  return [...messages.slice(0, -2), { role: "user", content: `${user.content}\n\n${last.content}` }];
}

/** How a test case's prefill is sent: kept as the final assistant turn, or folded into the user turn. */
export type PrefillPlacement = "assistant" | "fold";

/**
 * A test case of the promptfoo export made ready for a provider: with `prefill: "fold"`, its
 * messages folded (and `vars.prefill` null, as the export's `prefill=user` writes it); always its
 * `options.max_tokens` the unit's (`vars.max_tokens`). The scoring (`assert`) is untouched: the
 * answer scored is what the model writes after the prefill, wherever it went.
 */
export function promptfooTest(test: PromptfooTestCase, opts: { prefill?: PrefillPlacement } = {}): PromptfooTestCase {
  const fold = opts.prefill === "fold" && test.vars.prefill !== null;
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
 * `callApi(prompt, { vars })`): its messages (the prefill folded with `prefill: "fold"`) and its
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
    messages: opts.prefill === "fold" ? foldPrefill(messages) : [...messages],
    ...(max !== undefined && Number.isInteger(max) && max > 0 ? { max_tokens: max } : {}),
  };
}
