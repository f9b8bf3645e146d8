/**
 * Dependency analysis between the files of a repository: the release format's
 * `dependency: { path: [imported paths] }`, whose {@link topologicalSort} is the reference's file order.
 *
 * The reference (evalplus/repoqa, `scripts/curate/dep_analysis/*.py`) ran a different external tool
 * per language (pydeps, dep-tree, a JavaParser program, cargo-modules, a Go program, a line scanner
 * for C++). needlework re-derives the edges from tree-sitter parses of the files, with the rules
 * below. Every language: self-imports are dropped; each file's list is deduplicated; a file that
 * does not parse, or imports nothing of ours, is still a key with `[]`; only files of the
 * repository are targets. `unresolved` lists, per file, imports that look like the repository's
 * own but match no file.
 *
 * Key order (it decides the topological order):
 * - python: as the reference wrote it. pydeps prints modules sorted by dotted name and the
 *   reference kept those with imports, then added every other file in content order. So: files
 *   with at least one in-repository import (a package's `__init__.py` importing itself counts),
 *   sorted by module name; then the rest in the order of `files`. Each list is sorted by module
 *   name too, as pydeps printed it.
 * - go: sorted by path (the reference's Go tool emitted a JSON object, which Go sorts by key).
 * - cpp: grouped by suffix in the reference's collection order (.cpp .hpp .cc .hh .cxx .hxx .c .h),
 *   sorted by path within a group (the reference's order within a group was the file system's).
 * - java, typescript, rust: sorted by path (the reference's order came from directory listings,
 *   tree walks and Python sets, which cannot be reproduced).
 * Lists other than Python's are in first-import order (the reference's came from sets and maps).
 *
 * Rules per language:
 * - python: `import a.b.m [as c]` depends on `a/__init__.py`, `a/b/__init__.py` and the module m
 *   (`m/__init__.py` before `m.py`, importlib's precedence), as modulefinder loads them all;
 *   `from a.b import c` adds the submodule c when there is one (otherwise c is a name in a.b);
 *   `from a.b import *` adds every module file of the package a/b. `from .m import x` and
 *   `from ..p.m import x` walk down from the file's package without loading it; `from . import x`
 *   and `from .. import x` load the package chain (every `__init__.py` from the outermost package
 *   down) and submodule x.
 *   Absolute names resolve against sys.path stand-ins, first match wins: the directory above the
 *   entrypoint's outermost package (or the entrypoint itself when it is no package), the parent
 *   of every outermost package in the repository, the entrypoint's ancestors, the repository root.
 *   A name whose first part exists under none of them is stdlib or third party: ignored. A missing
 *   submodule of a package we have (a namespace package, or a module path beyond a module) and a
 *   relative import that finds nothing are unresolved.
 * - typescript (.ts and .js): `import ... from`, `export ... from`, side-effect `import "x"`,
 *   `import x = require()`, `import()` and `require()` with a string literal. From a .ts file a
 *   relative specifier tries, in TypeScript's order, the `.ts` source of a `.js` specifier, `x`,
 *   `x.ts`, `x.d.ts`, `x.js`, `x/index.ts`, `x/index.d.ts`, `x/index.js`; from a .js file, `x`,
 *   `x.js`, `x/index.js` come first. Bare specifiers (packages, tsconfig aliases) are external; a
 *   missing relative specifier is unresolved unless it names a non-code asset (`./style.css`).
 * - go (default, `goStrategy: "semantic"`): a file depends on the files of its own package (same
 *   directory and package clause) that declare a package-level function, type, var or const it
 *   names; a `_test.go` file may depend on the package's other files, never the reverse. An import
 *   of a package of the module (module path from `go.mod` entries in `files`, else
 *   `opts.goModule` for the repository root) depends on every non-test file of that directory, or
 *   is unresolved when the directory has none; other imports are external. Test files are kept as
 *   keys: the reference kept them. `goStrategy: "reference"` reproduces the reference's Go tool
 *   instead: any selector `x.Sel` (or qualified type) links to every file named `x.go`.
 * - rust: `mod x;` depends on `x.rs` or `x/mod.rs` in the module directory (the file's directory
 *   for a crate root or `mod.rs`, else the directory named after the file; inline `mod m {}` blocks
 *   nest; `#[path = "..."]` is honoured). `use crate::a::b`, `use self::..`, `use super::..` and
 *   2018-style `use a::..` (a child module) or 2015-style (a top-level module) depend on the file of
 *   the deepest module on the path. Crate roots: `lib.rs`, `main.rs`, `build.rs`, files directly in
 *   `bin/`, `tests/`, `examples/`, `benches/`; other files belong to the nearest `lib.rs` (else
 *   `main.rs`) above them. Paths into other crates are external; a `mod x;` without a file and a
 *   `super` above the crate root are unresolved.
 * - java: `import a.b.C;` depends on the file whose `package a.b;` declares the top-level type C
 *   (a longer name `a.b.C.Inner` or a static member resolves to C's file); `import a.b.*;` to every
 *   file of package a.b (or of type a.b, for nested types). A simple name used in a file that is not
 *   a single-type import and is a top-level type of another file in the same package is a
 *   dependency, as javac would need it. An import inside (or below) a package the repository
 *   declares that finds no type is unresolved; others are external.
 * - cpp: `#include "x"` and `#include <x>` resolve against the including file's directory, then
 *   the repository root, then every directory named include, src, lib, libs, library, libraries
 *   or inc (the reference's list), first match wins; `..` is folded. An unmatched quoted include is
 *   unresolved; an unmatched `<x>` is external.
 *
 * `curation: "reference"` swaps in the reference's own tools where they differ (REFERENCE_RESOLVERS
 * below, the Python resolver's reference flags; what that reproduces and what it cannot is in
 * docs/repoqa.md, "Curation"). With the default rules, where the reference differs: pydeps also dropped "noisy" modules
 * (more than 200 importers and no imports, or the reverse), `migrations` modules and directories
 * without `__init__.py`. The Java tool resolved imports against the entrypoint's parent directory,
 * so for entrypoints like `gson/src/main/java` no import resolved and only annotation names and
 * import segments matching a sibling file's name counted; files with no dependency got `[""]`.
 * The Rust mapping stopped at the first `a.rs` on a module path (`crate::a::b` -> `a.rs` even
 * with `a/b.rs`), and files outside cargo-modules' graph were no keys. dep-tree (TypeScript) may
 * have followed tsconfig path aliases. The C++ scanner read lines, so includes inside block
 * comments counted, and it searched only directories whose path contains the entrypoint.
 */
