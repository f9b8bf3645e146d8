/**
 * One public surface for every benchmark: the units of a dataset, a unit's exact prompt
 * and the verdict on an answer, for any benchmark of the registry, through its `Benchmark`
 * interface only — the very functions a run calls (`units`, `load`, `score`, with the options a
 * run resolves), so an answer scored over HTTP and the same answer inside a run get the same
 * verdict. Nothing here names a family (src/benchmarks/registry.ts is the only file that does).
 */
import { BudgetExceededError, type WorkMeter } from "../lib/code/budget";
import { taskBirths } from "../lib/datasets/store";
import { codeLlamaTokenizer } from "../lib/datasets/tokenizer";
import type { Env } from "../lib/env";
import { invalidIssues, notFound, ProblemError } from "../lib/errors";
import { sha256Hex } from "../lib/sha256";
import { findBenchmark } from "../benchmarks/registry";
import { placePrefill, type PrefillMode } from "./runs/prefill";
import type { Benchmark, LoadedUnit, SampleVerdict } from "../benchmarks/types";
import { datasetView, type DatasetView } from "./dataset-view";

/** The benchmark `id`, or a 404 naming the ones there are (for ids in a path). */
export function benchmarkOr404(id: string, ids: readonly string[]): Benchmark {
  const benchmark = findBenchmark(id);
  if (!benchmark) notFound(`No benchmark "${id}": use one of ${ids.join(", ")}.`);
  return benchmark;
}

/** The task id of a unit (`<language>::<...>::<name>`), as a run records it. */
export function taskIdOfUnit(benchmark: Benchmark, unit: string): string {
  if (benchmark.taskIdOf) return benchmark.taskIdOf(unit);
  const at = unit.lastIndexOf("@");
  return at < 0 ? unit : unit.slice(0, at);
}

/** A unit's language: the first part of its task id (every family's task ids start with it). */
export const languageOfTask = (taskId: string) => taskId.split("::", 1)[0];

/** Parses a benchmark's options as `POST /v1/runs` does: a 422 naming the first bad option. */
export function parseOptions(benchmark: Benchmark, raw: unknown): Record<string, unknown> {
  const parsed = benchmark.options.safeParse(raw ?? {});
  if (!parsed.success) invalidIssues(parsed.error.issues, ["options"]);
  return parsed.data;
}

/**
 * What a run over `datasetId` with these options covers: its units in run order, the dataset's
 * sha256 and the options as the run records them (the dataset fills what it decides). A missing
 * dataset is a 404, a dataset of another family or options it does not have a 422 (the family's).
 */
export async function prepare(
  env: Env,
  benchmark: Benchmark,
  datasetId: string,
  rawOptions: unknown,
  languages?: string[],
) {
  const parsed = parseOptions(benchmark, rawOptions);
  const { units, datasetSha256, resolved, visibility } = await benchmark.units(env, datasetId, parsed, { languages });
  return { units, datasetSha256, options: { ...parsed, ...resolved } as Record<string, unknown>, visibility };
}

