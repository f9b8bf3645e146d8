/**
 * The family's run benchmarks. Positional ones (lexical recall, CRUXEval-O, SemTrace) have one unit
 * per (target, D, position) of the dataset's grid: `<target>@<D>@<position>`. Sensitivity ones have
 * one unit per target, complete or with lines removed, shown without distractors.
 */
import { z } from "@hono/zod-openapi";
import { storedTask } from "../../lib/datasets/store";
import { codeLlamaTokenizer } from "../../lib/datasets/tokenizer";
import type { Env } from "../../lib/env";
import { invalid } from "../../lib/errors";
import type { BaselineKind, ChatMessage } from "../types";
import { defineBenchmark } from "../define";
import { suiteTaskId, type SuiteTarget, type SuiteTask } from "./dataset/index";
import { FAMILY_DATASET_BENCHMARK, TITLES, type PositionalBenchmark, type SensitivityBenchmark } from "./dataset/ids";
import { runRestrictedPython } from "./score/interpreter";
import { keyLines } from "./prompt/keys";
import {
  PROMPT_TEMPLATE_VERSION,
  contextFunctions,
  joinFunctions,
  outputPredictionPrompt,
  retrievalPrompt,
} from "./prompt/index";
import { SCORER_VERSION, scoreOutputPrediction, scoreRetrieval } from "./score/index";
import { readySuite, suiteTarget, suiteTargetIds } from "./store";
import {
  PositionalSummarySchema,
  SensitivityRunSummarySchema,
  positionalSummary,
  sensitivitySummary,
} from "./summary/index";
import { positionalViews, sensitivityRunViews } from "./views";
import { positionalLeaderboard } from "./leaderboard";

const NoOptions = z.object({}).strict();

/** `<target>@<D>@<position>` */
export function parsePositionalUnit(unit: string): { targetId: string; distractors: number; position: number } {
  const [targetId, d, p] = unit.split("@");
  const distractors = Number(d);
  const position = Number(p);
  if (!targetId || !Number.isInteger(distractors) || !(position >= 0 && position <= 1))
    invalid(`"${unit}" is not <target>@<D>@<position>.`);
  return { targetId, distractors, position };
}

const countTokens = async (messages: readonly ChatMessage[]) => {
  await codeLlamaTokenizer.ready?.();
  return messages.reduce((n, m) => n + codeLlamaTokenizer.count(m.content), 0);
};

/** SemTrace functions run on the restricted interpreter; CRUXEval ones on what python3 returned at build time. */
function interpreterAnswer(task: SuiteTask, target: SuiteTarget): string {
  if (task === "semtrace" || task === "sensitivity-semtrace") {
    const result = runRestrictedPython(target.code, target.input);
    return result.ok ? result.repr : `# interpreter: ${result.error}`;
  }
  if (target.interpreter)
    return target.interpreter.ok ? target.interpreter.repr : `# interpreter: ${target.interpreter.error}`;
  // A complete CRUXEval function's published output is what executing it returns.
  if (task === "cruxeval-o") return target.output;
  invalid("This dataset was built without python3, so it holds no interpreter answers for CRUXEval variants.");
}

function checkTask(
  manifest: { tasks: Partial<Record<SuiteTask, unknown>> },
  datasetId: string,
  task: SuiteTask,
  languages?: string[],
) {
  if (!manifest.tasks[task]) {
    invalid(`Dataset "${datasetId}" has no ${task} targets (it has ${Object.keys(manifest.tasks).join(", ")}).`);
  }
  const other = (languages ?? []).filter((l) => l !== "python");
  if (other.length) invalid(`Dataset "${datasetId}" has no ${other.join(", ")} tasks (it has python).`);
}

/** Whether the dataset files `targetId` under `task` (one of `suiteTargetIds`), looked up by its task id. */
async function hasTarget(env: Env, datasetId: string, task: SuiteTask, targetId: string): Promise<boolean> {
  const row = await storedTask(env, datasetId, suiteTaskId(task, targetId));
  return row?.repo === task && row.name === targetId;
}

const scoreOutput = (task: SuiteTask, target: SuiteTarget, output: string) =>
  scoreOutputPrediction(output, target.input, target.output, {
    partial: task === "semtrace" || task === "sensitivity-semtrace",
  });

/**
 * A held-out suite's verdict detail (docs/api.md#held-out-datasets): whether the answer was exact,
 * partly right, arithmetic or unreadable, and the line removal of a sensitivity unit; never the
 * expected value, the answer read from the output (a passing one is the expected value) or the
 * target's size.
 */
const HeldOutDetail = z.object({
  exact: z.boolean().optional(),
  partial: z.number().optional(),
  unresolved: z.boolean().optional(),
  unparseable: z.boolean().optional(),
  keyed: z.boolean().optional(),
  fraction: z.number().optional(),
  removed: z.number().optional(),
});

