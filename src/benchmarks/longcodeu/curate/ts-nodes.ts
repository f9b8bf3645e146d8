/** Small tree-sitter helpers shared by the LongCodeU analysis modules. */
import type { Node } from "web-tree-sitter";
import { sourceOf } from "../../../lib/code/source";

/** Named children without the `null`s web-tree-sitter's typings allow. */
export function named(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

/** Named children that are not comments (comments are extras and can sit anywhere). */
export function statements(node: Node): Node[] {
  return named(node).filter((c) => c.type !== "comment");
}

/** Same node (web-tree-sitter hands out fresh wrapper objects). */
export function sameNode(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return !!a && !!b && a.id === b.id;
}

/** The functions and scopes a data-flow or call walk does not enter: they run in their own scope. */
export const NESTED_SCOPES = new Set(["function_definition", "class_definition", "decorated_definition", "lambda"]);

/**
 * A docstring candidate: an expression statement that is one plain string literal (not an f-string,
 * not bytes: Python does not take those as docstrings).
 */
export function docstringLiteral(statement: Node | undefined): Node | undefined {
  if (statement?.type !== "expression_statement") return undefined;
  const parts = named(statement);
  if (parts.length !== 1 || parts[0].type !== "string") return undefined;
  const start = named(parts[0]).find((c) => c.type === "string_start");
  if (!start || /[fFbB]/.test(start.text)) return undefined;
  return parts[0];
}

/** The text between a string literal's quotes, as written (escapes are not interpreted). */
export function stringBody(literal: Node): string {
  const parts = named(literal);
  const start = parts.find((c) => c.type === "string_start");
  const end = parts.find((c) => c.type === "string_end");
  if (!start || !end) return literal.text;
  // Byte offsets within the tree: the text between them, as a string.
  return sourceOf(literal).slice(start.endIndex, end.startIndex);
}
