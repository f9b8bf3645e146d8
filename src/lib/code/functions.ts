/**
 * Function and comment extraction with the reference's tree-sitter queries.
 *
 * Offsets: `startIndex`/`endIndex` index the JavaScript string (UTF-16 code units); `startByte`/
 * `endByte` are UTF-8 byte offsets, as the reference's py-tree-sitter reports them (and as the
 * runtime's nodes report them: src/lib/code/source.ts). Lines are 0-based with an exclusive end, as in
 * the reference's release format.
 */
import type { Node } from "web-tree-sitter";
import { loadLanguage, withTree, type LoadedLanguage } from "./parser";
import type { Language } from "./languages";
import { nodeStart, sourceOf } from "./source";
import { checkQueryCost } from "./query-cost";

export interface ExtractedFunction {
  name: string;
  startLine: number;
  endLine: number;
  startByte: number;
  endByte: number;
  startIndex: number;
  endIndex: number;
  text: string;
}

/** Every function the reference query captures in `code`, in capture order. */
export async function extractFunctions(lang: Language, code: string): Promise<ExtractedFunction[]> {
  const loaded = await loadLanguage(lang);
  return extractFunctionsSync(loaded, code);
}

export function extractFunctionsSync(lang: LoadedLanguage, code: string): ExtractedFunction[] {
  return (
    withTree(lang, code, (root) => {
      const source = sourceOf(root);
      return lang.functionQuery.captures(root).map(({ node }) => {
        const startIndex = source.index(node.startIndex);
        const endIndex = source.index(node.endIndex);
        return {
          name: functionName(node),
          startLine: node.startPosition.row,
          endLine: node.endPosition.row + 1,
          startByte: node.startIndex,
          endByte: node.endIndex,
          startIndex,
          endIndex,
          text: code.slice(startIndex, endIndex),
        };
      });
    }) ?? []
  );
}

/**
 * The text of the first function the query captures, or `undefined` if there is none.
 * This is what the reference's `sanitize_output` returns for a code block.
 */
export function firstFunctionText(lang: LoadedLanguage, code: string): string | undefined {
  return withTree(lang, code, (root) => {
    checkQueryCost(root);
    const [first] = lang.functionQuery.captures(root);
    return first?.node.text;
  });
}

/** `code` with every comment-query capture deleted (the reference's `remove_comments`). */
export async function removeComments(lang: Language, code: string): Promise<string> {
  return removeCommentsSync(await loadLanguage(lang), code);
}

export function removeCommentsSync(lang: LoadedLanguage, code: string): string {
  const ranges = commentRanges(lang, code);
  if (ranges.length === 0) return code;
  // Python's sort is stable, so equal starts keep query order: sort on start only, descending.
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[b][0] - ranges[a][0] || a - b);
  // Deleting back to front with the original offsets, exactly as the reference does (overlapping
  // captures would shift text in the reference too).
  if (disjoint(order.map((i) => ranges[i]))) {
    // Disjoint ranges (every real case): the same result in one pass, instead of one copy of the
    // text per comment (64 KB of `#` lines cost 0.1 s that way).
    const kept: string[] = [];
    let end = code.length;
    for (const i of order) {
      kept.push(code.slice(ranges[i][1], end));
      end = ranges[i][0];
    }
    kept.push(code.slice(0, end));
    return kept.reverse().join("");
  }
  let out = code;
  for (const i of order) out = out.slice(0, ranges[i][0]) + out.slice(ranges[i][1]);
  return out;
}

/** Whether ranges sorted by descending start neither overlap nor run backwards. */
function disjoint(descending: readonly [number, number][]): boolean {
  let floor = Infinity;
  for (const [start, end] of descending) {
    if (start > end || end > floor) return false;
    floor = start;
  }
  return true;
}

/** UTF-16 ranges of every comment-query capture in `code`, in query then capture order. */
export function commentRanges(lang: LoadedLanguage, code: string): [number, number][] {
  return (
    withTree(lang, code, (root) => {
      checkQueryCost(root, lang.commentQueries.length);
      return lang.commentQueries.flatMap((q) =>
        q.captures(root).map(({ node }) => [nodeStart(node), commentEnd(code, node)] as [number, number]),
      );
    }) ?? []
  );
}

/**
 * tree-sitter-rust 0.24 makes a doc comment (`/// ...`) own its line break; the grammars the
 * reference used never did. Leaving the break in place keeps the reference's token boundaries.
 */
function commentEnd(code: string, node: Node): number {
  const end = sourceOf(node).index(node.endIndex);
  return node.type.endsWith("comment") && code.charCodeAt(end - 1) === 10 ? end - 1 : end;
}

function functionName(node: Node): string {
  const named = node.childForFieldName("name");
  if (named) return named.text;
  // C++ definitions carry the name inside nested declarators.
  let declarator = node.childForFieldName("declarator");
  while (declarator) {
    if (declarator.type === "identifier" || declarator.type.endsWith("identifier")) return declarator.text;
    declarator = declarator.childForFieldName("declarator");
  }
  return "";
}
