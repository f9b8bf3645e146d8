/**
 * The native tree-sitter Node binding's view of code, for scripts/core021-measure.mts (through
 * ./core021-worker.mts, which points `tree-sitter` at the core it measures): S-expressions, the
 * reference function and comment queries, the sanitizer's first function and CodeBLEU's subtree
 * list, recomputed on the native tree. The binding's JavaScript API hands the core strings as UTF-16,
 * so this holds the input encoding fixed while the core varies; the references read UTF-8, as the
 * service does since scripts/wasm-utf8.mjs (the parser-parity test's oracle is
 * test/cli/parser-parity/reference_oracle.py, the C API reading UTF-8).
 */
import { createRequire } from "node:module";
import type NativeParser from "tree-sitter";
import { LANGUAGE_SPECS, type Language } from "../../src/lib/code/languages";
import { fencedBlocks } from "../../src/benchmarks/repoqa/score/sanitize";
import { pyStrip } from "../../src/lib/metrics/python-text";
import type { PlainNode } from "../../src/lib/metrics/codebleu/tree";

const require = createRequire(import.meta.url);
const Parser = require("tree-sitter") as typeof NativeParser;

type SyntaxNode = NativeParser.SyntaxNode;

export interface NativeLanguage {
  readonly parser: NativeParser;
  readonly functionQuery: NativeParser.Query;
  readonly commentQueries: NativeParser.Query[];
}

const loaded = new Map<Language, NativeLanguage>();

/** The native build of the grammar package `LANGUAGE_SPECS[lang].grammar` names. */
function nativeGrammar(grammar: string): unknown {
  const pkg = require(grammar) as Record<string, unknown>;
  // tree-sitter-typescript exports { typescript, tsx }; the service loads tree-sitter-typescript.wasm.
  return grammar === "tree-sitter-typescript" ? pkg.typescript : pkg;
}

export function nativeLanguage(lang: Language): NativeLanguage {
  let entry = loaded.get(lang);
  if (!entry) {
    const spec = LANGUAGE_SPECS[lang];
    const grammar = nativeGrammar(spec.grammar) as NativeParser.Language;
    const parser = new Parser();
    parser.setLanguage(grammar);
    entry = {
      parser,
      functionQuery: new Parser.Query(grammar, spec.functionQuery),
      commentQueries: spec.commentQueries.map((q) => new Parser.Query(grammar, q)),
    };
    loaded.set(lang, entry);
  }
  return entry;
}

/** Version of the native binding (its package.json), for the report. */
export const NATIVE_VERSION: string = (require("tree-sitter/package.json") as { version: string }).version;

export function nativeParse(lang: Language, code: string): NativeParser.Tree {
  // The binding reads a string through a fixed-size buffer unless told how much to take.
  return nativeLanguage(lang).parser.parse(code, null, { bufferSize: code.length * 2 + 1024 });
}

export interface FunctionFields {
  name: string;
  startLine: number;
  endLine: number;
  startByte: number;
  endByte: number;
  startIndex: number;
  endIndex: number;
  text: string;
}

/** As src/lib/code/functions.ts `functionName`, on a native node. */
function functionName(node: SyntaxNode): string {
  const named = node.childForFieldName("name");
  if (named) return named.text;
  let declarator = node.childForFieldName("declarator");
  while (declarator) {
    if (declarator.type === "identifier" || declarator.type.endsWith("identifier")) return declarator.text;
    declarator = declarator.childForFieldName("declarator");
  }
  return "";
}

const utf8Length = (s: string) => Buffer.byteLength(s, "utf8");

/** The reference function query's captures, with the fields `extractFunctionsSync` reports. */
export function oracleFunctions(lang: Language, code: string, tree = nativeParse(lang, code)): FunctionFields[] {
  return nativeLanguage(lang)
    .functionQuery.captures(tree.rootNode)
    .map(({ node }) => ({
      name: functionName(node),
      startLine: node.startPosition.row,
      endLine: node.endPosition.row + 1,
      startByte: utf8Length(code.slice(0, node.startIndex)),
      endByte: utf8Length(code.slice(0, node.endIndex)),
      startIndex: node.startIndex,
      endIndex: node.endIndex,
      text: code.slice(node.startIndex, node.endIndex),
    }));
}

/** As `commentRanges` (comment queries in order; a Rust doc comment's own line break left out). */
export function oracleCommentRanges(lang: Language, code: string, tree = nativeParse(lang, code)): [number, number][] {
  return nativeLanguage(lang).commentQueries.flatMap((q) =>
    q.captures(tree.rootNode).map(({ node }) => {
      const end = node.endIndex;
      return [node.startIndex, node.type.endsWith("comment") && code.charCodeAt(end - 1) === 10 ? end - 1 : end] as [
        number,
        number,
      ];
    }),
  );
}

/** The reference's `sanitize_output`, with the native tree for the function query. */
export function oracleSanitize(lang: Language, output: string): string {
  const stripped = pyStrip(output);
  const blocks = fencedBlocks(stripped);
  if (blocks.length === 0) return stripped;
  for (const block of blocks) {
    if (/\p{Cs}/u.test(block)) continue;
    const [first] = nativeLanguage(lang).functionQuery.captures(nativeParse(lang, block).rootNode);
    if (first) return block.slice(first.node.startIndex, first.node.endIndex);
  }
  return blocks[0];
}

/** CodeBLEU's `get_all_sub_trees`: `str(node)` of the root and of every node with children. */
export function oracleSubtrees(lang: Language, code: string, tree = nativeParse(lang, code)): string[] {
  const out: string[] = [];
  const stack: SyntaxNode[] = [tree.rootNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node.toString());
    for (const child of node.children) if (child.childCount > 0) stack.push(child);
  }
  return out;
}

/**
 * The light tree CodeBLEU's data-flow functions walk (src/lib/metrics/codebleu/tree.ts `PlainNode`),
 * built from the native tree: every child, named or not, its field, rows and UTF-16 columns.
 */
export function oraclePlainTree(tree: NativeParser.Tree): PlainNode {
  const cursor = tree.walk();
  const build = (): PlainNode => {
    const start = cursor.startPosition;
    const end = cursor.endPosition;
    const node: PlainNode = {
      type: cursor.nodeType,
      children: [],
      fields: [],
      startRow: start.row,
      startCol: start.column,
      endRow: end.row,
      endCol: end.column,
    };
    if (cursor.gotoFirstChild()) {
      do {
        const field = cursor.currentFieldName || null;
        node.children.push(build());
        node.fields.push(field);
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
    return node;
  };
  return build();
}
