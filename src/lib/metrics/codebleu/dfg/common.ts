/**
 * Shared pieces of the package's data-flow-graph functions (`parser/DFG.py`, from GraphCodeBERT).
 *
 * An edge is `(name, idx, relation, parent names, parent idxs)`, where idx numbers the code tokens
 * in tree order. `states` maps a variable name to the token idxs that last defined it.
 *
 * Python's `list(set(names))` orders names by string hash, which Python randomises per process, so
 * the package itself is not deterministic wherever it merges parent lists. We keep first-occurrence
 * order instead: stable across runs, and the order an unseeded reading of the code suggests.
 */
import type { PlainNode } from "../tree";

export type Relation = "comesFrom" | "computedFrom";
export type DfgEdge = [name: string, idx: number, relation: Relation, parentNames: string[], parentIdxs: number[]];
/** Never mutated once shared: {@link LocalStates} copies before its first write (Python copies on every call). */
export type States = Map<string, number[]>;
export type DfgResult = [DfgEdge[], States];
export type DfgFunction = (node: PlainNode, ctx: DfgContext, states: States) => DfgResult;

/** Node types read as one token even when tree-sitter gives them children. */
const STRING_TYPES = new Set(["string_literal", "string", "character_literal"]);

/**
 * Python's recursion limit (1000) less the frames below the first recursive call (module,
 * calc_codebleu, corpus_dataflow_match, get_data_flow). Deeper nesting makes the package's DFG code
 * raise RecursionError, which it catches and treats as "no data flow"; we do the same.
 */
export const MAX_PYTHON_FRAMES = 996;

/** Thrown when one code's data-flow extraction does more work than {@link DfgContext.maxSteps}. */
export class DataFlowBudgetError extends Error {
  constructor(readonly steps: number) {
    super(`data-flow extraction exceeded ${steps} steps`);
    this.name = "DataFlowBudgetError";
  }
}

/** `index_to_code`, and the bookkeeping that mimics Python's call stack. */
export class DfgContext {
  private depth = 0;
  /** Recursive steps taken so far (read by the caller to charge a request's budget). */
  steps = 0;

  constructor(
    /** `(start_point, end_point)` of each code token -> (idx, text); later tokens win a shared key. */
    private readonly indexToCode: Map<string, [number, string]>,
    /**
     * Loops are analysed twice per nesting level, so work grows as 2^depth; the package simply runs
     * on. A Worker cannot, so past this many visits extraction stops with {@link DataFlowBudgetError}.
     */
    readonly maxSteps: number,
  ) {}

  /** `index_to_code[(node.start_point, node.end_point)]`; a missing key raises, as a KeyError would. */
  lookup(node: PlainNode): [number, string] {
    const hit = this.indexToCode.get(spanKey(node));
    if (!hit) throw new Error("KeyError: no code token at this span");
    return hit;
  }

  /** Runs one recursive step: counts the frame against Python's limit and the step budget. */
  frame<T>(run: () => T): T {
    if (++this.steps > this.maxSteps) throw new DataFlowBudgetError(this.maxSteps);
    if (++this.depth > MAX_PYTHON_FRAMES) {
      this.depth--;
      throw new Error("RecursionError: maximum recursion depth exceeded");
    }
    try {
      return run();
    } finally {
      this.depth--;
    }
  }
}

export const spanKey = (n: PlainNode) => `${n.startRow},${n.startCol},${n.endRow},${n.endCol}`;

/** The test every DFG function and token walker starts with. Reads `children` first, so null throws. */
export function isTokenNode(node: PlainNode): boolean {
  return (node.children.length === 0 || STRING_TYPES.has(node.type)) && node.type !== "comment";
}

/** Python `seq[i]` for lists of nodes: negative indices count from the end; out of range raises. */
export function at<T>(seq: readonly T[], i: number): T {
  const j = i < 0 ? seq.length + i : i;
  if (j < 0 || j >= seq.length) throw new Error("IndexError: list index out of range");
  return seq[j];
}

/**
 * A DFG function's `states = states.copy()`, copied lazily: the package copies the map on every call,
 * we copy it before the first write of a call, which is observably the same and much cheaper.
 */
export class LocalStates {
  private owned = false;
  constructor(public map: States) {}

  set(name: string, defs: number[]): void {
    if (!this.owned) {
      this.map = new Map(this.map);
      this.owned = true;
    }
    this.map.set(name, defs);
  }

  /** Takes the states a recursive call returned (a map it made, or ours back unchanged). */
  replace(next: States): void {
    if (next !== this.map) {
      this.map = next;
      this.owned = false;
    }
  }
}

/**
 * The leaf case shared by every language: keywords and punctuation (type equals text) give nothing;
 * a name already defined comes from its definitions; an identifier seen first defines itself.
 */
export function leafEdges(node: PlainNode, ctx: DfgContext, states: States): DfgResult {
  const [idx, code] = ctx.lookup(node);
  if (node.type === code) return [[], states];
  const defs = states.get(code);
  if (defs !== undefined) return [[[code, idx, "comesFrom", [code], defs]], states];
  if (node.type === "identifier") return [[[code, idx, "comesFrom", [], []]], new Map(states).set(code, [idx])];
  return [[[code, idx, "comesFrom", [], []]], states];
}

/** `tree_to_variable_index` followed by `index_to_code` lookups: the non-keyword tokens under `node`. */
export function variableTokens(node: PlainNode, ctx: DfgContext): [number, string][] {
  return ctx.frame(() => {
    if (isTokenNode(node)) {
      const hit = ctx.lookup(node);
      return node.type !== hit[1] ? [hit] : [];
    }
    const out: [number, string][] = [];
    for (const child of node.children) out.push(...variableTokens(child, ctx));
    return out;
  });
}

/** `sorted(DFG, key=lambda x: x[1])` (stable). */
export const byIdx = (edges: DfgEdge[]): DfgEdge[] => edges.sort((a, b) => a[1] - b[1]);

/** Python `list(set(xs))` for names, in first-occurrence order (see the module comment). */
export const uniqueNames = (names: readonly string[]): string[] => [...new Set(names)];

/** `sorted(list(set(xs)))` for idxs. */
export const sortedUnique = (xs: readonly number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);

/**
 * The merge after a loop is analysed twice: edges with the same (name, idx, relation) are combined,
 * their parent names and idxs united, and the result ordered by idx.
 */
export function mergeLoopEdges(edges: readonly DfgEdge[]): DfgEdge[] {
  const merged = new Map<string, DfgEdge>();
  for (const [name, idx, rel, names, idxs] of edges) {
    const key = JSON.stringify([name, idx, rel]);
    const seen = merged.get(key);
    if (!seen) merged.set(key, [name, idx, rel, names, idxs]);
    else merged.set(key, [name, idx, rel, uniqueNames([...seen[3], ...names]), sortedUnique([...seen[4], ...idxs])]);
  }
  return byIdx(byIdx([...merged.values()]));
}

/** Unites the states reached along the branches of an if: each name keeps every definition. */
export function mergeBranchStates(branches: readonly States[], extra?: States): States {
  const merged: States = new Map();
  for (const states of branches) {
    for (const [key, defs] of states) merged.set(key, [...(merged.get(key) ?? []), ...defs]);
  }
  if (extra) for (const [key, defs] of extra) merged.set(key, [...(merged.get(key) ?? []), ...defs]);
  for (const [key, defs] of merged) merged.set(key, sortedUnique(defs));
  return merged;
}
