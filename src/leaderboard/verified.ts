/**
 * Publishing a run executed by this service as a `verified` leaderboard entry: the only way a
 * verified row is written (imports are always `reported`). The run's per-task results are stored
 * and every aggregate is recomputed from them; errors and context overflows are counted apart.
 */
import type { Env } from "../env";
import { ProblemError } from "../errors";
import { SAMPLE_STATUSES, aggregateSamples, type Sample, type SampleStatus } from "./aggregate";
import { bucketOf } from "../benchmarks/longcodeu/dataset";
import { isBucket, isLongCodeUBenchmark, taskOf } from "./longcodeu";
import { sha256Hex } from "../sha256";
import { writeEntries, type WriteStatus } from "./store";

export interface VerifiedSample {
  /** `<language>::<repo>::<name>` */
  task: string;
  /** Defaults to the task id's prefix. */
  language?: string;
  /** Needle depth (position ratio) of the context the model saw. */
  needle_position: number;
  /** A positive integer; null only for LongCodeU samples whose context length is unknown. */
  context_size: number | null;
  token_start?: number | null;
  token_end?: number | null;
  is_best: boolean;
  best_similarity: number;
  best_target: string | null;
  /** Default "scored". `error` (the model call failed) and `context_exceeded` are not in n. */
  status?: SampleStatus;
  /**
   * LongCodeU samples only, and required there (task `python::<TASK>::<example id>`;
   * `best_similarity` is the recall, `is_best` recall 1): the precision, whether the output was
   * unparseable, and the length bucket (null or absent: the bucket of `context_size`, or none when
   * that is unknown).
   */
  longcodeu?: { precision: number; unparseable: boolean; bucket?: string | null };
}

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

const invalid = (detail: string): never => {
  throw new ProblemError("unprocessable-content", detail);
};

/** A verified sample in the leaderboard's stored shape (checked; a 422 names what is wrong). */
export function toSample(s: VerifiedSample): Sample {
  const language = s.language ?? s.task.split("::")[0];
  if (!language || s.task.split("::").length < 3) invalid(`Sample task "${s.task}" is not <language>::<repo>::<name>.`);
  const status = s.status ?? "scored";
  if (!SAMPLE_STATUSES.includes(status)) invalid(`Sample ${s.task}: unknown status "${status}".`);
  if (!(s.needle_position >= 0 && s.needle_position <= 1)) invalid(`Sample ${s.task}: needle_position must be within [0, 1].`);
  if (s.longcodeu) return longcodeuSample(s, language, status);
  if (!Number.isInteger(s.context_size) || s.context_size! <= 0) invalid(`Sample ${s.task}: context_size must be a positive integer.`);
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

/**
 * A LongCodeU sample (see src/leaderboard/longcodeu.ts): the task must be one of the eight, recall
 * and precision within [0, 1] when scored. An unknown context length is stored as 0 with no
 * bucket; a known one must agree with the bucket given.
 */
function longcodeuSample(s: VerifiedSample, language: string, status: SampleStatus): Sample {
  const l = s.longcodeu!;
  if (!taskOf(s.task)) invalid(`Sample ${s.task}: a LongCodeU task id is <language>::<TASK>::<example id> with one of the eight tasks.`);
  const size = s.context_size;
  if (size !== null && (!Number.isInteger(size) || size <= 0)) invalid(`Sample ${s.task}: context_size must be a positive integer or null (unknown).`);
  if (l.bucket !== undefined && l.bucket !== null && !isBucket(l.bucket)) invalid(`Sample ${s.task}: unknown length bucket "${l.bucket}".`);
  const measured = size === null ? null : bucketOf(size);
  if (l.bucket && size !== null && measured !== l.bucket) invalid(`Sample ${s.task}: bucket "${l.bucket}" does not hold a context of ${size} tokens.`);
  const scored = status === "scored";
  const unit = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
  if (scored && !unit(s.best_similarity)) invalid(`Sample ${s.task}: the recall (best_similarity) must be within [0, 1].`);
  if (scored && !unit(l.precision)) invalid(`Sample ${s.task}: the precision must be within [0, 1].`);
  return {
    taskId: s.task,
    language,
    needlePosition: s.needle_position,
    tokenStart: null,
    tokenEnd: null,
    contextSize: size ?? 0,
    isBest: scored && s.is_best,
    bestSimilarity: scored ? s.best_similarity : 0,
    bestTarget: null,
    status,
    precision: scored ? l.precision : null,
    unparseable: scored ? l.unparseable === true : null,
    bucket: l.bucket ?? measured,
  };
}

/**
 * Writes (or replaces) the verified entry of `run.model` for its benchmark, dataset, scoring mode
 * and comment mode, atomically. Publishing the same run again changes nothing.
 */
export async function publishVerifiedRun(env: Env, run: VerifiedRun): Promise<PublishResult> {
  if (!run.model || run.model.length > 200) invalid("A verified run needs a model name of at most 200 characters.");
  if (run.samples.length === 0) invalid("A verified run needs at least one sample.");
  const longcodeu = isLongCodeUBenchmark(run.benchmark ?? "repoqa-snf");
  const odd = run.samples.find((s) => !s.longcodeu === longcodeu);
  if (odd) invalid(longcodeu ? `Sample ${odd.task}: a LongCodeU sample needs its longcodeu part (precision, unparseable, bucket).` : `Sample ${odd.task}: only LongCodeU samples have a longcodeu part.`);
  const samples = run.samples.map(toSample);
  const seen = new Set<string>();
  for (const s of samples) {
    const key = `${s.taskId}@${s.contextSize}@${s.needlePosition}`;
    if (seen.has(key)) invalid(`Sample ${s.taskId} appears twice at context size ${s.contextSize}, depth ${s.needlePosition}.`);
    seen.add(key);
  }
  const count = (status: SampleStatus) => samples.filter((s) => s.status === status).length;
  const finished = typeof run.receipt.finished_at === "string" ? run.receipt.finished_at : null;
  const scope = {
    benchmark: run.benchmark ?? "repoqa-snf",
    dataset: run.dataset,
    scoringMode: run.scoring_mode ?? "official",
    commentMode: run.comment_mode ?? "original",
    kind: "verified" as const,
  };
  const write = {
    model: run.model,
    source: run.source ?? null,
    license: run.license ?? null,
    trainSize: run.train_size ?? null,
    evalDate: run.eval_date ?? finished ?? new Date().toISOString(),
    receipt: run.receipt,
    samples,
    aggregates: aggregateSamples(samples, scope.benchmark),
    n: count("scored"),
    errors: count("error"),
    contextExceeded: count("context_exceeded"),
    contentSha256: await sha256Hex(JSON.stringify({ kind: "verified", scope, run: { ...run, eval_date: run.eval_date ?? finished } })),
  };
  const { results, generation } = await writeEntries(env, scope, [write]);
  return { ...results[0], generation, n: write.n, errors: write.errors, context_exceeded: write.contextExceeded };
}
