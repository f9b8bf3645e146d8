/**
 * Docstring mode: a function's own documentation becomes its needle description, and is removed
 * from the repository so the context cannot give the answer away verbatim.
 *
 * What counts as documentation:
 * - python: a string literal as the first statement of the body (the function must have more
 *   statements, or removing the docstring would leave an empty body);
 * - other languages: the block of comments directly above the function (or above its `export`
 *   wrapper), with attributes/annotations in between allowed, and no blank line in the block.
 * A description must have at least MIN_WORDS words and must not contain the function's name
 * (as a word, case-insensitively): such functions are not eligible as needles.
 */
import type { Node } from "web-tree-sitter";
import { withTree, type LoadedLanguage } from "./parser";
import { nodeEnd, nodeStart, sourceOf } from "./source";

export const MIN_WORDS = 5;

export interface DocComment {
  /** The documentation as prose: markers, quotes and common indentation removed. */
  description: string;
  /** UTF-16 range of whole lines to delete to remove it. */
  removeStart: number;
  removeEnd: number;
}

const WRAPPERS = new Set(["export_statement", "decorated_definition", "template_declaration"]);
const BETWEEN = new Set(["attribute_item", "inner_attribute_item", "attribute", "decorator"]);

/** The doc comments of the functions whose nodes span the given ranges of `code` (one parse). */
export function findDocComments(
  lang: LoadedLanguage,
  code: string,
  spans: readonly { startIndex: number; endIndex: number }[],
): (DocComment | undefined)[] {
  return (
    withTree(lang, code, (root) => {
      // The spans index the string; the tree's offsets are UTF-8 bytes.
      const source = sourceOf(root);
      return spans.map(({ startIndex, endIndex }) => {
        const [startByte, endByte] = [source.byte(startIndex), source.byte(endIndex)];
        let fn: Node | null = root.descendantForIndex(startByte, Math.max(startByte, endByte - 1));
        while (fn && !(fn.startIndex === startByte && fn.endIndex === endByte)) fn = fn.parent;
        if (!fn) return undefined;
        const doc = lang.name === "python" ? pythonDocstring(fn) : leadingComments(fn);
        // A Rust doc comment owns its line break; measure up to it.
        if (doc && code[doc.end - 1] === "\n") doc.end--;
        if (!doc || !onOwnLines(code, doc.start, doc.end)) return undefined;
        const description = doc.text.trim();
        if (description.split(/\s+/).length < MIN_WORDS) return undefined;
        return { description, ...wholeLines(code, doc.start, doc.end) };
      });
    }) ?? spans.map(() => undefined)
  );
}

/** Whether `description` mentions `name` as a word (case-insensitively). */
export function mentionsName(description: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped}($|[^\\p{L}\\p{N}_])`, "iu").test(description);
}

function pythonDocstring(fn: Node): { text: string; start: number; end: number } | undefined {
  const body = fn.childForFieldName("body");
  const first = body?.namedChildren[0];
  if (!body || !first || body.namedChildren.length < 2) return undefined;
  if (
    first.type !== "expression_statement" ||
    first.namedChildren[0]?.type !== "string" ||
    first.namedChildren.length !== 1
  )
    return undefined;
  const literal = first.namedChildren[0]!;
  const content = literal.namedChildren
    .filter((c) => c?.type === "string_content")
    .map((c) => c!.text)
    .join("");
  return { text: cleandoc(content), start: nodeStart(first), end: nodeEnd(first) };
}

function leadingComments(fn: Node): { text: string; start: number; end: number } | undefined {
  let anchor: Node = fn;
  while (anchor.parent && WRAPPERS.has(anchor.parent.type)) anchor = anchor.parent;
  const comments: Node[] = [];
  let nextRow = anchor.startPosition.row;
  for (let sib = anchor.previousSibling; sib; sib = sib.previousSibling) {
    if (BETWEEN.has(sib.type) && comments.length === 0) {
      nextRow = sib.startPosition.row;
      continue;
    }
    if (!sib.type.endsWith("comment") || sib.endPosition.row < nextRow - 1) break;
    comments.unshift(sib);
    nextRow = sib.startPosition.row;
  }
  if (comments.length === 0) return undefined;
  return {
    text: cleandoc(comments.map((c) => stripCommentMarkers(c.text)).join("\n")),
    start: nodeStart(comments[0]),
    end: nodeEnd(comments[comments.length - 1]),
  };
}

function stripCommentMarkers(comment: string): string {
  if (comment.startsWith("/*")) {
    return comment
      .replace(/^\/\*+!?/, "")
      .replace(/\*+\/$/, "")
      .split("\n")
      .map((line) => line.replace(/^\s*\*(?!\/)\s?/, ""))
      .join("\n");
  }
  return comment.replace(/^(\/\/[/!]?|#)\s?/, "").replace(/\n$/, "");
}

/** Python's `inspect.cleandoc`: strip, and remove the common indentation of lines after the first. */
export function cleandoc(doc: string): string {
  const lines = doc.replace(/\t/g, "        ").split("\n");
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const margin = indents.length ? Math.min(...indents) : 0;
  const out = [lines[0].trim(), ...lines.slice(1).map((l) => l.slice(margin).trimEnd())];
  while (out.length && !out[out.length - 1]) out.pop();
  while (out.length && !out[0]) out.shift();
  return out.join("\n");
}

/** Whether only whitespace shares the first and last line of [start, end) with it. */
function onOwnLines(code: string, start: number, end: number): boolean {
  const before = code.slice(code.lastIndexOf("\n", start - 1) + 1, start);
  const newline = code.indexOf("\n", end);
  const after = code.slice(end, newline < 0 ? code.length : newline);
  return !before.trim() && !after.trim();
}

/** Expands [start, end) to whole lines, including the final line break. */
function wholeLines(code: string, start: number, end: number): { removeStart: number; removeEnd: number } {
  const lineStart = code.lastIndexOf("\n", start - 1) + 1;
  const newline = code.indexOf("\n", end);
  return { removeStart: lineStart, removeEnd: newline < 0 ? code.length : newline + 1 };
}
