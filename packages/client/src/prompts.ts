/**
 * What every harness does with a unit's prompt, whichever export line or call it came from (a
 * `jsonl` line or `prompt()`, a promptfoo test case's `vars`, an inspect_ai sample's `metadata`):
 *
 * - the prefill: the SemTrace family's prompts end with an assistant turn the model continues
 *   (`… assert f(…) ==`). `placePrefill` places it as the export's `prefill=` and a run's `prefill`
 *   option do (docs/integrations.md#prefill-every-harness): `assistant` (as it is), `continue` (the
 *   same messages; vLLM's `continue_final_message` goes in the request) or `user` (appended to the
 *   user turn after a blank line, for chat APIs that answer a final assistant turn with a new one);
 * - the score: `scoreRequest` makes `POST /v1/score`'s request from the unit and the model's answer
 *   (what it wrote after the prefill, wherever the prefill went).
 */
import type { BenchmarkId, ChatMessage, UnitScoreRequest } from "./types.js";

/** Where a prompt's final assistant turn goes: the export's `prefill=` values (`fold`: the former name of `user`). */
export type PrefillPlacement = "assistant" | "continue" | "user" | "fold";

/** The messages with a final assistant prefill placed as `prefill` says (a copy; prompts without one are unchanged). */
export function placePrefill(messages: readonly ChatMessage[], prefill: PrefillPlacement = "assistant"): ChatMessage[] {
  const last = messages.at(-1);
  const user = messages.at(-2);
  if ((prefill !== "user" && prefill !== "fold") || last?.role !== "assistant" || user?.role !== "user")
    return [...messages];
  return [...messages.slice(0, -2), { role: "user", content: `${user.content}\n\n${last.content}` }];
}

/** A unit as any export line or prompt names it. */
export interface UnitRef {
  benchmark: string;
  dataset: string;
  unit: string;
  /** The benchmark's options the prompt was made with (scored under the same). */
  options?: Record<string, unknown> | null;
}

/**
 * `POST /v1/score`'s request for `answer` to `unit`: a prompt (`prompt()`, a `jsonl` line), a
 * promptfoo test case's `vars` or an inspect_ai sample's `metadata`, with their options.
 */
export function scoreRequest(unit: UnitRef, answer: string): UnitScoreRequest {
  return {
    // The service names its own benchmarks; an id it does not host is its 400 to give.
    benchmark: unit.benchmark as BenchmarkId,
    dataset: unit.dataset,
    unit: unit.unit,
    answer,
    options: unit.options ?? {},
  };
}
