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
 * Git runs through `execFile`/`spawn` without a shell, only read commands (rev-parse, ls-tree, log,
 * rev-list, cat-file, remote) that run no hooks, and with the repository settings that could start a
 * program turned off (fsmonitor, signature checks, external diff, textconv): nothing in the repository
 * is executed.
 * The search itself is pure and lives in src/lib/born/git-history.ts.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { utcDay } from "../../src/lib/born/dates";
import {
  GIT_LOG_FORMAT,
  effectiveDate,
  parseGitLog,
  parseRevList,
  searchHistory,
  type GitLogEntry,
} from "../../src/lib/born/git-history";
import { holdsNormalised, normaliseBody } from "../../src/lib/born/normalise";
import { GIT_RULE } from "../../src/lib/born/rules";

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

/** A target some commit holds. */
export interface GitBorn {
  rule: typeof GIT_RULE;
  /** UTC day of `at`, `YYYY-MM-DD`. */
  born: string;
  /** The earlier of the commit's author and committer dates, as git printed it. */
  at: string;
  commit: string;
  /** The file's path in that commit (its older name, if it was renamed since). */
  path: string;
  authorAt: string;
  committerAt: string;
  /** What may make this date later than the truth, for this target. */
  notes: string[];
}

/**
 * Why a target has no date: the repository has no commits, the file is not in HEAD (untracked, only
 * staged, a directory or submodule), or no commit examined holds the body (an uncommitted edit).
 */
export type GitUnbornReason = "no-commits" | "not-committed" | "not-found";

/** A target no commit holds. */
export interface GitUnborn {
  rule: typeof GIT_RULE;
  born: null;
  reason: GitUnbornReason;
  notes: string[];
}

export type GitBirth = GitBorn | GitUnborn;

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

/**
 * Settings a repository's own config could use to start a program from a read command: fsmonitor
 * (index reads), signature checks (gpg.program). Pathspecs are literal so `a[1].py` is that file.
 */
