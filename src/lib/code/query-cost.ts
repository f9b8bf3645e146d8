/**
 * What a tree-sitter query will cost on a tree, known before running it (src/lib/code/budget.ts).
 *
 * The query cursor, for every visible node it enters, scans that node's later siblings until it
 * finds a named one (`ts_tree_cursor_current_status`). A node with a run of r unnamed children (an
 * ERROR node holding 65,000 `(` of a fenced answer) costs about r²/2 steps: 5 s of CPU for one
 * query on 64 KB, against milliseconds for the parse. Such runs only occur in ERROR nodes, which
 * tree-sitter's own walk finds quickly; queries cannot be cancelled (web-tree-sitter 0.25 never calls
 * a query's progress callback), so the check comes first.
 */
import type { Node } from "web-tree-sitter";
import { activeMeter, BudgetExceededError } from "./budget";

/** Sibling-scan steps of one query over `root`, counted up to just past `cap`. */
export function queryScanSteps(root: Node, cap: number): number {
  const errors = root.type === "ERROR" ? [root, ...root.descendantsOfType("ERROR")] : root.descendantsOfType("ERROR");
  let steps = 0;
  for (const node of errors) {
    if (!node) continue;
    const n = node.childCount;
    // Small ERROR nodes: the bound n²/2 is cheap and close enough.
    if (n <= 64) {
      steps += (n * (n + 1)) / 2;
      if (steps > cap) return steps;
      continue;
    }
    const cursor = node.walk();
    try {
      let run = 0;
      for (let more = cursor.gotoFirstChild(); more; more = cursor.gotoNextSibling()) {
        if (cursor.nodeIsNamed) {
          steps += (run * (run + 1)) / 2 + 1;
          run = 0;
        } else {
          run++;
        }
        if (steps + (run * (run + 1)) / 2 > cap) return steps + (run * (run + 1)) / 2;
      }
      steps += (run * (run + 1)) / 2;
    } finally {
      cursor.delete();
    }
    if (steps > cap) return steps;
  }
  return steps;
}

/**
 * Under an active meter: refuses (BudgetExceededError) a tree on which `queries` queries would go
 * over the per-tree or the request's query budget, and charges their cost otherwise.
 */
export function checkQueryCost(root: Node, queries = 1): void {
  const meter = activeMeter();
  if (!meter || queries === 0) return;
  const perTree = meter.perParse.query_scan;
  const cap = Math.min(perTree, meter.remaining("query_scan"));
  const steps = queryScanSteps(root, Math.ceil(cap / queries)) * queries;
  if (steps > perTree) throw new BudgetExceededError("query_scan", perTree, "parse", undefined, meter.plan.name);
  meter.charge("query_scan", steps);
}
