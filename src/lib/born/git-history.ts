/**
 * The pure half of the git rule ({@link GIT_RULE}; cli/lib/born-git.ts runs git): reading one file's
 * `git log --follow --raw -z` and searching its blobs, oldest first, for the targets' bodies. Kept
 * apart from the process handling so the order and the search can be tested anywhere.
 */
import { timestampEpoch } from "./dates";
import { holdsNormalised, normaliseBody } from "./normalise";
import { GIT_RULE } from "./rules";

/** The `--format` {@link parseGitLog} reads: a marker, then hash, parents, author and committer dates (strict ISO). */
export const GIT_LOG_FORMAT = "%x01%H%x00%P%x00%aI%x00%cI";

/** One commit of a file's history, with the file as that commit left it. */
export interface GitLogEntry {
  commit: string;
  parents: string[];
  /** Author date as git printed it (`%aI`). */
  authorAt: string;
  /** Committer date as git printed it (`%cI`). */
  committerAt: string;
  /** The file's path in this commit (the new name when the commit renames it); null when the log gave no change. */
  path: string | null;
  /** The file's blob in this commit; null when the commit deletes it, it is a submodule, or the log gave no change. */
  blob: string | null;
  /** git's status letter for the file (A, M, D, R, C, T), or null when the log gave no change. */
  status: string | null;
}

/** What starts a commit in {@link GIT_LOG_FORMAT}'s output: a byte no hash or date holds. */
const COMMIT_MARK = "\u0001";
const HASH = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const RAW = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])\d*$/;

/**
 * The entries of `git log --format=GIT_LOG_FORMAT --raw -z --no-abbrev ... -- <path>` output,
 * newest first as git printed them. With `-z` paths are printed raw (spaces, non-ASCII, even
 * newlines), and fields are NUL-separated, so the output is read token by token: a raw line names
 * one path, or two for a rename or copy (`R100 old new`). Throws on anything else, rather than
 * misreading a history.
 */
export function parseGitLog(output: string): GitLogEntry[] {
  const tokens = output.split("\0");
  const entries: GitLogEntry[] = [];
  for (let i = 0; i < tokens.length; ) {
    // Git separates a commit's header from its raw lines with a newline; paths are never stripped.
    const token = tokens[i].replace(/^\n+/, "");
    if (token === "") {
      i++;
      continue;
    }
    const hash = token.startsWith(COMMIT_MARK) ? token.slice(1) : undefined;
    if (hash !== undefined && HASH.test(hash)) {
      const [parents, authorAt, committerAt] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
      if (committerAt === undefined) throw new Error(`git log output ends inside commit ${hash}`);
      entries.push({
        commit: hash,
        parents: parents.split(" ").filter(Boolean),
        authorAt,
        committerAt,
        path: null,
        blob: null,
        status: null,
      });
      i += 4;
      continue;
    }
    const raw = RAW.exec(token);
    const entry = entries.at(-1);
    if (!raw || !entry) throw new Error(`unexpected git log output: ${JSON.stringify(token.slice(0, 80))}`);
    const status = raw[5];
    const paths = status === "R" || status === "C" ? 2 : 1;
    const path = tokens[i + paths];
    if (path === undefined) throw new Error(`git log output ends inside a change of commit ${entry.commit}`);
    // With --follow there is one change per commit; should git print more, the first is the followed file.
    if (entry.status === null) {
      const deleted = /^0+$/.test(raw[4]) || status === "D";
      const submodule = raw[2] === "160000";
      entry.path = path;
      entry.blob = deleted || submodule ? null : raw[4];
      entry.status = status;
    }
    i += 1 + paths;
  }
  return entries;
}

/** The date a commit stands for: the earlier of its author and committer dates (the author date on a tie). */
export function effectiveDate(entry: Pick<GitLogEntry, "authorAt" | "committerAt">): { at: string; epoch: number } {
  const author = timestampEpoch(entry.authorAt);
  const committer = timestampEpoch(entry.committerAt);
  return committer < author ? { at: entry.committerAt, epoch: committer } : { at: entry.authorAt, epoch: author };
}

/**
 * `entries` (newest first, as git prints them) ordered oldest first by {@link effectiveDate}. Equal
 * dates keep git's order reversed, which in a linear history is the order of the commits. Ordering
 * by date, not by position, makes the first commit found to bring code in the earliest one, even
 * when dates and ancestry disagree (a side branch older than the commits it is merged after).
 */
