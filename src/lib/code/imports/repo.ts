/** The repository as a set of POSIX paths, with the path arithmetic every resolver needs. */

export function dirname(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** `dir` joined with a relative path, `.` and `..` folded; `undefined` if it climbs above the root. */
export function joinPath(dir: string, relative: string): string | undefined {
  const parts = dir === "" ? [] : dir.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

/** Code-point order (Python's `str` order and, equivalently, UTF-8 byte order, which Go sorts by). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point above U+FFFF) outranks every BMP character, unlike in UTF-16 order.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

export function sortPaths(paths: Iterable<string>): string[] {
  return [...paths].sort(compareCodePoints);
}

export class RepoFiles {
  /** Paths in the order they were given. */
  readonly paths: readonly string[];
  private readonly fileSet: Set<string>;
  private readonly dirSet = new Set<string>([""]);
  private readonly children = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    this.paths = [...paths];
    this.fileSet = new Set(this.paths);
    for (const path of this.paths) {
      const parent = dirname(path);
      let list = this.children.get(parent);
      if (!list) this.children.set(parent, (list = []));
      list.push(path);
      for (let dir = parent; dir !== ""; dir = dirname(dir)) {
        if (this.dirSet.has(dir)) break;
        this.dirSet.add(dir);
      }
    }
    for (const list of this.children.values()) list.sort(compareCodePoints);
  }

  has(path: string | undefined): path is string {
    return path !== undefined && this.fileSet.has(path);
  }

  /** Whether some given file lies under `dir` ("" is the root). */
  isDir(dir: string | undefined): dir is string {
    return dir !== undefined && this.dirSet.has(dir);
  }

  /** Every directory holding a given file, directly or below ("" included). */
  dirs(): IterableIterator<string> {
    return this.dirSet.values();
  }

  /** The files directly in `dir`, in code-point order. */
  filesIn(dir: string): readonly string[] {
    return this.children.get(dir) ?? [];
  }
}

/** `dir/name` without a leading slash for the root. */
export function child(dir: string, name: string): string {
  return dir === "" ? name : `${dir}/${name}`;
}
