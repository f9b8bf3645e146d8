/**
 * LongCodeU as one run benchmark: a unit per example (its id, `<TASK>-...`), the paper's prompt
 * over the example's long context, its metric as the scorer. `tasks` picks some of the eight; such
 * a run covers part of the dataset, so it is not published.
 */
import { longcodeuWindowBuild } from "./curate/window";
import { z } from "@hono/zod-openapi";
// CodeBLEU parses with tree-sitter: the Worker's grammar loader must be installed.
import "../../lib/code";
import { budgetPlan, WorkMeter } from "../../lib/code/budget";
import { storedTask } from "../../lib/datasets/store";
import { codeLlamaTokenizer } from "../../lib/datasets/tokenizer";
import type { Env } from "../../lib/env";
import { invalid } from "../../lib/errors";
import { defineBenchmark } from "../define";
import { longcodeuCompare } from "./compare";
import { oracleAnswer } from "./score/baseline";
import { LONGCODEU_DATASET_BENCHMARK, LONGCODEU_TASKS, type LongCodeUTask } from "./dataset/index";
import {
  LONGCODEU_BENCHMARK,
  PROMPT_TEMPLATE_VERSION,
  SCORER_VERSION,
  longcodeuTaskId,
  taskOfUnit,
} from "./dataset/ids";
import { longcodeuPrompt } from "./prompt";
import { scoreExample } from "./score/index";
import { longcodeuContext, longcodeuExample, longcodeuExampleIds, readyLongCodeU } from "./store/index";
import { LongCodeUSummarySchema, longcodeuSummary } from "./summary";
import { longcodeuViews } from "./views";
import { longcodeuLeaderboard } from "./leaderboard";

export const LongCodeUOptionsSchema = z
  .object({
    /** The tasks to run (default: every task the dataset has). */
    tasks: z.array(z.enum(LONGCODEU_TASKS)).min(1).optional(),
  })
  .strict();
export type LongCodeUOptions = z.infer<typeof LongCodeUOptionsSchema>;

/**
 * The tasks a run over a ready dataset covers, with the options it records: naming every task the
 * dataset has is the whole dataset (no `tasks` recorded, so it can be published). `checkFilters`
 * runs where a run's own filters are checked, so errors come in the order they always did.
 */
async function chosenTasks(env: Env, datasetId: string, options: LongCodeUOptions, checkFilters?: () => void) {
  const { dataset, manifest } = await readyLongCodeU(env, datasetId);
  checkFilters?.();
  const has = LONGCODEU_TASKS.filter((t) => manifest.tasks[t]);
  const missing = (options.tasks ?? []).filter((t) => !manifest.tasks[t]);
  if (missing.length)
    invalid(`Dataset "${datasetId}" has no ${missing.join(", ")} examples (it has ${has.join(", ")}).`);
  const chosen = options.tasks ? LONGCODEU_TASKS.filter((t) => options.tasks!.includes(t)) : has;
  const resolved: Partial<LongCodeUOptions> = chosen.length === has.length ? { tasks: undefined } : { tasks: chosen };
  return { dataset, chosen, resolved };
}

/**
 * A held-out dataset's verdict detail (docs/api.md#held-out-datasets): the task, bucket,
 * metric, recall, precision and whether the answer was readable; never the expected items, which
 * of them were found, or the expected answer's size.
 */
const HeldOutDetail = z.object({
  task: z.string().optional(),
  bucket: z.union([z.string(), z.number()]).optional(),
  metric: z.string().optional(),
  recall: z.number().optional(),
  precision: z.number().optional(),
  unparseable: z.boolean().optional(),
});

export const longcodeuBenchmark = defineBenchmark({
  id: LONGCODEU_BENCHMARK,
  title: "LongCodeU: long code understanding (eight tasks)",
  promptTemplateVersion: PROMPT_TEMPLATE_VERSION,
  scorerVersion: SCORER_VERSION,
  // SRE answers are five whole functions or classes.
  datasetKind: LONGCODEU_DATASET_BENCHMARK,
  defaultMaxTokens: 4096,
  options: LongCodeUOptionsSchema,
  baselines: ["oracle"],
  heldOutDetail: HeldOutDetail,
  leaderboard: longcodeuLeaderboard,
  compare: longcodeuCompare,
  views: longcodeuViews,
  windowBuild: longcodeuWindowBuild,

  async units(env, datasetId, options, filters) {
    const other = (filters.languages ?? []).filter((l) => l !== "python");
    const { dataset, chosen, resolved } = await chosenTasks(env, datasetId, options, () => {
      if (other.length) invalid(`Dataset "${datasetId}" has no ${other.join(", ")} tasks (it has python).`);
    });
    const units: string[] = [];
    for (const task of chosen) units.push(...(await longcodeuExampleIds(env, datasetId, task)));
    return {
      units: filters.limit ? units.slice(0, filters.limit) : units,
      datasetSha256: dataset.contentSha256,
      resolved,
      visibility: dataset.visibility,
    };
  },

  async hasUnit(env, datasetId, unit, options) {
    const { dataset, chosen, resolved } = await chosenTasks(env, datasetId, options);
    // Example ids start with their task's name (`<TASK>-...`), and are filed under it.
    const task = taskOfUnit(unit);
    const row =
      task && chosen.includes(task) ? await storedTask(env, datasetId, longcodeuTaskId(task, unit)) : undefined;
    return {
      has: row?.repo === task && row?.name === unit,
      datasetSha256: dataset.contentSha256,
      resolved,
      visibility: dataset.visibility,
    };
  },

  narrows: (options) => Boolean(options.tasks?.length),

  taskIdOf(unit) {
    const task = taskOfUnit(unit);
    if (!task) invalid(`"${unit}" is not a LongCodeU example id.`);
    return longcodeuTaskId(task, unit);
  },

  async load(env, datasetId, unit) {
    const { example, contentSha256, born } = await longcodeuExample(env, datasetId, unit);
    const context = await longcodeuContext(env, datasetId, example.context, contentSha256);
    const messages = longcodeuPrompt(example, context.text);
    await codeLlamaTokenizer.ready?.();
    return {
      unit,
      taskId: longcodeuTaskId(example.task as LongCodeUTask, example.id),
      language: "python",
      messages,
      // The context's tokens were counted at build time; counting 128K tokens again costs about 1 s
      // of CPU per unit. The sum is within a few tokens of counting the whole message.
      promptTokens:
        context.tokens + longcodeuPrompt(example, "").reduce((n, m) => n + codeLlamaTokenizer.count(m.content), 0),
      position: null,
      contextSize: context.tokens,
      born,
    };
  },

  async baseline(env, datasetId, unit) {
    const { example } = await longcodeuExample(env, datasetId, unit);
    return oracleAnswer(example);
  },

  async score(env, datasetId, unit, output, _options, meter) {
    const { example } = await longcodeuExample(env, datasetId, unit);
    // A run unit has no request meter: an unlimited one carries the deployment's CPU_BUDGET plan to each pair's.
    return scoreExample(example, output, meter ?? WorkMeter.unlimited(budgetPlan(env)));
  },

  summarize: (samples) => ({ ...longcodeuSummary(samples) }),
  summarySchema: LongCodeUSummarySchema,
});
