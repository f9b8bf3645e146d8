/**
 * LongCodeU as one run benchmark: a unit per example (its id, `<TASK>-...`), the paper's prompt
 * over the example's long context, its metric as the scorer. `tasks` picks some of the eight; such
 * a run covers part of the dataset, so it is not published.
 */
import { z } from "@hono/zod-openapi";
// CodeBLEU parses with tree-sitter: the Worker's grammar loader must be installed.
import "../../code";
import { budgetPlan, WorkMeter } from "../../code/budget";
import { codeLlamaTokenizer } from "../../datasets/tokenizer";
import { ProblemError } from "../../errors";
import type { Benchmark } from "../types";
import { longcodeuCompare } from "./compare";
import { oracleAnswer } from "./baseline";
import { LONGCODEU_DATASET_BENCHMARK, LONGCODEU_TASKS, type LongCodeUTask } from "./dataset";
import { LONGCODEU_BENCHMARK, PROMPT_TEMPLATE_VERSION, SCORER_VERSION, longcodeuTaskId, taskOfUnit } from "./ids";
import { longcodeuPrompt } from "./prompt";
import { scoreExample } from "./score";
import { longcodeuContext, longcodeuExample, longcodeuExampleIds, readyLongCodeU } from "./store";
import { longcodeuSummary } from "./summary";

export const LongCodeUOptionsSchema = z
  .object({
    /** The tasks to run (default: every task the dataset has). */
    tasks: z.array(z.enum(LONGCODEU_TASKS)).min(1).optional(),
  })
  .strict();
export type LongCodeUOptions = z.infer<typeof LongCodeUOptionsSchema>;

export const longcodeuBenchmark: Benchmark<LongCodeUOptions> = {
  id: LONGCODEU_BENCHMARK,
  title: "LongCodeU: long code understanding (eight tasks)",
  promptTemplateVersion: PROMPT_TEMPLATE_VERSION,
  scorerVersion: SCORER_VERSION,
  // SRE answers are five whole functions or classes.
  datasetKind: LONGCODEU_DATASET_BENCHMARK,
  defaultMaxTokens: 4096,
  options: LongCodeUOptionsSchema as unknown as z.ZodType<LongCodeUOptions>,
  baselines: ["oracle"],
  leaderboard: "longcodeu",
  compare: longcodeuCompare,

  async units(env, datasetId, options, filters) {
    const { dataset, manifest } = await readyLongCodeU(env, datasetId);
    const other = (filters.languages ?? []).filter((l) => l !== "python");
    if (other.length) throw new ProblemError("unprocessable-content", `Dataset "${datasetId}" has no ${other.join(", ")} tasks (it has python).`);
    const has = LONGCODEU_TASKS.filter((t) => manifest.tasks[t]);
    const missing = (options.tasks ?? []).filter((t) => !manifest.tasks[t]);
    if (missing.length) throw new ProblemError("unprocessable-content", `Dataset "${datasetId}" has no ${missing.join(", ")} examples (it has ${has.join(", ")}).`);
    const chosen = options.tasks ? LONGCODEU_TASKS.filter((t) => options.tasks!.includes(t)) : has;
    const units: string[] = [];
    for (const task of chosen) units.push(...(await longcodeuExampleIds(env, datasetId, task)));
    // Naming every task the dataset has is the whole dataset: no `tasks` is recorded, so it can be published.
    const whole = chosen.length === has.length;
    return { units: filters.limit ? units.slice(0, filters.limit) : units, datasetSha256: dataset.contentSha256, resolved: whole ? { tasks: undefined } : { tasks: chosen } };
  },

  narrows: (options) => Boolean(options.tasks?.length),

  taskIdOf(unit) {
    const task = taskOfUnit(unit);
    if (!task) throw new ProblemError("unprocessable-content", `"${unit}" is not a LongCodeU example id.`);
    return longcodeuTaskId(task, unit);
  },

  async load(env, datasetId, unit) {
    const { example, contentSha256 } = await longcodeuExample(env, datasetId, unit);
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
      promptTokens: context.tokens + longcodeuPrompt(example, "").reduce((n, m) => n + codeLlamaTokenizer.count(m.content), 0),
      position: null,
      contextSize: context.tokens,
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
};
