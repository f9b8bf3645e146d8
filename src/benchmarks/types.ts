/**
 * What a benchmark is to the run path (the inspect_ai shape): a dataset of task units, a prompt per
 * unit, baselines, and a scorer. Adding a benchmark is one folder under src/benchmarks/ plus one
 * line in registry.ts; the queue consumer, coordinator, routes and CLI stay as they are.
 */
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { WorkMeter } from "../lib/code/budget";
import type { RunRow, RunSampleRow } from "../lib/db/schema";
import type { Visibility } from "../lib/datasets/visibility";
import type { AppEnv, Env } from "../lib/env";
import type { BenchmarkLeaderboard } from "../kit/leaderboard/family";
import type { BenchmarkViews, RunViews } from "../kit/pages/family";
import type { BornAfter } from "../lib/born";
import type { Bounds, RegistryKind } from "../lib/sources";

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
  /** The UTC day its target's code was born (docs/contamination.md); null when its dataset is undated. */
  born: string | null;
}

export interface SampleVerdict {
  passed: boolean;
  /** The benchmark's headline number for this sample (e.g. the best similarity). */
  score: number;
  detail: Record<string, unknown>;
}

/** Built-in baselines (no network): `baseline:<kind>`. */
export type BaselineKind = "oracle" | "bm25" | "interpreter";

/** A stored run sample as a benchmark's summary sees it. */
export interface SummarySample {
  unit: string;
  status: "scored" | "error" | "context_exceeded";
  passed: boolean | null;
  score: number | null;
  position: number | null;
  contextSize: number | null;
  detail: Record<string, unknown> | null;
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
  /** The `benchmark` of the datasets it reads (`GET /v1/datasets`); benchmarks of one family share one. */
  datasetKind: string;
  /** max_tokens when the run does not set it. */
  defaultMaxTokens: number;
  /** The benchmark's run options (scoring mode, context choice...), with defaults. */
  options: z.ZodType<Options>;
  /**
   * Checks options against the dataset and lists the units a run covers, in a stable order.
   * `resolved` fills the options the dataset decides (e.g. its default context size).
   */
  units(
    env: Env,
    datasetId: string,
    options: Options,
    filters: UnitFilters,
  ): Promise<{ units: string[]; datasetSha256: string; resolved: Partial<Options>; visibility?: Visibility }>;
  load(env: Env, datasetId: string, unit: string, options: Options): Promise<LoadedUnit>;
  /** The baselines this benchmark can answer (`baseline:empty` always works). */
  baselines: readonly BaselineKind[];
  /** What a built-in baseline answers (no network). */
  baseline(env: Env, datasetId: string, unit: string, options: Options, kind: BaselineKind): Promise<string>;
  /**
   * Scores one output: the one function behind a run's samples and `POST /v1/score`, so both give
   * the same verdict. The family meters its own work per unit as a run does (docs/limits.md, "CPU budgets");
   * `meter`, the HTTP request's, is the parent of those meters, so a request's total applies on top
   * (an answer over it is refused with BudgetExceededError, never scored differently). Runs pass none.
   */
  score(
    env: Env,
    datasetId: string,
    unit: string,
    output: string,
    options: Options,
    meter?: WorkMeter,
  ): Promise<SampleVerdict>;
  /** How the leaderboard publishes, aggregates and reads it (src/kit/leaderboard/family.ts); absent: runs are not published. */
  leaderboard?: BenchmarkLeaderboard;
  /** How the HTML pages show its leaderboard and model pages; absent: the pages do not show it. */
  views?: BenchmarkViews;
  /** The run pages' views of a benchmark without a board (`views` has them when it has one); absent: the shared ones. */
  runViews?: RunViews;
  /**
   * Whether these (resolved) options cover only part of the dataset, e.g. some of its tasks: such a
   * run is filtered like one with `languages`/`limit`, so it is not published. Absent: never.
   */
  narrows?(options: Options): boolean;
  /**
   * The `<language>::<repo>::<name>` task id of a unit, for a unit that failed before it could be
   * loaded. Absent: the unit up to its last `@` (units such as `<task id>@<depth>`).
   */
  taskIdOf?(unit: string): string;
  /**
   * Whether its pass rule has a similarity threshold (a run option) swept as the reference does: a
   * run's results (GET /v1/runs/:id/results) then give pass@1 per group at every threshold and per
   * needle-depth bucket. Absent: pass@1 per group at its one pass rule, where its samples pass or fail
   * (docs/runs.md, "Results").
   */
  thresholdSweep?: boolean;
  /** The benchmark's own results beyond pass@1 (the position grid, sensitivity), for GET /v1/runs/:id/results. */
  summarize?(samples: readonly SummarySample[], options: Options): Record<string, unknown>;
  /** The OpenAPI schema of what `summarize` returns (the `summary` of its results in the document); absent: an open record. */
  summarySchema?: z.ZodType;
  /** How GET /v1/compare pairs and reads two sides' samples (docs/compare.md). Absent: the benchmark has no paired comparison. */
  compare?: CompareRule;
  /**
   * Point lookup of one unit, for requests about a single unit (`POST /v1/score`, a unit's prompt):
   * exactly what `units` answers for these options (its errors, the dataset's sha256, `resolved`),
   * but instead of listing every unit, whether `unit` is among them. Absent: the listing is searched.
   */
  hasUnit?(env: Env, datasetId: string, unit: string, options: Options): Promise<UnitLookup<Options>>;
  /**
   * A run's results in the reference implementation's own file formats (GET
   * /v1/runs/{id}/outputs.jsonl and /scores.json), so they can be checked with the reference's
   * tooling. Absent: the benchmark has none (those endpoints answer 422).
   */
  referenceFiles?: ReferenceFiles;
  /**
   * The request shapes of POST /v1/score and /v1/score/batch from before `benchmark` + `unit`: a
   * body without `benchmark` is one of these, of the registry's default benchmark. Absent: none.
   */
  originalScore?: OriginalScoreShapes;
  /**
   * What a verdict's `detail` may show for a held-out dataset (docs/api.md#held-out-datasets): a zod
   * object of the fields that reveal no expected answer, no target (its code, name or position) and
   * no per-candidate similarity; parsing with it drops every other field (src/core/dataset-view.ts
   * applies it wherever a verdict leaves the service). Absent: a held-out verdict's detail is empty.
   */
  heldOutDetail?: z.ZodType<Record<string, unknown>>;
  /**
   * How a scheduled refresh (src/core/refresh, docs/refresh.md) builds this benchmark's dataset of a
   * window from registry packages: one source at a time, then an import in idempotent steps. Absent:
   * the refresh does not build it.
   */
  windowBuild?: WindowBuilder;
}

