/**
 * Publishing a run executed by this service as a `verified` leaderboard entry: the only way a
 * verified row is written (imports are always `reported`). The run's per-task results are stored
 * and every aggregate is recomputed from them; errors and context overflows are counted apart.
 * What a sample carries beyond the shared fields and how an entry is aggregated are the
 * benchmark's (`BenchmarkLeaderboard.part` and `.aggregate`, found through the registry).
 */
import type { Env } from "../../lib/env";
import { invalid } from "../../lib/errors";
import { SAMPLE_STATUSES, type Aggregate, type Sample, type SampleStatus } from "../../kit/leaderboard/aggregate";
import type { BenchmarkLeaderboard, SamplePart, VerifiedSample } from "../../kit/leaderboard/family";
import { optionsKey } from "../../kit/leaderboard/options";
import { LEADERBOARD_BENCHMARKS, LEADERBOARD_DEFAULTS, leaderboardOf } from "./queries";
import { sha256Hex } from "../../lib/sha256";
import { writeEntries, type WriteStatus } from "../../kit/leaderboard/store";

export type { VerifiedSample };

export interface VerifiedRun {
  benchmark?: string;
  dataset: string;
  model: string;
  /** The benchmark's scope options the run was scored under (`QueryParam.scope`), absent ones at their defaults. */
  options?: Record<string, string>;
  /** Dataset sha256, prompt template version, scorer version, model spec, parameters, time. */
  receipt: Record<string, unknown>;
  samples: VerifiedSample[];
  source?: string | null;
  license?: string | null;
  train_size?: string | null;
  /** Defaults to the receipt's `finished_at`, else now. */
  eval_date?: string | null;
}

export interface PublishResult {
  model: string;
  model_slug: string;
  status: WriteStatus;
  generation: number;
  n: number;
  errors: number;
  context_exceeded: number;
}

/** Every benchmark's own sample part, in registry order. */
const parts = (): SamplePart[] => LEADERBOARD_BENCHMARKS.flatMap((id) => leaderboardOf(id)?.part ?? []);

/** Whether `s` carries every key of `part`. */
const carries = (s: VerifiedSample, part: SamplePart) => part.keys.every((k) => s.parts?.[k] !== undefined);

/** A UTC day (YYYY-MM-DD), as `born` is stored. */
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A sample's `parts`: a flat object of strings, numbers, booleans and nulls (what `leaderboard_samples.parts` holds). */
function checkedParts(s: VerifiedSample): Record<string, unknown> | null {
  if (s.parts === undefined || s.parts === null) return null;
  const flat = Object.values(s.parts).every((v) => v === null || ["string", "number", "boolean"].includes(typeof v));
  if (typeof s.parts !== "object" || Array.isArray(s.parts) || !flat)
    invalid(`Sample ${s.task}: parts must be an object of strings, numbers, booleans and nulls.`);
  return Object.keys(s.parts).length ? s.parts : null;
}

/** The benchmark part whose keys `s` carries, if any. */
const partOf = (s: VerifiedSample): SamplePart | undefined => parts().find((p) => carries(s, p));

/**
 * A verified sample in the leaderboard's stored shape (checked; a 422 names what is wrong), by the
 * benchmark part whose keys it carries, or the shared rule.
 */
export const toSample = (s: VerifiedSample): Sample => sampleOf(s, partOf(s));

/** `toSample` by a given benchmark part (none: the shared rule). */
function sampleOf(s: VerifiedSample, part: SamplePart | undefined): Sample {
  const language = s.language ?? s.task.split("::")[0];
  if (!language || s.task.split("::").length < 3) invalid(`Sample task "${s.task}" is not <language>::<repo>::<name>.`);
  const status = s.status ?? "scored";
  if (!SAMPLE_STATUSES.includes(status)) invalid(`Sample ${s.task}: unknown status "${status}".`);
  if (!(s.position >= 0 && s.position <= 1)) invalid(`Sample ${s.task}: position must be within [0, 1].`);
  if (s.born !== undefined && s.born !== null && !DAY.test(s.born))
    invalid(`Sample ${s.task}: born must be a day (YYYY-MM-DD) or null.`);
  if (part) return part.toSample(s, language, status);
  if (!Number.isInteger(s.context_size) || s.context_size! <= 0)
    invalid(`Sample ${s.task}: context_size must be a positive integer.`);
  if (!Number.isFinite(s.score)) invalid(`Sample ${s.task}: score must be a number.`);
  const scored = status === "scored";
  return {
    taskId: s.task,
    language,
    position: s.position,
    tokenStart: s.token_start ?? null,
    tokenEnd: s.token_end ?? null,
    contextSize: s.context_size!,
    passed: scored && s.passed,
    score: scored ? s.score : 0,
    status,
    parts: scored ? checkedParts(s) : null,
    born: s.born ?? null,
  };
}

