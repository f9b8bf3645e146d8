/**
 * RepoQA Searching Needle Function as a run benchmark: one unit per task (per task and depth when
 * the dataset stores several depths), the reference prompt over the task's stored code context,
 * and the needle evaluator in the run's scoring mode.
 */
import { repoqaWindowBuild } from "./curate/window";
import { z } from "@hono/zod-openapi";
import { and, asc, eq, inArray } from "drizzle-orm";
import { budgetPlan, WorkMeter } from "../../lib/code/budget";
import * as schema from "../../lib/db/schema";
import type { CommentMode } from "./dataset/context";
import { COMMENT_MODES } from "./dataset/context";
import type { ContextConfig } from "./store/contexts";
import { getShard } from "./store/shard-cache";
import { db } from "../../lib/db/client";
import { getDataset, storedTask } from "../../lib/datasets/store";
import { codeLlamaTokenizer } from "../../lib/datasets/tokenizer";
import type { Env } from "../../lib/env";
import { invalid, notFound } from "../../lib/errors";
import { bestDocument } from "../../lib/metrics/bm25";
import { SCORER_VERSION } from "./score/version";
import { defineBenchmark } from "../define";
import { repoqaCompare } from "./compare";
import { INSTRUCTION, PROMPT_TEMPLATE_VERSION, needlePrompt } from "./prompt";
import { DEFAULT_THRESHOLD, SCORING_MODES, THRESHOLDS } from "./score/scorer";
import { locateTask, scoreTask, storedContext } from "./score/service";
import { parseUnit } from "./dataset/unit";
import { repoqaReferenceFiles } from "./score/reference-files";
import { repoqaOriginalScore } from "./routes/score-shapes";
import { repoqaViews } from "./views";
import { repoqaLeaderboard } from "./leaderboard/index";

export const RepoqaOptionsSchema = z
  .object({
    scoring_mode: z.enum(SCORING_MODES).default("official"),
    ignore_comments: z.boolean().default(false),
    threshold: z
      .number()
      .refine((t) => (THRESHOLDS as readonly number[]).includes(t), "threshold must be one of 0.0, 0.1, ..., 1.0")
      .default(DEFAULT_THRESHOLD),
    /** Context size in tokens; default the dataset's first. */
    context_size: z.number().int().positive().optional(),
    /** Comment mode of the contexts; default the dataset's first. */
    comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).optional(),
  })
  // An unknown option is a 422 (a misspelt one was silently dropped before), as for every other benchmark.
  .strict();
export type RepoqaOptions = z.infer<typeof RepoqaOptionsSchema>;

/**
 * A held-out dataset's verdict detail (docs/api.md#held-out-datasets): how it was scored and
 * whether the best match is the target; never the target, the best match's name or path, the
 * target's similarity or the pass at every threshold (a finer oracle of the target's similarity).
 */
const HeldOutDetail = z.object({
  is_best: z.boolean().optional(),
  best_similarity: z.number().optional(),
  candidates: z.number().optional(),
  candidates_from: z.string().optional(),
  scoring_mode: z.string().optional(),
  ignore_comments: z.boolean().optional(),
  threshold: z.number().optional(),
});

async function contextOf(env: Env, datasetId: string, unit: string, options: RepoqaOptions) {
  const { taskId, depth } = parseUnit(unit);
  const location = await locateTask(env, datasetId, taskId);
  const choice = { size: options.context_size, comment_mode: options.comment_mode as CommentMode | undefined, depth };
  const [shard, context] = await Promise.all([
    getShard(env, location.shardKey, location.contentSha256),
    storedContext(env, location, choice),
  ]);
  return { location, needle: shard.shard.needles[location.needleIndex], ...context };
}

/**
 * The checks every run over a dataset starts with (a ready RepoQA dataset with code contexts that
 * has the chosen size and comment mode), and the options it decides.
 */
async function runnableDataset(env: Env, datasetId: string, options: RepoqaOptions) {
  const dataset = await getDataset(env, datasetId);
  if (dataset?.status !== "ready" || !dataset.contentSha256) notFound(`No ready dataset "${datasetId}".`);
  if (dataset.benchmark !== "repoqa-snf") invalid(`Dataset "${datasetId}" is a ${dataset.benchmark} dataset.`);
  // What a RepoQA import stores there (the column is any family's).
  const config = dataset.contextConfig as ContextConfig | null;
  if (!config)
    invalid(`Dataset "${datasetId}" was imported without code contexts, so there is nothing to prompt a model with.`);
  if (options.context_size !== undefined && !config.sizes.includes(options.context_size)) {
    invalid(`Dataset "${datasetId}" has context sizes ${config.sizes.join(", ")}, not ${options.context_size}.`);
  }
  if (options.comment_mode !== undefined && !config.comment_modes.includes(options.comment_mode)) {
    invalid(
      `Dataset "${datasetId}" has comment modes ${config.comment_modes.join(", ")}, not ${options.comment_mode}.`,
    );
  }
  const resolved: Partial<RepoqaOptions> = {
    context_size: options.context_size ?? config.sizes[0],
    comment_mode: options.comment_mode ?? config.comment_modes[0],
  };
  return { dataset: { ...dataset, contentSha256: dataset.contentSha256 }, config, resolved };
}

const fenced = (language: string, code: string) => "```" + language + "\n" + code + "\n```";

