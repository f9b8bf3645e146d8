/**
 * CU_DFA ground truth: the lines of a function where a variable's value changes (rule set
 * `cu-dfa@1`). Only the function's own scope is read, statically, with tree-sitter.
 *
 * A line changes variable `v` when it holds one of these (each rule is named in the example's meta):
 * - `assign`: `v = ...`, also every target of a chained assignment (`v = w = ...`);
 * - `annotated-assign`: `v: T = ...` (an annotation without a value, `v: T`, changes nothing);
 * - `unpack`: `v` inside tuple/list unpacking targets, nested and starred (`a, (v, *w) = ...`);
 * - `aug-assign`: `v += ...` (every augmented operator);
 * - `for`: `v` in a `for` / `async for` target, unpacking included;
 * - `with`: `v` in a `with ... as` target, unpacking included;
 * - `except`: `except E as v` (also `except*`);
 * - `walrus`: `(v := ...)`, also inside a comprehension (PEP 572 binds it in the function);
 * - `del`: `del v`;
 * - `import`: `import v`, `import v.sub`, `import m as v`, `from m import v`, `from m import x as v`
 *   inside the function;
 * - assignments through the variable, because the object it names changes: `item-assign`
 *   (`v[i] = ...`, `v[i][j] = ...`), `attr-assign` (`v.a = ...`, `v.a.b = ...`), `item-aug-assign` /
 *   `attr-aug-assign` (`v[i] += ...`, `v.a += ...`), `item-del` / `attr-del` (`del v[i]`, `del v.a`).
 *   The target must reach `v` through subscripts and attributes only: `v.get()[0] = 1` changes
 *   whatever `v.get()` returned, not `v`.
 *
 * Not changes: parameters (the `def` line), `global` / `nonlocal` declarations, reads, method calls
 * (`v.append(x)`: what a call does is not known statically), comprehension variables (their own
 * scope), and anything inside nested functions, classes and lambdas (their own scopes; a nested
 * `def v` is not counted either). Names bound by `match` / `case` patterns are recorded as
 * unsupported: no rule covers them, so such variables are never asked about.
 *
 * Lines: a statement spanning several lines counts at the line of the variable's name in the
 * target (the start of `v[...]` / `v.a` for assignments through it). A line counts once per variable
 * (the first rule found on it names it); lines are in ascending order.
 */
import type { Node } from "web-tree-sitter";
import { NESTED_SCOPES, named, sameNode } from "./ts-nodes";
import { present } from "../../../lib/code/nodes";

export const DATA_FLOW_RULESET = "cu-dfa@1";

export const DATA_FLOW_RULES = [
  "assign",
  "annotated-assign",
  "unpack",
  "aug-assign",
  "for",
  "with",
  "except",
  "walrus",
  "del",
  "import",
  "item-assign",
  "attr-assign",
  "item-aug-assign",
  "attr-aug-assign",
  "item-del",
  "attr-del",
] as const;
export type DataFlowRule = (typeof DATA_FLOW_RULES)[number];

/** One change: a 0-based row of the file and the rule that found it. */
export interface Change {
  row: number;
  rule: DataFlowRule;
}

export interface DataFlow {
  /** Variable name -> its change rows (ascending, one per row). */
  changes: Map<string, Change[]>;
  /** Parameter names, in order. */
  params: string[];
  /** Names of functions and classes defined directly in the body (nested scopes: locals, not changes). */
  nestedDefs: Set<string>;
  /** Names bound by `case` patterns: no rule covers them. */
  unsupported: Set<string>;
}

const COMPREHENSIONS = new Set([
  "list_comprehension",
  "set_comprehension",
  "dictionary_comprehension",
  "generator_expression",
]);
const SEQUENCE_TARGETS = new Set(["pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list"]);

/** Data flow of one `function_definition` node. */
export function functionDataFlow(fn: Node): DataFlow {
  const flow: DataFlow = {
    changes: new Map(),
    params: parameterNames(fn),
    nestedDefs: new Set(),
    unsupported: new Set(),
  };
  const body = fn.childForFieldName("body");
  if (body) walk(body, flow);
  for (const [name, list] of flow.changes) {
    const byRow = new Map<number, Change>();
    for (const c of list) if (!byRow.has(c.row)) byRow.set(c.row, c);
    flow.changes.set(
      name,
      [...byRow.values()].sort((a, b) => a.row - b.row),
    );
  }
  return flow;
}

/** Parameter names of a function (`self` included), in order. */
export function parameterNames(fn: Node): string[] {
  const params = fn.childForFieldName("parameters");
  if (!params) return [];
  const out: string[] = [];
  for (const p of named(params)) {
    if (p.type === "identifier") out.push(p.text);
    else if (p.type === "default_parameter" || p.type === "typed_default_parameter") {
      const n = p.childForFieldName("name");
      if (n) out.push(n.text);
    } else if (
      p.type === "typed_parameter" ||
      p.type === "list_splat_pattern" ||
      p.type === "dictionary_splat_pattern"
    ) {
      const id = firstIdentifier(p);
      if (id) out.push(id.text);
    }
  }
  return out;
}

function firstIdentifier(node: Node): Node | undefined {
  if (node.type === "identifier") return node;
  for (const c of named(node)) {
    const found = firstIdentifier(c);
    if (found) return found;
  }
  return undefined;
}

function add(flow: DataFlow, id: Node, rule: DataFlowRule): void {
  let list = flow.changes.get(id.text);
  if (!list) flow.changes.set(id.text, (list = []));
  list.push({ row: id.startPosition.row, rule });
}

