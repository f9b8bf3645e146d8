/**
 * The reference's Rust dependency tool (the reference repository's `scripts/curate/dep_analysis/rust.py`),
 * reproduced in its deterministic parts. It ran cargo-modules on each library and binary target
 * under the entry path and mapped every node of the graph to a file with its `find_path`:
 * - the module set is the crate's module tree as rust-analyzer sees it with the package's DEFAULT
 *   features and `--cfg-test`: a `mod` under a `#[cfg(...)]` that is false is no node (here: features
 *   from `Cargo.toml`'s `default`, `test` and `debug_assertions` on, the host `unix`/`target_os = "linux"`,
 *   64-bit; any other predicate false);
 * - `find_path` walks a node's path from the crate's directory: `a/mod.rs` continues into `a/`,
 *   `a.rs` ENDS the walk (so `crate::a::b` maps to `a.rs` even when `a/b.rs` exists), nothing found
 *   maps to the crate root; a module with `#[path = ...]` thus maps to a file it is not in;
 * - keys are the mapped files in node order (each module, then its functions and child modules in
 *   source order, depth first); edges are cargo-modules' `owns` (module -> child module) and `uses`
 *   (`use` paths to modules and functions, as files), self-edges dropped.
 * What is not reproduced: the lists were Python sets of strings, iterated in the order of the
 * per-process string hash (PYTHONHASHSEED), so they are sorted here; and rust-analyzer's own
 * reading of macros (modules declared by macros, `cfg_if!`) is not attempted.
 */
import type { Node } from "web-tree-sitter";
import type { LoadedLanguage } from "../parser";
import { withTree } from "../parser";
import { readCargoPackage, type CargoPackage } from "./cargo";
import type { FileImports, Resolver } from "./common";
import { basename, child, compareCodePoints, dirname, joinPath, type RepoFiles } from "./repo";
import { pathAttribute, usePaths } from "./rust";
import { present } from "../nodes";

interface Crate {
  root: string;
  /** The directory `find_path` starts from (the crate root's directory). */
  dir: string;
  kind: "lib" | "bin";
  features: Set<string>;
}

export const resolveRustReference: Resolver = (repo, files, lang, opts) => {
  const entry = (opts.entrypoint ?? "").replace(/\/+$/, "");
  const crates = findCrates(repo, opts.manifests ?? {}, entry);
  const keys: string[] = [];
  const edges = new Map<string, Set<string>>();
  const addKey = (file: string) => {
    if (!repo.has(file) || edges.has(file)) return;
    edges.set(file, new Set());
    keys.push(file);
  };
  for (const crate of crates) {
    const map = (segs: readonly string[]) => findPath(repo, crate, segs);
    const modules = new Set<string>(); // "a::b" of every module node
    const walk = (file: string, body: Node, segs: string[], childDir: string) => {
      modules.add(segs.join("::"));
      addKey(map(segs));
      let attrs: Node[] = [];
      for (const item of present(body.namedChildren)) {
        if (item.type === "attribute_item") {
          attrs.push(item);
          continue;
        }
        if (item.type === "line_comment" || item.type === "block_comment") continue;
        const enabled = attrs.every((a) => cfgHolds(a, crate.features));
        const pathAttr = item.type === "mod_item" ? pathAttribute(item) : undefined;
        attrs = [];
        if (!enabled) continue;
        if (item.type === "function_item") addKey(map([...segs, item.childForFieldName("name")?.text ?? ""]));
        if (item.type !== "mod_item") continue;
        const name = item.childForFieldName("name")?.text ?? "";
        const inline = item.childForFieldName("body");
        if (inline) {
          walk(file, inline, [...segs, name], child(childDir, name));
          continue;
        }
        const target =
          pathAttr !== undefined
            ? joinPath(dirname(file), pathAttr)
            : [child(childDir, `${name}.rs`), child(child(childDir, name), "mod.rs")].find((p) => repo.has(p));
        if (target === undefined || !repo.has(target)) continue;
        withTree(lang, files[target], (root) => {
          if (!innerCfgHolds(root, crate.features)) return;
          const dir =
            basename(target) === "mod.rs"
              ? dirname(target)
              : child(dirname(target), basename(target).replace(/\.rs$/, ""));
          walk(target, root, [...segs, name], dir);
        });
      }
    };
    withTree(lang, files[crate.root], (root) => walk(crate.root, root, [], dirname(crate.root)));
    // Edges: owns (module -> child module) and uses (`use` paths that name a module or a function).
    for (const mod of modules) {
      const segs = mod === "" ? [] : mod.split("::");
      if (segs.length > 0) edge(edges, map(segs.slice(0, -1)), map(segs));
    }
    for (const mod of modules) {
      const segs = mod === "" ? [] : mod.split("::");
      const file = moduleFile(repo, crate, segs, files, lang);
      if (!file) continue;
      withTree(lang, files[file], (root) => {
        for (const use of useDeclarations(root)) {
          for (const path of usePaths(use.childForFieldName("argument"), [])) {
            const target = resolveUse(path, segs, modules);
            if (target) edge(edges, map(segs), map(target));
          }
        }
      });
    }
  }
  const imports = new Map<string, FileImports>(
    keys.map((k) => [
      k,
      { deps: [...edges.get(k)!].filter((t) => edges.has(t)).sort(compareCodePoints), unresolved: [] },
    ]),
  );
  return { order: keys, imports };
};

