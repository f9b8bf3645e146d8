/**
 * Rust: `mod x;` declarations (the owning edge cargo-modules draws) and `use` paths into the
 * crate's modules, each resolved to the file that defines the deepest module on the path.
 */
import type { Node } from "web-tree-sitter";
import { capture, everyFile, scanFiles, type FileImports, type Resolver } from "./common";
import { basename, child, dirname, joinPath, sortPaths, type RepoFiles } from "./repo";

const ITEMS = "[(mod_item) (use_declaration)] @item";
const OWN_CRATE_DIRS = new Set(["bin", "tests", "examples", "benches"]);

export const resolveRust: Resolver = (repo, files, lang) => {
  const crates = new Crates(repo);
  const scanned = scanFiles(lang, files, repo.paths, (path, root) => {
    const found: FileImports = { deps: [], unresolved: [] };
    for (const { node } of capture(lang, ITEMS, root)) {
      if (node.type === "mod_item") crates.modItem(path, node, found);
      else
        for (const segments of usePaths(node.childForFieldName("argument"), []))
          crates.use(path, inlineModules(node), segments, found);
    }
    return found;
  });
  return { order: sortPaths(repo.paths), imports: everyFile(repo.paths, scanned) };
};

class Crates {
  /** Crate root file -> module path ("a::b") -> file. */
  private readonly modules = new Map<string, Map<string, string>>();

  constructor(private readonly repo: RepoFiles) {
    for (const path of sortPaths(repo.paths)) {
      const root = this.crateRoot(path);
      let map = this.modules.get(root);
      if (!map) this.modules.set(root, (map = new Map()));
      const key = this.modulePath(path).join("::");
      if (!map.has(key)) map.set(key, path);
    }
  }

  /** lib.rs / main.rs above the file (a binary, test or example file is a crate of its own). */
  crateRoot(path: string): string {
    const name = basename(path);
    if (name === "lib.rs" || name === "main.rs" || name === "build.rs" || OWN_CRATE_DIRS.has(basename(dirname(path))))
      return path;
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      for (const rootName of ["lib.rs", "main.rs"])
        if (this.repo.has(child(dir, rootName))) return child(dir, rootName);
      if (dir === "") return path;
    }
  }

  modulePath(path: string): string[] {
    const root = this.crateRoot(path);
    if (root === path) return [];
    const base = dirname(root);
    const rel = (base === "" ? path : path.slice(base.length + 1)).replace(/\.rs$/, "").replace(/(^|\/)mod$/, "");
    return rel === "" ? [] : rel.split("/");
  }

  /** Where `mod x;` in this file looks for x: beside a crate root or mod.rs, else in a directory named after the file. */
  moduleDir(path: string): string {
    return this.crateRoot(path) === path || basename(path) === "mod.rs"
      ? dirname(path)
      : child(dirname(path), basename(path).replace(/\.rs$/, ""));
  }

  modItem(path: string, node: Node, out: FileImports): void {
    if (node.childForFieldName("body")) return;
    const name = node.childForFieldName("name")?.text;
    if (!name) return;
    const explicit = pathAttribute(node);
    if (explicit !== undefined) {
      const target = joinPath(dirname(path), explicit);
      if (this.repo.has(target)) out.deps.push(target);
      else out.unresolved.push(`mod ${name}`);
      return;
    }
    const dir = [this.moduleDir(path), ...inlineModules(node)].reduce(child);
    const target = [child(dir, `${name}.rs`), child(child(dir, name), "mod.rs")].find((p) => this.repo.has(p));
    if (target) out.deps.push(target);
    else out.unresolved.push(`mod ${name}`);
  }

  use(path: string, inline: string[], segments: string[], out: FileImports): void {
    const root = this.crateRoot(path);
    const map = this.modules.get(root)!;
    const here = [...this.modulePath(path), ...inline];
    const [head] = segments;
    let base: string[];
    let rest = segments.slice(1);
    if (head === "crate") base = [];
    else if (head === "self") base = here;
    else if (head === "super") {
      const ups = segments.findIndex((s) => s !== "super");
      const count = ups < 0 ? segments.length : ups;
      if (count > here.length) {
        out.unresolved.push(segments.join("::"));
        return;
      }
      base = here.slice(0, here.length - count);
      rest = segments.slice(count);
    } else if (map.has([...here, head].join("::")))
      base = here; // a child module (2018 paths)
    else if (map.has(head))
      base = []; // a top-level module (2015 paths)
    else return; // another crate
    const target = [...base, ...rest.filter((s) => s !== "self")];
    for (let n = target.length; n >= 0; n--) {
      const file = map.get(target.slice(0, n).join("::"));
      if (file) {
        out.deps.push(file);
        return;
      }
    }
  }
}

/** Names of the inline `mod m { ... }` blocks around a node, outermost first. */
export function inlineModules(node: Node): string[] {
  const names: string[] = [];
  for (let p = node.parent; p; p = p.parent)
    if (p.type === "mod_item") names.unshift(p.childForFieldName("name")?.text ?? "");
  return names;
}

/** `#[path = "..."]` right before a `mod` item. */
export function pathAttribute(node: Node): string | undefined {
  for (let p = node.previousNamedSibling; p?.type === "attribute_item"; p = p.previousNamedSibling) {
    const attr = p.namedChildren[0];
    if (attr?.namedChildren[0]?.text === "path") {
      const value = attr.childForFieldName("value");
      if (value?.type === "string_literal") return value.text.slice(1, -1);
    }
  }
  return undefined;
}

/** Every path a use tree names, as segments; `::x` (another crate) starts with "::". */
export function usePaths(node: Node | null, prefix: string[]): string[][] {
  if (!node) return [];
  switch (node.type) {
    case "use_as_clause":
      return usePaths(node.childForFieldName("path"), prefix);
    case "use_wildcard":
      return node.namedChildren[0] ? usePaths(node.namedChildren[0], prefix) : [prefix];
    case "use_list":
      return node.namedChildren.flatMap((item) => usePaths(item, prefix));
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      return usePaths(node.childForFieldName("list"), path ? [...prefix, ...segments(path)] : prefix);
    }
    default:
      return [[...prefix, ...segments(node)]];
  }
}

function segments(node: Node): string[] {
  if (node.type !== "scoped_identifier") return [node.text];
  const path = node.childForFieldName("path");
  const name = node.childForFieldName("name")?.text ?? "";
  return path ? [...segments(path), name] : ["::", name];
}
