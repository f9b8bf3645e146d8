/**
 * The paper's prompts (appendix E, Figures 10-12) and the code context they wrap. Query-aware
 * contextualisation: the question comes before and after the code. Each prompt ends with an
 * assistant prefill; src/core/runs/generate.ts sends it as the model's turn or, for providers that
 * cannot continue a turn, appends it to the user message (the run records which).
 *
 * Layout choices where the paper's figures are not explicit (recorded by PROMPT_TEMPLATE_VERSION):
 * - the boxes of Figures 10-11 around [ASSERTION]/[FUNCTIONS] are figure frames, not code fences;
 *   Figure 12's inner ```python fence is part of the prompt (it is drawn inside the frame);
 * - parts are separated by one blank line; functions in the context by one blank line;
 * - a keyed line is `<key> <line>` (six lower-case hex digits and one space).
 */
import type { ChatMessage } from "../../types";

export const PROMPT_TEMPLATE_VERSION = "semtrace-prompts@1";

export const OUTPUT_INSTRUCTION =
  "You are given a number of Python functions and an assertion containing an input to one of the functions. Complete the assertion with a literal (no unsimplified expressions, no function calls) containing the output when executing the provided code on the given input, even if the function is incorrect or incomplete. Do NOT output any extra information.";

/** Where the target goes among D distractors at a position in [0, 1]: index round(position x D). */
export function targetIndex(position: number, distractors: number): number {
  return Math.round(position * distractors);
}

/** The functions of a context in order: distractors with the target inserted at its position. */
export function contextFunctions(
  target: string,
  distractors: readonly string[],
  position: number,
): { functions: string[]; targetAt: number } {
  const at = targetIndex(position, distractors.length);
  return { functions: [...distractors.slice(0, at), target, ...distractors.slice(at)], targetAt: at };
}

export const joinFunctions = (functions: readonly string[]) => functions.join("\n\n");

/** Output prediction (Figure 11): user turn and prefill. */
export function outputPredictionPrompt(codeBlock: string, input: string): ChatMessage[] {
  const assertion = `[ASSERTION]\nassert f(${input}) == ??\n[/ASSERTION]`;
  return [
    {
      role: "user",
      content: [
        OUTPUT_INSTRUCTION,
        assertion,
        `[FUNCTIONS]\n${codeBlock}\n[/FUNCTIONS]`,
        assertion,
        OUTPUT_INSTRUCTION,
      ].join("\n\n"),
    },
    { role: "assistant", content: `Sure! Here is the corresponding output:\n\n\`\`\`python\nassert f(${input}) ==` },
  ];
}

/** Function-level retrieval (Figure 12): user turn and prefill. */
export function retrievalPrompt(keyedBlock: string, start: string, end: string): ChatMessage[] {
  const ask = (where: "below" | "above") =>
    `Each line in the code block ${where} starts with a random key. I'm looking for a function starting at key '${start}' and ending at key '${end}' in the code snippet ${where}. Can you help me find it?`;
  return [
    { role: "user", content: [ask("below"), "```python\n" + keyedBlock + "\n```", ask("above")].join("\n\n") },
    {
      role: "assistant",
      content: `Sure! Here is the full function starting at key '${start}' and ending at key '${end}':\n\n\`\`\`python\n`,
    },
  ];
}
