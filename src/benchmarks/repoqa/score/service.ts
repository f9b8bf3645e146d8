/** Scoring answers to stored RepoQA tasks: locate, load the shard (and context), evaluate. */
import { loadLanguage } from "../../../lib/code";
import { BudgetExceededError, metered, type WorkMeter } from "../../../lib/code/budget";
import type { CommentMode } from "../dataset/context";
import { getContextShard, getShard } from "../store/shard-cache";
import { indexedCandidates } from "./candidates";
import { datasetKeys } from "../dataset/shard";
import { locateTasks, type TaskLocation } from "../store/tasks";
import type { Env } from "../../../lib/env";
import { notFound, ProblemError } from "../../../lib/errors";
import { SCORER_VERSION } from "./version";
import { PROMPT_TEMPLATE_VERSION, needlePrompt } from "../prompt";
import { evaluateAnswer, type CandidateSet, type NeedleVerdict, type ScoringMode } from "./scorer";

/** Which stored code context a strict score uses (defaults: the dataset's first size and mode, reference depth). */
export interface ContextChoice {
  size?: number;
  comment_mode?: CommentMode;
  depth?: number;
}

export interface ScoreOptions {
  threshold: number;
  mode: ScoringMode;
  ignoreComments: boolean;
  context?: ContextChoice;
}

export interface TaskScore extends NeedleVerdict {
  task: string;
  language: string;
  target: string;
  threshold: number;
  mode: ScoringMode;
  ignore_comments: boolean;
  candidates: number;
  /** Where strict-mode candidates came from: the task's stored code context, or (no contexts stored) the whole repository. */
  candidates_from: "needles" | "context" | "repository";
  context: { size: number; comment_mode: CommentMode; position_ratio: number } | null;
  scorer_version: string;
  dataset_sha256: string;
}

/** The stored context of a task for `choice`, or a 404 naming what the dataset has. */
export async function storedContext(env: Env, location: TaskLocation, choice: ContextChoice) {
  const config = location.contextConfig;
  if (!config) notFound(`Dataset "${location.datasetId}" was imported without code contexts.`);
  const size = choice.size ?? config.sizes[0];
  const mode = choice.comment_mode ?? config.comment_modes[0];
  if (!config.sizes.includes(size) || !config.comment_modes.includes(mode)) {
    notFound(
      `Dataset "${location.datasetId}" has no ${size}-token "${mode}" contexts (it has sizes ${config.sizes.join(", ")} and modes ${config.comment_modes.join(", ")}).`,
    );
  }
  const stored = await getContextShard(
    env,
    datasetKeys.contexts(location.datasetId, size, mode, location.language, location.repo),
    location.contentSha256,
  );
  const index = stored.contexts.tasks.findIndex(
    (t) => t.task_id === location.taskId && (choice.depth === undefined || t.position_ratio === choice.depth),
  );
  if (index < 0) notFound(`Task ${location.taskId} has no context at depth ${choice.depth}.`);
  return { stored, index, task: stored.contexts.tasks[index], size, mode };
}

async function strictCandidates(env: Env, location: TaskLocation, choice: ContextChoice, ignoreComments: boolean) {
  const { stored, index, task, size, mode } = await storedContext(env, location, choice);
  return {
    candidates: stored.candidates(index, ignoreComments),
    targetIndex: task.target_index,
    context: { size, comment_mode: mode, position_ratio: task.position_ratio },
  };
}

/** Where one task of a dataset lives, or a 404 naming it. */
export async function locateTask(env: Env, dataset: string, taskId: string): Promise<TaskLocation> {
  const location = (await locateTasks(env, dataset, [taskId])).get(taskId);
  if (!location) notFound(`Dataset "${dataset}" has no task ${JSON.stringify(taskId)}.`);
  return location;
}

