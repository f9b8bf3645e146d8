/**
 * Lazily initialised tree-sitter, shared by the Worker and the Node-side commands.
 *
 * The runtime and grammars are WebAssembly. How they are obtained differs by host (workerd cannot
 * compile wasm from bytes, Node can), so a {@link GrammarLoader} is installed once per process or
 * isolate; everything after loading is synchronous and host-independent.
 */
import { Language as TSLanguage, Parser, Query, type Node, type Tree } from "web-tree-sitter";
import { LANGUAGE_SPECS, type Language } from "./languages";

export interface GrammarLoader {
  /** Calls `Parser.init` with whatever the host needs. */
  initRuntime(): Promise<void>;
  /** Loads one grammar by its module name (e.g. `tree-sitter-python`). */
  loadGrammar(grammar: string): Promise<TSLanguage>;
}

/** A loaded language: one parser and its compiled reference queries. */
export interface LoadedLanguage {
  readonly name: Language;
  readonly parser: Parser;
  readonly functionQuery: Query;
  readonly commentQueries: readonly Query[];
}

let loader: GrammarLoader | undefined;
let runtimeReady: Promise<void> | undefined;
const languages = new Map<Language, Promise<LoadedLanguage>>();

/** Installs the host's grammar loader. Later calls replace it only before anything has loaded. */
export function setGrammarLoader(next: GrammarLoader): void {
  if (runtimeReady && loader !== next) return;
  loader = next;
}

/** Loads (once per isolate) and returns the parser and queries for `lang`. */
export function loadLanguage(lang: Language): Promise<LoadedLanguage> {
  let pending = languages.get(lang);
  if (!pending) {
    pending = instantiate(lang);
    languages.set(lang, pending);
    // A failed load must not poison the isolate: the next call tries again.
    pending.catch(() => languages.delete(lang));
  }
  return pending;
}

async function instantiate(lang: Language): Promise<LoadedLanguage> {
  if (!loader) throw new Error("tree-sitter: no grammar loader installed");
  const active = loader;
  runtimeReady ??= active.initRuntime().catch((err) => {
    runtimeReady = undefined;
    throw err;
  });
  await runtimeReady;
  const spec = LANGUAGE_SPECS[lang];
  const grammar = await active.loadGrammar(spec.grammar);
  const parser = new Parser();
  parser.setLanguage(grammar);
  return {
    name: lang,
    parser,
    functionQuery: new Query(grammar, spec.functionQuery),
    commentQueries: spec.commentQueries.map((q) => new Query(grammar, q)),
  };
}

/**
 * Parses `code` and hands the root node to `use`, freeing the tree afterwards (wasm memory is not
 * garbage collected). Returns `undefined` when tree-sitter gives up on the input.
 */
export function withTree<T>(lang: LoadedLanguage, code: string, use: (root: Node) => T): T | undefined {
  const tree: Tree | null = lang.parser.parse(code);
  if (!tree) return undefined;
  try {
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}
