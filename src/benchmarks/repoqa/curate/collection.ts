/**
 * How the reference read a repository (evalplus/repoqa `scripts/curate/dataset_ensemble_clone.py`):
 * every path of the commit's git tree that starts with the entry path AS A STRING (`src/black`
 * also takes `src/blackd/...`) and ends with one of the language's suffixes, in the order GitPython's
 * `Tree.traverse()` yields them, each file read with Python's `open(path, "r").read()`.
 */
import { compareCodePoints } from "../../../lib/code/imports/repo";

/**
 * The order of `Tree.traverse()` (GitPython; `branch_first=True`: breadth-first): every path of
 * depth 1 before any of depth 2, and so on; within a depth, git's tree order at the first differing
 * component, where a directory's name sorts as if it ended in "/" (`a-b` before `a/`, `a.py` before `a/`).
 */
export function compareGitTraversal(a: string, b: string): number {
  const pa = a.split("/");
  const pb = b.split("/");
  if (pa.length !== pb.length) return pa.length - pb.length;
  for (let i = 0; i < pa.length; i++) {
    if (pa[i] === pb[i]) continue;
    const dir = i < pa.length - 1 ? "/" : "";
    return compareCodePoints(pa[i] + dir, pb[i] + dir);
  }
  return 0;
}

/** Whether the reference took `path` for an entry path (a string prefix, not a directory). */
export function underEntryPrefix(path: string, entry: string): boolean {
  return entry === "" || entry === "." || path.startsWith(entry);
}

/** Python's text mode (universal newlines): "\r\n" and a lone "\r" both read as "\n". */
export function pythonTextMode(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}
