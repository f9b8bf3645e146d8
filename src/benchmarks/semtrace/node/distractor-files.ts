/** Which files a distractor pool reads: the `*.py` files under a directory, in a fixed order. */
import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** Directory names never descended into: test suites and installed third-party packages. */
const SKIP_DIRS = new Set(["test", "tests", "idle_test", "site-packages", "__pycache__"]);

/**
 * Relative POSIX paths of the `*.py` files under `root`, sorted as strings (code-unit order) over
 * the whole path, so the order does not depend on how directories are traversed.
 */
export async function listPythonFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(abs: string, rel: string): Promise<void> {
    for (const e of await readdir(abs, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      // Symlinks are not followed: they can loop, and they would count one file twice.
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith(".")) await walk(join(abs, e.name), childRel);
      } else if (e.isFile() && e.name.endsWith(".py")) {
        out.push(childRel);
      }
    }
  }
  await walk(root, "");
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
