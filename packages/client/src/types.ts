/**
 * The API's types: generated from the service's OpenAPI document (./generated/openapi.ts, made by
 * openapi-typescript: `npm run client:types` in the needlework repository), named here; the
 * repository's tests check real answers against the document's schemas. Declared by hand: the
 * export's lines (`PromptfooTestCase`, `InspectSample`), because the export answers JSON lines
 * (application/x-ndjson), one document per line, which an OpenAPI 3.1 response schema cannot
 * describe (the document gives the stream as a string; OpenAPI 3.2's `itemSchema` could). They
 * follow docs/integrations.md, and the repository's tests check them against the service's own
 * types. The request shapes the client builds are made from generated ones.
 */
import type { components, paths } from "./generated/openapi.js";

type Schemas = components["schemas"];
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

export type { components, paths };
export type Health = Schemas["Health"];
export type BenchmarkInfo = Schemas["BenchmarkInfo"];
export type DatasetSummary = Schemas["DatasetSummary"];
export type DatasetManifest = Schemas["DatasetManifest"];
export type ChatMessage = Schemas["ChatMessage"];
export type UnitRow = Schemas["BenchmarkUnit"];
export type UnitPage = Schemas["BenchmarkUnitPage"];
export type UnitScoreRequest = Schemas["UnitScoreRequest"];
/** A hosted benchmark's id (`GET /v1/benchmarks`), the union the score requests take. */
export type BenchmarkId = UnitScoreRequest["benchmark"];
/**
 * A unit's exact prompt (`GET …/units/{unit}/prompt`, a line of the `jsonl` export), its `benchmark`
 * narrowed to the ids the score requests take (the document types it as a string), so a prompt goes
 * into `scoreRequest` as it is.
 */
export type UnitPrompt = Omit<Schemas["BenchmarkUnitPrompt"], "benchmark"> & { benchmark: BenchmarkId };
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

/** What stops `allUnits()` and `export()` early: `max`, at most this many units in all (every page counted). */
export interface Cap {
  max?: number;
}

export type ExportFormat = NonNullable<Query<"/v1/benchmarks/{benchmark}/datasets/{dataset}/export">["format"]>;

/** The filters and placement of `export()` (`limit`: units per request, at most 100). */
export type ExportQuery<F extends ExportFormat = ExportFormat> = WithOptions<
  Query<"/v1/benchmarks/{benchmark}/datasets/{dataset}/export">
> & { format?: F; limit?: number };

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
  metadata: Record<string, unknown> & {
    benchmark: string;
    dataset: string;
    unit: string;
    options: Record<string, unknown>;
    prefill: string | null;
    max_tokens: number;
  };
}

/** What `export()` yields for each format. */
export interface ExportLines {
  jsonl: UnitPrompt;
  promptfoo: PromptfooTestCase;
  inspect: InspectSample;
}

/** A run's progress: the data of `GET /v1/runs/{id}/events`' `progress` and `done` events (`waitForRun`). */
export type RunProgress = Schemas["RunProgress"];
/** A run as `GET /v1/runs/{id}`, `POST /v1/runs` and a cancel answer it (docs/runs.md#runs-api). */
export type Run = Schemas["Run"];
/** What a run's figures depend on (open: fields may be added). */
export type RunReceipt = Schemas["RunReceipt"];
/** `GET /v1/runs`: recent runs and the models the registry knows. */
export type RunList = Schemas["RunList"];
/** One pass rate of a run's scored samples with its 95 % Wilson interval. */
export type Rate = Schemas["PassRate"];
/**
 * A run's results, `GET /v1/runs/{id}/results` (docs/runs.md#results): a union over the benchmarks,
 * each with its own pass@1 fields and `summary`; narrow it on `benchmark` (or with {@link RunResultsOf}).
 */
export type RunResults = Schemas["RunResults"];
/** One benchmark's results, e.g. `RunResultsOf<"repoqa-snf">` (its threshold sweep) or `RunResultsOf<"longcodeu">` (its summary). */
export type RunResultsOf<B extends RunResults["benchmark"]> = Extract<RunResults, { benchmark: B }>;
/** `GET /v1/runs/{id}/samples`: a page of a run's stored samples. */
export type RunSamplePage = Schemas["RunSamplePage"];
/** `POST /v1/runs/{id}/rescore`'s answer. */
export type RunRescored = Schemas["RunRescored"];

/** Outputs a harness already produced, scored into a run (`POST /v1/runs` with `outputs`; docs/runs.md#scoring-outputs-you-already-have). */
export type SubmitOutputsRequest = Omit<RunRequest, "outputs" | "model" | "parts"> & {
  /** The model's name (nothing is called). */
  model: string;
  outputs: SubmittedOutput[];
};

/** One output a harness produced for one unit. */
export type SubmittedOutput = Schemas["SubmittedOutput"];

/** A run whose submitted outputs come in `parts` (1 – 64), each sent with `putPart` (docs/runs.md#big-submissions-in-parts). */
export type PartsRunRequest = Omit<SubmitOutputsRequest, "outputs"> & { parts: number };
