/**
 * Building a SemTrace-family suite from this machine: the distractor pool from a directory of Python
 * (default: the standard library), CRUXEval from its JSONL, python3 for the interpreter curve. Used
 * by `npm run semtrace -- build` and by `npm start`'s demo suite.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { buildSuite, type CruxRecord } from "../../src/benchmarks/semtrace/build";
import type { SuiteGrid, SuiteRelease, SuiteTask } from "../../src/benchmarks/semtrace/dataset";
import { sha256Hex } from "../../src/sha256";
import { ROOT } from "./api";
import { UsageError } from "./args";
import { buildDistractorPool, defaultDistractorDir } from "./distractors";
import { executeCalls, findPython } from "./python-exec";

export const DEFAULT_CRUXEVAL = resolve(ROOT, "../shared/data/cruxeval/cruxeval.jsonl");

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
      if (typeof r.code !== "string" || typeof r.input !== "string" || typeof r.output !== "string" || typeof r.id !== "string") {
        throw new UsageError(`${path}:${i + 1}: a CRUXEval record needs string code, input, output and id`);
      }
      return { id: r.id, code: r.code, input: r.input, output: r.output };
    });
  return { source: { kind: "cruxeval", file: path, sha256: await sha256Hex(text), records: records.length, license: "MIT" }, records };
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
  /** Default: ../shared/data/cruxeval/cruxeval.jsonl when present. */
  cruxeval?: string;
  log: (line: string) => void;
}

export async function buildSuiteFromDisk(o: SuiteFromDisk): Promise<SuiteRelease> {
  const dir = o.distractorDir ?? defaultDistractorDir();
  if (!dir) throw new UsageError("no python3 found, so there is no standard library to draw distractors from: name a directory of Python code with --distractor-dir");
  const started = Date.now();
  const pool = await buildDistractorPool(dir, { maxFiles: o.maxFiles });
  o.log(`  distractors: ${pool.functions.length} functions from ${pool.source.files} files of ${dir} (${pool.filter.p25}-${pool.filter.p75} characters) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (pool.functions.length < Math.max(...o.grid.distractors)) throw new UsageError(`the pool has ${pool.functions.length} functions, fewer than D=${Math.max(...o.grid.distractors)}`);

  const needsCrux = o.tasks.some((t) => t.includes("cruxeval") || t === "lexical-recall");
  const cruxPath = o.cruxeval ?? (existsSync(DEFAULT_CRUXEVAL) ? DEFAULT_CRUXEVAL : null);
  if (needsCrux && !cruxPath) throw new UsageError("cruxeval-o, lexical-recall and sensitivity-cruxeval-o need --cruxeval <cruxeval.jsonl> (or leave them out with --tasks)");
  const cruxeval = needsCrux && cruxPath ? await readCruxeval(cruxPath) : undefined;
  const python = o.tasks.includes("sensitivity-cruxeval-o") ? findPython() : null;
  if (o.tasks.includes("sensitivity-cruxeval-o")) o.log(python ? `  interpreter curve: ${python}` : "  interpreter curve: no python3 found; CRUXEval variants will have no interpreter answers (recorded in the manifest)");

  const suite = await buildSuite({
    seed: o.seed,
    grid: o.grid,
    tasks: o.tasks,
    digits: o.digits,
    targets: o.targets,
    variants: o.variants,
    pool: { source: pool.source, filter: pool.filter, functions: pool.functions.map(({ id, name, path, line, code }) => ({ id, name, path, line, code })) },
    cruxeval,
    execute: python ? (items) => executeCalls(items, { python }) : undefined,
    build: { tool: "needlework semtrace build", python },
  });
  for (const [task, entry] of Object.entries(suite.tasks)) o.log(`  ${task.padEnd(24)} ${entry!.targets.length} targets`);
  return suite;
}
