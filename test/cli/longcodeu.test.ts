/**
 * `npm run longcodeu -- build` and `npm run eval` as a researcher runs them: a dataset built from the
 * fixture repositories, loaded into a fresh local instance, evaluated with the oracle through the
 * queue, and published to the LongCodeU leaderboard.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../cli/lib/api";
import { releaseFromBuild } from "../../src/benchmarks/longcodeu/node/parts";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { LONGCODEU_TASKS } from "../../src/benchmarks/longcodeu/dataset/index";

let instance: IsolatedInstance | undefined;
let token: string;
const out = mkdtempSync(join(tmpdir(), "nw-longcodeu-"));

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
  instance = await startIsolatedInstance("nw-longcodeu");
  token = instance.token;
}, 240_000);

afterAll(async () => {
  await instance?.stop();
});

describe("npm run longcodeu -- build, then npm run eval", () => {
  it("builds from the fixture repositories, loads held out, and the oracle scores 100 % recall on every task and is published", async () => {
    const file = join(out, "build");
    const repos = ["inkwell", "tidepool"].flatMap((r) => ["--repo", join(ROOT, "test/fixtures/longcodeu", r)]);
    // Held out (docs/api.md#held-out-datasets): the parts upload commits with the visibility; runs still score and publish.
    const build = await command("cli/family.ts", [
      "longcodeu",
      "build",
      "--id",
      "lcu-cli",
      "--url",
      instance!.url,
      "--out",
      file,
      "--visibility",
      "held-out",
      ...repos,
    ]);
    expect(build.code, build.stderr + build.stdout).toBe(0);
    expect(build.stdout).toMatch(/Loaded dataset "lcu-cli"/);
    const dataset = await (await fetch(`${instance!.url}/v1/datasets/lcu-cli`)).json<any>();
    expect(dataset.dataset.visibility).toBe("held-out");
    const release = releaseFromBuild(file);
    const tasks = new Set(release.repos.flatMap((p: any) => p.examples.map((e: any) => e.task)));
    expect([...tasks].sort()).toEqual([...LONGCODEU_TASKS].sort());

    const run = await command("cli/eval.ts", [
      "--benchmark",
      "longcodeu",
      "--dataset",
      "lcu-cli",
      "--model",
      "baseline:oracle",
      "--url",
      instance!.url,
      "--out",
      out,
      "--json",
    ]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const { summary } = JSON.parse(run.stdout);
    for (const task of LONGCODEU_TASKS) {
      expect(summary.table.tasks[task].all.recall, task).toBeCloseTo(1, 9);
      expect(summary.table.tasks[task].all.precision, task).toBeCloseTo(1, 9);
    }
    expect(summary.table.average.all).toMatchObject({ tasks: 8 });

    const board = await (
      await fetch(`${instance!.url}/v1/leaderboard?benchmark=longcodeu&dataset=lcu-cli`)
    ).json<any>();
    expect(board.rows).toHaveLength(1);
    expect(board.rows[0]).toMatchObject({ model: "baseline:oracle", kind: "verified" });
    expect(board.rows[0].rate).toBeCloseTo(1, 9);
    // The oracle's outputs (the expected answers) are withheld from its samples export.
    const samples = readdirSync(out).filter((f) => f.endsWith("-samples.jsonl"));
    expect(samples.length).toBeGreaterThan(0);
    for (const line of readFileSync(join(out, samples[0]), "utf8").trimEnd().split("\n"))
      expect(JSON.parse(line).output).toBeNull();

    const tables = await command("cli/eval.ts", [
      "--benchmark",
      "longcodeu",
      "--tasks",
      "CU_P,LDU",
      "--dataset",
      "lcu-cli",
      "--model",
      "baseline:empty",
      "--url",
      instance!.url,
      "--out",
      out,
    ]);
    expect(tables.code, tables.stderr + tables.stdout).toBe(0);
    expect(tables.stdout).toMatch(/CU_P/);
    expect(tables.stdout).toMatch(/LDU/);
    expect(tables.stdout).not.toMatch(/CU_DFA/);
  }, 300_000);

  it("usage errors exit 2 with a message", async () => {
    const r = await command("cli/family.ts", [
      "longcodeu",
      "build",
      "--id",
      "x",
      "--tasks",
      "CU_P,nope",
      "--no-load",
      "--repo",
      ROOT,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown task/);
    const v = await command("cli/family.ts", [
      "longcodeu",
      "build",
      "--id",
      "x",
      "--visibility",
      "secret",
      "--no-load",
      "--repo",
      ROOT,
    ]);
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/--visibility must be public or held-out/);
    const e = await command("cli/eval.ts", [
      "--benchmark",
      "longcodeu",
      "--tasks",
      ",",
      "--dataset",
      "x",
      "--model",
      "baseline:oracle",
    ]);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/--tasks needs at least one task/);
  });
});
