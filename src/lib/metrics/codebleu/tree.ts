/**
 * One parse per code string, turned into plain data before the tree is freed: the S-expressions the
 * syntax match compares and a light node tree for the data-flow functions.
 *
 * The package compares `str(node)`, tree-sitter's `ts_node_string`, for the root and every node with
 * children. Asking the wasm runtime for each of them costs most of a pair's time (every call rebuilds
 * the whole subtree's string), so we build the same strings bottom-up in one cursor walk:
 * `(type child child ...)` over the named children, each prefixed `field: ` when it has a field.
 * What a cursor cannot see is left to the runtime: MISSING nodes and childless ERROR nodes (printed
 * `(MISSING x)`, `(UNEXPECTED 'c')`), every node whose subtree has an error (it may hold a MISSING
 * hidden token, which the cursor skips but the runtime prints), and whole trees with an anonymous
 * node that has children (printed unlike anything else).
 * test/metrics/codebleu-parse.test.ts checks the two agree on code of every language, broken code too.
 */
import type { Node, TreeCursor } from "web-tree-sitter";
import { activeMeter, BudgetExceededError } from "../../code/budget";
import { withTree, type LoadedLanguage } from "../../code/parser";
import { present } from "../../code/nodes";

export interface PlainNode {
  readonly type: string;
  /** Every child, named or not (py-tree-sitter's `children`). */
  readonly children: PlainNode[];
  /** Field name of each child, in step with `children`. */
  readonly fields: (string | null)[];
  /** Rows and UTF-8 byte columns, as py-tree-sitter's (dataflow.ts turns them into the package's token texts). */
  readonly startRow: number;
  readonly startCol: number;
  readonly endRow: number;
  readonly endCol: number;
}

/** py-tree-sitter's `child_by_field_name`: the first child with that field, else null. */
export function childByField(node: PlainNode, field: string): PlainNode | null {
  const i = node.fields.indexOf(field);
  return i < 0 ? null : node.children[i];
}

export interface ParsedCode {
  readonly root: PlainNode;
  /** S-expressions of the root and of every node that has children (order aside, as the package lists them). */
  readonly subtrees: string[];
}

interface Frame {
  node: PlainNode;
  named: boolean;
  missing: boolean;
  field: string | null;
  /** Printed children, each ` (type ...)` or ` field: (type ...)`. */
  parts: string[];
}

/** tree-sitter's error symbol (`ts_builtin_sym_error`). */
const ERROR_SYMBOL = 0xffff;

/**
 * The node's type as the C API (and py-tree-sitter) reports it. web-tree-sitter answers "ERROR" for
 * any symbol whose name is empty (`types[id] || "ERROR"`), such as tree-sitter-go's `"\0"` statement
 * terminator, whose name the C API reads as "" (test/cli/parser-parity.test.ts found it).
 */
function nodeType(cursor: TreeCursor): string {
  const type = cursor.nodeType;
  return type === "ERROR" && cursor.nodeTypeId !== ERROR_SYMBOL ? "" : type;
}

function frame(cursor: TreeCursor, field: string | null): Frame {
  const start = cursor.startPosition;
  const end = cursor.endPosition;
  const node: PlainNode = {
    type: nodeType(cursor),
    children: [],
    fields: [],
    startRow: start.row,
    startCol: start.column,
    endRow: end.row,
    endCol: end.column,
  };
  return { node, named: cursor.nodeIsNamed, missing: cursor.nodeIsMissing, field, parts: [] };
}

/** `str(node)` from the runtime for the root and every node with children (the slow, sure way). */
export function runtimeSubtrees(root: Node): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node.toString());
    for (const child of present(node.children)) if (child.childCount > 0) stack.push(child);
  }
  return out;
}

/**
 * Deepest tree the runtime is asked to print: its printer recurses once per level, and the wasm
 * stack overflows ("memory access out of bounds") somewhere below 8,000 levels.
 */
export const MAX_PRINT_DEPTH = 1_000;

/**
 * Parses `code` and copies out what the syntax and data-flow matches need; the tree is freed.
 * Under an active meter (src/lib/code/budget.ts) the S-expressions' characters count against
 * `tree_text`, and a tree deeper than {@link MAX_PRINT_DEPTH} that needs the runtime's printer is
 * refused rather than printed.
 */
export function parseCode(lang: LoadedLanguage, code: string): ParsedCode {
  const meter = activeMeter();
  const parsed = withTree(lang, code, (rootNode) => {
    meter?.charge("tree_nodes", rootNode.descendantCount);
    const cursor = rootNode.walk();
    try {
      const subtrees: string[] = [];
      // Trees with errors may hold MISSING hidden tokens, which the cursor never visits but the
      // runtime prints; there, nodes whose subtree has an error are printed by the runtime.
      const withErrors = rootNode.hasError;
      let exotic = false;
      const stack: Frame[] = [frame(cursor, null)];
      const root = stack[0].node;
      const enter = () => {
        const parent = stack[stack.length - 1];
        // An anonymous node with children prints unlike anything else; leave it to the runtime.
        if (!parent.named) exotic = true;
        const field = cursor.currentFieldName;
        const child = frame(cursor, field);
        parent.node.children.push(child.node);
        parent.node.fields.push(field);
        stack.push(child);
      };
      // Called with the cursor on the finished node, so the runtime can print the odd ones.
      let maxDepth = 0;
      const finish = (f: Frame, isRoot: boolean) => {
        const odd =
          f.missing ||
          (f.node.type === "ERROR" && f.node.children.length === 0) ||
          (withErrors && f.node.children.length > 0 && cursor.currentNode.hasError);
        if (meter) {
          maxDepth = Math.max(maxDepth, stack.length);
          if (odd && maxDepth > MAX_PRINT_DEPTH)
            throw new BudgetExceededError("tree_text", meter.limits.tree_text, "request", undefined, meter.plan.name);
          // The runtime's string is about as long as ours would be: charge it before asking for it.
          let length = f.node.type.length + 2;
          for (const part of f.parts) length += part.length;
          meter.charge("tree_text", length);
        }
        const sexp = odd ? cursor.currentNode.toString() : `(${f.node.type}${f.parts.join("")})`;
        if (isRoot || f.node.children.length > 0) subtrees.push(sexp);
        if (!isRoot && (f.named || f.missing))
          stack[stack.length - 2].parts.push(f.field ? ` ${f.field}: ${sexp}` : ` ${sexp}`);
      };
      for (;;) {
        if (cursor.gotoFirstChild()) {
          enter();
          continue;
        }
        for (;;) {
          finish(stack[stack.length - 1], stack.length === 1);
          if (stack.length === 1) {
            if (exotic && meter) {
              if (maxDepth > MAX_PRINT_DEPTH)
                throw new BudgetExceededError(
                  "tree_text",
                  meter.limits.tree_text,
                  "request",
                  undefined,
                  meter.plan.name,
                );
              meter.charge(
                "tree_text",
                subtrees.reduce((sum, t) => sum + t.length, 0),
              );
            }
            return { root, subtrees: exotic ? runtimeSubtrees(rootNode) : subtrees };
          }
          stack.pop();
          if (cursor.gotoNextSibling()) {
            enter();
            break;
          }
          cursor.gotoParent();
        }
      }
    } finally {
      cursor.delete();
    }
  });
  if (!parsed) throw new Error("tree-sitter returned no tree");
  return parsed;
}