function edge(edges: Map<string, Set<string>>, from: string, to: string): void {
  if (from !== to && edges.has(from)) edges.get(from)!.add(to);
}

/** The library and binary targets of the package owning the entry path whose root is under it. */
function findCrates(repo: RepoFiles, manifests: Record<string, string>, entry: string): Crate[] {
  const crates: Crate[] = [];
  for (const [path, text] of Object.entries(manifests).sort(([a], [b]) => compareCodePoints(a, b))) {
    const pkg: CargoPackage = readCargoPackage(
      path,
      text,
      (p) => repo.has(p),
      (d) => repo.filesIn(d),
    );
    for (const t of pkg.targets) {
      if (entry !== "" && !t.src.startsWith(`${entry}/`) && t.src !== entry) continue;
      crates.push({ root: t.src, dir: dirname(t.src), kind: t.kind, features: pkg.features });
    }
  }
  // Libraries first (cargo metadata lists a package's lib target before its bins).
  return crates.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "lib" ? -1 : 1));
}

/** The reference's `find_path`: `mod.rs` continues, `x.rs` stops, nothing found is the crate root. */
export function findPath(repo: RepoFiles, crate: Crate, segs: readonly string[]): string {
  let current = crate.dir;
  let best: string | undefined;
  for (const seg of segs) {
    current = child(current, seg);
    if (repo.has(child(current, "mod.rs"))) {
      best = child(current, "mod.rs");
      continue;
    }
    if (repo.has(`${current}.rs`)) best = `${current}.rs`;
    break;
  }
  return best ?? child(crate.dir, crate.kind === "lib" ? "lib.rs" : "main.rs");
}

/** The file that really holds module `segs` (for its `use` items): found again by walking `mod` items. */
function moduleFile(
  repo: RepoFiles,
  crate: Crate,
  segs: readonly string[],
  files: Record<string, string>,
  lang: LoadedLanguage,
): string | undefined {
  let file = crate.root;
  let dir = dirname(crate.root);
  for (const seg of segs) {
    const item = withTree(lang, files[file], (root) =>
      present(root.namedChildren).find(
        (n) => n.type === "mod_item" && n.childForFieldName("name")?.text === seg && !n.childForFieldName("body"),
      ),
    );
    if (!item) return undefined; // inline module: its uses are read with the enclosing file's
    const pathAttr = withTree(lang, files[file], (root) => {
      const found = present(root.namedChildren).find(
        (n) => n.type === "mod_item" && n.childForFieldName("name")?.text === seg,
      );
      return found ? pathAttribute(found) : undefined;
    });
    const next =
      pathAttr !== undefined
        ? joinPath(dirname(file), pathAttr)
        : [child(dir, `${seg}.rs`), child(child(dir, seg), "mod.rs")].find((p) => repo.has(p));
    if (!next || !repo.has(next)) return undefined;
    file = next;
    dir = basename(file) === "mod.rs" ? dirname(file) : child(dirname(file), basename(file).replace(/\.rs$/, ""));
  }
  return file;
}

