/**
 * Reads outputs a harness already produced, for `npm run eval -- --outputs <file>` (POST /v1/runs
 * with `outputs`, docs/runs.md#scoring-outputs-you-already-have): a JSONL file of `{unit, output}`
 * lines, or promptfoo's results JSON (`promptfoo eval -o results.json` over needlework's promptfoo
 * export: each result's `vars.unit` and `response.output`).
 */
import { readFileSync } from "node:fs";
import { UsageError } from "./args";

export interface SubmittedOutputs {
  outputs: { unit: string; output: string }[];
  /** What a promptfoo file says about the run: its tests' `benchmark` and `dataset` variables. */
  benchmark?: string;
  dataset?: string;
  /** promptfoo results without an output (the provider failed): not submitted. */
  skipped: number;
}

type Vars = { unit?: unknown; benchmark?: unknown; dataset?: unknown };

interface PromptfooResult {
  vars?: Vars;
  testCase?: { vars?: Vars };
  response?: { output?: unknown; error?: unknown } | null;
  error?: unknown;
}

function fromPromptfoo(
  file: string,
  results: PromptfooResult[],
  only: Pick<SubmittedOutputs, "benchmark" | "dataset">,
): SubmittedOutputs {
  const outputs: SubmittedOutputs["outputs"] = [];
  const benchmarks = new Set<string>();
  const datasets = new Set<string>();
  let skipped = 0;
  for (const [i, r] of results.entries()) {
    const vars = r.vars ?? r.testCase?.vars;
    const unit = vars?.unit;
    if (typeof unit !== "string" || !unit)
      throw new UsageError(
        `${file}: result ${i} has no vars.unit (were the tests made by needlework's promptfoo export?)`,
      );
    // A file of several benchmarks' (or datasets') tests: --benchmark / --dataset pick one.
    if (
      (only.benchmark && vars?.benchmark !== undefined && vars.benchmark !== only.benchmark) ||
      (only.dataset && vars?.dataset !== undefined && vars.dataset !== only.dataset)
    )
      continue;
    if (typeof vars?.benchmark === "string") benchmarks.add(vars.benchmark);
    if (typeof vars?.dataset === "string") datasets.add(vars.dataset);
    const output = r.response?.output;
    if (output === undefined || output === null) {
      skipped++;
      continue;
    }
    outputs.push({ unit, output: typeof output === "string" ? output : JSON.stringify(output) });
  }
  const one = (values: Set<string>, what: string) => {
    if (values.size > 1)
      throw new UsageError(
        `${file} holds results of several ${what}s (${[...values].join(", ")}); pick one with --${what}`,
      );
    return values.values().next().value;
  };
  return { outputs, benchmark: one(benchmarks, "benchmark"), dataset: one(datasets, "dataset"), skipped };
}

function fromJsonl(file: string, text: string): SubmittedOutputs {
  const outputs: SubmittedOutputs["outputs"] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    let row: { unit?: unknown; output?: unknown };
    try {
      row = JSON.parse(line);
    } catch {
      throw new UsageError(`${file}:${i + 1} is not JSON (each line is {"unit": …, "output": …})`);
    }
    if (typeof row?.unit !== "string" || typeof row.output !== "string")
      throw new UsageError(`${file}:${i + 1} needs a string "unit" and a string "output"`);
    outputs.push({ unit: row.unit, output: row.output });
  });
  return { outputs, skipped: 0 };
}

/**
 * The outputs of `file`, JSONL or promptfoo's results JSON (told apart by its `results.results`
 * array); of a promptfoo file, only the results of `only`'s benchmark and dataset when given.
 */
export function readSubmittedOutputs(
  file: string,
  only: Pick<SubmittedOutputs, "benchmark" | "dataset"> = {},
): SubmittedOutputs {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new UsageError(
      `--outputs: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined; // JSONL (a file of one line parses as JSON too, and is read below)
  }
  const results = (whole as { results?: { results?: unknown } } | undefined)?.results?.results;
  const read = Array.isArray(results) ? fromPromptfoo(file, results as PromptfooResult[], only) : fromJsonl(file, text);
  if (!read.outputs.length) throw new UsageError(`${file} has no outputs`);
  return read;
}
