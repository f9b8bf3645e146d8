/**
 * Model specs and the model registry.
 *
 * A spec names a provider and a model in one string:
 * - `workers-ai:@cf/qwen/qwen2.5-coder-32b-instruct` (the `AI` binding),
 * - `openai-compatible:<model name>@<base url>` (vLLM, llama.cpp server, Ollama, OpenRouter, OpenAI...),
 * - `baseline:oracle`, `baseline:bm25`, `baseline:interpreter`, `baseline:empty` (built in, no network;
 *   each benchmark lists the ones it can answer),
 * - `submitted:<name>`: no model at all; a run created with `outputs` answers each unit with the
 *   output submitted for it (stored in R2 with the run), see {@link submittedModel}.
 *
 * The registry knows context windows and output limits. Workers AI windows are often smaller than
 * the upstream model's, and most Workers AI models default to 256 output tokens, so a run always
 * sends `max_tokens` explicitly.
 */
import { invalid } from "../../lib/errors";
import { API_KEY_NAME } from "../../lib/patterns";

export const PROVIDERS = ["workers-ai", "openai-compatible", "baseline", "submitted"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const BASELINES = ["oracle", "bm25", "interpreter", "empty"] as const;
export type Baseline = (typeof BASELINES)[number];

/** Whether a model spec names a built-in baseline (`baseline:<kind>`): answers computed in the service, no model. */
export const isBaselineSpec = (spec: string): boolean => spec.startsWith("baseline:");

/** What a baseline run is, where a run's calls and tokens would be shown (the run pages, `npm run eval`). */
export const BASELINE_NOTE =
  "a built-in baseline: its answers are computed in the service, so no model is called and no tokens are spent";

export interface ModelSpec {
  /** The spec as given, normalised (base URL without a trailing slash). */
  spec: string;
  provider: Provider;
  /** The id sent to the provider (`@cf/...`, the OpenAI-compatible model name, or the baseline). */
  modelId: string;
  baseUrl: string | null;
  /** What the leaderboard shows: the model id, without the endpoint. */
  label: string;
  /** The Durable Object that holds this model's concurrency and rate budget (null: no limit). */
  limiterKey: string | null;
}

export interface ModelLimits {
  /** Tokens the model accepts (prompt + output). */
  contextWindow: number;
  /** Calls in flight at once across every run against this model. */
  concurrency: number;
  /** Calls per minute across every run; null for no limit. */
  requestsPerMinute: number | null;
  /** Whether the provider honours `seed`. */
  seed: boolean;
  /**
   * How a prompt's assistant prefill is sent when the run does not say: `assistant` as a final
   * assistant turn, `user` appended to the user turn (for providers that cannot continue a turn).
   */
  prefill: "assistant" | "user";
}

/** Known Workers AI text models (Cloudflare's published windows, not the upstream model's). */
const WORKERS_AI: Record<string, Partial<ModelLimits>> = {
  "@cf/qwen/qwen2.5-coder-32b-instruct": { contextWindow: 32_768 },
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast": { contextWindow: 24_000 },
  "@cf/meta/llama-4-scout-17b-16e-instruct": { contextWindow: 131_000 },
  "@cf/meta/llama-3.1-8b-instruct-fast": { contextWindow: 128_000 },
  "@cf/mistralai/mistral-small-3.1-24b-instruct": { contextWindow: 128_000 },
  "@cf/google/gemma-3-12b-it": { contextWindow: 80_000 },
  "@cf/qwen/qwq-32b": { contextWindow: 24_000 },
  "@cf/deepseek-ai/deepseek-r1-distill-qwen-32b": { contextWindow: 80_000 },
};

const PROVIDER_DEFAULTS: Record<Provider, ModelLimits> = {
  // Workers AI applies per-account limits; 8 in flight stays well inside them. workers-ai-provider
  // 4.0.0 computes `random_seed` but leaves it out of the binding's inputs, so no seed reaches it.
  // Workers AI chat models answer a final assistant turn with a new turn, so the prefill goes into the user turn.
  "workers-ai": { contextWindow: 32_768, concurrency: 8, requestsPerMinute: 300, seed: false, prefill: "user" },
  // A laptop's llama.cpp/Ollama serves a few requests at once; raise it with `model_limits`.
  "openai-compatible": {
    contextWindow: 131_072,
    concurrency: 4,
    requestsPerMinute: null,
    seed: true,
    prefill: "assistant",
  },
  baseline: {
    contextWindow: Number.MAX_SAFE_INTEGER,
    concurrency: 64,
    requestsPerMinute: null,
    seed: false,
    prefill: "assistant",
  },
  submitted: {
    contextWindow: Number.MAX_SAFE_INTEGER,
    concurrency: 64,
    requestsPerMinute: null,
    seed: false,
    prefill: "assistant",
  },
};

/** Parses and normalises a model spec; a 422 says what a valid spec looks like. */
export function parseModelSpec(spec: string): ModelSpec {
  const colon = spec.indexOf(":");
  const provider = spec.slice(0, colon) as Provider;
  const rest = spec.slice(colon + 1);
  if (provider === "submitted")
    invalid("A submitted:<name> model is made by a run with `outputs` (the name in `model`), never called.");
  if (colon < 0 || !PROVIDERS.includes(provider) || !rest) {
    invalid(
      `Model spec ${JSON.stringify(spec)} is not one of workers-ai:<model>, openai-compatible:<model>@<base url>, baseline:<${BASELINES.join("|")}>.`,
    );
  }
  if (provider === "baseline") {
    if (!BASELINES.includes(rest as Baseline))
      invalid(`Unknown baseline "${rest}": use one of ${BASELINES.join(", ")}.`);
    return { spec, provider, modelId: rest, baseUrl: null, label: spec, limiterKey: null };
  }
  if (provider === "workers-ai") {
    if (!/^@[\w.-]+\/[\w.-]+\/[\w.:-]+$/.test(rest))
      invalid(`Workers AI model "${rest}" should look like @cf/<vendor>/<model>.`);
    return { spec, provider, modelId: rest, baseUrl: null, label: rest, limiterKey: spec };
  }
  const at = rest.lastIndexOf("@http");
  if (at <= 0)
    invalid(
      `OpenAI-compatible spec needs <model>@<base url>, e.g. openai-compatible:qwen2.5-coder@http://127.0.0.1:8080/v1.`,
    );
  const modelId = rest.slice(0, at);
  let url: URL;
  try {
    url = new URL(rest.slice(at + 1));
  } catch {
    return invalid(`"${rest.slice(at + 1)}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") invalid("The base URL must be http or https.");
  if (url.username || url.password) invalid("Put credentials in a Worker secret named by `api_key`, not in the URL.");
  if (url.search || url.hash) invalid("The base URL takes no query string or fragment.");
  const baseUrl = url.toString().replace(/\/+$/, "");
  const normalised = `openai-compatible:${modelId}@${baseUrl}`;
  return { spec: normalised, provider, modelId, baseUrl, label: modelId, limiterKey: normalised };
}

/**
 * The model of a run made from submitted outputs: `name` is what the caller calls the model (a
 * label, not a spec); nothing is called and no limiter is held.
 */
export function submittedModel(name: string): ModelSpec {
  return {
    spec: `submitted:${name}`,
    provider: "submitted",
    modelId: name,
    baseUrl: null,
    label: name,
    limiterKey: null,
  };
}

/** The limits of a model: registry entry, then provider defaults, then the run's overrides. */
export function modelLimits(model: ModelSpec, overrides: Partial<ModelLimits> = {}): ModelLimits {
  const known = model.provider === "workers-ai" ? WORKERS_AI[model.modelId] : undefined;
  return { ...PROVIDER_DEFAULTS[model.provider], ...known, ...overrides };
}

/** The registry as the API lists it. */
export function knownModels() {
  return Object.entries(WORKERS_AI).map(([id, limits]) => ({
    spec: `workers-ai:${id}`,
    ...PROVIDER_DEFAULTS["workers-ai"],
    ...limits,
  }));
}

/** The value of the named secret, or a 422 naming what is missing (never the value). */
export function readApiKey(env: object, name: string | null): string | undefined {
  if (!name) return undefined;
  if (!API_KEY_NAME.test(name))
    invalid(`api_key must name a Worker secret matching ${API_KEY_NAME.source} (e.g. OPENROUTER_API_KEY).`);
  const value = (env as Record<string, unknown>)[name];
  if (typeof value !== "string" || !value)
    invalid(`The Worker secret ${name} is not set (add it to .dev.vars locally, or \`wrangler secret put ${name}\`).`);
  return value as string;
}
