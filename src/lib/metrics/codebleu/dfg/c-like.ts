/**
 * The package's `DFG_java`, `DFG_csharp`, `DFG_go` and `DFG_rust`: one template with per-language
 * node types and a few per-language twists, each noted where it is configured.
 *
 * The node type names are the package's; where a grammar names things differently (Rust has no
 * `let_expression` or `for_each_statement`, C++ no `variable_declarator`), that branch simply never
 * fires, as in the package. C++ uses the C# function: the package (after XLCoST) does so.
 */
import type { PlainNode } from "../tree";
import { childByField } from "../tree";
import {
  at,
  byIdx,
  isTokenNode,
  leafEdges,
  LocalStates,
  mergeBranchStates,
  mergeLoopEdges,
  variableTokens,
  type DfgContext,
  type DfgEdge,
  type DfgFunction,
  type DfgResult,
  type States,
} from "./common";

interface CLikeSpec {
  assignment: ReadonlySet<string>;
  definition: ReadonlySet<string>;
  /** Where the defined name and its initial value sit in a definition node. */
  definitionParts: (node: PlainNode) => [PlainNode | null, PlainNode | null];
  increment: ReadonlySet<string>;
  /** Includes "else": the keyword child starts the alternative branches. */
  ifTypes: ReadonlySet<string>;
  /** Go also adds the states from before the if to the merged ones, else or not. */
  ifKeepsOuterStates: boolean;
  forTypes: ReadonlySet<string>;
  /** How the second pass over a for loop starts: after the init declaration, or Go's for clause. */
  forSecondPass: "after-local-declaration" | "go-for-clause";
  enhancedFor: ReadonlySet<string>;
  /** Field names of the loop variable and the iterated value in an enhanced for. */
  enhancedForFields: [string, string];
  whileTypes: ReadonlySet<string>;
}

const set = (...xs: string[]) => new Set(xs);
const byFields = (node: PlainNode): [PlainNode | null, PlainNode | null] => [
  childByField(node, "name"),
  childByField(node, "value"),
];

const SPECS = {
  java: {
    assignment: set("assignment_expression"),
    definition: set("variable_declarator"),
    definitionParts: byFields,
    increment: set("update_expression"),
    ifTypes: set("if_statement", "else"),
    ifKeepsOuterStates: false,
    forTypes: set("for_statement"),
    forSecondPass: "after-local-declaration",
    enhancedFor: set("enhanced_for_statement"),
    enhancedForFields: ["name", "value"],
    whileTypes: set("while_statement"),
  },
  csharp: {
    assignment: set("assignment_expression"),
    definition: set("variable_declarator"),
    // Two children are name and initialiser; anything else is a bare name.
    definitionParts: (node) => [at(node.children, 0), node.children.length === 2 ? at(node.children, 1) : null],
    increment: set("postfix_unary_expression"),
    ifTypes: set("if_statement", "else"),
    ifKeepsOuterStates: false,
    forTypes: set("for_statement"),
    forSecondPass: "after-local-declaration",
    enhancedFor: set("for_each_statement"),
    enhancedForFields: ["left", "right"],
    whileTypes: set("while_statement"),
  },
  go: {
    assignment: set("assignment_statement"),
    definition: set("var_spec"),
    definitionParts: byFields,
    increment: set("inc_statement"),
    ifTypes: set("if_statement", "else"),
    ifKeepsOuterStates: true,
    forTypes: set("for_statement"),
    forSecondPass: "go-for-clause",
    enhancedFor: set(),
    enhancedForFields: ["name", "value"],
    whileTypes: set(),
  },
  rust: {
    assignment: set("assignment_expression", "compound_assignment_expr", "let_expression"),
    // A function item counts as a definition of its name from its parameters: children 1 and 2 are
    // `name` and `parameters` for a plain `fn` (with `pub`, the `fn` keyword and the name). The body
    // is never visited.
    definition: set("function_item"),
    definitionParts: (node) => [at(node.children, 1), node.children.length >= 3 ? at(node.children, 2) : null],
    increment: set(),
    ifTypes: set("if_expression", "if_let_expression", "match_expression", "else"),
    ifKeepsOuterStates: false,
    forTypes: set("for_expression"),
    forSecondPass: "after-local-declaration",
    enhancedFor: set("for_each_statement"),
    enhancedForFields: ["left", "right"],
    whileTypes: set("while_expression", "while_let_expression", "loop_expression"),
  },
} as const satisfies Record<string, CLikeSpec>;

export type CLikeDialect = keyof typeof SPECS;

