/**
 * CodeBLEU's data-flow match (`dataflow_match.py`): extract each code's data-flow edges, rename
 * variables `var_0, var_1, ...` in order of first appearance, and count the reference edges found
 * in the candidate, each candidate edge used at most once. No reference edges in the whole corpus
 * gives 0 (the caller then substitutes 1, as `calc_codebleu` does with `dataflow_match_score or 1`).
 */
import {
  DataFlowBudgetError,
  DfgContext,
  MAX_PYTHON_FRAMES,
  spanKey,
  isTokenNode,
  uniqueNames,
  type DfgEdge,
  type DfgFunction,
} from "./dfg/common";
import type { PlainNode } from "./tree";

/** A normalised edge: (variable, relation, parent variables), as a comparable string. */
export type NormalizedFlow = string;

/** `tree_to_token_index`: spans of the code tokens in tree order (strings count as one token). */
function tokenNodes(root: PlainNode): PlainNode[] {
  const out: PlainNode[] = [];
  const walk = (node: PlainNode, depth: number) => {
    if (depth > MAX_PYTHON_FRAMES) throw new Error("RecursionError: maximum recursion depth exceeded");
    if (isTokenNode(node)) out.push(node);
    else for (const child of node.children) walk(child, depth + 1);
  };
  walk(root, 1);
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range (Python's str.isascii)
const ASCII = /^[\x00-\x7f]*$/;

/**
 * `line[a:b]` where a and b are tree-sitter columns: UTF-8 byte columns (py-tree-sitter's, and the
 * runtime's: src/lib/code/source.ts), with which the package slices the Python string (code points), so
 * on non-ASCII lines tokens come out shifted. `undefined` bounds mean open ends.
 */
function pySliceByByteColumns(line: string, ascii: boolean, from?: number, to?: number): string {
  if (ascii) return line.slice(from, to);
  return Array.from(line).slice(from, to).join("");
}

/**
 * `index_to_code_token`: a token's text from the code's lines (multi-line tokens lose their "\n"s).
 * `ascii[row]` says whether a line is ASCII, computed once per line: testing the line for every token
 * cost the square of its length (65,000 one-character tokens on one line: 3 s).
 */
function tokenText(lines: readonly string[], ascii: readonly boolean[], node: PlainNode): string {
  const line = (row: number) => {
    if (row < 0 || row >= lines.length) throw new Error("IndexError: list index out of range");
    return lines[row];
  };
  if (node.startRow === node.endRow)
    return pySliceByByteColumns(line(node.startRow), ascii[node.startRow], node.startCol, node.endCol);
  let text = pySliceByByteColumns(line(node.startRow), ascii[node.startRow], node.startCol);
  for (let row = node.startRow + 1; row < node.endRow; row++) text += line(row);
  return text + pySliceByByteColumns(line(node.endRow), ascii[node.endRow], undefined, node.endCol);
}

/**
 * `get_data_flow`: the edges that take part in some flow (they have parents or are one), sorted by
 * token, with edges of the same token merged. Any error inside gives no edges, as in the package.
 */
export function extractDataFlow(
  code: string,
  root: PlainNode,
  dfgFunction: DfgFunction,
  maxSteps: number,
  used?: { steps: number },
): DfgEdge[] {
  let edges: DfgEdge[];
  try {
    const tokens = tokenNodes(root);
    const lines = code.split("\n");
    const ascii = lines.map((l) => ASCII.test(l));
    const indexToCode = new Map<string, [number, string]>();
    for (const [idx, node] of tokens.entries()) indexToCode.set(spanKey(node), [idx, tokenText(lines, ascii, node)]);
    let all: DfgEdge[];
    try {
      const ctx = new DfgContext(indexToCode, maxSteps);
      try {
        all = dfgFunction(root, ctx, new Map())[0];
      } finally {
        if (used) used.steps += ctx.steps;
      }
    } catch (err) {
      if (err instanceof DataFlowBudgetError) throw err;
      all = [];
    }
    all.sort((a, b) => a[1] - b[1]);
    const inFlow = new Set<number>();
    for (const [, idx, , , parentIdxs] of all) {
      if (parentIdxs.length > 0) inFlow.add(idx);
      for (const p of parentIdxs) inFlow.add(p);
    }
    edges = all.filter((e) => inFlow.has(e[1]));
  } catch (err) {
    if (err instanceof DataFlowBudgetError) throw err;
    edges = [];
  }
  // One edge per token: later edges of the same token keep their own name and relation and unite
  // the parents (Python's set order again replaced by first occurrence).
  const byToken = new Map<number, DfgEdge>();
  for (const e of edges) {
    const seen = byToken.get(e[1]);
    byToken.set(
      e[1],
      seen ? [e[0], e[1], e[2], uniqueNames([...seen[3], ...e[3]]), [...new Set([...seen[4], ...e[4]])]] : e,
    );
  }
  return [...byToken.values()];
}

/** `normalize_dataflow`: parents are numbered before the variable they define. */
export function normalizeDataFlow(edges: readonly DfgEdge[]): NormalizedFlow[] {
  const names = new Map<string, string>();
  const rename = (name: string) => {
    let v = names.get(name);
    if (v === undefined) {
      v = `var_${names.size}`;
      names.set(name, v);
    }
    return v;
  };
  return edges.map(([name, , rel, parents]) => {
    const normParents = parents.map(rename);
    return JSON.stringify([rename(name), rel, normParents]);
  });
}

/** Reference flows found in the candidate, each candidate flow matched at most once. */
export function countFlowMatches(reference: readonly NormalizedFlow[], candidate: readonly NormalizedFlow[]): number {
  const available = new Map<NormalizedFlow, number>();
  for (const f of candidate) available.set(f, (available.get(f) ?? 0) + 1);
  let matched = 0;
  for (const f of reference) {
    const n = available.get(f) ?? 0;
    if (n > 0) {
      matched++;
      available.set(f, n - 1);
    }
  }
  return matched;
}