export const repoqaBenchmark = defineBenchmark({
  id: "repoqa-snf",
  title: "RepoQA: Searching Needle Function",
  promptTemplateVersion: PROMPT_TEMPLATE_VERSION,
  scorerVersion: SCORER_VERSION,
  datasetKind: "repoqa-snf",
  defaultMaxTokens: 1024,
  baselines: ["oracle", "bm25"],
  referenceFiles: repoqaReferenceFiles,
  thresholdSweep: true,
  originalScore: repoqaOriginalScore,
  leaderboard: repoqaLeaderboard,
  views: repoqaViews,
  compare: repoqaCompare,
  options: RepoqaOptionsSchema,
  heldOutDetail: HeldOutDetail,
  windowBuild: repoqaWindowBuild,

  async units(env, datasetId, options, filters) {
    const { dataset, config, resolved } = await runnableDataset(env, datasetId, options);
    const unknown = (filters.languages ?? []).filter((l) => !dataset.languages.includes(l));
    if (unknown.length)
      invalid(`Dataset "${datasetId}" has no ${unknown.join(", ")} tasks (it has ${dataset.languages.join(", ")}).`);
    const rows = await db(env)
      .select({ taskId: schema.tasks.taskId })
      .from(schema.tasks)
      .where(
        and(
          eq(schema.tasks.datasetId, datasetId),
          filters.languages?.length ? inArray(schema.tasks.language, filters.languages) : undefined,
        ),
      )
      .orderBy(asc(schema.tasks.language), asc(schema.tasks.repo), asc(schema.tasks.shardIndex));
    const depths = config.depths === "reference" ? [undefined] : config.depths;
    const units = rows.flatMap((r) => depths.map((d) => (d === undefined ? r.taskId : `${r.taskId}@${d}`)));
    return {
      units: filters.limit ? units.slice(0, filters.limit) : units,
      datasetSha256: dataset.contentSha256,
      resolved,
      visibility: dataset.visibility,
    };
  },

  async hasUnit(env, datasetId, unit, options) {
    const { dataset, config, resolved } = await runnableDataset(env, datasetId, options);
    // The unit as `units` spells it: the task id, plus `@<depth>` of one of the stored depths.
    const at = unit.lastIndexOf("@");
    const taskId = config.depths === "reference" ? unit : unit.slice(0, at);
    const depthOk =
      config.depths === "reference" || (at >= 0 && config.depths.some((d) => String(d) === unit.slice(at + 1)));
    const has = depthOk && (await storedTask(env, datasetId, taskId)) !== undefined;
    return { has, datasetSha256: dataset.contentSha256, resolved, visibility: dataset.visibility };
  },

  async load(env, datasetId, unit, options) {
    const { location, needle, task, size } = await contextOf(env, datasetId, unit, options);
    await codeLlamaTokenizer.ready?.();
    // Llama tokens are additive over line breaks; the instruction glued to the context's first
    // line may merge one token differently, which an estimate can afford.
    const promptTokens =
      task.code_context_ntokens +
      codeLlamaTokenizer.count(INSTRUCTION) +
      codeLlamaTokenizer.count(`\nFunction Description:${needle.description}\n` + INSTRUCTION);
    return {
      unit,
      taskId: location.taskId,
      language: location.language,
      messages: [{ role: "user", content: needlePrompt(task.code_context, needle.description) }],
      promptTokens,
      position: task.position_ratio,
      contextSize: size,
      born: location.born,
    };
  },

  async baseline(env, datasetId, unit, options, kind) {
    const { location, needle, task } = await contextOf(env, datasetId, unit, options);
    // The oracle answers the exact text the run's scorer compares against: the release's needle
    // (official) or the function as the context shows it (strict). Unfenced on purpose: the
    // reference extracts the function node from a fenced block, which drops what the needle's
    // lines hold around it (`export`, a leading doc comment), so a fenced copy can score below 1.0.
    if (kind === "oracle")
      return options.scoring_mode === "official" ? needle.code : task.functions[task.target_index].code;
    const best = bestDocument(
      needle.description,
      task.functions.map((f) => f.code),
    );
    return best < 0 ? "" : fenced(location.language, task.functions[best].code);
  },

  async score(env, datasetId, unit, output, options, meter) {
    const { taskId, depth } = parseUnit(unit);
    const location = await locateTask(env, datasetId, taskId);
    const verdict = await scoreTask(
      env,
      location,
      output,
      {
        threshold: options.threshold,
        mode: options.scoring_mode,
        ignoreComments: options.ignore_comments,
        context: { size: options.context_size, comment_mode: options.comment_mode as CommentMode | undefined, depth },
      },
      WorkMeter.of("score", meter, meter?.plan ?? budgetPlan(env)),
    );
    return {
      passed: verdict.pass,
      score: verdict.best_similarity,
      detail: {
        target: verdict.target,
        // At threshold 0.0 a pass means exactly "the best match is the target" (the reference's is_best_similar).
        is_best: verdict.pass_at["0.0"],
        best_target: verdict.best_target,
        best_target_path: verdict.best_target_path,
        best_similarity: verdict.best_similarity,
        target_similarity: verdict.target_similarity,
        pass_at: verdict.pass_at,
        candidates: verdict.candidates,
        candidates_from: verdict.candidates_from,
        scoring_mode: verdict.mode,
        ignore_comments: verdict.ignore_comments,
        threshold: verdict.threshold,
      },
    };
  },
});
