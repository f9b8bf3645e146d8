/**
 * The git birth-date rule ({@link GIT_RULE}): a target is born with the first commit, in its file's
 * `git log --follow` history, whose version of the file holds the target's whole current body
 * (normalised: src/lib/born/normalise.ts). The date is the earlier of that commit's author and
 * committer dates: a rebase or cherry-pick moves the committer date later and keeps the author date,
 * and for contamination the earlier date is the cautious one. "First" is exact in a linear history;
 * in general it is the earliest-dated commit that brought the body in (held it while no parent's
 * version did), so that branches, re-additions and old author dates all count, but a rebased
 * commit's old date never passes to code it only carries along (src/lib/born/git-history.ts).
 *
 * Git runs only read commands, and nothing in the repository is executed (born-git-process.ts).
 * The search itself is pure and lives in src/lib/born/git-history.ts.
 */
import { basename } from "node:path";
import { parseRevList } from "../../src/lib/born/git-history";
import { normaliseBody } from "../../src/lib/born/normalise";
import { BlobReader } from "./born-git-blobs";
import { type GitBirth, type PreparedTarget, bornInFile, unborn } from "./born-git-file";
import { gitOk, openRepo } from "./born-git-process";

export type { GitBirth, GitBorn, GitUnborn, GitUnbornReason } from "./born-git-file";

/** Code to date: the file holding it (relative to the repository directory given, as at HEAD) and its body, raw. */
export interface GitTarget {
  id: string;
  path: string;
  body: string;
}

export interface BornFromGitOptions {
  /** Commits of one file's history examined at most, newest kept (default {@link DEFAULT_MAX_COMMITS}). */
  maxCommits?: number;
  /** Limit on the whole call (default {@link DEFAULT_TIMEOUT_MS}); past it the call throws, naming the bound. */
  timeoutMs?: number;
  /** Blobs larger than this are not read (default {@link DEFAULT_MAX_BLOB_BYTES}): no function body lives in one. */
  maxBlobBytes?: number;
  signal?: AbortSignal;
}
/** Where the code came from, for a dataset's provenance. */
export interface GitSource {
  /** The remote's URL (origin, else the first remote) without credentials; with no remote, the folder's name. */
  repo: string;
  /** HEAD's commit; null in a repository without commits. */
  commit: string | null;
  /** A shallow clone: history before its boundary is missing, so dates from it can be late. */
  shallow: boolean;
}

/** Enough for a long-lived file's history; the newest commits are kept, so a cut history dates late, never early. */
export const DEFAULT_MAX_COMMITS = 2000;
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_BLOB_BYTES = 16 * 1024 * 1024;
/** `path` with `.` and empty segments dropped; throws on an absolute path or one that climbs out with `..`. */
function cleanPath(path: string): string {
  if (path.startsWith("/"))
    throw new TypeError(`target path ${JSON.stringify(path)} is absolute: give it relative to the repository`);
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw new TypeError(`target path ${JSON.stringify(path)} climbs out with ".."`);
  if (parts.length === 0) throw new TypeError(`target path ${JSON.stringify(path)} names no file`);
  return parts.join("/");
}

/**
 * The born date of each target, by {@link GIT_RULE}. `targets` paths are relative to
 * `repoDir` (which may be a folder inside the work tree) and name files at HEAD; bodies are raw.
 *
 * Targets are grouped by file: one `git log --follow` per file, and every distinct blob of its
 * history read at most once (through one `git cat-file --batch` for the call) and searched for all
 * of that file's bodies, commits taken oldest first by date, stopping when all are found. One
 * `git rev-list --parents HEAD` gives the graph that tells which commit brought a body in (see
 * searchHistory). Results are in the targets' order.
 *
 * Outcomes other than a date: no commits, a file not in HEAD, a body in no commit (see
 * {@link GitUnbornReason}). A date from a shallow clone or from a history cut at `maxCommits` comes
 * with a note that it may be later than the truth. Throws on a directory that is not in a git work
 * tree, on bad targets (repeated ids, empty bodies, absolute or climbing paths), on abort (the
 * signal's reason) and past `timeoutMs` (an Error naming the bound).
 */