/** One registry source of a window, as a family's `WindowBuilder.buildSource` gets it. */
export interface WindowSourceInput {
  /** `npm:<name>[@range]`, `pypi:<name>@<version>` or `crates:<name>@<version>`. */
  spec: string;
  /** The folder of the package to build from (default the whole package). */
  entry?: string;
  /** Only units born strictly after this day (the day before the window's first). */
  bornAfter: BornAfter;
  /** Only versions published before this instant (the window's end). */
  publishedBefore: string;
  registries: Partial<Record<RegistryKind, string>>;
  bounds?: Partial<Bounds>;
  /** Versions read back to date the code, the built one included. */
  versions: number;
  /** Every outgoing request goes through it (the refresh counts and caps them). */
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** The benchmark's build options, as `WindowBuilder.options` parsed them. */
  options: Record<string, unknown>;
}

/** What one source built into: the part the import reads back (JSON), or null and why. */
export type WindowPart =
  | { part: object; units: number; record: Record<string, unknown> }
  | { part: null; units: 0; reason: string; record: Record<string, unknown> };

/** What one import step reads: the window's dataset id and name, and its built parts, one at a time. */
export interface WindowImportContext {
  datasetId: string;
  name: string;
  /** The benchmark's build options, as `WindowBuilder.options` parsed them. */
  options: Record<string, unknown>;
  /** How many parts were built (sources that yielded units). */
  parts: number;
  part(index: number): Promise<unknown>;
}

/** A benchmark's side of a scheduled refresh: see `Benchmark.windowBuild`. */
export interface WindowBuilder {
  /** Its build options in the refresh configuration (a strict object with defaults). */
  options: z.ZodType<Record<string, unknown>>;
  /**
   * Builds one source (Worker-safe, bounded by `input`). Throws the registry's SourceError when the
   * source cannot be read; a source that reads but yields too few units answers `part: null`.
   */
  buildSource(input: WindowSourceInput): Promise<WindowPart>;
  /** The import's step names for `parts` built parts, in order. */
  importSteps(parts: number): string[];
  /**
   * Runs one import step. Idempotent: run again after it was cut off at any point, it ends in the
   * same state (a repeated part replaces itself, a finished commit is a no-op). The last step leaves
   * the dataset ready and held out; nothing reads it before.
   */
  importStep(env: Env, step: string, ctx: WindowImportContext): Promise<Record<string, unknown>>;
}

/** A run as a benchmark's reference files read it: its row, and its samples and stored outputs on demand. */
export interface RunRecord {
  row: RunRow;
  /** Every sample, in unit order. */
  samples(): Promise<RunSampleRow[]>;
  /** The samples in unit order, a page at a time (what a file streamed line by line reads, so it never holds the run). */
  pages(): AsyncIterable<RunSampleRow[]>;
  /** A sample's stored model output (`RunSampleRow.outputKey`), null when it is gone. */
  output(key: string): Promise<{ output: string } | null>;
}