export function positionalBenchmark(task: PositionalBenchmark) {
  const lexical = task === "lexical-recall";
  return defineBenchmark({
    id: task,
    title: TITLES[task],
    promptTemplateVersion: PROMPT_TEMPLATE_VERSION,
    scorerVersion: SCORER_VERSION,
    datasetKind: FAMILY_DATASET_BENCHMARK,
    defaultMaxTokens: lexical ? 1024 : 256,
    options: NoOptions,
    baselines: lexical ? ["oracle"] : ["oracle", "interpreter"],
    heldOutDetail: HeldOutDetail,
    leaderboard: positionalLeaderboard(task),
    views: positionalViews(task),

    async units(env, datasetId, _options, filters) {
      const { dataset, manifest } = await readySuite(env, datasetId);
      checkTask(manifest, datasetId, task, filters.languages);
      const targets = await suiteTargetIds(env, datasetId, task);
      // Target-major, so `limit` takes whole grids of the first targets.
      const units = targets.flatMap((t) =>
        manifest.grid.distractors.flatMap((d) => manifest.grid.positions.map((p) => `${t}@${d}@${p}`)),
      );
      return {
        units: filters.limit ? units.slice(0, filters.limit) : units,
        datasetSha256: dataset.contentSha256,
        resolved: {},
        visibility: dataset.visibility,
      };
    },

    async hasUnit(env, datasetId, unit) {
      const { dataset, manifest } = await readySuite(env, datasetId);
      checkTask(manifest, datasetId, task);
      // `<target>@<D>@<position>` of the grid, as `units` spells it (D and position never hold an `@`).
      const [p, d, ...target] = unit.split("@").reverse();
      const targetId = target.reverse().join("@");
      const inGrid =
        target.length > 0 &&
        manifest.grid.distractors.some((x) => String(x) === d) &&
        manifest.grid.positions.some((x) => String(x) === p);
      return {
        has: inGrid && (await hasTarget(env, datasetId, task, targetId)),
        datasetSha256: dataset.contentSha256,
        resolved: {},
        visibility: dataset.visibility,
      };
    },

    async load(env, datasetId, unit) {
      const { targetId, distractors: d, position } = parsePositionalUnit(unit);
      const { target, pool, manifest } = await suiteTarget(env, datasetId, task, targetId);
      const ids = target.distractors?.[String(d)];
      if (!ids) invalid(`Target "${targetId}" has no context with ${d} distractors.`);
      const { functions, targetAt } = contextFunctions(
        target.code,
        ids.map((id) => pool.functions[id].code),
        position,
      );
      let messages: ChatMessage[];
      if (lexical) {
        const keyed = keyLines(functions, targetAt, `${manifest.seed}:${task}:${unit}`);
        messages = retrievalPrompt(keyed.block, keyed.start, keyed.end);
      } else {
        messages = outputPredictionPrompt(joinFunctions(functions), target.input);
      }
      return {
        unit,
        taskId: `python::${task}::${targetId}`,
        language: "python",
        messages,
        promptTokens: await countTokens(messages),
        position,
        contextSize: d,
        // The suite's targets are generated or taken from CRUXEval, not dated from a source's history.
        born: null,
      };
    },

    async baseline(env, datasetId, unit, _options, kind: BaselineKind) {
      const { target } = await suiteTarget(env, datasetId, task, parsePositionalUnit(unit).targetId);
      if (kind === "interpreter" && !lexical) return interpreterAnswer(task, target);
      return lexical ? target.code : target.output;
    },

    async score(env, datasetId, unit, output) {
      const { target } = await suiteTarget(env, datasetId, task, parsePositionalUnit(unit).targetId);
      return lexical ? scoreRetrieval(output, target.code) : scoreOutput(task, target, output);
    },

    taskIdOf: (unit) => suiteTaskId(task, parsePositionalUnit(unit).targetId),

    summarize: (samples) => positionalSummary(samples),
    summarySchema: PositionalSummarySchema,
  });
}

export function sensitivityBenchmark(task: SensitivityBenchmark) {
  return defineBenchmark({
    id: task,
    title: TITLES[task],
    promptTemplateVersion: PROMPT_TEMPLATE_VERSION,
    scorerVersion: SCORER_VERSION,
    datasetKind: FAMILY_DATASET_BENCHMARK,
    defaultMaxTokens: 256,
    options: NoOptions,
    baselines: ["oracle", "interpreter"],
    heldOutDetail: HeldOutDetail,
    runViews: sensitivityRunViews(task),

    async units(env, datasetId, _options, filters) {
      const { dataset, manifest } = await readySuite(env, datasetId);
      checkTask(manifest, datasetId, task, filters.languages);
      const units = await suiteTargetIds(env, datasetId, task);
      return {
        units: filters.limit ? units.slice(0, filters.limit) : units,
        datasetSha256: dataset.contentSha256,
        resolved: {},
        visibility: dataset.visibility,
      };
    },

    async hasUnit(env, datasetId, unit) {
      const { dataset, manifest } = await readySuite(env, datasetId);
      checkTask(manifest, datasetId, task);
      return {
        has: await hasTarget(env, datasetId, task, unit),
        datasetSha256: dataset.contentSha256,
        resolved: {},
        visibility: dataset.visibility,
      };
    },

    async load(env, datasetId, unit) {
      const { target } = await suiteTarget(env, datasetId, task, unit);
      const messages = outputPredictionPrompt(target.code, target.input);
      return {
        unit,
        taskId: `python::${task}::${unit}`,
        language: "python",
        messages,
        promptTokens: await countTokens(messages),
        position: null,
        contextSize: null,
        born: null,
      };
    },

    async baseline(env, datasetId, unit, _options, kind) {
      const { target } = await suiteTarget(env, datasetId, task, unit);
      return kind === "interpreter" ? interpreterAnswer(task, target) : target.output;
    },

    async score(env, datasetId, unit, output) {
      const { target } = await suiteTarget(env, datasetId, task, unit);
      const verdict = scoreOutput(task, target, output);
      return {
        ...verdict,
        detail: {
          ...verdict.detail,
          base: target.base,
          fraction: target.fraction,
          removed: target.removed?.length ?? 0,
        },
      };
    },

    taskIdOf: (unit) => suiteTaskId(task, unit),

    summarize: (samples) => sensitivitySummary(samples),
    summarySchema: SensitivityRunSummarySchema,
  });
}
