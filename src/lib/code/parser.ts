/**
 * Lazily initialised tree-sitter, shared by the Worker and the Node-side commands.
 *
 * The runtime and grammars are WebAssembly. How they are obtained differs by host (workerd cannot
 * compile wasm from bytes, Node can), so a {@link GrammarLoader} is installed once per process or
 * isolate; everything after loading is synchronous and host-independent.
 */
import { type Language as TSLanguage, Parser, Query, type Node, type Tree } from "web-tree-sitter";
import { LANGUAGE_SPECS, type Language } from "./languages";
import { activeMeter, BudgetExceededError, type WorkMeter } from "./budget";
import { registerSource, SourceText } from "./source";

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
 *
 * The core reads `code` as UTF-8, as the references' py-tree-sitter does, so the nodes' offsets and
 * columns are UTF-8 bytes; `node.text` is the node's text, and src/lib/code/source.ts converts offsets
 * to string indices (`nodeStart`, `nodeEnd`).
 *
 * Under an active {@link WorkMeter} (src/lib/code/budget.ts) the parse is metered through tree-sitter's
 * progress callback and cancelled as soon as it goes over the per-parse limits or the request's
 * remaining allowance; a cancelled parse throws {@link BudgetExceededError}.
 */
export function withTree<T>(lang: LoadedLanguage, code: string, use: (root: Node) => T): T | undefined {
  const meter = activeMeter();
  const source = new SourceText(code);
  const tree: Tree | null = meter ? meteredParse(lang, source, meter) : parseSource(lang, source);
  if (!tree) return undefined;
  try {
    registerSource(tree, source);
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}

type ParseOptions = Parameters<Parser["parse"]>[2];

/** The parse: the runtime reads the source's UTF-8 bytes through this callback (src/lib/code/utf8-input.ts). */
function parseSource(lang: LoadedLanguage, source: SourceText, options?: ParseOptions): Tree | null {
  const read = (byte: number) => source.chunk(byte);
  return lang.parser.parse(read as unknown as (index: number) => string, null, options);
}

/** tree-sitter calls the progress callback once every this many parse operations. */
const OPERATIONS_PER_CALLBACK = 100;

function meteredParse(lang: LoadedLanguage, source: SourceText, meter: WorkMeter): Tree | null {
  const limits = meter.perParse;
  const opsLimit = Math.min(limits.parse_operations, meter.remaining("parse_operations"));
  const recoveryLimit = Math.min(limits.parse_recovery, meter.remaining("parse_recovery"));
  // Offsets are UTF-8 bytes: recovery is charged in bytes of input left to read.
  const size = source.bytes.length;
  // The operations after the last callback are never seen: every parse counts 100 more, which also
  // charges the fixed cost of a parse (an answer of 6,000 tiny fenced blocks is 6,000 parses).
  let ops = OPERATIONS_PER_CALLBACK;
  let recovery = 0;
  let over: "parse_operations" | "parse_recovery" | undefined;
  const tree = parseSource(lang, source, {
    // Typed `=> void` in the .d.ts; the runtime cancels when it returns true.
    progressCallback: ((state: { currentOffset: number; hasError: boolean }) => {
      ops += OPERATIONS_PER_CALLBACK;
      if (state.hasError) recovery += Math.max(0, size - state.currentOffset);
      if (ops > opsLimit) over = "parse_operations";
      else if (recovery > recoveryLimit) over = "parse_recovery";
      return over !== undefined;
    }) as (state: { currentOffset: number; hasError: boolean }) => void,
  });
  if (over) {
    // A cancelled parse resumes where it stopped unless the parser is reset.
    tree?.delete();
    lang.parser.reset();
    const perParse = limits[over] <= meter.remaining(over);
    if (perParse) throw new BudgetExceededError(over, limits[over], "parse", undefined, meter.plan.name);
    meter.charge(over, meter.remaining(over) + 1);
  }
  meter.charge("parse_operations", ops);
  meter.charge("parse_recovery", recovery);
  return tree;
}