function useDeclarations(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    for (const c of present(n.namedChildren)) {
      if (c.type === "use_declaration") out.push(c);
      else if (c.type === "mod_item")
        continue; // an inline module's uses are its own
      else visit(c);
    }
  };
  visit(root);
  return out;
}

/** A `use` path resolved to the deepest module of the crate on it, plus a lowercase last segment (a function). */
function resolveUse(path: string[], here: readonly string[], modules: Set<string>): string[] | undefined {
  const [head] = path;
  let base: string[];
  let rest = path.slice(1);
  if (head === "crate") base = [];
  else if (head === "self") base = [...here];
  else if (head === "super") {
    const ups = path.findIndex((s) => s !== "super");
    const count = ups < 0 ? path.length : ups;
    if (count > here.length) return undefined;
    base = here.slice(0, here.length - count);
    rest = path.slice(count);
  } else if (modules.has([...here, head].join("::"))) base = [...here];
  else if (modules.has(head)) base = [];
  else return undefined;
  const target = [...base, ...rest.filter((s) => s !== "self" && s !== "*")];
  for (let n = target.length; n >= 0; n--) {
    if (modules.has(target.slice(0, n).join("::"))) {
      const next = target[n];
      // A type, trait or constant is no node with --no-types --no-traits: the edge is to the module only if it names it.
      if (next === undefined) return target.slice(0, n);
      return target.slice(0, n + 1);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// cfg predicates.

const HOST: Record<string, string[]> = {
  target_os: ["linux"],
  target_family: ["unix"],
  target_pointer_width: ["64"],
  target_endian: ["little"],
  target_arch: ["x86_64"],
  panic: ["unwind"],
};
const HOST_FLAGS = new Set(["unix", "test", "debug_assertions"]);

function cfgHolds(attrItem: Node, features: Set<string>): boolean {
  const attr = attrItem.namedChildren[0];
  if (attr?.namedChildren[0]?.text !== "cfg") return true;
  const args = attr.childForFieldName("arguments");
  return args ? evalCfg(tokens(args.text.slice(1, -1)), features) : true;
}

/** `#![cfg(...)]` at the top of a module file. */
function innerCfgHolds(root: Node, features: Set<string>): boolean {
  for (const item of present(root.namedChildren)) {
    if (item.type !== "inner_attribute_item") continue;
    const attr = item.namedChildren[0];
    const args = attr?.childForFieldName("arguments");
    if (attr?.namedChildren[0]?.text === "cfg" && args && !evalCfg(tokens(args.text.slice(1, -1)), features))
      return false;
  }
  return true;
}

function tokens(text: string): string[] {
  return text.match(/"(?:[^"\\]|\\.)*"|[A-Za-z_][\w]*|[(),=]/g) ?? [];
}

function evalCfg(toks: string[], features: Set<string>): boolean {
  let i = 0;
  const predicate = (): boolean => {
    const name = toks[i++];
    if (name === "not" || name === "all" || name === "any") {
      i++; // (
      const values: boolean[] = [];
      while (i < toks.length && toks[i] !== ")") {
        values.push(predicate());
        if (toks[i] === ",") i++;
      }
      i++; // )
      return name === "not" ? !values[0] : name === "all" ? values.every(Boolean) : values.some(Boolean);
    }
    if (toks[i] === "=") {
      const value = toks[i + 1]?.slice(1, -1) ?? "";
      i += 2;
      return name === "feature" ? features.has(value) : (HOST[name] ?? []).includes(value);
    }
    return HOST_FLAGS.has(name);
  };
  return predicate();
}