/** The variable an assignment through subscripts/attributes changes: `v` of `v[i].a`. */
export function chainRoot(node: Node): Node | undefined {
  let cur: Node | null = node;
  while (cur) {
    if (cur.type === "identifier") return cur;
    if (cur.type === "subscript") cur = cur.childForFieldName("value");
    else if (cur.type === "attribute") cur = cur.childForFieldName("object");
    else if (cur.type === "parenthesized_expression") cur = named(cur).find((c) => c.type !== "comment") ?? null;
    else return undefined;
  }
  return undefined;
}

type TargetKind = "assign" | "annotated-assign" | "unpack" | "aug" | "for" | "with" | "except" | "del";

function through(kind: TargetKind, nodeType: "subscript" | "attribute"): DataFlowRule {
  const item = nodeType === "subscript";
  if (kind === "aug") return item ? "item-aug-assign" : "attr-aug-assign";
  if (kind === "del") return item ? "item-del" : "attr-del";
  return item ? "item-assign" : "attr-assign";
}

function target(node: Node, kind: TargetKind, flow: DataFlow): void {
  switch (node.type) {
    case "identifier":
      add(flow, node, kind === "aug" ? "aug-assign" : kind);
      return;
    case "subscript":
    case "attribute": {
      const root = chainRoot(node);
      if (root) add(flow, root, through(kind, node.type));
      // An index expression may hold a walrus.
      for (const c of named(node)) if (c.type !== "identifier") walk(c, flow);
      return;
    }
    case "parenthesized_expression":
    case "list_splat_pattern":
    case "list_splat":
    case "as_pattern_target":
      for (const c of named(node)) target(c, kind, flow);
      return;
    default:
      if (SEQUENCE_TARGETS.has(node.type)) {
        const inner: TargetKind =
          (kind === "assign" || kind === "annotated-assign") && isUnpacking(node) ? "unpack" : kind;
        for (const c of named(node)) target(c, inner, flow);
      } else walk(node, flow);
  }
}

/** A sequence target that unpacks: `(x)` is only parenthesised, `(x,)` and `[x]` unpack. */
function isUnpacking(node: Node): boolean {
  if (!SEQUENCE_TARGETS.has(node.type)) return false;
  if (node.type === "tuple_pattern" || node.type === "tuple") return node.children.some((c) => c?.type === ",");
  return true;
}

function assignment(node: Node, flow: DataFlow): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const annotated = node.childForFieldName("type");
  // `x: int` alone declares, it does not assign.
  if (left && right) target(left, annotated ? "annotated-assign" : isUnpacking(left) ? "unpack" : "assign", flow);
  if (right) walk(right, flow);
}

function walk(node: Node, flow: DataFlow): void {
  if (NESTED_SCOPES.has(node.type)) {
    const def = node.type === "decorated_definition" ? node.childForFieldName("definition") : node;
    const name = def?.childForFieldName("name");
    if (name && node.type !== "lambda") flow.nestedDefs.add(name.text);
    return;
  }
  switch (node.type) {
    case "assignment":
      assignment(node, flow);
      return;
    case "augmented_assignment": {
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      if (left) target(left, "aug", flow);
      if (right) walk(right, flow);
      return;
    }
    case "for_statement": {
      const left = node.childForFieldName("left");
      if (left) target(left, "for", flow);
      for (const c of named(node)) if (!sameNode(c, left)) walk(c, flow);
      return;
    }
    case "with_item": {
      const value = node.childForFieldName("value");
      if (value?.type === "as_pattern") {
        const alias = value.childForFieldName("alias");
        if (alias) target(alias, "with", flow);
        for (const c of named(value)) if (!sameNode(c, alias)) walk(c, flow);
      } else if (value) walk(value, flow);
      return;
    }
    case "except_clause":
    case "except_group_clause":
      for (const c of named(node)) {
        if (c.type === "as_pattern") {
          const alias = c.childForFieldName("alias");
          if (alias) target(alias, "except", flow);
          for (const v of named(c)) if (!sameNode(v, alias)) walk(v, flow);
        } else walk(c, flow);
      }
      return;
    case "named_expression": {
      const name = node.childForFieldName("name");
      if (name) add(flow, name, "walrus");
      const value = node.childForFieldName("value");
      if (value) walk(value, flow);
      return;
    }
    case "delete_statement":
      for (const c of named(node)) target(c, "del", flow);
      return;
    case "import_statement":
      for (const n of present(node.childrenForFieldName("name"))) {
        const id = n.type === "aliased_import" ? n.childForFieldName("alias") : firstIdentifier(n);
        if (id) add(flow, id, "import");
      }
      return;
    case "import_from_statement":
      for (const n of present(node.childrenForFieldName("name"))) {
        const id = n.type === "aliased_import" ? n.childForFieldName("alias") : lastIdentifier(n);
        if (id) add(flow, id, "import");
      }
      return;
    case "global_statement":
    case "nonlocal_statement":
    case "future_import_statement":
      return;
    case "case_clause":
      for (const c of named(node)) {
        if (c.type === "case_pattern") collectIdentifiers(c, flow.unsupported);
        else walk(c, flow);
      }
      return;
    default:
      if (COMPREHENSIONS.has(node.type)) {
        // The comprehension's own targets are its scope's; a walrus inside still binds here.
        for (const c of named(node)) {
          if (c.type === "for_in_clause") {
            const left = c.childForFieldName("left");
            for (const v of named(c)) if (!sameNode(v, left)) walk(v, flow);
          } else walk(c, flow);
        }
        return;
      }
      for (const c of named(node)) walk(c, flow);
  }
}

function lastIdentifier(node: Node): Node | undefined {
  if (node.type === "identifier") return node;
  const ids = named(node).filter((c) => c.type === "identifier");
  return ids[ids.length - 1];
}

function collectIdentifiers(node: Node, into: Set<string>): void {
  if (node.type === "identifier") into.add(node.text);
  for (const c of named(node)) collectIdentifiers(c, into);
}
