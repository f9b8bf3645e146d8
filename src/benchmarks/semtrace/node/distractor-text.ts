/** A distractor's text: its definition's own lines, dedented as Python does, and what makes it eligible. */
import type { Node } from "web-tree-sitter";
import { nodeEnd, nodeStart } from "../../../lib/code/source";

/** Also catches a nested `def f(` (which would read as a second target) and `async def f(`. */
export const DEF_F = /^\s*(async\s+)?def f\(/m;

export function insideFunction(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === "function_definition") return true;
  return false;
}

/**
 * The definition's lines, from the start of the `def` line to the end of the body, dedented.
 * Null when something other than whitespace precedes the `def` on its line (`class A: def g(...)`):
 * such a function has no source lines of its own.
 */
export function functionText(source: string, node: Node): { code: string; chars: number } | null {
  const [start, end] = [nodeStart(node), nodeEnd(node)];
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  if (!/^[ \t\f]*$/.test(source.slice(lineStart, start))) return null;
  const code = dedent(source.slice(lineStart, end).replace(/\r\n?/g, "\n"));
  return { code, chars: codePoints(code) };
}

/**
 * Python's `textwrap.dedent`: whitespace-only lines become empty, then the longest common
 * leading whitespace (spaces and tabs compared literally) of the other lines is removed.
 * Works line by line because JavaScript's `^`/`$` would also split at U+2028/U+2029.
 */
export function dedent(text: string): string {
  const lines = text.split("\n").map((l) => (/^[ \t]+$/.test(l) ? "" : l));
  let margin: string | undefined;
  for (const line of lines) {
    const m = /^[ \t]*(?=[^ \t])/.exec(line);
    if (!m) continue;
    const indent = m[0];
    if (margin === undefined || margin.startsWith(indent)) margin = indent;
    else if (!indent.startsWith(margin)) {
      let i = 0;
      while (i < margin.length && i < indent.length && margin[i] === indent[i]) i++;
      margin = margin.slice(0, i);
    }
  }
  if (!margin) return lines.join("\n");
  const cut = margin;
  return lines.map((l) => (l.startsWith(cut) ? l.slice(cut.length) : l)).join("\n");
}

/** True when the leading whitespace of the lines uses both tabs and spaces. */
export function mixesTabsAndSpaces(code: string): boolean {
  let tabs = false;
  let spaces = false;
  for (const line of code.split("\n")) {
    const indent = /^[ \t]*/.exec(line)![0];
    if (indent.includes("\t")) tabs = true;
    if (indent.includes(" ")) spaces = true;
    if (tabs && spaces) return true;
  }
  return false;
}

function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