const SAFE_ARGS = [
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

function gitEnv(): NodeJS.ProcessEnv {
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
function git(cwd: string, args: readonly string[], signal: AbortSignal): Promise<GitResult> {
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
async function gitOk(cwd: string, args: readonly string[], signal: AbortSignal): Promise<string> {
  const result = await git(cwd, args, signal);
  if (result.code !== 0) throw new Error(`git ${args[0]} failed (exit ${result.code}): ${result.stderr.trim()}`);
  return result.stdout;
}

/** A blob as `git cat-file --batch` gave it. */
type BlobRead = { text: string } | { skipped: string };

interface PendingRead {
  blob: string;
  resolve: (read: BlobRead) => void;
  reject: (error: Error) => void;
  header?: { type: string; size: number };
  /** Bytes of a too-large or non-blob object still to discard (its content and the newline after it). */
  discard?: number;
}

/**
 * One `git cat-file --batch` process for the whole call: blobs are requested by id, one at a time,
 * so paths (spaces, newlines, non-ASCII) never go through its line protocol. Large objects are
 * streamed past without being kept.
 */
class BlobReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private pending: PendingRead | undefined;
  private failure: Error | undefined;
  private stderr = "";

  constructor(
    cwd: string,
    signal: AbortSignal,
    private readonly maxBytes: number,
  ) {
    this.child = spawn("git", [...SAFE_ARGS, "cat-file", "--batch"], { cwd, env: gitEnv(), signal, stdio: "pipe" });
    this.child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
    });
    this.child.on("error", (error) => this.fail(error));
    this.child.stdin.on("error", (error) => this.fail(error));
    this.child.on("close", (code) => this.fail(new Error(`git cat-file exited (${code}): ${this.stderr.trim()}`)));
  }

  read(blob: string): Promise<BlobRead> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending) return Promise.reject(new Error("BlobReader reads one blob at a time"));
    return new Promise((resolve, reject) => {
      this.pending = { blob, resolve, reject };
      this.child.stdin.write(`${blob}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    if (this.pending) this.child.kill();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(this.failure);
  }

  private take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const head = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return head;
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.advance();
  }

  private advance(): void {
    const pending = this.pending;
    if (!pending) return;
    if (pending.discard !== undefined) {
      const dropped = Math.min(pending.discard, this.buffered);
      this.take(dropped);
      pending.discard -= dropped;
      if (pending.discard > 0) return;
      this.settle({ skipped: `${pending.header?.type} of ${pending.header?.size} bytes` });
      return;
    }
    if (!pending.header) {
      const newline = this.chunks.length === 0 ? -1 : Buffer.concat(this.chunks).indexOf(10);
      if (newline === -1) return;
      const line = this.take(newline + 1)
        .toString("utf8")
        .trimEnd();
      if (line.endsWith(" missing")) {
        this.settle({ skipped: "missing" });
        return;
      }
      const [, type, size] = line.split(" ");
      pending.header = { type, size: Number(size) };
      if (type !== "blob" || pending.header.size > this.maxBytes) pending.discard = pending.header.size + 1;
      this.advance();
      return;
    }
    if (this.buffered < pending.header.size + 1) return;
    const content = this.take(pending.header.size + 1).subarray(0, pending.header.size);
    this.settle({ text: content.toString("utf8") });
  }

  private settle(read: BlobRead): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(read);
  }
}

/** A repository opened for reading: its top, the given directory's place in it, HEAD. */
interface Repo {
  top: string;
  /** The given directory relative to the top, with a trailing slash, or "" at the top. */
  prefix: string;
  shallow: boolean;
  head: string | null;
}

async function openRepo(repoDir: string, signal: AbortSignal): Promise<Repo> {
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

/** `path` with `.` and empty segments dropped; throws on an absolute path or one that climbs out with `..`. */
function cleanPath(path: string): string {
  if (path.startsWith("/"))
    throw new TypeError(`target path ${JSON.stringify(path)} is absolute: give it relative to the repository`);
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw new TypeError(`target path ${JSON.stringify(path)} climbs out with ".."`);
  if (parts.length === 0) throw new TypeError(`target path ${JSON.stringify(path)} names no file`);
  return parts.join("/");
}

/** The file's entry in HEAD's tree (`<mode> <type> <id>`), or null when HEAD has no such path. */
async function headEntry(repo: Repo, head: string, full: string, signal: AbortSignal) {
  const out = await gitOk(repo.top, ["ls-tree", "-z", "--full-tree", head, "--", full], signal);
  const line = out.split("\0").find((l) => l.endsWith(`\t${full}`));
  if (!line) return null;
  const [mode, type, id] = line.slice(0, line.indexOf("\t")).split(" ");
  return { mode, type, id };
}

/** One commit's hash, parents and dates, as {@link parseGitLog} reads them. */
async function commitEntry(
  repo: Repo,
  commit: string,
  signal: AbortSignal,
): Promise<Omit<GitLogEntry, "path" | "blob" | "status">> {
  const [entry] = parseGitLog(await gitOk(repo.top, ["log", "-1", "-z", `--format=${GIT_LOG_FORMAT}`, commit], signal));
  if (!entry) throw new Error(`git log printed nothing for ${commit}`);
  return { commit: entry.commit, parents: entry.parents, authorAt: entry.authorAt, committerAt: entry.committerAt };
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

interface PreparedTarget {
  id: string;
  path: string;
  full: string;
  normal: string;
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

const unborn = (reason: GitUnbornReason, notes: string[]): GitUnborn => ({ rule: GIT_RULE, born: null, reason, notes });

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

/** The targets of one file: its HEAD version, its followed history, the search, and each target's notes. */
async function bornInFile(
  repo: Repo,
  head: string,
  full: string,
  group: PreparedTarget[],
  context: {
    maxCommits: number;
    maxBlobBytes: number;
    parentsOf: (commit: string) => readonly string[] | undefined;
    readBlob: (blob: string) => Promise<string | null>;
    signal: AbortSignal;
    repoDir: string;
  },
): Promise<Map<string, GitBirth>> {
  const { maxCommits, maxBlobBytes, parentsOf, readBlob, signal, repoDir } = context;
  const results = new Map<string, GitBirth>();
  const atHead = await headEntry(repo, head, full, signal);
  if (atHead === null || atHead.type !== "blob") {
    const where = join(repoDir, group[0].path);
    const note =
      atHead !== null
        ? `${full} is a ${atHead.type === "commit" ? "submodule" : atHead.type} at HEAD, not a file`
        : existsSync(where)
          ? `${full} is not committed at HEAD (untracked, or only staged): it has no history to date it by`
          : `${full} is neither in HEAD nor in the work tree`;
    for (const t of group) results.set(t.id, unborn("not-committed", [note]));
    return results;
  }

  const headText = await readBlob(atHead.id);
  if (headText === null) {
    const note = `${full} at HEAD is larger than maxBlobBytes (${maxBlobBytes}) or unreadable: not searched`;
    for (const t of group) results.set(t.id, unborn("not-found", [note]));
    return results;
  }
  const headNormal = normaliseBody(headText);
  const log = await gitOk(
    repo.top,
    [
      "log",
      "--follow",
      // Every commit touching the file on any merged branch, not only one parent's side of a merge. --follow
      // already walks every parent (git 2.39 filters it by diff, not by history simplification); this keeps it so.
      "--full-history",
      // A merge's own version of the file (a conflict resolution can create code) against its first parent.
      "--diff-merges=first-parent",
      "--raw",
      "-z",
      "--no-abbrev",
      "--no-color",
      "--no-ext-diff",
      "--no-textconv",
      `--format=${GIT_LOG_FORMAT}`,
      "-n",
      String(maxCommits + 1),
      head,
      "--",
      full,
    ],
    signal,
  );
  const all = parseGitLog(log);
  const cut = all.length > maxCommits;
  const entries = all.slice(0, maxCommits);
  const found = await searchHistory(
    entries,
    parentsOf,
    new Set(group.map((t) => t.normal)),
    (blob) => (blob === atHead.id ? Promise.resolve(headText) : readBlob(blob)),
    signal,
  );

  const historyNotes = [
    ...(repo.shallow
      ? ["the repository is a shallow clone: history before its boundary is missing, so the code may be older"]
      : []),
    ...(cut
      ? [`only the newest ${maxCommits} commits of ${full} were examined (maxCommits): the code may be older`]
      : []),
  ];
  for (const t of group) {
    const inHead = holdsNormalised(headNormal, t.normal);
    const headNote = inHead
      ? []
      : [`HEAD's ${full} does not hold this body: an uncommitted edit, or code from elsewhere`];
    let holder = found.get(t.normal);
    let fallback: string[] = [];
    if (!holder && inHead) {
      // HEAD holds it, so some commit brought it; git's --follow did not list that commit.
      const entry = { ...(await commitEntry(repo, head, signal)), path: full, blob: atHead.id, status: null };
      holder = { rule: GIT_RULE, entry, at: effectiveDate(entry).at };
      fallback = [
        `no commit listed in ${full}'s followed history holds the body; ` +
          "dated by HEAD, which does: the code may be older",
      ];
    }
    if (!holder) {
      const searched = `no commit of the ${entries.length} examined in ${full}'s history holds the body`;
      results.set(t.id, unborn("not-found", [...headNote, searched]));
      continue;
    }
    const { entry, at } = holder;
    // A file git saw appear (added, or copied from a file that lacked the body): the body may have come from elsewhere.
    const created =
      entry.status === "A" || entry.status === "C"
        ? [`${entry.path} was created by this commit: code moved or copied into a new file is dated by its arrival`]
        : [];
    results.set(t.id, {
      rule: GIT_RULE,
      born: utcDay(at),
      at,
      commit: entry.commit,
      path: entry.path ?? full,
      authorAt: entry.authorAt,
      committerAt: entry.committerAt,
      notes: [...headNote, ...historyNotes, ...fallback, ...created],
    });
  }
  return results;
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
