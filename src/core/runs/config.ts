/** What a run was asked to do: handed to its coordinator once and to the consumer with every claim. */
import type { ModelLimits, ModelSpec } from "./models";
import type { PrefillMode } from "./prefill";
import type { RetryPolicy } from "./retry";

export interface GenerationParameters {
  temperature: number;
  max_tokens: number;
  /** Sent only when the provider supports it. */
  seed: number | null;
  /** Off by default, as in the reference. */
  system_message: string | null;
  /**
   * How a prompt's assistant prefill is sent (prompts without one are unaffected): `assistant` as a
   * final assistant turn; `continue` as that plus vLLM's `continue_final_message` (the model
   * continues the turn, as the prompts that prefill were designed for); `user` appended to the user turn (the fallback
   * for providers that cannot continue a turn).
   */
  prefill?: PrefillMode;
}

export interface RunConfig {
  id: string;
  benchmark: string;
  datasetId: string;
  datasetSha256: string;
  model: ModelSpec;
  /** The name of the Worker secret holding the API key (never the key). */
  apiKeyName: string | null;
  parameters: GenerationParameters;
  limits: ModelLimits;
  /** The benchmark's options after defaults. */
  options: Record<string, unknown>;
  /** Tasks in flight at once for this run. */
  concurrency: number;
  /** Prompt + completion tokens of model calls the run may spend; null for no limit. */
  tokenBudget: number | null;
  retry: RetryPolicy;
  /** Reuse stored responses to identical (model, parameters, prompt). */
  cache: boolean;
  /** Publish to the leaderboard as a verified entry when the run completes. */
  publish: boolean;
  /** USD per million tokens, when the caller knows the price. */
  price: { input: number; output: number } | null;
}

/** A queue message: keys only, never prompts (a message is at most 128 KB). */
export interface RunMessage {
  run: string;
  unit: string;
  attempt: number;
}

/** What the consumer tells the coordinator about a finished unit. */
export interface UnitResult {
  status: "scored" | "error" | "context_exceeded";
  passed: boolean;
  promptTokens: number;
  completionTokens: number;
  cached: boolean;
  calls: number;
}

export const UNIT_STATES = ["pending", "queued", "running", "done", "skipped"] as const;
export type UnitState = (typeof UNIT_STATES)[number];

export interface RunProgress {
  /** `receiving`: a run from submitted outputs waiting for its parts (docs/runs.md#big-submissions-in-parts). */
  status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
  /** A run whose outputs come in parts: how many were announced and which are in. */
  parts?: { expected: number; received: number[] };
  units: number;
  /** pending: not yet sent; queued: message sent; running: claimed by a consumer; skipped: not run (cancel, budget). */
  counts: Record<UnitState, number> & { scored: number; passed: number; error: number; context_exceeded: number };
  tokens: { prompt: number; completion: number; reserved: number };
  model_calls: number;
  cached: number;
  cost_usd: number | null;
  started_at: string;
  finished_at: string | null;
  updated_at: string;
}
