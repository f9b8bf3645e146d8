/**
 * Where a dataset builder's code comes from, on the Node side, and how it is dated:
 * - a directory in a git work tree, whose files are tracked there: the git rule (cli/lib/born-git.ts);
 * - any other directory (no git, or an untracked copy such as an installed package): undated, and the
 *   provenance says why;
 * - a registry spec (`npm:`, `pypi:`, `crates:`): read by the families' Worker-safe registry modules,
 *   with the registry addresses from here (npm's own setting; env vars for PyPI and crates.io).
 *
 * A date that is only an upper bound (the commit at a shallow clone's boundary, a history cut at the
 * commit limit, HEAD standing in for a commit git's --follow did not list) is turned into no date:
 * such code may be older, and must never pass a cutoff.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { GIT_RULE, type BornRule } from "../../src/lib/born/rules";
import { type BornFromGitOptions, bornFromGit, gitSource, type GitUnbornReason } from "./born-git";
import { npmRegistry } from "./npm-registry";

/** Env vars that point PyPI and crates.io reads at another address (a test's stand-in, a mirror). */
export const REGISTRY_ENV = { pypi: "NEEDLEWORK_PYPI_REGISTRY", crates: "NEEDLEWORK_CRATES_REGISTRY" } as const;

export type RegistryName = "npm" | "pypi" | "crates";

/** Why a target has no date, as the families' dating module names it. */
export type UndatedReason = "no-history" | GitUnbornReason | "shallow-boundary" | "history-cut" | "late-fallback";

export interface TargetBirth {
  born: string | null;
  rule: BornRule | null;
  reason?: UndatedReason;
  notes?: readonly string[];
}

/** The families' `Dating` (src/benchmarks/<family>/.../dating.ts), which a cli library may not import. */
export interface SourceDating {
  rule: BornRule | null;
  dates(targets: readonly { id: string; path: string; body: string }[]): Promise<ReadonlyMap<string, TargetBirth>>;
  source(): Record<string, unknown>;
  notes(): string[];
  warnings(): string[];
}

/** Whether a builder's argument names a registry package rather than a directory. */
export function isRegistrySpec(text: string): boolean {
  return /^(npm|pypi|crates):/.test(text);
}

/**
 * The registry addresses for `kinds`: npm's from npm's own configuration (asked only when an npm spec
 * is built), PyPI's and crates.io's from {@link REGISTRY_ENV} when set (else the public ones).
 */
export async function registryAddresses(
  kinds: Iterable<RegistryName>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Partial<Record<RegistryName, string>>> {
  const out: Partial<Record<RegistryName, string>> = {};
  for (const kind of new Set(kinds)) {
    if (kind === "npm") out.npm = await npmRegistry({ env });
    else if (env[REGISTRY_ENV[kind]]) out[kind] = env[REGISTRY_ENV[kind]];
  }
  return out;
}

/** The kinds of registry the arguments name. */
export function registryKinds(args: readonly string[]): RegistryName[] {
  return args.filter(isRegistrySpec).map((a) => a.slice(0, a.indexOf(":")) as RegistryName);
}

const SAFE = ["-c", "core.fsmonitor=false", "-c", "core.quotePath=false", "--no-pager", "--literal-pathspecs"];

function git(cwd: string, args: readonly string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^GIT_(DIR|WORK_TREE|INDEX)/.test(k)));
    execFile("git", [...SAFE, ...args], { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err && typeof err.code !== "number") reject(err);
      else resolve({ code: err ? Number(err.code) : 0, stdout });
    });
  });
}

/** The commits a shallow clone's history stops at (their parents are missing). */
async function shallowBoundary(dir: string): Promise<Set<string>> {
  const path = (await git(dir, ["rev-parse", "--git-path", "shallow"])).stdout.trim();
  const full = isAbsolute(path) ? path : join(dir, path);
  return new Set(existsSync(full) ? readFileSync(full, "utf8").split(/\s+/).filter(Boolean) : []);
}

/** `name@version` of a package.json at the directory's top, if it has one. */
function packageOf(dir: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      name?: unknown;
      version?: unknown;
    };
    return typeof manifest.name === "string" && typeof manifest.version === "string"
      ? `${manifest.name}@${manifest.version}`
      : undefined;
  } catch {
    return undefined;
  }
}

/** A directory with no history to date by: every target undated, the reason in its provenance. */
export function undatedDirectory(dir: string, reason: string): SourceDating {
  const pkg = packageOf(dir);
  const source = { kind: "directory", path: dir, ...(pkg ? { package: pkg } : {}), reason };
  return {
    rule: null,
    async dates(targets) {
      return new Map(
        targets.map((t): [string, TargetBirth] => [
          t.id,
          { born: null, rule: null, reason: "no-history", notes: [reason] },
        ]),
      );
    },
    source: () => source,
    notes: () => [reason],
    warnings: () => [],
  };
}

/**
 * How the directory `dir` (as a builder reads it: target paths relative to it) is dated: by the git
 * rule when it is in a git work tree with commits and tracks files there, else undated.
 */
export async function directoryDating(dir: string, options: BornFromGitOptions = {}): Promise<SourceDating> {
  let where: Awaited<ReturnType<typeof gitSource>>;
  try {
    where = await gitSource(dir, { signal: options.signal });
  } catch {
    return undatedDirectory(dir, "not a git checkout: no history to date it by");
  }
  if (where.commit === null) return undatedDirectory(dir, `the git repository ${where.repo} has no commits`);
  if ((await git(dir, ["ls-tree", "--name-only", "HEAD"])).stdout.trim() === "")
    return undatedDirectory(
      dir,
      `inside the git work tree of ${where.repo} but not tracked there: no history to date it by`,
    );
  const boundary = where.shallow ? await shallowBoundary(dir) : new Set<string>();
  const prefix = (await git(dir, ["rev-parse", "--show-prefix"])).stdout.trim().replace(/\/$/, "");
  return {
    rule: GIT_RULE,
    async dates(targets) {
      const out = new Map<string, TargetBirth>();
      for (const [id, b] of await bornFromGit(dir, targets, options)) {
        if (b.born === null) {
          out.set(id, { born: null, rule: GIT_RULE, reason: b.reason, notes: b.notes });
          continue;
        }
        const late: [UndatedReason, string] | undefined = boundary.has(b.commit)
          ? ["shallow-boundary", `held by ${b.commit.slice(0, 12)}, a shallow clone's oldest commit`]
          : b.notes.some((n) => n.includes("(maxCommits)"))
            ? ["history-cut", "held by the oldest commit examined of a history cut at the commit limit"]
            : b.notes.some((n) => n.includes("dated by HEAD"))
              ? ["late-fallback", "dated by HEAD only, as git's --follow listed no commit bringing it in"]
              : undefined;
        if (late) {
          const note = `${late[1]} (${b.born}): born on or before that day`;
          out.set(id, { born: null, rule: GIT_RULE, reason: late[0], notes: [...b.notes, note] });
        } else out.set(id, { born: b.born, rule: GIT_RULE, notes: b.notes });
      }
      return out;
    },
    source: () => ({
      kind: "git",
      repo: where.repo,
      commit: where.commit,
      shallow: where.shallow,
      ...(prefix ? { path: prefix } : {}),
    }),
    notes: () => [
      "dated by the first commit of each file's followed history holding the code (uncommitted edits are undated)",
      ...(where.shallow ? ["a shallow clone: code already in its oldest commits is undated"] : []),
    ],
    warnings: () => [],
  };
}