export async function bornFromGit(
  repoDir: string,
  targets: readonly GitTarget[],
  options: BornFromGitOptions = {},
): Promise<Map<string, GitBirth>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    return await bornFromGitWithin(repoDir, targets, options, signal);
  } catch (error) {
    // Child processes report an abort as their own AbortError; the caller gets the reason it gave.
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) {
      const what = `${targets.length} targets in ${repoDir}`;
      throw new Error(`bornFromGit gave up after ${timeoutMs} ms (timeoutMs) on ${what}`, { cause: error });
    }
    throw error;
  }
}

function prepare(targets: readonly GitTarget[], prefix: string): PreparedTarget[] {
  const ids = new Set<string>();
  return targets.map(({ id, path, body }) => {
    if (ids.has(id)) throw new TypeError(`target id ${JSON.stringify(id)} appears twice`);
    ids.add(id);
    const normal = normaliseBody(body);
    if (normal.length === 0)
      throw new TypeError(`target ${JSON.stringify(id)} has an empty body (after normalisation)`);
    const clean = cleanPath(path);
    return { id, path: clean, full: `${prefix}${clean}`, normal };
  });
}

async function bornFromGitWithin(
  repoDir: string,
  targets: readonly GitTarget[],
  options: BornFromGitOptions,
  signal: AbortSignal,
): Promise<Map<string, GitBirth>> {
  const maxCommits = Math.max(1, Math.floor(options.maxCommits ?? DEFAULT_MAX_COMMITS));
  const repo = await openRepo(repoDir, signal);
  const prepared = prepare(targets, repo.prefix);
  const out = new Map<string, GitBirth>();
  const head = repo.head;
  if (head === null) {
    for (const t of prepared) out.set(t.id, unborn("no-commits", [`${repo.top} has no commits`]));
    return out;
  }

  const byFile = new Map<string, PreparedTarget[]>();
  for (const t of prepared) {
    const group = byFile.get(t.full);
    if (group) group.push(t);
    else byFile.set(t.full, [t]);
  }
  const maxBlobBytes = options.maxBlobBytes ?? DEFAULT_MAX_BLOB_BYTES;
  let reader: BlobReader | undefined;
  const readBlob = async (blob: string): Promise<string | null> => {
    reader ??= new BlobReader(repo.top, signal, maxBlobBytes);
    const read = await reader.read(blob);
    return "text" in read ? read.text : null;
  };
  // The whole graph, once: a commit the file's log leaves out still has a version of the file (its first parent's).
  const graph = parseRevList(await gitOk(repo.top, ["rev-list", "--parents", head], signal));
  const parentsOf = (commit: string) => graph.get(commit);
  try {
    for (const [full, group] of byFile) {
      const results = await bornInFile(repo, head, full, group, {
        maxCommits,
        maxBlobBytes,
        parentsOf,
        readBlob,
        signal,
        repoDir,
      });
      for (const t of group) out.set(t.id, results.get(t.id) ?? unborn("not-found", []));
    }
  } finally {
    reader?.close();
  }
  return new Map(prepared.map((t) => [t.id, out.get(t.id) ?? unborn("not-found", [])]));
}

/** A remote URL without its user information (`https://token@host/x` → `https://host/x`). */
function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, "$1");
}

/** The repository's provenance: remote URL (or folder name), HEAD, and whether the clone is shallow. */
export async function gitSource(repoDir: string, options: { signal?: AbortSignal } = {}): Promise<GitSource> {
  const signal = options.signal ?? new AbortController().signal;
  const repo = await openRepo(repoDir, signal);
  const remotes = (await gitOk(repo.top, ["remote"], signal)).split("\n").filter(Boolean);
  const remote = remotes.includes("origin") ? "origin" : remotes[0];
  const url = remote === undefined ? undefined : (await gitOk(repo.top, ["remote", "get-url", remote], signal)).trim();
  return { repo: url ? withoutCredentials(url) : basename(repo.top), commit: repo.head, shallow: repo.shallow };
}
