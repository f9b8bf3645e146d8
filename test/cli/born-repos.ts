/**
 * Git repositories and commands for the dating tests of the dataset builders: repositories made in a
 * temporary directory, each commit dated through GIT_AUTHOR_DATE and GIT_COMMITTER_DATE, the test's
 * git ignoring the machine's global and system config, and the builders run as a user runs them.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");

const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("GIT_")));
const gitEnv = { ...baseEnv, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" };

export function git(dir: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync("git", args, { cwd: dir, env: { ...gitEnv, ...env }, encoding: "utf8", stdio: "pipe" });
}

export function makeRepo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  for (const [k, v] of [
    ["user.name", "Test"],
    ["user.email", "test@example.com"],
    ["commit.gpgsign", "false"],
    ["core.autocrlf", "false"],
  ])
    git(dir, ["config", k, v]);
  return dir;
}

/** Writes (null: deletes) files. */
export function write(dir: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    if (text === null) {
      if (existsSync(full)) unlinkSync(full);
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** Writes files and commits everything, authored and committed at `iso`; returns the commit. */
export function commit(dir: string, files: Record<string, string | null>, iso: string): string {
  write(dir, files);
  git(dir, ["add", "-A"]);
  const at = `@${Math.floor(Date.parse(iso) / 1000)} +0000`;
  git(dir, ["commit", "-q", "-m", `at ${iso}`], { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at });
  return git(dir, ["rev-parse", "HEAD"]).trim();
}

/**
 * A documented Python function whose body and docstring differ with `n` and `doc`, so that no two
 * functions share a line a date could be found by.
 */
export function pyFunction(name: string, n: number, doc = "Collect every entry below the limit"): string {
  return [
    `def ${name}(values, limit=${n}):`,
    `    """${doc} and return them sorted in ascending order."""`,
    `    kept = [v for v in values if v < limit + ${n}]`,
    `    kept.sort(reverse=${n % 2 === 0 ? "False" : "True"})`,
    `    return kept[:${n + 3}]`,
    "",
    "",
  ].join("\n");
}

export interface Run {
  code: number;
  out: string;
}

/** Runs `npm run <family> -- <args>` as a user would (tsx, the family dispatcher), with `env` added. */
export function family(name: string, args: string[], env: NodeJS.ProcessEnv = {}, timeout = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, "node_modules/.bin/tsx"),
      [join(ROOT, "cli/family.ts"), name, ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
      },
    );
  });
}