/** The DFG function of one dialect. */
export function cLikeDfg(dialect: CLikeDialect): DfgFunction {
  const spec: CLikeSpec = SPECS[dialect];
  const dfg: DfgFunction = (node, ctx, states) => ctx.frame(() => step(spec, dfg, node, ctx, states));
  return dfg;
}

/** Every variable of `targets` is defined from every variable of `sources`, one edge per pair. */
function pairEdges(
  targets: [number, string][],
  sources: [number, string][],
  rel: "comesFrom" | "computedFrom",
  states: LocalStates,
  out: DfgEdge[],
): void {
  for (const [idx1, code1] of targets) {
    for (const [idx2, code2] of sources) out.push([code1, idx1, rel, [code2], [idx2]]);
    states.set(code1, [idx1]);
  }
}

function step(spec: CLikeSpec, self: DfgFunction, node: PlainNode, ctx: DfgContext, inStates: States): DfgResult {
  if (isTokenNode(node)) return leafEdges(node, ctx, inStates);
  const states = new LocalStates(inStates);
  const dfg: DfgEdge[] = [];
  const recurse = (child: PlainNode | null) => {
    const [edges, next] = self(child!, ctx, states.map);
    dfg.push(...edges);
    states.replace(next);
  };
  const type = node.type;

  if (spec.definition.has(type)) {
    const [name, value] = spec.definitionParts(node);
    if (value === null) {
      for (const [idx, code] of variableTokens(name!, ctx)) {
        dfg.push([code, idx, "comesFrom", [], []]);
        states.set(code, [idx]);
      }
      return [byIdx(dfg), states.map];
    }
    const targets = variableTokens(name!, ctx);
    const sources = variableTokens(value, ctx);
    recurse(value);
    pairEdges(targets, sources, "comesFrom", states, dfg);
    return [byIdx(dfg), states.map];
  }

  if (spec.assignment.has(type)) {
    const left = childByField(node, "left");
    const right = childByField(node, "right");
    recurse(right);
    pairEdges(variableTokens(left!, ctx), variableTokens(right!, ctx), "computedFrom", states, dfg);
    return [byIdx(dfg), states.map];
  }

  if (spec.increment.has(type)) {
    const tokens = variableTokens(node, ctx);
    pairEdges(tokens, tokens, "computedFrom", states, dfg);
    return [byIdx(dfg), states.map];
  }

  if (spec.ifTypes.has(type)) {
    let current: States = states.map;
    const branches: States[] = [];
    let inAlternatives = false;
    let sawElse = type.includes("else");
    for (const child of node.children) {
      if (child.type.includes("else")) sawElse = true;
      if (!spec.ifTypes.has(child.type) && !inAlternatives) {
        const [edges, next] = self(child, ctx, current);
        dfg.push(...edges);
        current = next;
      } else {
        // From the first "else" (or nested if) on, every child starts from the states before the if.
        inAlternatives = true;
        const [edges, next] = self(child, ctx, states.map);
        dfg.push(...edges);
        branches.push(next);
      }
    }
    branches.push(current);
    if (!sawElse) branches.push(states.map);
    return [byIdx(dfg), mergeBranchStates(branches, spec.ifKeepsOuterStates ? states.map : undefined)];
  }

  if (spec.forTypes.has(type)) {
    for (const child of node.children) recurse(child);
    let again = false;
    for (const child of node.children) {
      if (again) recurse(child);
      else if (spec.forSecondPass === "go-for-clause" && child.type === "for_clause") {
        const update = childByField(child, "update");
        if (update !== null) recurse(update);
        again = true;
      } else if (spec.forSecondPass === "after-local-declaration" && child.type === "local_variable_declaration") {
        again = true;
      }
    }
    return [mergeLoopEdges(dfg), states.map];
  }

  if (spec.enhancedFor.has(type)) {
    const name = childByField(node, spec.enhancedForFields[0]);
    const value = childByField(node, spec.enhancedForFields[1]);
    const body = childByField(node, "body");
    for (let pass = 0; pass < 2; pass++) {
      recurse(value);
      pairEdges(variableTokens(name!, ctx), variableTokens(value!, ctx), "computedFrom", states, dfg);
      recurse(body);
    }
    return [mergeLoopEdges(dfg), states.map];
  }

  if (spec.whileTypes.has(type)) {
    for (let pass = 0; pass < 2; pass++) for (const child of node.children) recurse(child);
    return [mergeLoopEdges(dfg), states.map];
  }

  for (const child of node.children) recurse(child);
  return [byIdx(dfg), states.map];
}