/** What `Benchmark.referenceFiles` writes. */
export interface ReferenceFiles {
  /** The outputs file, one JSON line at a time (generated as it is sent). */
  outputLines(env: Env, run: RunRecord): AsyncIterable<string>;
  /** The scores file. */
  scores(env: Env, run: RunRecord): Promise<Record<string, unknown>>;
}

/**
 * One original request shape of a score endpoint: its schemas (named, for the OpenAPI document,
 * which lists it beside the `benchmark` shape) and its handler. The handler meters its own work.
 */
export interface OriginalScoreShape<Body> {
  request: z.ZodType<Body>;
  response: z.ZodType;
  /** What the route's OpenAPI summary calls what it scores, e.g. "a <benchmark> task (`task`, the original shape)". */
  scores: string;
  handle(env: Env, body: Body): Promise<Record<string, unknown>>;
}

/** `POST /v1/score` and `POST /v1/score/batch` in a benchmark's original shapes (each answer's size is checked by the route). */
export interface OriginalScoreShapes {
  single: OriginalScoreShape<{ answer: string }>;
  batch: OriginalScoreShape<{ answers: { answer: string }[] }>;
}

/**
 * A sample as a paired comparison reads it, from a run or a leaderboard entry alike: a run sample's
 * stored fields, or an entry sample's (`passed` its `is_best`, `score` its `best_similarity`,
 * `detail` its stored columns under their JSON names: is_best, best_similarity, precision,
 * unparseable, bucket).
 */
export interface CompareSample {
  /** The run's unit; null for an entry's sample (entries store no unit). */
  unit: string | null;
  taskId: string;
  language: string;
  position: number | null;
  contextSize: number | null;
  status: "scored" | "error" | "context_exceeded";
  passed: boolean | null;
  score: number | null;
  detail: Record<string, unknown> | null;
}

/**
 * A benchmark's paired-comparison rule: the core (src/core/compare/) pairs and computes, the family says
 * what a task is, what passing or a grade is, and how results group.
 */
export interface CompareRule {
  /** `pass_fail`: McNemar and the difference of pass@1; `graded`: the mean paired difference of `grade`. */
  outcome: "pass_fail" | "graded";
  /** The threshold `passes` reads when the query gives none; absent: `passes` reads none (the query's is ignored, the answer's is null). */
  defaultThreshold?: number;
  /** The key two sides' samples pair on: the same task (and depth, size or grid cell) on both. */
  pairKey(sample: CompareSample): string;
  /** Whether a scored sample passes; graded benchmarks without a pass rule leave it out (no 2×2 table). */
  passes?(sample: CompareSample, threshold: number): boolean;
  /** A scored sample's grade in [0, 1] (graded benchmarks). */
  grade?(sample: CompareSample): number;
  /** What the per-group figures are by (e.g. "language") and a sample's group. Absent: none. */
  group?: { by: string; of(sample: CompareSample): string };
}

/** What `Benchmark.hasUnit` answers. */
export interface UnitLookup<Options> {
  has: boolean;
  datasetSha256: string;
  resolved: Partial<Options>;
  /**
   * The dataset's visibility, from the same read of its row (`units` may give it too), so a
   * request about its units reads the row once; absent: the surface reads it itself.
   */
  visibility?: Visibility;
}

/**
 * One benchmark family: everything one published benchmark is, in one folder under src/benchmarks/,
 * named once in registry.ts. The core (routes, runs, leaderboard, pages) reaches it only through this.
 */
export interface Family {
  /** The folder's name. */
  id: string;
  title: string;
  /** The benchmarks it hosts, in the order GET /v1/benchmarks lists them. */
  benchmarks: readonly Benchmark[];
  /**
   * Routes only this family answers (its dataset imports, its original request shapes), mounted by
   * the app beside the shared ones and described in the same OpenAPI document.
   */
  routes?: OpenAPIHono<AppEnv>;
  /**
   * Work done once per isolate at startup, so the first request finds it done (src/core/warmup/warmup.ts): the
   * family sends its costly requests through the real app against in-memory stand-ins of its data.
   * Resolves to the requests' statuses (for tests).
   */
  warmUp?(kit: WarmUpKit): Promise<number[]>;
}

/**
 * What src/core/warmup/warmup.ts lends a family's start-up warm-up: requests through the real app, and
 * in-memory stand-ins for the storage bindings, so nothing leaves the isolate.
 */
export interface WarmUpKit {
  /** Sends a request through the app with these bindings; resolves to its status (0 when it threw). */
  request(path: string, init: RequestInit | undefined, bindings: Partial<Env>): Promise<number>;
  /** A D1 stand-in whose `raw()` answers a statement with `rowsFor(its SQL)` (every other call: no rows). */
  d1(rowsFor: (sql: string) => unknown[][]): D1Database;
  /** An R2 stand-in holding `objects` (`get`, with ranges). */
  r2(objects: ReadonlyMap<string, Uint8Array>): R2Bucket;
}
