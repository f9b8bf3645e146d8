/** Tree-sitter node lists without the `null`s web-tree-sitter's typings allow (the runtime yields none). */
import type { Node } from "web-tree-sitter";

/** The nodes of a child list (`children`, `namedChildren`, `childrenForFieldName(...)`). */
export function present(list: readonly (Node | null)[]): Node[] {
  return list.filter((n): n is Node => n !== null);
}
