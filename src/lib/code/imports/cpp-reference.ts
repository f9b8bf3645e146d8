/**
 * The reference's C/C++ dependency tool (the reference repository's `scripts/curate/dep_analysis/cpp.py`),
 * reproduced. It read lines, not a parse tree:
 * - keys: suffix by suffix (.cpp .hpp .cc .hh .cxx .hxx .c .h), the files `rglob("*<suffix>")`
 *   finds under the entry DIRECTORY;
 * - every stripped line starting with `#include` (or `#`, `include`) whose next word starts with `"`
 *   or `<` and contains a "." (comments and `#if 0` blocks included) names `word[1:-1]`;
 * - it is looked up beside the file, then in the repository root and in every directory named
 *   include, src, lib, libs, library, libraries or inc (in that order of names), skipping any
 *   directory whose absolute path does not contain the entry path as a substring; the first hit
 *   counts ("..", "." folded as `Path.resolve()` does);
 * - the list keeps the include order and repeats.
 */
import type { Resolver } from "./common";
import { basename, compareCodePoints, joinPath, dirname, type RepoFiles } from "./repo";
import { rglobOrder, type RglobOptions } from "./rglob";

const SUFFIX_ORDER = [".cpp", ".hpp", ".cc", ".hh", ".cxx", ".hxx", ".c", ".h"];
const INCLUDE_DIR_NAMES = ["include", "src", "lib", "libs", "library", "libraries", "inc"];

/** Python's `str.split()` (no argument): runs of whitespace separate, none at the ends. */
function pySplit(line: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Python's str.split() separators, control characters included
  return line.split(/[\s\u001c-\u001f\u0085]+/).filter((w) => w !== "");
}

export function includesOfLines(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split("\n")) {
    const words = pySplit(raw);
    let include: string | undefined;
    if (words.length > 0 && words[0].startsWith("#include")) include = words[1];
    else if (words[0] === "#" && words[1] === "include") include = words[2];
    if (include === undefined) continue;
    if ((include.startsWith('"') || include.startsWith("<")) && include.includes(".")) found.push(include.slice(1, -1));
  }
  return found;
}

export function cppReferenceResolver(glob: RglobOptions): Resolver {
  return (repo, files, _lang, opts) => {
    const entry = (opts.entrypoint ?? "").replace(/\/+$/, "");
    const root = entry === "." ? "" : entry;
    const order = SUFFIX_ORDER.flatMap((suffix) => rglobOrder(repo.paths, root, (name) => name.endsWith(suffix), glob));
    const includeDirs = [""].concat(INCLUDE_DIR_NAMES.flatMap((name) => includeDirsNamed(repo, name, glob)));
    // The absolute path of a directory contains the entry path: "/<tmp>/" + dir stands in for it.
    const contains = (dir: string) => `/${dir}`.includes(entry) || entry === "" || entry === ".";
    const imports = new Map(
      order.map((path) => {
        const deps: string[] = [];
        for (const include of includesOfLines(files[path] ?? "")) {
          for (const dir of [dirname(path), ...includeDirs]) {
            if (!contains(dir)) continue;
            const target = joinPath(dir, include);
            if (target !== undefined && repo.has(target)) {
              deps.push(target);
              break;
            }
          }
        }
        return [path, { deps, unresolved: [] }];
      }),
    );
    return { order, imports };
  };
}

/** Directories named `name` anywhere in the repository, in `rglob(name)`'s order. */
function includeDirsNamed(repo: RepoFiles, name: string, glob: RglobOptions): string[] {
  const dirs = [...repo.dirs()].filter((d) => d !== "" && basename(d) === name);
  // rglob lists directories too: order them as if each were a file at its place in the tree.
  return rglobOrder(dirs.sort(compareCodePoints), "", (n) => n === name, glob);
}
