/**
 * Building a SemTrace-family suite from this machine: the distractor pool from a directory of Python
 * (default: the standard library), CRUXEval from its JSONL, python3 for the interpreter curve. Used
 * by `npm run semtrace -- build` and by `npm start`'s demo suite.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  PAPER_CONTEXT,
  buildSuite,
  contextTokenLengths,
  summarizeLengths,
  targetContextTokens,
  type CruxRecord,
  type LengthSummary,
} from "../curate/index";
import type { SuiteGrid, SuiteRelease, SuiteTask } from "../dataset/index";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import { sha256Hex } from "../../../lib/sha256";
import { ROOT } from "../../../../cli/lib/api";
import { UsageError } from "../../../../cli/lib/args";
import { buildDistractorPool } from "./distractors";
import { pythonStdlibDir } from "../../../../cli/lib/python-stdlib";
import { executeCalls, findPython } from "../../../../cli/lib/python-exec";

/** CRUXEval's JSONL: NEEDLEWORK_CRUXEVAL (as for the tests), else ../shared/data/cruxeval beside the repository. */
export const DEFAULT_CRUXEVAL =
  process.env.NEEDLEWORK_CRUXEVAL || resolve(ROOT, "../shared/data/cruxeval/cruxeval.jsonl");

/** CRUXEval JSONL records, with the file's sha256 for the manifest. */
export async function readCruxeval(path: string): Promise<{ source: Record<string, unknown>; records: CruxRecord[] }> {
  const text = await readFile(path, "utf8").catch((err) => {
    throw new UsageError(`cannot read CRUXEval file ${path}: ${(err as Error).message}`);
  });
  const records = text
    .split("\n")
    .filter((l) => l.trim())
    .map((line, i) => {
      const r = JSON.parse(line) as Partial<CruxRecord>;
      if (
        typeof r.code !== "string" ||
        typeof r.input !== "string" ||
        typeof r.output !== "string" ||
        typeof r.id !== "string"
      ) {
        throw new UsageError(`${path}:${i + 1}: a CRUXEval record needs string code, input, output and id`);
      }
      return { id: r.id, code: r.code, input: r.input, output: r.output };
    });
  return {
    source: { kind: "cruxeval", file: path, sha256: await sha256Hex(text), records: records.length, license: "MIT" },
    records,
  };
}

export interface SuiteFromDisk {
  tasks: readonly SuiteTask[];
  seed: number;
  digits: number;
  grid: SuiteGrid;
  targets: number;
  variants: { targets: number; cap: number };
  /** Default: Python's standard library. */
  distractorDir?: string;
  maxFiles?: number;
  /**
   * Mean tokens per distractor the pool is chosen for (default: the paper's 200, so contexts are
   * about 200 x D tokens); null: the paper's character filter as it is (shorter contexts from a
   * corpus of shorter functions than CodeSearchNet's).
   */
  distractorTokens?: number | null;
  /** Default: ../shared/data/cruxeval/cruxeval.jsonl when present. */
  cruxeval?: string;
  log: (line: string) => void;
}

