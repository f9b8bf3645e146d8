/**
 * LongCodeU's names and versions: the run benchmark id, what each task is scored with, which kind
 * of context each task needs, unit and task ids, and the R2 keys of a stored dataset.
 */
import { LONGCODEU_TASKS, type LongCodeUTask, type LongContext } from "./index";

/** The run benchmark (and leaderboard benchmark) id. */
export const LONGCODEU_BENCHMARK = "longcodeu";

/** Bumped whenever a prompt changes by one character (prompt.ts). */
export const PROMPT_TEMPLATE_VERSION = "longcodeu-prompt@1";

/**
 * Bumped whenever a parser or metric changes what a stored output scores (parse.ts, score.ts).
 * 1.1.0: fence lines inside a unit or a documentation section are kept (only a fence wrapping the
 * whole answer, block or documentation text is removed); fences close by CommonMark's length and
 * indentation rules (parse.ts).
 * 1.2.0: tree-sitter runtime 0.27.1 -> 0.25.10 (the references' error recovery): CodeBLEU's syntax and
 * data-flow matches on code with syntax errors can differ from 1.1.0.
 * 1.3.0: the tree-sitter core reads code as UTF-8, as the references do (it read UTF-16): CodeBLEU's
 * syntax and data-flow matches on code with syntax errors can differ from 1.2.0.
 */
export const SCORER_VERSION = "longcodeu/1.3.0";

/** The paper's metric of each task (recall and precision variants of it where it has them). */
export type PaperMetric = "LCS" | "CodeBLEU" | "EM" | "CB" | "BLEU";

export const TASK_PAPER_METRIC: Record<LongCodeUTask, PaperMetric> = {
  CU_P: "LCS",
  CU_SA: "CodeBLEU",
  CU_DFA: "EM",
  DRA_T1: "CB",
  DRA_T2: "CB",
  SRE_T1: "CB",
  SRE_T2: "CB",
  LDU: "BLEU",
};

/** The context kind each task is built on: CU_SA hides comments and docstrings, LDU reads documentation. */
export const TASK_CONTEXT_KIND: Record<LongCodeUTask, LongContext["kind"]> = {
  CU_P: "code",
  CU_SA: "stripped",
  CU_DFA: "code",
  DRA_T1: "code",
  DRA_T2: "code",
  SRE_T1: "code",
  SRE_T2: "code",
  LDU: "docs",
};

/** The D1 task id of an example: `python::<TASK>::<example id>`. */
export const longcodeuTaskId = (task: LongCodeUTask, exampleId: string) => `python::${task}::${exampleId}`;

/**
 * The task of a run unit. Units are example ids, which start with `<TASK>-`; a task id
 * (`python::<TASK>::<id>`) is accepted too. Null when neither shape fits.
 */
export function taskOfUnit(unit: string): LongCodeUTask | null {
  const parts = unit.split("::");
  if (parts.length >= 3 && (LONGCODEU_TASKS as readonly string[]).includes(parts[1])) return parts[1] as LongCodeUTask;
  return LONGCODEU_TASKS.find((t) => unit.startsWith(`${t}-`)) ?? null;
}

/** R2 keys under `datasets/<id>/longcodeu/` (see dataset.ts for the layout). */
export const longcodeuKeys = {
  /** Relative to the dataset's prefix: what the content hash covers, so it does not depend on the id. */
  contextPath: (contextId: string) => `longcodeu/contexts/${contextId}.json`,
  shardPath: (task: LongCodeUTask, n: number) => `longcodeu/${task}/${String(n).padStart(4, "0")}.json`,
  context: (datasetId: string, contextId: string) => `datasets/${datasetId}/${longcodeuKeys.contextPath(contextId)}`,
  shard: (datasetId: string, task: LongCodeUTask, n: number) =>
    `datasets/${datasetId}/${longcodeuKeys.shardPath(task, n)}`,
};
