/**
 * One model call through the Vercel AI SDK: Workers AI via its binding, anything OpenAI-compatible
 * via its base URL. The SDK's own retries are off (maxRetries 0): src/core/runs/retry.ts retries with
 * Retry-After and jitter, and counts the calls for the sample row.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, type ModelMessage } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { ChatMessage } from "../../benchmarks/types";
import type { Env } from "../../lib/env";
import type { RunConfig } from "./config";
import { readApiKey } from "./models";
import { placePrefill } from "./prefill";

export interface Generation {
  text: string;
  finishReason: string;
  usage: { prompt: number | null; completion: number | null };
}

function languageModel(env: Env, config: RunConfig, apiKey: string | undefined): LanguageModel {
  const { model } = config;
  if (model.provider === "workers-ai") {
    if (!env.AI) throw new Error("This Worker has no AI binding (add [ai] to wrangler.toml).");
    return createWorkersAI({ binding: env.AI })(model.modelId as Parameters<ReturnType<typeof createWorkersAI>>[0]);
  }
  if (model.provider === "openai-compatible") {
    return createOpenAICompatible({
      name: "needlework",
      baseURL: model.baseUrl!,
      apiKey,
      includeUsage: true,
    }).chatModel(model.modelId);
  }
  throw new Error(`${model.spec} is answered locally, not generated.`);
}

/**
 * The messages a model is sent: the benchmark's, after the optional system message, with a final
 * assistant prefill moved into the user turn when the run's `prefill` is `user`.
 */
export function outgoingMessages(config: RunConfig, messages: readonly ChatMessage[]): ChatMessage[] {
  const system = config.parameters.system_message;
  const out = placePrefill(messages, config.parameters.prefill);
  return system ? [{ role: "system", content: system }, ...out] : out;
}

/** vLLM continues a final assistant turn only when told to (and without a new generation prompt). */
const CONTINUE_FINAL_MESSAGE = { needlework: { continue_final_message: true, add_generation_prompt: false } };

export async function generate(
  env: Env,
  config: RunConfig,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<Generation> {
  const apiKey = readApiKey(env, config.apiKeyName);
  const { parameters, limits } = config;
  const system = parameters.system_message;
  const result = await generateText({
    model: languageModel(env, config, apiKey),
    // The AI SDK takes the system message apart from the conversation.
    ...(system ? { instructions: system } : {}),
    messages: messages as ModelMessage[],
    temperature: parameters.temperature,
    maxOutputTokens: parameters.max_tokens,
    ...(limits.seed && parameters.seed !== null ? { seed: parameters.seed } : {}),
    ...(parameters.prefill === "continue" &&
    config.model.provider === "openai-compatible" &&
    messages.at(-1)?.role === "assistant"
      ? { providerOptions: CONTINUE_FINAL_MESSAGE }
      : {}),
    maxRetries: 0,
    abortSignal: signal,
  });
  return {
    text: result.text,
    finishReason: result.finishReason,
    usage: { prompt: result.usage.inputTokens ?? null, completion: result.usage.outputTokens ?? null },
  };
}

/** The API key value of a run (for redacting provider error text), if it has one. */
export function runSecret(env: Env, config: RunConfig): string | undefined {
  try {
    return readApiKey(env, config.apiKeyName);
  } catch {
    return undefined;
  }
}