/** A run's scope options, each one of its benchmark's (a 422 names the first that is not). */
function checkedOptions(board: BenchmarkLeaderboard, options: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(options)) {
    const param = board.params?.[name];
    if (!param?.scope) invalid(`The leaderboard of this benchmark has no scope option "${name}".`);
    if (!param.values.includes(value)) invalid(`Option ${name}: one of ${param.values.join(", ")}, not "${value}".`);
  }
  return options;
}

/** The leaderboard of benchmark `id` (a 422 when it has none). */
function boardOf(id: string): BenchmarkLeaderboard {
  return leaderboardOf(id) ?? invalid(`The leaderboard does not show ${id}.`);
}

/** Every aggregate of an entry of `benchmark` (default: the leaderboard's default benchmark) with these samples. */
export function aggregateSamples(samples: readonly Sample[], benchmark = LEADERBOARD_DEFAULTS.benchmark): Aggregate[] {
  return boardOf(benchmark).aggregate(samples);
}

/** The first sample that does not fit the benchmark: without the benchmark's own parts, or with another's. */
function checkParts(board: BenchmarkLeaderboard, samples: readonly VerifiedSample[]): void {
  const own = board.part;
  for (const s of samples) {
    if (own && !carries(s, own)) invalid(`Sample ${s.task}: ${own.missing}`);
    const other = parts().find((p) => p !== own && carries(s, p));
    if (other) invalid(`Sample ${s.task}: only ${other.owner} samples have the parts ${other.keys.join(", ")}.`);
  }
}

/**
 * Writes (or replaces) the verified entry of `run.model` for its benchmark, dataset and scope
 * options, atomically. Publishing the same run again changes nothing.
 */
export async function publishVerifiedRun(env: Env, run: VerifiedRun): Promise<PublishResult> {
  if (!run.model || run.model.length > 200) invalid("A verified run needs a model name of at most 200 characters.");
  if (run.samples.length === 0) invalid("A verified run needs at least one sample.");
  const benchmark = run.benchmark ?? LEADERBOARD_DEFAULTS.benchmark;
  const board = boardOf(benchmark);
  checkParts(board, run.samples);
  const samples = run.samples.map((s) => sampleOf(s, board.part ?? partOf(s)));
  const seen = new Set<string>();
  for (const s of samples) {
    const key = `${s.taskId}@${s.contextSize}@${s.position}`;
    if (seen.has(key))
      invalid(`Sample ${s.taskId} appears twice at context size ${s.contextSize}, position ${s.position}.`);
    seen.add(key);
  }
  const count = (status: SampleStatus) => samples.filter((s) => s.status === status).length;
  const finished = typeof run.receipt.finished_at === "string" ? run.receipt.finished_at : null;
  const scope = {
    benchmark,
    dataset: run.dataset,
    options: optionsKey(board.params, checkedOptions(board, run.options ?? {})),
    kind: "verified" as const,
  };
  const aggregates = board.aggregate(samples);
  const write = {
    model: run.model,
    source: run.source ?? null,
    license: run.license ?? null,
    trainSize: run.train_size ?? null,
    evalDate: run.eval_date ?? finished ?? new Date().toISOString(),
    receipt: run.receipt,
    samples,
    aggregates,
    ranks: board.ranks(aggregates),
    n: count("scored"),
    errors: count("error"),
    contextExceeded: count("context_exceeded"),
    contentSha256: await sha256Hex(
      JSON.stringify({ kind: "verified", scope, run: { ...run, eval_date: run.eval_date ?? finished } }),
    ),
  };
  const { results, generation } = await writeEntries(env, scope, [write]);
  return { ...results[0], generation, n: write.n, errors: write.errors, context_exceeded: write.contextExceeded };
}
