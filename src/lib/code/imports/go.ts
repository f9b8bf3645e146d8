/**
 * Go: files of one package see each other's package-level names without importing them, so a
 * file depends on the files declaring the names it uses; an import of a package of the module
 * depends on that package's files.
 */
import type { Node } from "web-tree-sitter";
import type { LoadedLanguage } from "../parser";
import { capture, scanFiles, type DependencyOptions, type FileImports, type Resolver } from "./common";
import { basename, child, compareCodePoints, dirname, sortPaths, type RepoFiles } from "./repo";
import { present } from "../nodes";

const USES = "[(identifier) (type_identifier)] @use";
const IMPORT_PATHS = "(import_spec path: (_) @path)";
const SELECTOR_OPERANDS =
  "[(selector_expression operand: (identifier) @x) (qualified_type package: (package_identifier) @x)]";

interface GoFile {
  pkg: string;
  declared: string[];
  used: string[];
  imported: string[];
}

/** Names every file of a package may declare without clashing. */
const SHAREABLE = new Set(["_", "init"]);

const isTest = (path: string) => path.endsWith("_test.go");

export const resolveGo: Resolver = (repo, files, lang, opts) => {
  const order = sortPaths(repo.paths);
  if (opts.goStrategy === "reference") return { order, imports: referenceImports(repo, files, lang, order) };

  const scanned = scanFiles(lang, files, repo.paths, (_, root) => scanFile(lang, root));
  const declaredBy = new Map<string, Map<string, string[]>>(); // package key -> name -> files
  for (const path of order) {
    const file = scanned.get(path);
    if (!file) continue;
    const key = `${dirname(path)}\0${file.pkg}`;
    let names = declaredBy.get(key);
    if (!names) declaredBy.set(key, (names = new Map()));
    for (const name of file.declared) {
      if (SHAREABLE.has(name)) continue;
      const list = names.get(name);
      if (list) list.push(path);
      else names.set(name, [path]);
    }
  }

  const modules = moduleRoots(files, opts);
  const imports = new Map<string, FileImports>();
  for (const path of repo.paths) {
    const found: FileImports = { deps: [], unresolved: [] };
    imports.set(path, found);
    const file = scanned.get(path);
    if (!file) continue;
    for (const importPath of file.imported) resolveImport(repo, modules, importPath, found);
    const names = declaredBy.get(`${dirname(path)}\0${file.pkg}`)!;
    const own = new Set(file.declared);
    for (const name of file.used) {
      // Build variants (`x_linux.go`, `x_windows.go`) declare the same names: not each other's users.
      if (own.has(name)) continue;
      // A test file sees the package's other files; the package never sees its tests.
      for (const target of names.get(name) ?? []) if (isTest(path) || !isTest(target)) found.deps.push(target);
    }
  }
  return { order, imports };
};

function scanFile(lang: LoadedLanguage, root: Node): GoFile {
  const pkg =
    present(root.namedChildren)
      .find((n) => n.type === "package_clause")
      ?.namedChild(0)?.text ?? "";
  const declared: string[] = [];
  for (const decl of present(root.namedChildren)) {
    if (decl.type === "function_declaration") declared.push(decl.childForFieldName("name")?.text ?? "");
    else if (decl.type === "type_declaration" || decl.type === "var_declaration" || decl.type === "const_declaration") {
      for (const spec of specs(decl)) declared.push(...present(spec.childrenForFieldName("name")).map((n) => n.text));
    }
  }
  const used = new Set<string>();
  for (const { node } of capture(lang, USES, root)) if (node.parent?.type !== "qualified_type") used.add(node.text);
  const imported = capture(lang, IMPORT_PATHS, root).map(({ node }) => node.text.slice(1, -1));
  return { pkg, declared, used: [...used], imported };
}

/** The `type_spec`/`var_spec`/... nodes of a declaration, inside a parenthesised list or not. */
function specs(decl: Node): Node[] {
  return present(decl.namedChildren)
    .flatMap((n) => (n.type.endsWith("_spec_list") ? present(n.namedChildren) : [n]))
    .filter((n) => n.type.endsWith("_spec") || n.type === "type_alias");
}

/** Module path -> directory, from `go.mod` entries among the files or `opts.goModule` (repository root). */
function moduleRoots(files: Record<string, string>, opts: DependencyOptions): [string, string][] {
  const roots: [string, string][] = [];
  if (opts.goModule) roots.push([opts.goModule, ""]);
  for (const [path, text] of Object.entries(files)) {
    if (basename(path) !== "go.mod") continue;
    const module = text.match(/^\s*module\s+"?([^\s"]+)"?/m)?.[1];
    if (module) roots.push([module, dirname(path)]);
  }
  // Nested modules first: the longest module path that prefixes an import owns it.
  return roots.sort((a, b) => b[0].length - a[0].length || compareCodePoints(a[0], b[0]));
}

function resolveImport(repo: RepoFiles, modules: [string, string][], importPath: string, out: FileImports): void {
  const owner = modules.find(([module]) => importPath === module || importPath.startsWith(`${module}/`));
  if (!owner) return;
  const [module, root] = owner;
  const rest = importPath.slice(module.length + 1);
  const dir = rest === "" ? root : root === "" ? rest : child(root, rest);
  const targets = repo.filesIn(dir).filter((f) => f.endsWith(".go") && !isTest(f));
  if (targets.length === 0) out.unresolved.push(importPath);
  else out.deps.push(...targets);
}

/**
 * The reference's `dependency_analysis.go`: for every selector `x.Sel` whose left side is an
 * identifier, every file named `x.go` anywhere in the tree is a dependency (tests included).
 */
function referenceImports(
  repo: RepoFiles,
  files: Record<string, string>,
  lang: LoadedLanguage,
  order: string[],
): Map<string, FileImports> {
  const byStem = new Map<string, string[]>();
  for (const path of order) {
    const stem = basename(path).replace(/\.go$/, "");
    const list = byStem.get(stem);
    if (list) list.push(path);
    else byStem.set(stem, [path]);
  }
  const scanned = scanFiles(lang, files, repo.paths, (_, root) =>
    capture(lang, SELECTOR_OPERANDS, root).map(({ node }) => node.text),
  );
  const imports = new Map<string, FileImports>();
  for (const path of repo.paths)
    imports.set(path, { deps: (scanned.get(path) ?? []).flatMap((name) => byStem.get(name) ?? []), unresolved: [] });
  return imports;
}
