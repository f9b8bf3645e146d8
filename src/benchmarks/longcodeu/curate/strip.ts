/**
 * CU_SA's `stripped` contexts: Python source with every comment and docstring removed, still valid.
 *
 * `removeComments` in src/lib/code/functions.ts (the RepoQA reference's) deletes comment and
 * in-block string captures in place: it keeps module docstrings, leaves blank lines behind and can
 * leave a body empty (invalid code). This module removes instead:
 * - every comment (`#` to the end of the line, including shebang and coding lines); a line holding
 *   only a comment is deleted, otherwise the comment and the blanks before it;
 * - every string statement (an expression statement that is one string literal or an implicit
 *   concatenation of literals, without f-string interpolation): module, class and function
 *   docstrings and the attribute-docstring / string-as-comment statements elsewhere. They have no
 *   effect when run, so removing them changes no behaviour. A statement alone on its lines is
 *   deleted with its lines (and, for a block's or module's first statement, the blank lines after
 *   it); one sharing a line with other statements is deleted with its `;`.
 * - A block left with no statement gets `pass` where its first removed statement was (so
 *   `def f():\n    """Doc."""` becomes `def f():\n    pass`).
 * Code is otherwise untouched, so every unit's text in the stripped file is its original text minus
 * those removals.
 */
import type { Node } from "web-tree-sitter";
import { withTree, type LoadedLanguage } from "../../../lib/code/parser";
import { nodeEnd, nodeStart } from "../../../lib/code/source";
import { named, statements } from "./ts-nodes";

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `code` without comments and docstrings (see the module comment). */
export function stripPython(lang: LoadedLanguage, code: string): string {
  const edits = withTree(lang, code, (root) => collectEdits(root, code)) ?? [];
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: Edit[] = [];
  for (const e of edits) {
    const last = kept[kept.length - 1];
    // A comment inside a deleted docstring line (or two deletions of one blank run): the outer one wins.
    if (last && e.start < last.end) {
      if (e.end > last.end && last.text === "" && e.text === "") last.end = e.end;
      continue;
    }
    kept.push(e);
  }
  let out = "";
  let at = 0;
  for (const e of kept) {
    out += code.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + code.slice(at);
}

/** Whether a statement is a no-op string statement (docstrings included). */
export function isStringStatement(s: Node): boolean {
  if (s.type !== "expression_statement") return false;
  const parts = named(s);
  if (parts.length !== 1) return false;
  const e = parts[0];
  if (e.type !== "string" && e.type !== "concatenated_string") return false;
  return !hasInterpolation(e);
}

function hasInterpolation(n: Node): boolean {
  if (n.type === "interpolation") return true;
  return named(n).some(hasInterpolation);
}

function lineStartOf(code: string, i: number): number {
  return code.lastIndexOf("\n", i - 1) + 1;
}

/** Index just past the line break ending the line that holds `i` (or the end of the text). */
function lineEndOf(code: string, i: number): number {
  const nl = code.indexOf("\n", i);
  return nl < 0 ? code.length : nl + 1;
}

function collectEdits(root: Node, code: string): Edit[] {
  const edits: Edit[] = [];
  const containers: Node[] = [];
  const comments: Node[] = [];
  const gather = (n: Node) => {
    if (n.type === "comment") comments.push(n);
    if (n.type === "module" || n.type === "block") containers.push(n);
    for (const c of named(n)) gather(c);
  };
  gather(root);

  for (const block of containers) {
    const body = statements(block);
    const removed = body.filter(isStringStatement);
    if (removed.length === 0) continue;
    const emptied = block.type === "block" && removed.length === body.length;
    removed.forEach((s, i) => {
      if (emptied && i === 0) edits.push({ start: nodeStart(s), end: nodeEnd(s), text: "pass" });
      else edits.push(removal(code, s, s === body[0]));
    });
  }

  for (const c of comments) {
    const [cStart, cEnd] = [nodeStart(c), nodeEnd(c)];
    const ls = lineStartOf(code, cStart);
    if (!code.slice(ls, cStart).trim()) {
      edits.push({ start: ls, end: lineEndOf(code, cEnd), text: "" });
    } else {
      let start = cStart;
      while (start > ls && (code[start - 1] === " " || code[start - 1] === "\t")) start--;
      edits.push({ start, end: cEnd, text: "" });
    }
  }
  return edits;
}

/** The edit deleting string statement `s` (with its lines when it is alone on them). */
function removal(code: string, s: Node, first: boolean): Edit {
  // String indices of the statement (its own offsets are UTF-8 bytes).
  const [sStart, sEnd] = [nodeStart(s), nodeEnd(s)];
  const ls = lineStartOf(code, sStart);
  const le = lineEndOf(code, sEnd);
  const before = code.slice(ls, sStart);
  const after = code.slice(sEnd, le).replace(/\n$/, "");
  const afterCode = after.replace(/#.*$/, "");
  if (!before.trim() && !afterCode.trim()) {
    let end = le;
    if (first) {
      // The blank lines after a docstring go with it.
      while (end < code.length) {
        const next = lineEndOf(code, end);
        if (code.slice(end, next).trim()) break;
        end = next;
      }
    }
    return { start: ls, end, text: "" };
  }
  // Shares its line: take a neighbouring `;` with it.
  const follow = /^\s*;[ \t]*/.exec(code.slice(sEnd, le));
  if (follow) return { start: sStart, end: sEnd + follow[0].length, text: "" };
  const precede = /;\s*$/.exec(code.slice(ls, sStart));
  if (precede) return { start: ls + precede.index, end: sEnd, text: "" };
  return { start: sStart, end: sEnd, text: "" };
}
