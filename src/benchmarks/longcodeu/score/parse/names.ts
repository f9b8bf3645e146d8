/** CU_P: the function names of an answer's list. */
import { unfence } from "./text";

/** The text of the bracketed list opening at `open` (the index of `[`), up to its `]` or the end. */
function listBody(text: string, open: number): { body: string; closed: boolean } {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") {
      depth--;
      if (depth === 0) return { body: text.slice(open + 1, i), closed: true };
    }
  }
  return { body: text.slice(open + 1), closed: false };
}

/** Items of a list body split on top-level commas and line breaks. */
function listItems(body: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === "," || c === "\n")) {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  return items;
}

/** A list item as a bare name: quotes, backticks, `def ` and a call's parentheses removed. */
export function cleanName(item: string): string {
  let name = item.trim();
  for (let prev = ""; prev !== name; ) {
    prev = name;
    name = name
      .replace(/^["'`]+|["'`]+$/g, "")
      .replace(/^(?:async\s+)?def\s+/, "")
      .replace(/\s*\(.*\)\s*:?$/s, "")
      .trim();
  }
  return name;
}

/** The names of a CU_P answer, or null when it holds no list. */
export function parseFunctionNames(output: string): { names: string[]; closed: boolean; labelled: boolean } | null {
  const text = unfence(output);
  const labelled = [...text.matchAll(/Function_names\s*=\s*\[/gi)];
  let open: number;
  if (labelled.length) {
    const m = labelled[labelled.length - 1];
    open = m.index! + m[0].length - 1;
  } else {
    // The last top-level bracketed list (an unclosed one is necessarily the last).
    open = -1;
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== "[") continue;
      const { closed, body } = listBody(text, i);
      open = i;
      if (!closed) break;
      i += body.length + 1;
    }
    if (open < 0) return null;
  }
  const { body, closed } = listBody(text, open);
  const names = listItems(body)
    .map(cleanName)
    .filter((n) => n && n !== "..." && n !== "…");
  return { names, closed, labelled: labelled.length > 0 };
}
