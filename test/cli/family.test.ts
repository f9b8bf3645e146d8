/**
 * cli/family.ts, the dispatcher package.json's family scripts point at: a family's help, and the
 * usage errors for an unknown family or command (exit 2, naming what exists), as a user runs it.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { registeredFamilyIds } from "../../cli/lib/families";

const ROOT = resolve(import.meta.dirname, "../..");

function dispatch(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      join(ROOT, "node_modules/.bin/tsx"),
      ["cli/family.ts", ...args],
      { cwd: ROOT, timeout: 50_000 },
      (err, stdout, stderr) => {
        done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
      },
    );
  });
}

describe("tsx cli/family.ts", () => {
  it("lists a family's commands with --help", async () => {
    const [family] = registeredFamilyIds();
    const r = await dispatch([family, "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/npm run \S+ -- /);
  });

  it("refuses an unknown family or command with exit 2, naming the ones there are", async () => {
    const ids = registeredFamilyIds();
    const family = await dispatch(["no-such-family", "build"]);
    expect(family.code).toBe(2);
    expect(family.out).toContain('no family "no-such-family"');
    for (const id of ids) expect(family.out).toContain(id);
    const command = await dispatch([ids[0], "no-such-command"]);
    expect(command.code).toBe(2);
    expect(command.out).toMatch(/unknown command "no-such-command": use one of \S+/);
  });
});