export async function buildSuiteFromDisk(o: SuiteFromDisk): Promise<SuiteRelease> {
  const dir = o.distractorDir ?? pythonStdlibDir();
  if (!dir)
    throw new UsageError(
      "no python3 found, so there is no standard library to draw distractors from: name a directory of Python code with --distractor-dir",
    );
  const started = Date.now();
  await codeLlamaTokenizer.ready!();
  const perDistractor = o.distractorTokens === undefined ? PAPER_CONTEXT.tokensPerDistractor : o.distractorTokens;
  const pool = await buildDistractorPool(dir, {
    maxFiles: o.maxFiles,
    tokens: perDistractor === null ? undefined : { perFunction: perDistractor, tokenizer: codeLlamaTokenizer },
  });
  const band =
    "by" in pool.filter
      ? `${pool.filter.min_tokens}-${pool.filter.max_tokens} tokens, mean ${pool.filter.mean_tokens} for a target of ${pool.filter.target_tokens}${pool.filter.reached ? "" : ": the corpus cannot reach the target"}`
      : `${pool.filter.p25}-${pool.filter.p75} characters`;
  o.log(
    `  distractors: ${pool.functions.length} functions from ${pool.source.files} files of ${dir} (${band}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (pool.functions.length < Math.max(...o.grid.distractors))
    throw new UsageError(
      `the pool has ${pool.functions.length} functions, fewer than D=${Math.max(...o.grid.distractors)}`,
    );

  const needsCrux = o.tasks.some((t) => t.includes("cruxeval") || t === "lexical-recall");
  const cruxPath = o.cruxeval ?? (existsSync(DEFAULT_CRUXEVAL) ? DEFAULT_CRUXEVAL : null);
  if (needsCrux && !cruxPath)
    throw new UsageError(
      "cruxeval-o, lexical-recall and sensitivity-cruxeval-o need --cruxeval <cruxeval.jsonl> (or leave them out with --tasks)",
    );
  const cruxeval = needsCrux && cruxPath ? await readCruxeval(cruxPath) : undefined;
  const python = o.tasks.includes("sensitivity-cruxeval-o") ? findPython() : null;
  if (o.tasks.includes("sensitivity-cruxeval-o"))
    o.log(
      python
        ? `  interpreter curve: ${python}`
        : "  interpreter curve: no python3 found; CRUXEval variants will have no interpreter answers (recorded in the manifest)",
    );

  const suite = await buildSuite({
    seed: o.seed,
    grid: o.grid,
    tasks: o.tasks,
    digits: o.digits,
    targets: o.targets,
    variants: o.variants,
    pool: {
      source: pool.source,
      filter: pool.filter,
      functions: pool.functions.map(({ id, name, path, line, code }) => ({ id, name, path, line, code })),
    },
    cruxeval,
    execute: python ? (items) => executeCalls(items, { python }) : undefined,
    build: {
      tool: "needlework semtrace build",
      python,
      distractor_selection:
        perDistractor === null
          ? { by: "chars", rule: "the paper's 25th-75th percentile of characters (pool.filter)" }
          : {
              by: "tokens",
              tokens_per_distractor: perDistractor,
              tokenizer: codeLlamaTokenizer.name,
              paper: PAPER_CONTEXT,
            },
    },
  });
  for (const [task, entry] of Object.entries(suite.tasks))
    o.log(`  ${task.padEnd(24)} ${entry!.targets.length} targets`);
  const lengths = contextLengthTable(
    suite,
    pool.functions.map((f) => f.tokens ?? codeLlamaTokenizer.count(f.code)),
  );
  suite.build.context_tokens = lengths;
  for (const line of formatContextLengths(lengths, perDistractor)) o.log(line);
  return suite;
}

/** Per positional task and D: the code block's token lengths (CodeLlama tokenizer), summarised. */
export function contextLengthTable(
  suite: SuiteRelease,
  poolTokens: readonly number[],
): Record<string, Record<string, LengthSummary>> {
  const byTask = contextTokenLengths(suite, poolTokens, (code) => codeLlamaTokenizer.count(code));
  return Object.fromEntries(
    Object.entries(byTask).map(([task, byD]) => [
      task,
      Object.fromEntries(Object.entries(byD!).map(([d, xs]) => [d, summarizeLengths(xs)])),
    ]),
  );
}

/**
 * The table the build prints: median [p10-p90] tokens per D and task, beside the target (none when
 * chosen by characters) and the paper's figure.
 */
export function formatContextLengths(
  table: Record<string, Record<string, LengthSummary>>,
  perDistractor: number | null,
): string[] {
  const tasks = Object.keys(table);
  if (!tasks.length) return [];
  const ds = [...new Set(tasks.flatMap((t) => Object.keys(table[t])))].sort((a, b) => Number(a) - Number(b));
  const cell = (s: LengthSummary | undefined) => (s ? `${s.median} [${s.p10}-${s.p90}]` : "-").padEnd(22);
  return [
    `  context tokens per D (code block: D distractors + target; ${codeLlamaTokenizer.name}), median [p10-p90]:`,
    `    ${"D".padEnd(5)}${tasks.map((t) => t.padEnd(22)).join("")}${"target".padEnd(9)}paper (${PAPER_CONTEXT.tokensPerDistractor} x D, ${PAPER_CONTEXT.source})`,
    ...ds.map(
      (d) =>
        `    ${d.padEnd(5)}${tasks.map((t) => cell(table[t][d])).join("")}${(perDistractor === null ? "-" : String(targetContextTokens(Number(d), perDistractor))).padEnd(9)}~${targetContextTokens(Number(d))}`,
    ),
  ];
}
