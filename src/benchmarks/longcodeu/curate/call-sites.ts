/**
 * The direct call sites of a Python function body, as DRA's ground truth reads them (calls.ts
 * resolves them): every call in source order, nested functions, classes and lambdas left out.
 */
import type { Node } from "web-tree-sitter";
import { NESTED_SCOPES, named } from "./ts-nodes";
import { nodeStart } from "../../../lib/code/source";

/** One call expression: `root.attrs[0].attrs[1](...)`. */
export interface CallSite {
  /** Offset of the call in the file (source order). */
  start: number;
  row: number;
  root: { kind: "name"; name: string } | { kind: "super" };
  attrs: string[];
}

/** Direct call sites of a function body (nested scopes left out), in source order. */
export function collectCallSites(body: Node): { sites: CallSite[]; dynamic: number } {
  const sites: CallSite[] = [];
  let dynamic = 0;
  const walk = (n: Node) => {
    if (NESTED_SCOPES.has(n.type)) return;
    if (n.type === "call") {
      const site = callSite(n);
      if (site) sites.push(site);
      else dynamic++;
    }
    for (const c of named(n)) walk(c);
  };
  walk(body);
  sites.sort((a, b) => a.start - b.start);
  return { sites, dynamic };
}

function callSite(call: Node): CallSite | undefined {
  const attrs: string[] = [];
  let cur = call.childForFieldName("function");
  while (cur?.type === "attribute") {
    const attr = cur.childForFieldName("attribute");
    if (!attr) return undefined;
    attrs.unshift(attr.text);
    cur = cur.childForFieldName("object");
  }
  const base = { start: nodeStart(call), row: call.startPosition.row, attrs };
  if (cur?.type === "identifier") return { ...base, root: { kind: "name", name: cur.text } };
  if (cur?.type === "call" && cur.childForFieldName("function")?.text === "super" && attrs.length > 0)
    return { ...base, root: { kind: "super" } };
  return undefined;
}
