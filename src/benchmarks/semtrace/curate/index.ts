/**
 * Building a suite from its ingredients: a seed, the grid, a distractor pool, CRUXEval records and
 * (optionally) a Python executor. Pure, so the Node command (node/build-command.ts) and the tests build
 * suites the same way; the command adds the file system, tree-sitter and python3.
 *
 * Random streams (CPython `random`, so the draw is re-derivable in Python): stream s uses
 * `random.seed(seed * 16 + s)`: 1 SemTrace functions, 2 distractors of SemTrace targets, 3 CRUXEval
 * target choice, 4 distractors of CRUXEval-O targets, 5 distractors of lexical-recall targets,
 * 6 SemTrace line-removal variants, 7 CRUXEval line-removal variants.
 */
import { PyRandom } from "../../../lib/datasets/pyrandom";
import { SUITE_FORMAT, type SuiteGrid, type SuiteRelease, type SuiteTarget, type SuiteTask } from "../dataset/index";
import { generateSemTrace } from "./generator";
import { parsePythonLiteral } from "../score/python-literal";
import { lineRemovalVariants } from "./variants";

export interface CruxRecord {
  id: string;
  code: string;
  input: string;
  output: string;
}

export type ExecResult = { ok: true; repr: string } | { ok: false; error: string };

export interface SuiteBuildInput {
  seed: number;
  grid: SuiteGrid;
  tasks: readonly SuiteTask[];
  /** SemTrace digit variant (2: the paper's main setting). */
  digits: number;
  /** Targets per positional task (CRUXEval tasks: at most the records there are). */
  targets: number;
  /** Line-removal variants: how many complete functions, and at most how many variants each. */
  variants: { targets: number; cap: number };
  pool: SuiteRelease["pool"];
  cruxeval?: { source: Record<string, unknown>; records: readonly CruxRecord[] };
  /** Runs `f(<input>)` in a real Python (CRUXEval variants); absent: no interpreter answers. */
  execute?: (items: readonly { code: string; input: string }[]) => Promise<ExecResult[]>;
  /** Recorded in the manifest (tool versions, python, paths). */
  build?: Record<string, unknown>;
}

/**
 * The builder's version, recorded in the manifest (`build.builder`). @2: distractors chosen by token
 * length (the paper's context lengths) by default; @1 built with the character filter only. A
 * dataset keeps the version it was built with, so scores of existing datasets do not change.
 */
export const SUITE_BUILDER_VERSION = "semtrace-build@2";

/**
 * The paper's context lengths (Štorek et al., *Sense and Sensitivity*, §4 "Experimental Design"):
 * CodeSearchNet distractors of "~200 tokens each"; "20, 40, 60, or 80 distractor functions (~4k to
 * ~16k total tokens)"; §5 and Figures 2 and 4 repeat "20 distractor contexts (4k tokens)" and "80
 * distractors (~16k tokens)". So D distractors make about 200 x D tokens (40: 8k, 60: 12k by the
 * same rate). The paper does not name its tokenizer; ours is the manifest's (CodeLlama's).
 */
export const PAPER_CONTEXT = {
  tokensPerDistractor: 200,
  source: "Štorek et al., Sense and Sensitivity, §4 Experimental Design",
} as const;

/** The context length the paper reports for D distractors at `tokensPerDistractor` tokens each. */
export const targetContextTokens = (d: number, tokensPerDistractor: number = PAPER_CONTEXT.tokensPerDistractor) =>
  d * tokensPerDistractor;

/** Token count of the blank line between two functions of a context (`joinFunctions`): two line-break byte tokens. */
const SEPARATOR_TOKENS = 2;

export interface LengthSummary {
  contexts: number;
  median: number;
  mean: number;
  p10: number;
  p90: number;
}

/**
 * Token lengths of the code block of every positional context (D distractors and the target, as
 * `joinFunctions` lays them out), per task and D. The Llama tokenizer merges nothing across a line
 * break, so a context's count is the sum of its functions' counts plus the blank lines between them
 * (test/cli/semtrace-lengths.test.ts checks this against tokenizing whole contexts); the position
 * only reorders the functions. `poolTokens[i]` is the count of pool function i.
 */
export function contextTokenLengths(
  release: SuiteRelease,
  poolTokens: readonly number[],
  count: (code: string) => number,
): Partial<Record<SuiteTask, Record<string, number[]>>> {
  const out: Partial<Record<SuiteTask, Record<string, number[]>>> = {};
  for (const [task, entry] of Object.entries(release.tasks) as [
    SuiteTask,
    NonNullable<SuiteRelease["tasks"][SuiteTask]>,
  ][]) {
    if (!entry.targets[0]?.distractors) continue;
    const byD: Record<string, number[]> = {};
    for (const target of entry.targets) {
      const own = count(target.code);
      for (const [d, ids] of Object.entries(target.distractors ?? {})) {
        (byD[d] ??= []).push(ids.reduce((sum, id) => sum + poolTokens[id], own) + SEPARATOR_TOKENS * ids.length);
      }
    }
    out[task] = byD;
  }
  return out;
}

/** Median (the lower middle value), mean and 10th/90th percentiles (nearest rank) of lengths. */
export function summarizeLengths(lengths: readonly number[]): LengthSummary {
  const sorted = [...lengths].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return {
    contexts: sorted.length,
    median: sorted[(sorted.length - 1) >> 1],
    mean: Math.round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p10: rank(0.1),
    p90: rank(0.9),
  };
}

const stream = (seed: number, s: number) => new PyRandom(seed * 16 + s);

