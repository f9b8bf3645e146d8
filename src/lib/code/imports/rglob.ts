/**
 * The order of Python's `Path(dir).rglob(pattern)` over a repository's files, for reproducing the
 * reference's tools, which listed files with it (the Java, C++ and TypeScript dependency scripts).
 *
 * The order has two parts: how the Python version walks directories, and the order in which the
 * file system lists one directory (`os.scandir`). The walk is Python's code, deterministic:
 * - `py311` (Python 3.8-3.11): a directory's matching entries, then each subdirectory in turn,
 *   depth first (`_RecursiveWildcardSelector._iterate_directories` recursing per entry).
 * - `py312` (Python 3.12): `Path.walk()` top-down; each directory walked yields ALL its
 *   subdirectories at once (their matching entries follow in that order), then the walk descends
 *   into the first.
 * The listing order is the machine's (ext4 lists a directory in the order of a salted name hash);
 * `sorted` assumes a file system that lists names in byte order.
 */
import { basename, compareCodePoints, dirname } from "./repo";

export type PythonWalk = "py311" | "py312";

export interface RglobOptions {
  walk: PythonWalk;
  /** Orders one directory's entry names (default: byte order). */
  listing?: (names: string[]) => string[];
}

const byteOrder = (names: string[]) => [...names].sort(compareCodePoints);

/**
 * What needlework assumes of the reference machine: Python 3.11's walk over directories listed in
 * byte order. The true listing order is not known (see docs/fidelity.md for what was tried).
 */
export const REFERENCE_GLOB: RglobOptions = { walk: "py311", listing: byteOrder };

/** Every path of `paths` below `root` ("" for all) whose file name `match`es, in rglob's order. */
export function rglobOrder(
  paths: readonly string[],
  root: string,
  match: (name: string) => boolean,
  opts: RglobOptions,
): string[] {
  const listing = opts.listing ?? byteOrder;
  const files = new Map<string, string[]>();
  const dirs = new Map<string, Set<string>>();
  const prefix = root === "" ? "" : `${root}/`;
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const parent = dirname(path);
    if (!files.has(parent)) files.set(parent, []);
    files.get(parent)!.push(basename(path));
    for (let d = parent; d !== root && d.length > root.length; d = dirname(d)) {
      const up = dirname(d);
      if (!dirs.has(up)) dirs.set(up, new Set());
      dirs.get(up)!.add(basename(d));
    }
  }
  const join = (dir: string, name: string) => (dir === "" ? name : `${dir}/${name}`);
  // One listing per directory: files and subdirectories interleaved as the file system lists them.
  const entries = (dir: string) => listing([...(files.get(dir) ?? []), ...(dirs.get(dir) ?? [])]);
  const subdirs = (dir: string) =>
    entries(dir).filter((n) => dirs.get(dir)?.has(n) && !(files.get(dir) ?? []).includes(n));
  const matches = (dir: string) =>
    entries(dir)
      .filter((n) => (files.get(dir) ?? []).includes(n) && match(n))
      .map((n) => join(dir, n));

  const order: string[] = [];
  if (opts.walk === "py311") {
    const visit = (dir: string) => {
      order.push(...matches(dir));
      for (const sub of subdirs(dir)) visit(join(dir, sub));
    };
    visit(root);
  } else {
    order.push(...matches(root));
    const stack = [root];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      const children = subdirs(dir).map((n) => join(dir, n));
      for (const child of children) order.push(...matches(child));
      stack.push(...[...children].reverse());
    }
  }
  return order;
}