const encodeCursor = (unit: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(unit)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function decodeCursor(cursor: string): string {
  try {
    const bin = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    throw new ProblemError("validation-error", "after: not a cursor this listing returned (`next`).");
  }
}

export interface UnitListQuery {
  languages?: string[];
  /** Only the units of this task id (e.g. a task's depths, or a target's grid of distractors and positions). */
  task?: string;
  /** Only units whose id starts with this. */
  prefix?: string;
  options?: unknown;
  limit: number;
  after?: string;
}

/**
 * The units a run over `datasetId` covers that match the query's filters, in run order, from just
 * after the `after` cursor: one page of `limit` (with the cursor of the next page, or null), the
 * count of all that match, and what the run would record (the dataset's sha256, resolved options).
 */
export async function selectUnits(env: Env, benchmark: Benchmark, datasetId: string, q: UnitListQuery) {
  const { units, datasetSha256, options, visibility } = await prepare(
    env,
    benchmark,
    datasetId,
    q.options,
    q.languages,
  );
  let rows = units.map((unit) => {
    const task = taskIdOfUnit(benchmark, unit);
    return { unit, task, language: languageOfTask(task) };
  });
  if (q.task !== undefined) rows = rows.filter((r) => r.task === q.task);
  if (q.prefix !== undefined) rows = rows.filter((r) => r.unit.startsWith(q.prefix!));
  let start = 0;
  if (q.after !== undefined) {
    const last = decodeCursor(q.after);
    start = rows.findIndex((r) => r.unit === last) + 1;
    if (start === 0)
      throw new ProblemError(
        "validation-error",
        "after: not a cursor of this listing (its unit is not among these units).",
      );
  }
  const page = rows.slice(start, start + q.limit);
  const more = start + q.limit < rows.length;
  const births = await taskBirths(
    env,
    datasetId,
    page.map((r) => r.task),
  );
  return {
    datasetSha256,
    options,
    visibility,
    total: rows.length,
    page: page.map((r) => ({ ...r, born: births.get(r.task) ?? null })),
    next: more ? encodeCursor(page[page.length - 1].unit) : null,
  };
}

/** A page of a dataset's units, in run order, with an opaque `next` cursor. */
export async function listUnits(env: Env, benchmark: Benchmark, datasetId: string, q: UnitListQuery) {
  const { datasetSha256, options, total, page, next } = await selectUnits(env, benchmark, datasetId, q);
  return {
    benchmark: benchmark.id,
    dataset: datasetId,
    dataset_sha256: datasetSha256,
    options,
    total,
    units: page,
    next,
  };
}

/**
 * `prepare` for a request about some units: a 404 naming those the run would not cover. One unit is
 * looked up (`Benchmark.hasUnit`) rather than found in the listing of every unit, when the family can.
 * Its `view` is the dataset's, from the visibility the family's read of the dataset gave (read apart
 * only when the family gives none).
 */
async function prepareUnits(
  env: Env,
  benchmark: Benchmark,
  datasetId: string,
  rawOptions: unknown,
  wanted: readonly string[],
) {
  if (benchmark.hasUnit && new Set(wanted).size === 1) {
    const parsed = parseOptions(benchmark, rawOptions);
    const { has, datasetSha256, resolved, visibility } = await benchmark.hasUnit(env, datasetId, wanted[0], parsed);
    if (!has) throwMissing([wanted[0]], benchmark, datasetId);
    return {
      datasetSha256,
      options: { ...parsed, ...resolved } as Record<string, unknown>,
      view: await datasetView(env, datasetId, visibility),
    };
  }
  const { units, datasetSha256, options, visibility } = await prepare(env, benchmark, datasetId, rawOptions);
  const known = new Set(units);
  const missing = [...new Set(wanted.filter((u) => !known.has(u)))];
  if (missing.length) throwMissing(missing, benchmark, datasetId);
  return { datasetSha256, options, view: await datasetView(env, datasetId, visibility) };
}

function throwMissing(missing: readonly string[], benchmark: Benchmark, datasetId: string): never {
  throw new ProblemError(
    "not-found",
    `${benchmark.id} has no unit ${missing
      .slice(0, 5)
      .map((u) => JSON.stringify(u))
      .join(
        ", ",
      )}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ""} in dataset "${datasetId}" with these options (list them: GET /v1/benchmarks/${benchmark.id}/datasets/${datasetId}/units).`,
    { missing_units: missing.slice(0, 100) },
  );
}

/**
 * The exact prompt a run sends for a unit (`Benchmark.load`), with what a run sends beside it: the
 * default max_tokens, the assistant prefill when the prompt ends with one, and its token count.
 */
export async function unitPrompt(env: Env, benchmark: Benchmark, datasetId: string, unit: string, rawOptions: unknown) {
  const { datasetSha256, options, view } = await prepareUnits(env, benchmark, datasetId, rawOptions, [unit]);
  const loaded = await benchmark.load(env, datasetId, unit, options);
  return promptRecord(benchmark, datasetId, loaded, options, datasetSha256, view);
}

/**
 * What GET .../units/{unit}/prompt answers for a loaded unit (and the export writes per unit), with
 * the prefill placed as `prefill` says (default: a final assistant turn, as the unit's prompt has it),
 * as the dataset's `view` shows it (a held-out dataset's withholds where the target sits).
 */
export async function promptRecord(
  benchmark: Benchmark,
  datasetId: string,
  loaded: LoadedUnit,
  options: Record<string, unknown>,
  datasetSha256: string,
  view: DatasetView,
  prefill?: PrefillMode,
) {
  const last = loaded.messages.at(-1);
  const messages = placePrefill(loaded.messages, prefill);
  return {
    benchmark: benchmark.id,
    dataset: datasetId,
    unit: loaded.unit,
    task: loaded.taskId,
    language: loaded.language,
    messages,
    prefill: last?.role === "assistant" ? last.content : null,
    max_tokens: benchmark.defaultMaxTokens,
    prompt_tokens: loaded.promptTokens,
    tokenizer: { name: codeLlamaTokenizer.name, version: codeLlamaTokenizer.version },
    position: view.position(loaded.position),
    context_size: loaded.contextSize,
    // When the target's code was born (docs/contamination.md): a date, not the target, so held-out datasets show it too.
    born: loaded.born,
    // What a run with the same `prefill` (default: assistant) and no system message records as the sample's prompt_sha256.
    prompt_sha256: await sha256Hex(JSON.stringify(messages)),
    prompt_template_version: benchmark.promptTemplateVersion,
    options,
    dataset_sha256: datasetSha256,
  };
}

export type PromptRecord = Awaited<ReturnType<typeof promptRecord>>;

export interface UnitVerdict {
  unit: string;
  task: string;
  language: string;
  passed: boolean;
  score: number;
  detail: Record<string, unknown>;
}

/**
 * Scores answers to units of one dataset, in order, with `Benchmark.score` (a run's scorer) under
 * the request's `meter`. Units the run would not cover are a 404 for the whole request; an answer
 * over a budget is refused (422) naming it (`where`).
 */
export async function scoreUnitAnswers(
  env: Env,
  benchmark: Benchmark,
  datasetId: string,
  answers: readonly { unit: string; answer: string }[],
  rawOptions: unknown,
  meter: WorkMeter,
  where: (index: number) => string,
) {
  const { datasetSha256, options, view } = await prepareUnits(
    env,
    benchmark,
    datasetId,
    rawOptions,
    answers.map((a) => a.unit),
  );
  view.oneGuessPerUnit(answers.map((a) => a.unit));
  const results: UnitVerdict[] = [];
  for (const [i, a] of answers.entries()) {
    let verdict: SampleVerdict;
    try {
      verdict = await benchmark.score(env, datasetId, a.unit, a.answer, options, meter);
    } catch (err) {
      throw err instanceof BudgetExceededError ? err.at(where(i)) : err;
    }
    const task = taskIdOfUnit(benchmark, a.unit);
    // A held-out dataset's verdict keeps passed, the score and its benchmark's public detail.
    const shown = view.verdict(benchmark.id, verdict);
    results.push({
      unit: a.unit,
      task,
      language: languageOfTask(task),
      passed: shown.passed,
      score: shown.score,
      detail: shown.detail,
    });
  }
  return {
    benchmark: benchmark.id,
    dataset: datasetId,
    dataset_sha256: datasetSha256,
    scorer_version: benchmark.scorerVersion,
    options,
    results,
  };
}

/** pass@1 and the mean score, overall and per language. */
export function summarizeVerdicts(results: readonly UnitVerdict[]) {
  const of = (rows: readonly UnitVerdict[]) => {
    const passed = rows.filter((r) => r.passed).length;
    return {
      n: rows.length,
      passed,
      pass_at_1: rows.length ? passed / rows.length : 0,
      mean_score: rows.length ? rows.reduce((s, r) => s + r.score, 0) / rows.length : 0,
    };
  };
  const languages = [...new Set(results.map((r) => r.language))].sort();
  return {
    all: of(results),
    ...Object.fromEntries(languages.map((l) => [l, of(results.filter((r) => r.language === l))])),
  };
}