function withDistractors(rng: PyRandom, grid: SuiteGrid, poolSize: number) {
  const ids = Array.from({ length: poolSize }, (_, i) => i);
  return () => Object.fromEntries(grid.distractors.map((d) => [String(d), rng.sample(ids, d)]));
}

/** Complete snippet (`~0`) and its incomplete versions (`~r<n>`), all expecting the complete output. */
function variantsOf(base: SuiteTarget, rng: PyRandom, cap: number): SuiteTarget[] {
  const complete: SuiteTarget = {
    id: `${base.id}~0`,
    code: base.code,
    input: base.input,
    output: base.output,
    base: base.id,
    removed: [],
    fraction: 0,
    meta: base.meta,
  };
  return [
    complete,
    ...lineRemovalVariants(base.code, rng, { cap }).map((v, i) => ({
      id: `${base.id}~r${i + 1}`,
      code: v.code,
      input: base.input,
      output: base.output,
      base: base.id,
      removed: v.removed,
      fraction: v.fraction,
    })),
  ];
}

export async function buildSuite(input: SuiteBuildInput): Promise<SuiteRelease> {
  const { seed, grid, pool } = input;
  const want = new Set(input.tasks);
  const notes: string[] = [];
  const tasks: SuiteRelease["tasks"] = {};

  const semtraceRng = stream(seed, 1);
  const needSemtrace = Math.max(
    want.has("semtrace") ? input.targets : 0,
    want.has("sensitivity-semtrace") ? input.variants.targets : 0,
  );
  const semtrace: SuiteTarget[] = Array.from({ length: needSemtrace }, (_, i) => {
    const fn = generateSemTrace(semtraceRng, { digits: input.digits });
    return {
      id: `st-${String(i + 1).padStart(4, "0")}`,
      code: fn.code,
      input: String(fn.x),
      output: `[${fn.output.join(", ")}]`,
      meta: { k: fn.k, x: fn.x, digits: fn.digits },
    };
  });
  if (want.has("semtrace")) {
    const around = withDistractors(stream(seed, 2), grid, pool.functions.length);
    tasks.semtrace = {
      source: { kind: "generated", digits: input.digits },
      targets: semtrace.slice(0, input.targets).map((t) => ({ ...t, distractors: around() })),
    };
  }
  if (want.has("sensitivity-semtrace")) {
    const rng = stream(seed, 6);
    tasks["sensitivity-semtrace"] = {
      source: { kind: "generated", digits: input.digits, cap: input.variants.cap },
      targets: semtrace.slice(0, input.variants.targets).flatMap((t) => variantsOf(t, rng, input.variants.cap)),
    };
  }

  const cruxTasks = (["cruxeval-o", "lexical-recall", "sensitivity-cruxeval-o"] as const).filter((t) => want.has(t));
  if (cruxTasks.length && !input.cruxeval)
    throw new Error(`${cruxTasks.join(", ")} need CRUXEval records (--cruxeval <jsonl>).`);
  if (input.cruxeval) {
    const usable = input.cruxeval.records.filter((r) => parsePythonLiteral(r.output).ok);
    if (usable.length < input.cruxeval.records.length)
      notes.push(
        `${input.cruxeval.records.length - usable.length} CRUXEval records were left out: their output is not a Python literal.`,
      );
    const pick = (n: number) => {
      if (n >= usable.length) return [...usable];
      const chosen = new Set(
        stream(seed, 3).sample(
          usable.map((_, i) => i),
          n,
        ),
      );
      return usable.filter((_, i) => chosen.has(i));
    };
    const crux = pick(input.targets).map(
      (r): SuiteTarget => ({ id: r.id, code: r.code, input: r.input, output: r.output }),
    );
    const source = input.cruxeval.source;
    if (want.has("cruxeval-o")) {
      const around = withDistractors(stream(seed, 4), grid, pool.functions.length);
      tasks["cruxeval-o"] = { source, targets: crux.map((t) => ({ ...t, distractors: around() })) };
    }
    if (want.has("lexical-recall")) {
      const around = withDistractors(stream(seed, 5), grid, pool.functions.length);
      tasks["lexical-recall"] = { source, targets: crux.map((t) => ({ ...t, distractors: around() })) };
    }
    if (want.has("sensitivity-cruxeval-o")) {
      const rng = stream(seed, 7);
      const targets = pick(input.variants.targets).flatMap((r) =>
        variantsOf({ id: r.id, code: r.code, input: r.input, output: r.output }, rng, input.variants.cap),
      );
      if (input.execute) {
        const results = await input.execute(targets.map((t) => ({ code: t.code, input: t.input })));
        for (const [i, t] of targets.entries()) t.interpreter = results[i];
      } else {
        notes.push(
          "No python3 at build time: CRUXEval variants have no interpreter answers, so baseline:interpreter cannot run sensitivity-cruxeval-o.",
        );
      }
      tasks["sensitivity-cruxeval-o"] = {
        source: { ...source, cap: input.variants.cap, interpreter: input.execute ? "python3" : null },
        targets,
      };
    }
  }
  return {
    format: SUITE_FORMAT,
    seed,
    grid,
    build: {
      ...input.build,
      builder: SUITE_BUILDER_VERSION,
      digits: input.digits,
      targets: input.targets,
      variants: input.variants,
      notes,
    },
    pool,
    tasks,
  };
}

/** 11 equally spaced positions, or `n` of them: 0, 1/(n-1), ..., 1 (rounded to 4 decimals). */
export function equallySpaced(n: number): number[] {
  if (n === 1) return [0.5];
  return Array.from({ length: n }, (_, i) => Math.round((i / (n - 1)) * 10_000) / 10_000);
}
