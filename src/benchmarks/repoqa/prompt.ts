/**
 * The reference's prompt: one user message, no system message, built from the template
 * `instruction\ncode_context\ndescription\ninstruction` whose keys are concatenated with no
 * separator (repoqa 0.1.2, `search_needle_function.py`).
 */
export const PROMPT_TEMPLATE_VERSION = "repoqa-0.1.2";

export const INSTRUCTION =
  "Based on the function description and code context, please retrieve and repeat the exact described function from the code context in a code block wrapped by ```:";

export function needlePrompt(codeContext: string, description: string): string {
  return INSTRUCTION + codeContext + `\nFunction Description:${description}\n` + INSTRUCTION;
}
