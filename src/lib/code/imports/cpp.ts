/**
 * C and C++: `#include` resolved against the including file's directory, the repository root and
 * the include-like directories the reference searched (any directory named include, src, lib,
 * libs, library, libraries or inc).
 */
import { capture, everyFile, scanFiles, type FileImports, type Resolver } from "./common";
import { basename, compareCodePoints, dirname, joinPath, type RepoFiles } from "./repo";

const INCLUDES = "(preproc_include path: [(string_literal) (system_lib_string)] @path)";
/** The reference's `POTENTIAL_INCLUDE_DIR_NAMES`, in its order. */
const INCLUDE_DIR_NAMES = ["include", "src", "lib", "libs", "library", "libraries", "inc"];
/** The reference collected files suffix by suffix, in this order. */
const SUFFIX_ORDER = [".cpp", ".hpp", ".cc", ".hh", ".cxx", ".hxx", ".c", ".h"];

export const resolveCpp: Resolver = (repo, files, lang) => {
  const searchDirs = [
    "",
    ...INCLUDE_DIR_NAMES.flatMap((name) =>
      [...repo.dirs()].filter((d) => basename(d) === name).sort(compareCodePoints),
    ),
  ];
  const scanned = scanFiles(lang, files, repo.paths, (path, root) => {
    const found: FileImports = { deps: [], unresolved: [] };
    for (const { node } of capture(lang, INCLUDES, root)) {
      const quoted = node.type === "string_literal";
      const spec = quoted ? node.text.slice(1, -1) : node.text.slice(1, -1).trim();
      const target = [dirname(path), ...searchDirs].map((dir) => joinPath(dir, spec)).find((p) => repo.has(p));
      if (target) found.deps.push(target);
      // A quoted include is the project's own by convention; `<...>` ones are system or third party.
      else if (quoted) found.unresolved.push(spec);
    }
    return found;
  });
  return { order: cppOrder(repo), imports: everyFile(repo.paths, scanned) };
};

/** Grouped by suffix in the reference's order, each group in code-point order of paths. */
function cppOrder(repo: RepoFiles): string[] {
  const group = (path: string) => {
    const i = SUFFIX_ORDER.findIndex((suffix) => path.endsWith(suffix));
    return i < 0 ? SUFFIX_ORDER.length : i;
  };
  return [...repo.paths].sort((a, b) => group(a) - group(b) || compareCodePoints(a, b));
}