/** The exact prompt a model is sent for a task (and where its needle sits in it). */
export async function taskPrompt(env: Env, dataset: string, taskId: string, choice: ContextChoice) {
  const location = await locateTask(env, dataset, taskId);
  const [shard, { task, size, mode }] = await Promise.all([
    getShard(env, location.shardKey, location.contentSha256),
    storedContext(env, location, choice),
  ]);
  const needle = shard.shard.needles[location.needleIndex];
  return {
    task: taskId,
    template_version: PROMPT_TEMPLATE_VERSION,
    messages: [{ role: "user" as const, content: needlePrompt(task.code_context, needle.description) }],
    size,
    comment_mode: mode,
    position_ratio: task.position_ratio,
    needle_token_start: task.needle_token_start,
    needle_token_end: task.needle_token_end,
    code_context_ntokens: task.code_context_ntokens,
    dataset_sha256: location.contentSha256,
  };
}

/**
 * Scores one answer to a located task. With a `meter`, the scoring work (parses, queries) counts
 * against its budget and an answer over it throws BudgetExceededError (src/lib/code/budget.ts).
 */
export async function scoreTask(
  env: Env,
  location: TaskLocation,
  answer: string,
  opts: ScoreOptions,
  meter?: WorkMeter,
): Promise<TaskScore> {
  // Precomputed score indexes when the dataset has them, else the shards (the same candidates).
  const [indexed, lang] = await Promise.all([indexedCandidates(env, location, opts), loadLanguage(location.language)]);
  const target =
    indexed?.target ??
    (await getShard(env, location.shardKey, location.contentSha256)).shard.needles[location.needleIndex].name;
  let pick: {
    candidates: CandidateSet;
    targetIndex: number;
    from: TaskScore["candidates_from"];
    context: TaskScore["context"];
  };
  if (indexed) {
    pick = indexed.pick as typeof pick;
  } else if (opts.mode === "official") {
    const shard = await getShard(env, location.shardKey, location.contentSha256);
    pick = {
      candidates: shard.candidates("needles", opts.ignoreComments),
      targetIndex: location.needleIndex,
      from: "needles",
      context: null,
    };
  } else if (location.contextConfig) {
    pick = { ...(await strictCandidates(env, location, opts.context ?? {}, opts.ignoreComments)), from: "context" };
  } else {
    const shard = await getShard(env, location.shardKey, location.contentSha256);
    const needle = shard.shard.needles[location.needleIndex];
    pick = {
      candidates: shard.candidates("functions", opts.ignoreComments),
      targetIndex: needle.function_index,
      from: "repository",
      context: null,
    };
  }
  const verdict = metered(meter, () =>
    evaluateAnswer({
      lang,
      answer,
      candidates: pick.candidates,
      targetIndex: pick.targetIndex,
      threshold: opts.threshold,
      ignoreComments: opts.ignoreComments,
    }),
  );
  return {
    task: location.taskId,
    language: location.language,
    target,
    ...verdict,
    threshold: opts.threshold,
    mode: opts.mode,
    ignore_comments: opts.ignoreComments,
    candidates: pick.candidates.names.length,
    candidates_from: pick.from,
    context: pick.context,
    scorer_version: SCORER_VERSION,
    dataset_sha256: location.contentSha256,
  };
}

/**
 * Scores answers to tasks of one dataset, in order. Unknown task ids fail the whole request; so
 * does an answer that takes the request's `meter` over its budget (the problem names the answer).
 */
export async function scoreAnswers(
  env: Env,
  dataset: string,
  answers: readonly { task: string; answer: string }[],
  opts: ScoreOptions,
  meter?: WorkMeter,
  where: (index: number) => string = (i) => `answers.${i}`,
): Promise<TaskScore[]> {
  const locations = await locateTasks(
    env,
    dataset,
    answers.map((a) => a.task),
  );
  const missing = answers.filter((a) => !locations.has(a.task)).map((a) => a.task);
  if (missing.length) {
    throw new ProblemError(
      "not-found",
      `Dataset "${dataset}" has no task ${missing
        .map((t) => JSON.stringify(t))
        .slice(0, 5)
        .join(", ")}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ""}.`,
      { missing_tasks: missing.slice(0, 100) },
    );
  }
  const results: TaskScore[] = [];
  for (const [i, a] of answers.entries()) {
    try {
      results.push(await scoreTask(env, locations.get(a.task)!, a.answer, opts, meter));
    } catch (err) {
      throw err instanceof BudgetExceededError ? err.at(where(i)) : err;
    }
  }
  return results;
}
