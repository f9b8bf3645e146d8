/** What every per-language import resolver shares: options, result shape, parsing and queries. */
import { Query, type Node } from "web-tree-sitter";
import { withTree, type LoadedLanguage } from "../parser";
import type { RepoFiles } from "./repo";

export interface DependencyOptions {
  /** The repository's entry path (release field `entrypoint_path`), e.g. "src/black". */
  entrypoint?: string;
  /** Go: module path of a go.mod at the repository root, when no `go.mod` entry is in `files`. */
  goModule?: string;
  /**
   * Go: `semantic` (default) links files of one package through the package-level names they use,
   * and imports of in-module packages; `reference` reproduces the reference's Go tool exactly
   * (a selector `x.Sel` links to every file named `x.go`).
   */
  goStrategy?: "semantic" | "reference";
  /**
   * `needlework` (default): the rules documented per language in curate/dependencies.ts.
   * `reference`: what the reference's own tools printed for the official release, quirks included
   * (the `*-reference.ts` resolvers and the Python resolver's reference flags; rules in
   * the family's docs page). For Go it implies `goStrategy: "reference"`.
   */
  curation?: Curation;
  /** Rust, reference curation: `Cargo.toml` files (repository path -> text) for targets and default features. */
  manifests?: Record<string, string>;
}

export const CURATIONS = ["needlework", "reference"] as const;
export type Curation = (typeof CURATIONS)[number];

/** One file's findings, in first-import order, possibly with repeats and the file itself. */
export interface FileImports {
  deps: string[];
  unresolved: string[];
}

export interface LanguageResult {
  /** Every file, in the order the dependency dict lists them. */
  order: string[];
  imports: Map<string, FileImports>;
}

export type Resolver = (
  repo: RepoFiles,
  files: Record<string, string>,
  lang: LoadedLanguage,
  opts: DependencyOptions,
) => LanguageResult;

const queries = new WeakMap<LoadedLanguage, Map<string, Query>>();

/** Captures of `source` (compiled once per language) under `root`, in document order. */
export function capture(lang: LoadedLanguage, source: string, root: Node): { name: string; node: Node }[] {
  let compiled = queries.get(lang);
  if (!compiled) queries.set(lang, (compiled = new Map()));
  let query = compiled.get(source);
  if (!query) compiled.set(source, (query = new Query(lang.parser.language!, source)));
  return query.captures(root);
}

/** Parses every file once; a file tree-sitter gives up on contributes nothing. */
export function scanFiles<T>(
  lang: LoadedLanguage,
  files: Record<string, string>,
  paths: readonly string[],
  scan: (path: string, root: Node) => T,
): Map<string, T | undefined> {
  const out = new Map<string, T | undefined>();
  for (const path of paths)
    out.set(
      path,
      withTree(lang, files[path], (root) => scan(path, root)),
    );
  return out;
}

/** Scan results for every path; a file that did not parse imports nothing. */
export function everyFile(
  paths: readonly string[],
  scanned: Map<string, FileImports | undefined>,
): Map<string, FileImports> {
  return new Map(paths.map((path) => [path, scanned.get(path) ?? { deps: [], unresolved: [] }]));
}
