/**
 * Python imports, resolved the way the reference's tool (pydeps, a modulefinder) records them:
 * importing `a.b.c` also loads the packages `a` and `a.b`, so their `__init__.py` files count.
 */
import type { Node } from "web-tree-sitter";
import { capture, everyFile, scanFiles, type FileImports, type Resolver } from "./common";
import { basename, child, compareCodePoints, dirname, type RepoFiles } from "./repo";
import { present } from "../nodes";

const IMPORTS = "[(import_statement) (import_from_statement)] @import";

export const resolvePython: Resolver = (repo, files, lang, opts) => {
  const reference = opts.curation === "reference";
  const py = new PythonRepo(repo, opts.entrypoint, reference);
  // pydeps given a directory that is no package (a namespace package such as poetry's `src/poetry`)
  // writes a dummy module importing nothing it can find: no module gets an edge.
  if (reference && !py.entryIsPackage()) return { order: [...repo.paths], imports: everyFile(repo.paths, new Map()) };
  const scanned = scanFiles(lang, files, repo.paths, (path, root) => {
    const found: FileImports = { deps: [], unresolved: [] };
    for (const { node } of capture(lang, IMPORTS, root)) py.statement(path, node, found);
    found.deps = py.sortDeps(found.deps);
    return found;
  });
  const imports = everyFile(repo.paths, scanned);
  return { order: py.order(imports), imports };
};

export class PythonRepo {
  /** sys.path stand-ins, most specific first. */
  readonly roots: string[];

  private readonly entry: string | undefined;

  constructor(
    readonly repo: RepoFiles,
    entrypoint?: string,
    /** Star imports as modulefinder's `scan_code` records them: the package only, no submodule. */
    private readonly referenceStar = false,
  ) {
    const roots: string[] = [];
    const entry = (this.entry = entrypoint?.replace(/\/+$/, ""));
    if (entry !== undefined && entry !== "") {
      const entryDir = repo.has(entry) ? dirname(entry) : entry;
      roots.push(this.isPackage(entryDir) ? dirname(this.topPackage(entryDir)) : entryDir);
    }
    const packageParents = new Set<string>();
    for (const dir of repo.dirs())
      if (dir !== "" && this.isPackage(dir) && !this.isPackage(dirname(dir))) packageParents.add(dirname(dir));
    roots.push(...[...packageParents].sort(compareCodePoints));
    if (entry) for (let dir = dirname(entry); dir !== ""; dir = dirname(dir)) roots.push(dir);
    roots.push("");
    this.roots = [...new Set(roots)];
  }

  /** Whether pydeps would see the entry path as a package or a module file (not a plain directory). */
  entryIsPackage(): boolean {
    const entry = this.entry === undefined || this.entry === "." ? "" : this.entry;
    return this.repo.has(entry) || this.isPackage(entry);
  }

  isPackage(dir: string): boolean {
    return this.repo.has(child(dir, "__init__.py"));
  }

  /** The outermost package directory of the chain of packages containing `dir`. */
  topPackage(dir: string): string {
    while (dir !== "" && this.isPackage(dirname(dir))) dir = dirname(dir);
    return dir;
  }

  /** `name` inside `dir` in importlib's precedence: a package, a module file, a namespace directory. */
  module(dir: string, name: string): { file?: string; dir?: string } | undefined {
    const sub = child(dir, name);
    if (this.isPackage(sub)) return { file: child(sub, "__init__.py"), dir: sub };
    const file = child(dir, `${name}.py`);
    if (this.repo.has(file)) return { file };
    if (this.repo.isDir(sub)) return { dir: sub };
    return undefined;
  }

