/**
 * Java: imports resolved through each file's `package` declaration and the types it declares
 * (not through paths), plus the same-package types a file names without importing them.
 */
import type { Node } from "web-tree-sitter";
import type { LoadedLanguage } from "../parser";
import { capture, scanFiles, type FileImports, type Resolver } from "./common";
import { sortPaths } from "./repo";
import { present } from "../nodes";

const TYPE_DECLARATIONS = new Set([
  "class_declaration",
  "interface_declaration",
  "enum_declaration",
  "record_declaration",
  "annotation_type_declaration",
]);
const NAMES = "[(identifier) (type_identifier)] @name";

interface JavaFile {
  pkg: string;
  types: string[];
  imports: { name: string; wildcard: boolean }[];
  names: string[];
}

export const resolveJava: Resolver = (repo, files, lang) => {
  const order = sortPaths(repo.paths);
  const scanned = scanFiles(lang, files, repo.paths, (_, root) => scanFile(lang, root));
  const typeFiles = new Map<string, string[]>(); // fully qualified top-level type -> files
  const packageFiles = new Map<string, string[]>();
  for (const path of order) {
    const file = scanned.get(path);
    if (!file) continue;
    push(packageFiles, file.pkg, path);
    for (const type of file.types) push(typeFiles, qualify(file.pkg, type), path);
  }

  const imports = new Map<string, FileImports>();
  for (const path of repo.paths) {
    const found: FileImports = { deps: [], unresolved: [] };
    imports.set(path, found);
    const file = scanned.get(path);
    if (!file) continue;
    const imported = new Set<string>();
    for (const { name, wildcard } of file.imports) {
      const parts = name.split(".");
      if (!wildcard) imported.add(parts[parts.length - 1]);
      const targets = importTargets(typeFiles, packageFiles, parts, wildcard);
      if (targets) found.deps.push(...targets);
      else if (looksInternal(packageFiles, wildcard ? name : parts.slice(0, -1).join(".")))
        found.unresolved.push(name + (wildcard ? ".*" : ""));
    }
    // A simple name that is no single-type import may be a type of the file's own package.
    for (const name of file.names) {
      if (imported.has(name)) continue;
      for (const target of typeFiles.get(qualify(file.pkg, name)) ?? []) found.deps.push(target);
    }
  }
  return { order, imports };
};

/** The longest prefix naming a type owns the import (`a.B.Inner`, `static a.B.member`); `a.b.*` takes the package. */
function importTargets(
  typeFiles: Map<string, string[]>,
  packageFiles: Map<string, string[]>,
  parts: string[],
  wildcard: boolean,
): string[] | undefined {
  for (let n = parts.length; n > 0; n--) {
    const files = typeFiles.get(parts.slice(0, n).join("."));
    if (files) return files;
  }
  return wildcard ? packageFiles.get(parts.join(".")) : undefined;
}

function scanFile(lang: LoadedLanguage, root: Node): JavaFile {
  let pkg = "";
  const types: string[] = [];
  const imports: JavaFile["imports"] = [];
  const header: [number, number][] = [];
  for (const node of present(root.namedChildren)) {
    if (node.type === "package_declaration" || node.type === "import_declaration")
      header.push([node.startIndex, node.endIndex]);
    if (node.type === "package_declaration")
      pkg = present(node.namedChildren).find((n) => n.type.endsWith("identifier"))?.text ?? "";
    else if (node.type === "import_declaration") {
      const name = present(node.namedChildren).find((n) => n.type.endsWith("identifier"))?.text;
      if (name)
        imports.push({
          name: name.replace(/\s+/g, ""),
          wildcard: present(node.namedChildren).some((n) => n.type === "asterisk"),
        });
    } else if (TYPE_DECLARATIONS.has(node.type)) {
      const name = node.childForFieldName("name")?.text;
      if (name) types.push(name);
    }
  }
  const body = new Set<string>();
  for (const { node } of capture(lang, NAMES, root)) {
    if (!header.some(([start, end]) => node.startIndex >= start && node.startIndex < end)) body.add(node.text);
  }
  return { pkg, types, imports, names: [...body] };
}

/** An import is ours when its package is, or lies below, a package the repository declares. */
function looksInternal(packageFiles: Map<string, string[]>, pkg: string): boolean {
  for (const known of packageFiles.keys())
    if (known !== "" && (pkg === known || pkg.startsWith(`${known}.`))) return true;
  return false;
}

function qualify(pkg: string, name: string): string {
  return pkg === "" ? name : `${pkg}.${name}`;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
