/**
 * `npm run semtrace -- build` and `npm run eval` on the family, as a researcher runs them: a suite
 * from Python's standard library and the real CRUXEval file, with python3's interpreter curve,
 * loaded into a fresh local instance and evaluated with the built-in baselines.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { DEFAULT_CRUXEVAL } from "../../src/benchmarks/semtrace/node/suite";

let instance: IsolatedInstance | undefined;
let token: string;
const out = mkdtempSync(join(tmpdir(), "nw-semtrace-"));

function command(
  script: string,
  args: string[],
  timeout = 110_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", script, ...args],
      { cwd: ROOT, env: { ...process.env, NEEDLEWORK_ADMIN_TOKEN: token }, timeout },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  expect(
    existsSync(process.env.NEEDLEWORK_CRUXEVAL ?? DEFAULT_CRUXEVAL),
    "the CRUXEval JSONL (../shared/data/cruxeval) is needed",
  ).toBe(true);
  instance = await startIsolatedInstance("nw-semtrace");
  token = instance.token;
}, 240_000);

afterAll(async () => {
  await instance?.stop();
});

describe("npm run semtrace -- build, then npm run eval", () => {
  it("builds, loads and evaluates: the interpreter's curve falls sharply on CRUXEval variants and is perfect on SemTrace", async () => {
    const file = join(out, "suite.json");
    const build = await command("cli/family.ts", [
      "semtrace",
      "build",
      "--id",
      "st-cli",
      "--url",
      instance!.url,
      "--out",
      file,
      "--max-files",
      "60",
      "--targets",
      "3",
      "--distractors",
      "5,10",
      "--positions",
      "3",
      "--variant-targets",
      "6",
      "--variants",
      "6",
      ...(process.env.NEEDLEWORK_CRUXEVAL ? ["--cruxeval", process.env.NEEDLEWORK_CRUXEVAL] : []),
    ]);
    expect(build.code, build.stderr + build.stdout).toBe(0);
    expect(build.stdout).toMatch(/distractors: \d+ functions from 60 files/);
    expect(build.stdout).toMatch(/interpreter curve: .*python3/);
    expect(build.stdout).toMatch(/Loaded dataset "st-cli"/);
    const suite = JSON.parse(readFileSync(file, "utf8"));
    expect(suite.tasks.semtrace.targets).toHaveLength(3);
    const variants = suite.tasks["sensitivity-cruxeval-o"].targets;
    // python3 reproduces every complete function's published output.
    for (const t of variants.filter((v: any) => v.id.endsWith("~0")))
      expect(t.interpreter).toEqual({ ok: true, repr: t.output });

    const semtrace = await command("cli/eval.ts", [
      "--benchmark",
      "semtrace",
      "--dataset",
      "st-cli",
      "--model",
      "baseline:interpreter",
      "--url",
      instance!.url,
      "--out",
      out,
    ]);
    expect(semtrace.code, semtrace.stderr + semtrace.stdout).toBe(0);
    expect(semtrace.stdout).toMatch(/accuracy \(%\) by distractors D and target position/);
    expect(semtrace.stdout).toMatch(/^10\s+100\.0\s+100\.0\s+100\.0\s+0\.0$/m);
    expect(semtrace.stdout).toMatch(/median relative drop toward the middle: 0\.0 %/);
    // Its exports: the results and one line per sample (no reference files), named without `:`.
    expect(existsSync(join(out, "baseline_interpreter-results.json"))).toBe(true);
    const lines = readFileSync(join(out, "baseline_interpreter-samples.jsonl"), "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3 * 2 * 3);
    expect(
      lines.every((l) => l.verdict.passed === true && typeof l.output === "string" && [5, 10].includes(l.context_size)),
    ).toBe(true);
    expect(existsSync(join(out, "baseline_interpreter.jsonl"))).toBe(false);

    const sens = await command("cli/eval.ts", [
      "--benchmark",
      "sensitivity-cruxeval-o",
      "--dataset",
      "st-cli",
      "--model",
      "baseline:interpreter",
      "--url",
      instance!.url,
      "--out",
      out,
      "--json",
    ]);
    expect(sens.code, sens.stderr).toBe(0);
    const results = JSON.parse(sens.stdout);
    const curve = results.summary.sensitivity.curve;
    expect(curve[0]).toMatchObject({ bucket: "0", n: 6, accuracy: 1 });
    const incomplete = curve.slice(1);
    const accuracy =
      incomplete.reduce((a: number, c: any) => a + c.accuracy * c.n, 0) /
      incomplete.reduce((a: number, c: any) => a + c.n, 0);
    // The paper's Figure 1: removing lines breaks execution far more often than not.
    expect(accuracy).toBeLessThan(0.5);
    expect(results.summary.sensitivity.per_snippet.snippets).toBe(6);
  }, 300_000);

  it("usage errors exit 2 with a message", async () => {
    const r = await command("cli/family.ts", [
      "semtrace",
      "build",
      "--id",
      "x",
      "--tasks",
      "semtrace,nope",
      "--no-load",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown task nope/);
    const d = await command("cli/family.ts", ["semtrace", "build", "--id", "x", "--digits", "9", "--no-load"]);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/--digits must be 2 to 6/);
    const t = await command("cli/family.ts", [
      "semtrace",
      "build",
      "--id",
      "x",
      "--distractor-tokens",
      "0",
      "--no-load",
    ]);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/--distractor-tokens must be a positive integer, got "0"/);
  });
});
