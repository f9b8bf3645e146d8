import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");

async function leaderboard(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(
      join(ROOT, "node_modules/.bin/tsx"),
      [join(ROOT, "cli/leaderboard.ts"), ...args],
      { cwd: ROOT },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

// The imports themselves run against the Worker in test/leaderboard/; these are the command's own checks,
// which stop before any instance is contacted.
describe("npm run leaderboard -- import", () => {
  const required = [
    "--dataset",
    "repoqa-2024-04-20",
    "--source",
    "RepoQA authors",
    "--license",
    "Apache-2.0",
    "--url",
    "http://127.0.0.1:9",
  ];

  it("prints its usage without a command or files", async () => {
    const { code, out } = await leaderboard([]);
    expect(code).toBe(2);
    expect(out).toContain("usage: npm run leaderboard -- import <file.json>");
  });

  it("requires the dataset, source and license", async () => {
    const { code, out } = await leaderboard(["import", "x.json", "--dataset", "d", "--license", "MIT"]);
    expect(code).toBe(2);
    expect(out).toContain("error: --source is required");
  });

  it("names a file it cannot read or parse", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nw-lb-"));
    writeFileSync(join(dir, "bad.json"), "{not json");
    expect((await leaderboard(["import", join(dir, "missing.json"), ...required])).out).toContain(
      "missing.json: ENOENT",
    );
    const bad = await leaderboard(["import", join(dir, "bad.json"), ...required]);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain("bad.json: not JSON");
    expect((await leaderboard(["import", join(dir, "bad.json"), ...required, "--n-per-language", "0"])).out).toContain(
      "--n-per-language must be a positive integer",
    );
  });
});
