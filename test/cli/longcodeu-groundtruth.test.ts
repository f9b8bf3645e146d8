/**
 * LongCodeU ground truth on REAL code: a release built from packages of the Python standard library
 * on this machine (the python3 on the PATH's `sysconfig` stdlib), every task and four buckets.
 * - The oracle (`baseline:oracle`, the reference answer in the demanded format) goes through the
 *   functions a run uses (`oracleAnswer`, then `scoreExample`) and must score recall 1 and
 *   precision 1 on every example: the builder never picks an answer the metric cannot give 1.
 * - An independent check with Python's own `ast` (scripts/longcodeu-ast-check.py) recomputes CU_P's
 *   names, DRA's callees (last definitions, no overload stubs, the direct calls ast resolves) and
 *   SRE's nesting rules, and must agree on every example.
 * Skipped, with a message, without python3.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { pythonStdlibDir } from "../../cli/lib/python-stdlib";
import { findPython } from "../../cli/lib/python-exec";
import { buildLongCodeUFromDisk } from "../../src/benchmarks/longcodeu/node/build";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import { LONGCODEU_TASKS, type LongCodeURelease } from "../../src/benchmarks/longcodeu/dataset/index";
import { scoreExample } from "../../src/benchmarks/longcodeu/score/index";

/** Packages with if/else and try/except variants of functions, classes nested in functions, long and short units. */
const PACKAGES = ["email", "json", "http", "logging", "xml", "importlib", "asyncio"];
const BUCKETS = ["0-8K", "8-16K", "16-32K", "32-64K"] as const;

const python = findPython();
const stdlib = python ? pythonStdlibDir() : null;
if (!stdlib) console.warn("longcodeu-groundtruth: skipped (no python3 with a standard library on the PATH)");

describe.skipIf(!stdlib)("LongCodeU ground truth on Python's standard library", () => {
  let release: LongCodeURelease;
  let file: string;

  beforeAll(async () => {
    release = await buildLongCodeUFromDisk({
      repos: PACKAGES.map((p) => join(stdlib!, p)),
      seed: 0,
      perBucket: 2,
      buckets: [...BUCKETS],
    });
    file = join(mkdtempSync(join(tmpdir(), "nw-lcu-gt-")), "release.json");
    writeFileSync(file, JSON.stringify(release));
  }, 120_000);

  it("records the ground-truth rule set", () => {
    expect(release.build).toMatchObject({ builder: "longcodeu-build@2", data_flow: { ruleset: "cu-dfa@1" } });
  });

  it("the oracle scores recall 1 and precision 1 on every example of every task", async () => {
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    for (const part of release.repos) {
      const bucketOf = new Map(part.contexts.map((c) => [c.id, c.bucket]));
      for (const e of part.examples) {
        const v = await scoreExample({ ...e, bucket: bucketOf.get(e.context)! }, oracleAnswer(e));
        const d = v.detail as { recall: number; precision: number; unparseable: boolean };
        counts[e.task] = (counts[e.task] ?? 0) + 1;
        if (!v.passed || d.recall < 1 - 1e-9 || d.precision < 1 - 1e-9 || d.unparseable)
          failures.push(`${e.id}: recall ${d.recall}, precision ${d.precision}`);
      }
    }
    expect(failures).toEqual([]);
    // Every task has examples in this build (about 40 each).
    for (const task of LONGCODEU_TASKS) expect(counts[task] ?? 0, task).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it("Python's ast agrees on CU_P names, DRA callees and SRE nesting for every example", () => {
    let out: string;
    try {
      out = execFileSync(python!, [join(ROOT, "scripts/longcodeu-ast-check.py"), file, "--json"], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (err) {
      // Exit 1: disagreements, printed in the JSON on stdout.
      out = (err as { stdout?: string }).stdout ?? "";
      if (!out) throw err;
    }
    const summary = JSON.parse(out) as {
      tasks: Record<string, { agree: number; total: number }>;
      agree: number;
      total: number;
      disagreements: unknown[];
    };
    expect(summary.disagreements).toEqual([]);
    expect(summary.agree).toBe(summary.total);
    for (const task of ["CU_P", "CU_SA", "DRA_T1", "DRA_T2", "SRE_T1", "SRE_T2"])
      expect(summary.tasks[task]?.total ?? 0, task).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
