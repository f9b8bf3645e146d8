/** The description annotator for `dataset build --describe annotate`: any OpenAI-compatible model. */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText } from "ai";

/**
 * `openai-compatible:<model>@<base url>`, e.g. `openai-compatible:gpt-4-turbo@https://api.openai.com/v1`.
 * The API key comes from NEEDLEWORK_ANNOTATOR_API_KEY (never from the command line, so it stays
 * out of shell history and process listings).
 */
export function annotatorFromSpec(spec: string): { model: string; generate: (prompt: string) => Promise<string> } {
  const m = /^openai-compatible:([^@]+)@(https?:\/\/.+)$/.exec(spec);
  if (!m) throw new Error(`--annotator must look like openai-compatible:<model>@<base url>, got "${spec}"`);
  const [, modelId, baseURL] = m;
  const provider = createOpenAICompatible({
    name: "annotator",
    baseURL,
    apiKey: process.env.NEEDLEWORK_ANNOTATOR_API_KEY,
  });
  return {
    model: `openai-compatible:${modelId}`,
    // The paper's annotation settings: GPT-4-Turbo at temperature 0.2, up to 2048 new tokens.
    generate: async (prompt) =>
      (await generateText({ model: provider(modelId), prompt, temperature: 0.2, maxOutputTokens: 2048 })).text,
  };
}
