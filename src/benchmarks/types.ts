/**
 * What a benchmark is to the run path (the inspect_ai shape): a dataset of task units, a prompt per
 * unit, baselines, and a scorer. Adding a benchmark is one folder under src/benchmarks/ plus one
 * line in registry.ts; the queue consumer, coordinator, routes and CLI stay as they are.
 */
import type { z } from "@hono/zod-openapi";
import type { Env } from "../env";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A task as the model sees it, plus what the run records about it. */
export interface LoadedUnit {
  unit: string;
  taskId: string;
  language: string;
  messages: ChatMessage[];
  /** Prompt tokens counted with the dataset's tokenizer (an estimate for other tokenizers). */
  promptTokens: number;
  /** Where the target sits (0..1) and the context size, for per-depth and per-length results. */
  position: number | null;
  contextSize: number | null;
}

export interface SampleVerdict {
  passed: boolean;
  /** The benchmark's headline number for this sample (RepoQA: best similarity). */
  score: number;
  detail: Record<string, unknown>;
}

export interface UnitFilters {
  languages?: string[];
  limit?: number;
}

export interface Benchmark<Options extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  title: string;
  promptTemplateVersion: string;
  scorerVersion: string;
  /** max_tokens when the run does not set it. */
  defaultMaxTokens: number;
  /** The benchmark's run options (scoring mode, context choice...), with defaults. */
  options: z.ZodType<Options>;
  /**
   * Checks options against the dataset and lists the units a run covers, in a stable order.
   * `resolved` fills the options the dataset decides (e.g. its default context size).
   */
  units(env: Env, datasetId: string, options: Options, filters: UnitFilters): Promise<{ units: string[]; datasetSha256: string; resolved: Partial<Options> }>;
  load(env: Env, datasetId: string, unit: string, options: Options): Promise<LoadedUnit>;
  /** What a built-in baseline answers (no network). */
  baseline(env: Env, datasetId: string, unit: string, options: Options, kind: "oracle" | "bm25"): Promise<string>;
  score(env: Env, datasetId: string, unit: string, output: string, options: Options): Promise<SampleVerdict>;
}