  statement(path: string, node: Node, out: FileImports): void {
    if (node.type === "import_statement") {
      for (const name of present(node.childrenForFieldName("name"))) {
        const dotted = name.type === "aliased_import" ? name.childForFieldName("name")! : name;
        this.absolute(dotted.text.split("."), out);
      }
      return;
    }
    const moduleNode = node.childForFieldName("module_name");
    if (!moduleNode) return;
    const names = present(node.childrenForFieldName("name")).map(
      (n) => (n.type === "aliased_import" ? n.childForFieldName("name")! : n).text,
    );
    const wildcard = present(node.namedChildren).some((n) => n.type === "wildcard_import");
    if (moduleNode.type !== "relative_import") {
      const target = this.absolute(moduleNode.text.split("."), out);
      if (target) this.fromList(target, moduleNode.text, names, wildcard, out);
      return;
    }
    const prefix = present(moduleNode.namedChildren).find((n) => n.type === "import_prefix")?.text.length ?? 1;
    const dotted = present(moduleNode.namedChildren).find((n) => n.type === "dotted_name")?.text;
    let base = dirname(path);
    for (let level = 1; level < prefix; level++) {
      if (base === "") {
        out.unresolved.push(moduleNode.text);
        return;
      }
      base = dirname(base);
    }
    // `from . import x` re-imports the containing package by its absolute name (pydeps records
    // the package chain); `from .m import x` walks down from the package without loading it.
    const target = dotted ? this.walk(base, dotted.split("."), moduleNode.text, out) : this.packageChain(base, out);
    if (target) this.fromList(target, moduleNode.text, names, wildcard, out);
  }

  /** Resolves an absolute module path; `undefined` when it is not the repository's (or is missing). */
  absolute(parts: string[], out: FileImports): string | undefined {
    const root = this.roots.find((r) => this.module(r, parts[0]) !== undefined);
    if (root === undefined) return undefined;
    return this.walk(root, parts, parts.join("."), out);
  }

  /** Loads each prefix of `parts` below `dir`; returns the directory of the last one if it is a package. */
  walk(dir: string, parts: string[], spec: string, out: FileImports): string | undefined {
    let current = dir;
    for (let i = 0; i < parts.length; i++) {
      const found = this.module(current, parts[i]);
      if (!found || (found.dir === undefined && i < parts.length - 1)) {
        out.unresolved.push(spec);
        return undefined;
      }
      if (found.file) out.deps.push(found.file);
      if (found.dir === undefined) return undefined;
      current = found.dir;
    }
    return current;
  }

  /** The `__init__.py` files of `dir` and of the packages around it, outermost first. */
  packageChain(dir: string, out: FileImports): string {
    const inits: string[] = [];
    for (let d = dir; d !== "" && this.isPackage(d); d = dirname(d)) inits.unshift(child(d, "__init__.py"));
    out.deps.push(...inits);
    return dir;
  }

  /** `from <package> import names`: each name that is a submodule counts; `*` loads every module file. */
  fromList(pkgDir: string, spec: string, names: string[], wildcard: boolean, out: FileImports): void {
    if (wildcard && !this.referenceStar) {
      for (const file of this.repo.filesIn(pkgDir))
        if (file.endsWith(".py") && basename(file) !== "__init__.py") out.deps.push(file);
    }
    for (const name of names) {
      const found = this.module(pkgDir, name);
      if (found?.file) out.deps.push(found.file);
      else if (!found && !this.isPackage(pkgDir)) out.unresolved.push(`${spec}${spec.endsWith(".") ? "" : "."}${name}`);
    }
  }

  /** Dotted module name of a file, relative to the first root above it. */
  moduleName(path: string): string {
    const root = this.roots.find((r) => r === "" || path.startsWith(`${r}/`)) ?? "";
    const rel = (root === "" ? path : path.slice(root.length + 1)).replace(/\.py$/, "").replace(/(^|\/)__init__$/, "");
    return rel.split("/").join(".");
  }

  /**
   * pydeps prints modules sorted by name, and the reference keeps those with recorded imports;
   * every other file follows in content order.
   */
  order(imports: Map<string, FileImports>): string[] {
    const withImports = this.repo.paths.filter((p) => imports.get(p)!.deps.length > 0);
    const named = withImports
      .map((p) => [this.moduleName(p), p] as const)
      .sort((a, b) => compareCodePoints(a[0], b[0]) || compareCodePoints(a[1], b[1]));
    const first = new Set(withImports);
    return [...named.map(([, p]) => p), ...this.repo.paths.filter((p) => !first.has(p))];
  }

  /** pydeps lists a module's imports sorted by module name. */
  sortDeps(deps: string[]): string[] {
    return [...new Set(deps)].sort((a, b) => compareCodePoints(this.moduleName(a), this.moduleName(b)));
  }
}
