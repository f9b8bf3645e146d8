/**
 * Git's read commands for the birth-date rule. Git runs through `execFile`/`spawn` without a shell,
 * only read commands (rev-parse, ls-tree, log, rev-list, cat-file, remote) that run no hooks, and
 * with the repository settings that could start a program turned off (fsmonitor, signature checks,
 * external diff, textconv): nothing in the repository is executed.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { GIT_LOG_FORMAT, parseGitLog, type GitLogEntry } from "../../src/lib/born/git-history";

/**
 * Settings a repository's own config could use to start a program from a read command: fsmonitor
 * (index reads), signature checks (gpg.program). Pathspecs are literal so `a[1].py` is that file.
 */
export const SAFE_ARGS = [
  "-c",
  "core.fsmonitor=false",
  "-c",
  "log.showSignature=false",
  "-c",
  "core.quotePath=false",
  "--no-pager",
  "--literal-pathspecs",
];

/** Inherited variables that would point git at another repository or add a program to run. */
const REPO_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_EXTERNAL_DIFF",
  "GIT_PAGER",
  "GIT_SHALLOW_FILE",
];

export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of REPO_ENV) delete env[name];
  return { ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_NO_REPLACE_OBJECTS: "1" };
}

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `cwd`; resolves with its exit code (never rejects on one), rejects on abort or spawn failure. */
export function git(cwd: string, args: readonly string[], signal: AbortSignal): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...SAFE_ARGS, ...args],
      { cwd, env: gitEnv(), signal, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") return reject(error);
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs git and returns its output, throwing with git's own message on a non-zero exit. */
export async function gitOk(cwd: string, args: readonly string[], signal: AbortSignal): Promise<string> {
  const result = await git(cwd, args, signal);
  if (result.code !== 0) throw new Error(`git ${args[0]} failed (exit ${result.code}): ${result.stderr.trim()}`);
  return result.stdout;
}

/** A repository opened for reading: its top, the given directory's place in it, HEAD. */
export interface Repo {
  top: string;
  /** The given directory relative to the top, with a trailing slash, or "" at the top. */
  prefix: string;
  shallow: boolean;
  head: string | null;
}

export async function openRepo(repoDir: string, signal: AbortSignal): Promise<Repo> {
  if (!existsSync(repoDir)) throw new Error(`${repoDir} does not exist`);
  const probe = await git(
    repoDir,
    ["rev-parse", "--show-toplevel", "--show-prefix", "--is-shallow-repository"],
    signal,
  );
  if (probe.code !== 0) throw new Error(`${repoDir} is not inside a git work tree: ${probe.stderr.trim()}`);
  const [top, prefix, shallow] = probe.stdout.replace(/\n$/, "").split("\n");
  const head = await git(top, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], signal);
  return { top, prefix: prefix ?? "", shallow: shallow === "true", head: head.code === 0 ? head.stdout.trim() : null };
}

/** The file's entry in HEAD's tree (`<mode> <type> <id>`), or null when HEAD has no such path. */
export async function headEntry(repo: Repo, head: string, full: string, signal: AbortSignal) {
  const out = await gitOk(repo.top, ["ls-tree", "-z", "--full-tree", head, "--", full], signal);
  const line = out.split("\0").find((l) => l.endsWith(`\t${full}`));
  if (!line) return null;
  const [mode, type, id] = line.slice(0, line.indexOf("\t")).split(" ");
  return { mode, type, id };
}

/** One commit's hash, parents and dates, as {@link parseGitLog} reads them. */
export async function commitEntry(
  repo: Repo,
  commit: string,
  signal: AbortSignal,
): Promise<Omit<GitLogEntry, "path" | "blob" | "status">> {
  const [entry] = parseGitLog(await gitOk(repo.top, ["log", "-1", "-z", `--format=${GIT_LOG_FORMAT}`, commit], signal));
  if (!entry) throw new Error(`git log printed nothing for ${commit}`);
  return { commit: entry.commit, parents: entry.parents, authorAt: entry.authorAt, committerAt: entry.committerAt };
}