export function oldestFirst(entries: readonly GitLogEntry[]): { entry: GitLogEntry; at: string; epoch: number }[] {
  return entries
    .map((entry, position) => ({ entry, position, ...effectiveDate(entry) }))
    .sort((a, b) => a.epoch - b.epoch || b.position - a.position)
    .map(({ entry, at, epoch }) => ({ entry, at, epoch }));
}

/**
 * The commit graph as `git rev-list --parents HEAD` prints it (a commit, then its parents, per
 * line): every commit reachable from HEAD. A shallow clone's boundary commits have no parents.
 */
export function parseRevList(output: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const line of output.split("\n")) {
    if (line === "") continue;
    const [commit, ...parents] = line.split(" ");
    if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(commit))
      throw new Error(`unexpected git rev-list output: ${JSON.stringify(line.slice(0, 80))}`);
    graph.set(commit, parents);
  }
  return graph;
}

/** Where the git rule found a body. */
export interface GitHolder {
  rule: typeof GIT_RULE;
  /** The commit that brought the body into the file, earliest by date among all that did. */
  entry: GitLogEntry;
  /** The earlier of the commit's author and committer dates, as git printed it. */
  at: string;
}

/**
 * The file's blob in any commit: a listed commit's own (null when it deletes the file), else its
 * first parent's, since a commit the log leaves out did not change the file (for a merge: against
 * its first parent, as `--diff-merges=first-parent` compares). Null past the listed history (a
 * history cut at the commit limit, a shallow boundary, before the file existed).
 */
function blobResolver(entries: readonly GitLogEntry[], parentsOf: (commit: string) => readonly string[] | undefined) {
  const listed = new Map(entries.filter((e) => e.status !== null).map((e) => [e.commit, e.blob]));
  const memo = new Map<string, string | null>();
  return (start: string): string | null => {
    const walked: string[] = [];
    let blob: string | null = null;
    for (let at: string | undefined = start; at !== undefined; at = parentsOf(at)?.[0]) {
      const known = memo.has(at) ? memo.get(at) : listed.get(at);
      if (known !== undefined) {
        blob = known;
        break;
      }
      walked.push(at);
    }
    for (const commit of walked) memo.set(commit, blob);
    return blob;
  };
}

/**
 * For each normalised body, the commit that brought it into the file, earliest by date: among the
 * listed commits whose blob holds the body (token boundaries, see holdsNormalised) while the file
 * in none of their parents does. In a linear history with rising dates that is simply the first
 * commit holding the body; "brought in" matters when dates and ancestry disagree: a rebased commit
 * keeps an old author date, and must not pass that date to code it merely carries along.
 *
 * Commits are taken oldest first by {@link effectiveDate}, so the first one found is the earliest
 * and the search stops once every body is found. Each distinct blob is read and searched once.
 * `parentsOf` gives a commit's parents in the whole graph ({@link parseRevList}); `readBlob` gives
 * a blob's text, or null when it is not a readable text blob.
 */
export async function searchHistory(
  entries: readonly GitLogEntry[],
  parentsOf: (commit: string) => readonly string[] | undefined,
  bodies: Iterable<string>,
  readBlob: (blob: string) => Promise<string | null>,
  signal?: AbortSignal,
): Promise<Map<string, GitHolder>> {
  const all = [...new Set(bodies)];
  const remaining = new Set(all);
  const found = new Map<string, GitHolder>();
  const held = new Map<string, Set<string>>();
  const holdsOf = async (blob: string | null): Promise<ReadonlySet<string>> => {
    if (blob === null) return new Set();
    let bodiesHeld = held.get(blob);
    if (bodiesHeld === undefined) {
      signal?.throwIfAborted();
      const text = await readBlob(blob);
      const normal = text === null ? "" : normaliseBody(text);
      bodiesHeld = new Set(all.filter((body) => holdsNormalised(normal, body)));
      held.set(blob, bodiesHeld);
    }
    return bodiesHeld;
  };
  const blobAt = blobResolver(entries, parentsOf);

  for (const { entry, at } of oldestFirst(entries)) {
    if (remaining.size === 0) break;
    const here = [...(await holdsOf(entry.blob))].filter((body) => remaining.has(body));
    if (here.length === 0) continue;
    const before = new Set<string>();
    for (const parent of parentsOf(entry.commit) ?? entry.parents)
      for (const body of await holdsOf(blobAt(parent))) before.add(body);
    for (const body of here) {
      if (before.has(body)) continue;
      remaining.delete(body);
      found.set(body, { rule: GIT_RULE, entry, at });
    }
  }
  return found;
}
