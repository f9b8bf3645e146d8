/** One file's targets under the git birth-date rule, and what a target's search gives. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { utcDay } from "../../src/lib/born/dates";
import { GIT_LOG_FORMAT, effectiveDate, parseGitLog, searchHistory } from "../../src/lib/born/git-history";
import { holdsNormalised, normaliseBody } from "../../src/lib/born/normalise";
import { GIT_RULE } from "../../src/lib/born/rules";
import { type Repo, commitEntry, gitOk, headEntry } from "./born-git-process";

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
export interface PreparedTarget {
  id: string;
  path: string;
  full: string;
  normal: string;
}

export const unborn = (reason: GitUnbornReason, notes: string[]): GitUnborn => ({
  rule: GIT_RULE,
  born: null,
  reason,
  notes,
});

/** The targets of one file: its HEAD version, its followed history, the search, and each target's notes. */
export async function bornInFile(
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
