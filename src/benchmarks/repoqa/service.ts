/** Scoring answers to stored RepoQA tasks: locate, load the shard, evaluate. */
import { loadLanguage } from "../../code";
import { getShard } from "../../datasets/shard-cache";
import { locateTasks, type TaskLocation } from "../../datasets/store";
import type { Env } from "../../env";
import { ProblemError } from "../../errors";
import { SCORER_VERSION } from "../../version";
import { evaluateAnswer, type NeedleVerdict, type ScoringMode } from "./scorer";

export interface ScoreOptions {
  threshold: number;
  mode: ScoringMode;
  ignoreComments: boolean;
}

export interface TaskScore extends Omit<NeedleVerdict, "best_target_path"> {
  task: string;
  language: string;
  target: string;
  best_target_path: string | null;
  threshold: number;
  mode: ScoringMode;
  ignore_comments: boolean;
  candidates: number;
  scorer_version: string;
  dataset_sha256: string;
}

async function scoreAt(env: Env, location: TaskLocation, answer: string, opts: ScoreOptions): Promise<TaskScore> {
  const [cached, lang] = await Promise.all([getShard(env, location.shardKey, location.contentSha256), loadLanguage(location.language)]);
  const needle = cached.shard.needles[location.needleIndex];
  const candidates = cached.candidates(opts.mode, opts.ignoreComments);
  const official = opts.mode === "official";
  const subset = official ? undefined : needle.context_functions;
  const verdict = evaluateAnswer({
    lang,
    answer,
    candidates,
    targetIndex: official ? location.needleIndex : needle.function_index,
    threshold: opts.threshold,
    ignoreComments: opts.ignoreComments,
    subset,
  });
  return {
    task: location.taskId,
    language: location.language,
    target: needle.name,
    ...verdict,
    threshold: opts.threshold,
    mode: opts.mode,
    ignore_comments: opts.ignoreComments,
    candidates: subset?.length ?? candidates.names.length,
    scorer_version: SCORER_VERSION,
    dataset_sha256: location.contentSha256,
  };
}

/** Scores answers to tasks of one dataset, in order. Unknown task ids fail the whole request. */
export async function scoreAnswers(
  env: Env,
  dataset: string,
  answers: readonly { task: string; answer: string }[],
  opts: ScoreOptions,
): Promise<TaskScore[]> {
  const locations = await locateTasks(env, dataset, answers.map((a) => a.task));
  const missing = answers.filter((a) => !locations.has(a.task)).map((a) => a.task);
  if (missing.length) {
    throw new ProblemError("not-found", `Dataset "${dataset}" has no task ${missing.map((t) => JSON.stringify(t)).slice(0, 5).join(", ")}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ""}.`, {
      missing_tasks: missing.slice(0, 100),
    });
  }
  const results: TaskScore[] = [];
  for (const a of answers) results.push(await scoreAt(env, locations.get(a.task)!, a.answer, opts));
  return results;
}
