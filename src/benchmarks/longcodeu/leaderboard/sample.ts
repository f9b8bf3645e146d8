/** A LongCodeU sample on the leaderboard: a finished run's sample as a verified one, and its own part checked into the stored shape. */
import { invalid } from "../../../lib/errors";
import type { Sample, SampleStatus } from "../../../kit/leaderboard/aggregate";
import type { RunSample, SamplePart, VerifiedSample } from "../../../kit/leaderboard/family";
import { bucketOf } from "../dataset/index";
import { isBucket, taskOf } from "./names";

/**
 * A finished run's sample: recall is its `score`, full recall `passed`, and its parts the precision,
 * unparseable and the length bucket (the detail's, else the context size's; none when that is unknown).
 */
export function sample(row: RunSample): VerifiedSample {
  const detail = row.detail ?? {};
  const scored = row.status === "scored";
  // As the run's results summary reads it (./summary.ts), so both agree.
  const recall = typeof detail.recall === "number" ? detail.recall : (row.score ?? 0);
  return {
    task: row.taskId,
    language: row.language,
    position: 0,
    context_size: row.contextSize,
    passed: scored && row.passed === true,
    score: scored ? recall : 0,
    born: row.born ?? null,
    status: row.status,
    parts: {
      precision: scored && typeof detail.precision === "number" ? detail.precision : 0,
      unparseable: detail.unparseable === true,
      bucket:
        typeof detail.bucket === "string" ? detail.bucket : row.contextSize !== null ? bucketOf(row.contextSize) : null,
    },
  };
}

/** LongCodeU's parts of a verified sample: the precision, whether the output was unparseable, the length bucket. */
export interface LongCodeUSamplePart {
  precision: number;
  unparseable: boolean;
  /** Null or absent: the bucket of `context_size`, or none when that is unknown. */
  bucket?: string | null;
}

/**
 * A LongCodeU sample: the task must be one of the eight, recall and precision within [0, 1] when
 * scored. An unknown context length is stored as 0 with no bucket; a known one must agree with the
 * bucket given.
 */
function toSample(s: VerifiedSample, language: string, status: SampleStatus): Sample {
  const l = s.parts as unknown as LongCodeUSamplePart;
  if (!taskOf(s.task))
    invalid(`Sample ${s.task}: a LongCodeU task id is <language>::<TASK>::<example id> with one of the eight tasks.`);
  const size = s.context_size;
  if (size !== null && (!Number.isInteger(size) || size <= 0))
    invalid(`Sample ${s.task}: context_size must be a positive integer or null (unknown).`);
  if (l.bucket !== undefined && l.bucket !== null && !isBucket(l.bucket))
    invalid(`Sample ${s.task}: unknown length bucket "${l.bucket}".`);
  const measured = size === null ? null : bucketOf(size);
  if (l.bucket && size !== null && measured !== l.bucket)
    invalid(`Sample ${s.task}: bucket "${l.bucket}" does not hold a context of ${size} tokens.`);
  const scored = status === "scored";
  const unit = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;
  if (scored && !unit(s.score)) invalid(`Sample ${s.task}: the recall (score) must be within [0, 1].`);
  if (scored && (typeof l.precision !== "number" || !unit(l.precision)))
    invalid(`Sample ${s.task}: the precision must be within [0, 1].`);
  const bucket = l.bucket ?? measured;
  const parts: Record<string, unknown> = {
    ...(scored ? { precision: l.precision, unparseable: l.unparseable === true } : {}),
    ...(bucket ? { bucket } : {}),
  };
  return {
    taskId: s.task,
    language,
    position: s.position,
    tokenStart: null,
    tokenEnd: null,
    contextSize: size ?? 0,
    passed: scored && s.passed,
    score: scored ? s.score : 0,
    status,
    parts: Object.keys(parts).length ? parts : null,
    born: s.born ?? null,
  };
}

/** The parts of LongCodeU's verified samples (required there, refused elsewhere). */
export const SAMPLE_PART: SamplePart = {
  keys: ["precision", "unparseable"],
  owner: "LongCodeU",
  missing: "a LongCodeU sample needs its parts precision, unparseable and bucket (the longcodeu part).",
  toSample,
};
