/**
 * Publishing a run executed by this service as a `verified` leaderboard entry: the only way a
 * verified row is written (imports are always `reported`). The run's per-task results are stored
 * and every aggregate is recomputed from them; errors and context overflows are counted apart.
 * What a sample carries beyond the shared fields and how an entry is aggregated are the
 * benchmark's (`BenchmarkLeaderboard.part` and `.aggregate`, found through the registry).
 */
import type { Env } from "../env";
import { invalid } from "../errors";
import { SAMPLE_STATUSES, type Aggregate, type Sample, type SampleStatus } from "./aggregate";
import { partValue, type BenchmarkLeaderboard, type SamplePart, type VerifiedSample } from "./family";
import { LEADERBOARD_BENCHMARKS, LEADERBOARD_DEFAULTS, leaderboardOf } from "./queries";
import { sha256Hex } from "../sha256";
import { writeEntries, type WriteStatus } from "./store";

export type { VerifiedSample };

export interface VerifiedRun {
  benchmark?: string;
  dataset: string;
  model: string;
  scoring_mode?: "official" | "strict";
  comment_mode?: string;
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

/** The sample part `s` carries, if any. */
const partOf = (s: VerifiedSample): SamplePart | undefined => parts().find((p) => partValue(s, p.key) !== undefined);

/** A verified sample in the leaderboard's stored shape (checked; a 422 names what is wrong). */
export function toSample(s: VerifiedSample): Sample {
  const language = s.language ?? s.task.split("::")[0];
  if (!language || s.task.split("::").length < 3) invalid(`Sample task "${s.task}" is not <language>::<repo>::<name>.`);
  const status = s.status ?? "scored";
  if (!SAMPLE_STATUSES.includes(status)) invalid(`Sample ${s.task}: unknown status "${status}".`);
  if (!(s.needle_position >= 0 && s.needle_position <= 1))
    invalid(`Sample ${s.task}: needle_position must be within [0, 1].`);
  const part = partOf(s);
  if (part) return part.toSample(s, language, status);
  if (!Number.isInteger(s.context_size) || s.context_size! <= 0)
    invalid(`Sample ${s.task}: context_size must be a positive integer.`);
  if (!Number.isFinite(s.best_similarity)) invalid(`Sample ${s.task}: best_similarity must be a number.`);
  return {
    taskId: s.task,
    language,
    needlePosition: s.needle_position,
    tokenStart: s.token_start ?? null,
    tokenEnd: s.token_end ?? null,
    contextSize: s.context_size!,
    isBest: status === "scored" && s.is_best,
    bestSimilarity: status === "scored" ? s.best_similarity : 0,
    bestTarget: status === "scored" ? s.best_target : null,
    status,
  };
}

/** The leaderboard of benchmark `id` (a 422 when it has none). */
function boardOf(id: string): BenchmarkLeaderboard {
  return leaderboardOf(id) ?? invalid(`The leaderboard does not show ${id}.`);
}

/** Every aggregate of an entry of `benchmark` (default: the leaderboard's default benchmark) with these samples. */
export function aggregateSamples(samples: readonly Sample[], benchmark = LEADERBOARD_DEFAULTS.benchmark): Aggregate[] {
  return boardOf(benchmark).aggregate(samples);
}

/** The first sample that does not fit the benchmark: without the benchmark's own part, or with another's. */
function checkParts(board: BenchmarkLeaderboard, samples: readonly VerifiedSample[]): void {
  const own = board.part;
  for (const s of samples) {
    if (own && partValue(s, own.key) === undefined) invalid(`Sample ${s.task}: ${own.missing}`);
    const other = parts().find((p) => p.key !== own?.key && partValue(s, p.key) !== undefined);
    if (other) invalid(`Sample ${s.task}: only ${other.owner} samples have a ${other.key} part.`);
  }
}

/**
 * Writes (or replaces) the verified entry of `run.model` for its benchmark, dataset, scoring mode
 * and comment mode, atomically. Publishing the same run again changes nothing.
 */
export async function publishVerifiedRun(env: Env, run: VerifiedRun): Promise<PublishResult> {
  if (!run.model || run.model.length > 200) invalid("A verified run needs a model name of at most 200 characters.");
  if (run.samples.length === 0) invalid("A verified run needs at least one sample.");
  const benchmark = run.benchmark ?? LEADERBOARD_DEFAULTS.benchmark;
  const board = boardOf(benchmark);
  checkParts(board, run.samples);
  const samples = run.samples.map(toSample);
  const seen = new Set<string>();
  for (const s of samples) {
    const key = `${s.taskId}@${s.contextSize}@${s.needlePosition}`;
    if (seen.has(key))
      invalid(`Sample ${s.taskId} appears twice at context size ${s.contextSize}, depth ${s.needlePosition}.`);
    seen.add(key);
  }
  const count = (status: SampleStatus) => samples.filter((s) => s.status === status).length;
  const finished = typeof run.receipt.finished_at === "string" ? run.receipt.finished_at : null;
  const scope = {
    benchmark,
    dataset: run.dataset,
    scoringMode: run.scoring_mode ?? "official",
    commentMode: run.comment_mode ?? "original",
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
