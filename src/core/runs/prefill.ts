/**
 * How a prompt's final assistant turn (a benchmark's prefill, e.g. an output-prediction prompt's
 * "assert f(...) ==") reaches a model: one rule for a run's outgoing messages and for the prompts the
 * export hands to outside harnesses (src/core/harnesses/), so both send the same messages.
 */
import type { ChatMessage } from "../../benchmarks/types";

/**
 * `assistant`: as a final assistant turn (models and APIs that continue it: Anthropic, vLLM with
 * `continue`); `continue`: the same messages, plus vLLM's `continue_final_message` in the request;
 * `user`: appended to the user turn after a blank line (APIs that answer a final assistant turn
 * with a new turn, e.g. OpenAI's).
 */
export const PREFILL_MODES = ["assistant", "continue", "user"] as const;
export type PrefillMode = (typeof PREFILL_MODES)[number];

/** The messages with a final assistant prefill placed as `mode` says (prompts without one are unchanged). */
export function placePrefill(messages: readonly ChatMessage[], mode: PrefillMode | undefined): ChatMessage[] {
  const last = messages.at(-1);
  const user = messages.at(-2);
  if (mode === "user" && last?.role === "assistant" && user?.role === "user") {
    return [...messages.slice(0, -2), { role: "user", content: `${user.content}\n\n${last.content}` }];
  }
  return [...messages];
}