import { loadLanguage } from "../../../lib/code/parser";
import { LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import type { DependencyOptions, Resolver } from "../../../lib/code/imports/common";
import { resolveCpp } from "../../../lib/code/imports/cpp";
import { resolveGo } from "../../../lib/code/imports/go";
import { resolveJava } from "../../../lib/code/imports/java";
import { javaReferenceResolver } from "../../../lib/code/imports/java-reference";
import { cppReferenceResolver } from "../../../lib/code/imports/cpp-reference";
import { REFERENCE_GLOB } from "../../../lib/code/imports/rglob";
import { resolveRustReference } from "../../../lib/code/imports/rust-reference";
import { resolvePython } from "../../../lib/code/imports/python";
import { RepoFiles } from "../../../lib/code/imports/repo";
import { resolveRust } from "../../../lib/code/imports/rust";
import { resolveTypeScript, typeScriptReferenceResolver } from "../../../lib/code/imports/typescript";

export type { DependencyOptions } from "../../../lib/code/imports/common";

export interface DependencyAnalysis {
  /** Every file as a key, in the order documented above, with the files it imports. */
  dependency: Record<string, string[]>;
  /** Imports that look repository-internal but could not be resolved to a file, per importing file. */
  unresolved: Record<string, string[]>;
}

const RESOLVERS: Record<Language, Resolver> = {
  python: resolvePython,
  typescript: resolveTypeScript,
  go: resolveGo,
  rust: resolveRust,
  java: resolveJava,
  cpp: resolveCpp,
};

/**
 * The reference's tools, where they differ from ours (`curation: "reference"`; Python's and Go's
 * differences are options of their resolvers). Their file lists came from `Path.rglob`, whose order
 * is partly the reference machine's: REFERENCE_GLOB stands in for it (see code/imports/rglob.ts).
 */
const REFERENCE_RESOLVERS: Partial<Record<Language, Resolver>> = {
  cpp: cppReferenceResolver(REFERENCE_GLOB),
  java: javaReferenceResolver(REFERENCE_GLOB),
  rust: resolveRustReference,
  typescript: typeScriptReferenceResolver(REFERENCE_GLOB),
};

/**
 * `files` maps repository-relative POSIX paths to text. Files without one of the language's
 * suffixes are not analysed (for Go, `go.mod` entries are read for the module path).
 */
export async function analyzeDependencies(
  lang: Language,
  files: Record<string, string>,
  opts: DependencyOptions = {},
): Promise<DependencyAnalysis> {
  const suffixes = LANGUAGE_SPECS[lang].suffixes;
  const repo = new RepoFiles(Object.keys(files).filter((path) => suffixes.some((s) => path.endsWith(s))));
  const resolver = opts.curation === "reference" ? (REFERENCE_RESOLVERS[lang] ?? RESOLVERS[lang]) : RESOLVERS[lang];
  const goStrategy = opts.goStrategy ?? (opts.curation === "reference" ? "reference" : undefined);
  const { order, imports } = resolver(repo, files, await loadLanguage(lang), { ...opts, goStrategy });

  const dependency: Record<string, string[]> = {};
  const unresolved: Record<string, string[]> = {};
  for (const path of order) {
    const found = imports.get(path);
    dependency[path] = [...new Set(found?.deps ?? [])].filter((target) => target !== path);
    if (found && found.unresolved.length > 0) unresolved[path] = [...new Set(found.unresolved)];
  }
  return { dependency, unresolved };
}
