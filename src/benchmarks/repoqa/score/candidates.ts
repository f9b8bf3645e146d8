/**
 * Candidates of a task from the precomputed score indexes (src/benchmarks/repoqa/store/score-index.ts): the
 * target's name and the candidate set a verdict needs, without reading the shard's or the
 * contexts' JSON and without indexing n-grams in the request. Datasets imported before score
 * indexes existed (and not re-indexed) have none: `indexedCandidates` answers undefined and the
 * service builds the same candidates from the shards (src/benchmarks/repoqa/score/service.ts).
 */
import { getScoreIndex } from "../store/shard-cache";
import { scoreIndexKey } from "../store/score-index";
import { datasetKeys } from "../dataset/shard";
import type { TaskLocation } from "../store/tasks";
import type { Env } from "../../../lib/env";
import { notFound } from "../../../lib/errors";
import type { CandidateSet, ScoringMode } from "./scorer";

export interface CandidatePick {
  candidates: CandidateSet;
  targetIndex: number;
  from: "needles" | "context" | "repository";
  context: { size: number; comment_mode: string; position_ratio: number } | null;
}

interface Options {
  mode: ScoringMode;
  ignoreComments: boolean;
  context?: { size?: number; comment_mode?: string; depth?: number };
}

/** The stored contexts (size, comment mode) a choice names, or the 404 storedContext gives. */
function contextVariant(location: TaskLocation, choice: NonNullable<Options["context"]>) {
  const config = location.contextConfig;
  if (!config) notFound(`Dataset "${location.datasetId}" was imported without code contexts.`);
  const size = choice.size ?? config.sizes[0];
  const mode = choice.comment_mode ?? config.comment_modes[0];
  if (!config.sizes.includes(size) || !(config.comment_modes as readonly string[]).includes(mode)) {
    notFound(
      `Dataset "${location.datasetId}" has no ${size}-token "${mode}" contexts (it has sizes ${config.sizes.join(", ")} and modes ${config.comment_modes.join(", ")}).`,
    );
  }
  return { size, mode, key: datasetKeys.contexts(location.datasetId, size, mode, location.language, location.repo) };
}

/** The target's name and the candidates, from the score indexes; undefined when there are none. */
export async function indexedCandidates(
  env: Env,
  location: TaskLocation,
  opts: Options,
): Promise<{ target: string; pick: CandidatePick } | undefined> {
  const sha = location.shardSha256;
  if (!sha) return undefined;
  const choice = opts.context ?? {};
  const variant = opts.mode === "strict" && location.contextConfig ? contextVariant(location, choice) : undefined;
  const ic = opts.ignoreComments;
  if (variant) {
    // Strict mode on stored contexts needs only the context variant's index (the target's name is the task row's).
    const contexts = await getScoreIndex(env, scoreIndexKey(variant.key, sha));
    if (contexts?.header.kind !== "contexts") return undefined;
    const tasks = contexts.header.tasks;
    const index = tasks.findIndex(
      (t) => t.task_id === location.taskId && (choice.depth === undefined || t.position_ratio === choice.depth),
    );
    if (index < 0) notFound(`Task ${location.taskId} has no context at depth ${choice.depth}.`);
    const candidates = await contexts.set(`${index}:${ic}`);
    const context = { size: variant.size, comment_mode: variant.mode, position_ratio: tasks[index].position_ratio };
    return (
      candidates && {
        target: location.name,
        pick: { candidates, targetIndex: tasks[index].target_index, from: "context", context },
      }
    );
  }
  const repo = await getScoreIndex(env, scoreIndexKey(location.shardKey, sha));
  if (repo?.header.kind !== "repo") return undefined;
  const needle = repo.header.needles[location.needleIndex];
  if (!needle) return undefined;
  let pick: CandidatePick | undefined;
  if (opts.mode === "official") {
    const candidates = await repo.set(`needles:${ic}`);
    if (candidates) pick = { candidates, targetIndex: location.needleIndex, from: "needles", context: null };
  } else {
    const candidates = await repo.set(`functions:${ic}`);
    if (candidates) pick = { candidates, targetIndex: needle.function_index, from: "repository", context: null };
  }
  return pick && { target: needle.name, pick };
}
