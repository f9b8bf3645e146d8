/** The package's `DFG_python`, branch for branch. */
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
  type DfgResult,
  type States,
} from "./common";

const ASSIGNMENT = new Set(["assignment", "augmented_assignment", "for_in_clause"]);
const DO_FIRST = new Set(["for_in_clause"]);
const ELSE_BRANCHES = new Set(["elif_clause", "else_clause"]);

/** `[x for x in node.children if x.type != ","]`; a missing node raises, as `None.children` would. */
const nonCommas = (node: PlainNode | null) => node!.children.filter((x) => x.type !== ",");

/**
 * Pairs targets with values the way the package does: element-wise when both sides are lists of
 * the same length, else the whole left side with the whole right side.
 */
function assignmentSides(node: PlainNode): [(PlainNode | null)[], (PlainNode | null)[]] {
  const left = childByField(node, "left");
  const right = childByField(node, "right");
  let lefts: (PlainNode | null)[] = nonCommas(left);
  let rights: (PlainNode | null)[] = nonCommas(right);
  if (rights.length !== lefts.length) {
    lefts = [left];
    rights = [right];
  }
  if (lefts.length === 0) lefts = [left];
  if (rights.length === 0) rights = [right];
  return [lefts, rights];
}

/** Each variable on a left side is computed from every variable on its right side. */
function computedFrom(
  lefts: (PlainNode | null)[],
  rights: (PlainNode | null)[],
  ctx: DfgContext,
  states: LocalStates,
  dfg: DfgEdge[],
): void {
  const pairs = Math.min(lefts.length, rights.length);
  for (let i = 0; i < pairs; i++) {
    const targets = variableTokens(lefts[i]!, ctx);
    const sources = variableTokens(rights[i]!, ctx);
    for (const [idx1, code1] of targets) {
      dfg.push([code1, idx1, "computedFrom", sources.map((s) => s[1]), sources.map((s) => s[0])]);
      states.set(code1, [idx1]);
    }
  }
}

export function dfgPython(node: PlainNode, ctx: DfgContext, inStates: States): DfgResult {
  return ctx.frame(() => step(node, ctx, inStates));
}

function step(node: PlainNode, ctx: DfgContext, inStates: States): DfgResult {
  if (isTokenNode(node)) return leafEdges(node, ctx, inStates);
  const states = new LocalStates(inStates);
  const dfg: DfgEdge[] = [];
  const recurse = (child: PlainNode | null) => {
    const [edges, next] = dfgPython(child!, ctx, states.map);
    dfg.push(...edges);
    states.replace(next);
  };

  if (node.type === "default_parameter") {
    const name = childByField(node, "name");
    const value = childByField(node, "value");
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
    for (const [idx1, code1] of targets) {
      for (const [idx2, code2] of sources) dfg.push([code1, idx1, "comesFrom", [code2], [idx2]]);
      states.set(code1, [idx1]);
    }
    return [byIdx(dfg), states.map];
  }

  if (ASSIGNMENT.has(node.type)) {
    let lefts: (PlainNode | null)[];
    let rights: (PlainNode | null)[];
    if (node.type === "for_in_clause") {
      rights = [at(node.children, -1)];
      lefts = [childByField(node, "left")];
    } else {
      // An annotation without a value (`x: int`) defines nothing.
      if (childByField(node, "right") === null) return [[], states.map];
      [lefts, rights] = assignmentSides(node);
    }
    for (const right of rights) recurse(right);
    computedFrom(lefts, rights, ctx, states, dfg);
    return [byIdx(dfg), states.map];
  }

  if (node.type === "if_statement") {
    let current: States = states.map;
    const branches: States[] = [];
    let sawElse = node.type.includes("else");
    for (const child of node.children) {
      if (child.type.includes("else")) sawElse = true;
      if (!ELSE_BRANCHES.has(child.type)) {
        const [edges, next] = dfgPython(child, ctx, current);
        dfg.push(...edges);
        current = next;
      } else {
        const [edges, next] = dfgPython(child, ctx, states.map);
        dfg.push(...edges);
        branches.push(next);
      }
    }
    branches.push(current);
    // Without an else, falling through keeps the definitions from before the if.
    if (!sawElse) branches.push(states.map);
    return [byIdx(dfg), mergeBranchStates(branches)];
  }

  if (node.type === "for_statement") {
    for (let pass = 0; pass < 2; pass++) {
      const [lefts, rights] = assignmentSides(node);
      for (const right of rights) recurse(right);
      computedFrom(lefts, rights, ctx, states, dfg);
      // Only a body that is the last child is walked (a for ... else skips it).
      if (at(node.children, -1).type === "block") recurse(at(node.children, -1));
    }
    return [mergeLoopEdges(dfg), states.map];
  }

  if (node.type === "while_statement") {
    for (let pass = 0; pass < 2; pass++) for (const child of node.children) recurse(child);
    return [mergeLoopEdges(dfg), states.map];
  }

  for (const child of node.children) if (DO_FIRST.has(child.type)) recurse(child);
  for (const child of node.children) if (!DO_FIRST.has(child.type)) recurse(child);
  return [byIdx(dfg), states.map];
}
