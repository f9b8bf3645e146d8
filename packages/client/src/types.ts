/**
 * The API's types: generated from the service's OpenAPI document (./generated/openapi.ts, made by
 * openapi-typescript: `npm run client:types` in the needlework repository), named here; and the few
 * answers the document describes only loosely (a run, its results, the export's lines), declared by
 * hand from docs/runs.md and docs/integrations.md (the repository's tests check them against the
 * service's own types).
 */
import type { components, paths } from "./generated/openapi.js";

type Schemas = components["schemas"];
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

export type { components, paths };
export type Health = Schemas["Health"];
export type BenchmarkInfo = Schemas["BenchmarkInfo"];
export type DatasetSummary = Schemas["DatasetSummary"];
export type DatasetManifest = Schemas["DatasetManifest"];
export type ChatMessage = Schemas["ChatMessage"];
export type UnitRow = Schemas["BenchmarkUnit"];
export type UnitPage = Schemas["BenchmarkUnitPage"];
export type UnitPrompt = Schemas["BenchmarkUnitPrompt"];
export type UnitScoreRequest = Schemas["UnitScoreRequest"];
export type UnitScoreResult = Schemas["UnitScoreResult"];
export type UnitBatchScoreRequest = Schemas["UnitBatchScoreRequest"];
export type UnitBatchScoreResult = Schemas["UnitBatchScoreResult"];
export type PromptfooGradingResult = Schemas["PromptfooGradingResult"];
export type RunRequest = Schemas["RunRequest"];
export type TokenRequest = Schemas["TokenRequest"];
export type Token = Schemas["Token"];
export type CreatedToken = Schemas["CreatedToken"];
export type LeaderboardImport = Schemas["LeaderboardImport"];
export type LeaderboardImportResult = Schemas["LeaderboardImportResult"];
/** Which parts of a run in parts are in (`GET /v1/runs/{id}/outputs`). */
export type RunOutputsParts = Schemas["RunOutputsParts"];
/** A part's answer (`PUT /v1/runs/{id}/outputs/{part}`): the parts status and this part's sha256, `stored: false` when it already was. */
export type RunOutputsPartStored = Schemas["RunOutputsPartStored"];

/** Options are sent as JSON: an object here, encoded by the client. */
type WithOptions<Q> = Omit<Q, "options" | "after" | "limit"> & { options?: Record<string, unknown> };

/** The filters of `units()` and `allUnits()` (`limit`: units per page). */
export type UnitsQuery = WithOptions<Query<"/v1/benchmarks/{benchmark}/datasets/{dataset}/units">> & { limit?: number };

export type ExportFormat = NonNullable<Query<"/v1/benchmarks/{benchmark}/datasets/{dataset}/export">["format"]>;

/** The filters and placement of `export()` (`limit`: units per request, at most 100). */
export type ExportQuery<F extends ExportFormat = ExportFormat> = WithOptions<Query<"/v1/benchmarks/{benchmark}/datasets/{dataset}/export">> & { format?: F; limit?: number };

/** One line of `format=promptfoo`: a promptfoo test case (docs/integrations.md#promptfoo). */
export interface PromptfooTestCase {
  description: string;
  vars: {
    benchmark: string;
    dataset: string;
    unit: string;
    options: Record<string, unknown>;
    /** The unit's messages, exactly what a run sends (render with the prompt `{{ messages | dump }}`). */
    messages: ChatMessage[];
    /** The prompt's final assistant turn, or null; `messages` already carries it. */
    prefill: { role: "assistant"; content: string } | null;
    max_tokens: number;
    metadata: Record<string, unknown>;
  };
  /** `max_tokens` the unit's; `passthrough` vLLM's continue_final_message with `prefill=continue`. */
  options: { max_tokens: number; passthrough?: Record<string, unknown> };
  assert: { type: string; value: string; metric?: string; transform?: string }[];
  metadata: { benchmark: string; dataset: string; unit: string; task: string; language: string };
}

/** One line of `format=inspect`: an inspect_ai sample (docs/integrations.md#inspect_ai). */
export interface InspectSample {
  id: string;
  input: ChatMessage[];
  /** Empty: the answer stays on the server. */
  target: string;
  metadata: Record<string, unknown> & { benchmark: string; dataset: string; unit: string; options: Record<string, unknown>; prefill: string | null; max_tokens: number };
}

/** What `export()` yields for each format. */
export interface ExportLines {
  jsonl: UnitPrompt;
  promptfoo: PromptfooTestCase;
  inspect: InspectSample;
}

/** A run's progress, as `GET /v1/runs/{id}` and its `progress` events carry it. */
export interface RunProgress {
  /** `receiving`: a run from submitted outputs waiting for its parts (PUT /v1/runs/{id}/outputs/{part}). */
  status: "receiving" | "running" | "completed" | "cancelled" | "budget_exhausted";
  /** A run whose submitted outputs come in parts: how many were announced and which are in. */
  parts?: { expected: number; received: number[] };
  units: number;
  counts: { pending: number; queued: number; running: number; done: number; skipped: number; scored: number; passed: number; error: number; context_exceeded: number };
  tokens: { prompt: number; completion: number; reserved: number };
  model_calls: number;
  cached: number;
  cost_usd: number | null;
  started_at: string;
  finished_at: string | null;
  /** On the events' progress. */
  updated_at?: string;
}

/** A run as `GET /v1/runs/{id}` (and `POST /v1/runs`) answers it (docs/runs.md#runs-api). */
export interface Run extends RunProgress {
  id: string;
  benchmark: string;
  dataset: string;
  model: string;
  label: string;
  api_key: string | null;
  parameters: Record<string, unknown>;
  options: Record<string, unknown>;
  receipt: Record<string, unknown>;
  created_at: string;
  links: { self: string; events: string; samples: string; results: string };
}

/** One pass rate with its 95 % Wilson interval. */
export interface Rate {
  n: number;
  passed: number;
  rate: number;
  ci_low: number;
  ci_high: number;
}

/** A run's results, `GET /v1/runs/{id}/results` (docs/runs.md#results). */
export interface RunResults {
  run: string;
  benchmark?: string;
  model: string;
  label?: string;
  status: string;
  samples: number;
  scored: number;
  errors: number;
  context_exceeded: number;
  /**
   * A benchmark that sweeps a threshold: group → threshold → rate (with `threshold`, `thresholds`
   * and `by_depth`); one whose samples pass or fail without one: group → rate; absent for graded ones.
   */
  pass_at_1?: Record<string, Record<string, Rate>> | Record<string, Rate>;
  threshold?: string;
  thresholds?: string[];
  by_depth?: ({ bucket: string } & Rate)[];
  /** The benchmark's own results (its `summarize`). */
  summary?: unknown;
  receipt?: Record<string, unknown>;
}

/** Outputs a harness already produced, scored into a run (`POST /v1/runs` with `outputs`; docs/runs.md#scoring-outputs-you-already-have). */
export type SubmitOutputsRequest = Omit<RunRequest, "outputs" | "model" | "parts"> & {
  /** The model's name (nothing is called). */
  model: string;
  outputs: SubmittedOutput[];
};

/** One output a harness produced for one unit. */
export interface SubmittedOutput {
  unit: string;
  output: string;
}

/** A run whose submitted outputs come in `parts` (1 – 64), each sent with `putPart` (docs/runs.md#big-submissions-in-parts). */
export type PartsRunRequest = Omit<SubmitOutputsRequest, "outputs"> & { parts: number };
