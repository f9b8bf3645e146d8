/**
 * Reading LongCodeU answers. Each parser looks for the format its instruction demands first and
 * falls back to what models commonly write instead; ``` fences, the paper's quote-mark frames and
 * stray prose around the answer are tolerated. A parser returns null when the output holds nothing
 * in the demanded shape (or a fallback of it): the scorer counts that as unparseable (0).
 *
 * Fences follow CommonMark's rules, with indentation taken relative to the opening fence: a block
 * opened by n >= 3 backticks (an info string may follow) is closed only by a line of at least n
 * backticks and nothing else, indented at most 3 columns more than the opening, so a docstring's
 * Markdown example (```python ... ```) inside a function (indented 4 or more), or inside a unit
 * fenced with more backticks, stays part of the unit. Where an answer's text is taken verbatim (LDU, and the
 * units of labelled blocks), only a fence that wraps the whole answer (or the whole block, or the
 * whole documentation text after its label) is removed, never fence lines inside it: a
 * documentation section or a docstring may hold fences of its own.
 *
 * Choices the paper leaves open, fixed here:
 * - CU_P: the last `Function_names = [...]`, else the last bracketed list; an unclosed list (an
 *   answer cut off by max_tokens) runs to the end. Names may be quoted, backticked, `def`-prefixed or
 *   written as calls (`name()`, `name(a, b)`); `...` and empty items are not names.
 * - CU_DFA: every non-blank line of an `extracted code line` block is a predicted line; without
 *   such blocks, the non-blank lines of the fenced blocks are.
 * - Units (DRA/SRE): `##### <label> #####` blocks, else fenced blocks, else top-level chunks; a
 *   fenced block holding several top-level definitions is split into them. A top-level chunk
 *   starts at a column-0 `def`/`async def`/`class` (with its decorators) and ends before the next
 *   one or before a column-0 line starting with a letter (module code or prose) outside a
 *   triple-quoted string. A labelled block that starts with a definition loses such trailing
 *   lines too (prose after the last block); an unfenced CU_SA answer is its first chunk.
 * - LDU: the text after `# The complete documentation`, else between `<BEGIN>`/`<END>`, else the
 *   whole output minus a `# The sequence number` block; `<BEGIN>`/`<END>` copied along are removed.
 *   Fences and quote frames are removed only where they wrap the whole answer or the whole text
 *   after `# The complete documentation` (a section starts with its heading or its API's
 *   signature, never with a fence, so such a wrap is never part of the reference).
 */

const FENCE = /^\s*```/;
/** A fence opening line: its indentation (group 1) and backticks (group 2); an info string may follow (no backtick in it). */
const FENCE_OPEN = /^([ \t]*)(`{3,})[^`]*$/;
/** A fence line of backticks only (a closing fence). */
const FENCE_BARE = /^([ \t]*)(`{3,})\s*$/;
/**
 * Whether `line` closes the fence `open` (a FENCE_OPEN match): at least as many backticks and
 * nothing else, indented at most 3 columns more than the opening fence (CommonMark's rule, taken
 * relative to the opening so an indented answer still closes), so a docstring's own ``` lines
 * inside a function (indented 4 or more) do not close it.
 */
function closes(line: string, open: RegExpExecArray): boolean {
  const bare = FENCE_BARE.exec(line);
  return !!bare && bare[2].length >= open[2].length && bare[1].length <= open[1].length + 3;
}
/** Lines that only frame the paper's boxes: “, ”, "" (never `"""`, which closes a docstring). */
const QUOTE_FRAME = /^\s*(?:[“”]+|"")\s*$/;
/** `##### <label> #####`; the label needs a character other than `#` (a `#######` banner is a comment). */
const HEADER = /^\s*#{3,}\s*([^#\s][^#]*?)\s*#{3,}\s*$/;
const DEF_OR_CLASS = /^\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)/m;

const lf = (text: string) => text.replace(/\r\n?/g, "\n");

/** The output without fence lines and quote-frame lines. */
export function unfence(output: string): string {
  return lf(output)
    .split("\n")
    .filter((l) => !FENCE.test(l) && !QUOTE_FRAME.test(l))
    .join("\n");
}

/** The contents of the ``` blocks of an output (an unclosed last block runs to the end). */
export function fencedBlocks(output: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  let opened: RegExpExecArray | null = null;
  for (const line of lf(output).split("\n")) {
    if (!current) {
      opened = FENCE_OPEN.exec(line);
      if (opened) current = [];
    } else if (closes(line, opened!)) {
      blocks.push(current.join("\n"));
      current = null;
    } else current.push(line);
  }
  if (current?.length) blocks.push(current.join("\n"));
  return blocks
    .map((b) =>
      trimBlankLines(
        b
          .split("\n")
          .filter((l) => !QUOTE_FRAME.test(l))
          .join("\n"),
      ),
    )
    .filter((b) => b.trim());
}

/** Lines without blank lines at either end. */
function trimLines(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a].trim()) a++;
  while (b > a && !lines[b - 1].trim()) b--;
  return lines.slice(a, b);
}

/**
 * Lines without what wraps all of them: a fence opening the first line and closing on the last,
 * and the paper's quote frames on the first or last line (repeatedly, blank lines between dropped).
 */
export function unwrapLines(lines: string[]): string[] {
  let out = trimLines(lines);
  for (;;) {
    if (out.length && QUOTE_FRAME.test(out[0])) out = trimLines(out.slice(1));
    else if (out.length && QUOTE_FRAME.test(out[out.length - 1])) out = trimLines(out.slice(0, -1));
    else {
      const open = out.length >= 2 ? FENCE_OPEN.exec(out[0]) : null;
      if (open && closes(out[out.length - 1], open)) out = trimLines(out.slice(1, -1));
      else return out;
    }
  }
}

/** Blank lines off both ends, trailing whitespace off the last line. */
function trimBlankLines(text: string): string {
  const lines = text.split("\n");
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines.join("\n").replace(/\s+$/, "");
}

/** The text with the common leading whitespace of its non-blank lines removed. */
export function dedent(text: string): string {
  const lines = text.split("\n");
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return cut ? lines.map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length))).join("\n") : text;
}

/** A unit's name: its first `def` / `async def` / `class` name. */
export function unitName(code: string): string | null {
  return DEF_OR_CLASS.exec(code)?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------- CU_P

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

// -------------------------------------------------------------------------------------- CU_DFA

export interface DataFlowPair {
  /** The non-blank lines of one `extracted code line` block. */
  lines: string[];
  /** The line number given after it, when there is one. */
  line: number | null;
}

/** The predicted lines of a CU_DFA answer, or null when there are none. */
export function parseDataFlow(output: string): { pairs: DataFlowPair[]; shape: "pairs" | "fenced" } | null {
  const pairs: DataFlowPair[] = [];
  let section: "code" | "number" | null = null;
  for (const line of unfence(output).split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      const label = header[1].toLowerCase();
      if (label.includes("code line")) {
        section = "code";
        pairs.push({ lines: [], line: null });
      } else if (label.includes("line number")) section = "number";
      else section = null;
      continue;
    }
    const pair = pairs[pairs.length - 1];
    if (!pair || !line.trim()) continue;
    if (section === "code") pair.lines.push(line);
    else if (section === "number" && pair.line === null) {
      const n = /\d+/.exec(line);
      if (n) pair.line = Number(n[0]);
    }
  }
  const kept = pairs.filter((p) => p.lines.length);
  if (kept.length) return { pairs: kept, shape: "pairs" };
  const fenced = fencedBlocks(output).flatMap((b) => b.split("\n").filter((l) => l.trim()));
  return fenced.length ? { pairs: fenced.map((l) => ({ lines: [l], line: null })), shape: "fenced" } : null;
}

// --------------------------------------------------------------------------------------- CU_SA

const DEF_LINE = /^\s*(?:async\s+def|def)\s/;

/** From the first `def` (and the decorators right above it) to the end. */
function fromFirstDef(text: string): string | null {
  const lines = text.split("\n");
  let at = lines.findIndex((l) => DEF_LINE.test(l));
  if (at < 0) return null;
  while (at > 0 && /^\s*@/.test(lines[at - 1])) at--;
  const code = trimBlankLines(lines.slice(at).join("\n"));
  return code || null;
}

/** The function of a CU_SA answer (a fenced block, or the text from the first `def`), or null. */
export function extractFunction(output: string): { code: string; shape: "fenced" | "def" | "block" } | null {
  const blocks = fencedBlocks(output);
  const withDef = blocks.find((b) => b.split("\n").some((l) => DEF_LINE.test(l)));
  if (withDef) return { code: fromFirstDef(withDef) ?? withDef, shape: "fenced" };
  const code = fromFirstDef(unfence(output));
  // Unfenced: the first definition only, so prose after it is not taken for code.
  if (code) return { code: topLevelChunks(code)[0] ?? code, shape: "def" };
  return blocks.length ? { code: blocks[0], shape: "block" } : null;
}

// -------------------------------------------------------------------------------- DRA and SRE

export interface PredictedUnit {
  /** The `##### <label> #####` it came under, when it came under one. */
  label: string | null;
  name: string | null;
  code: string;
}

const TOP_LEVEL = /^(?:@|async\s+def\s|def\s|class\s)/;

/**
 * The triple-quoted string still open after `line`, given the one open before it (a line scan:
 * good enough to keep column-0 text inside docstrings and SQL templates from ending a chunk).
 */
function openString(line: string, open: string | null): string | null {
  let at = 0;
  for (;;) {
    if (open) {
      const close = line.indexOf(open, at);
      if (close < 0) return open;
      at = close + 3;
      open = null;
    } else {
      const m = /"""|'''|#/.exec(line.slice(at));
      if (!m || m[0] === "#") return null;
      open = m[0];
      at += m.index + 3;
    }
  }
}

/** Top-level definitions of a text (see the module comment). */
export function topLevelChunks(text: string): string[] {
  const chunks: string[][] = [];
  let current: { lines: string[]; decoratorsOnly: boolean } | null = null;
  let string: string | null = null;
  for (const line of dedent(text).split("\n")) {
    if (string) {
      current?.lines.push(line);
    } else if (TOP_LEVEL.test(line)) {
      const decorator = line.startsWith("@");
      if (current?.decoratorsOnly) {
        current.lines.push(line);
        current.decoratorsOnly = decorator;
      } else {
        current = { lines: [line], decoratorsOnly: decorator };
        chunks.push(current.lines);
      }
    } else if (current && /^[A-Za-z_]/.test(line)) {
      current = null;
    } else if (current) {
      current.lines.push(line);
    }
    string = openString(line, string);
  }
  return chunks.map((c) => trimBlankLines(c.join("\n"))).filter((c) => unitName(c));
}

const sameCode = (a: string, b: string) => a.replace(/\s+/g, "") === b.replace(/\s+/g, "");

/**
 * A block's top-level definitions; the block itself, untouched (indentation kept), when it is one
 * definition and nothing else.
 */
function definitionsOf(block: string): string[] {
  const chunks = topLevelChunks(block);
  return chunks.length === 1 && sameCode(chunks[0], block) ? [block] : chunks;
}

/** A labelled block without what follows its definitions at column 0 (prose after the last block). */
function withoutTrailingProse(block: string): string {
  if (!TOP_LEVEL.test(dedent(block))) return block;
  const chunks = topLevelChunks(block);
  return chunks.length && !sameCode(chunks.join(""), block) ? chunks.join("\n\n") : block;
}

/** A labelled block's code (see the module comment). */
function labelledCode(lines: string[]): string {
  let body = trimLines(lines);
  const open = body.length ? FENCE_OPEN.exec(body[0]) : null;
  if (open) {
    // The block is one unit: its fence closes on the block's last closing line (a docstring's own
    // ``` lines inside it do not end it).
    const end = body.findLastIndex((l, i) => i > 0 && closes(l, open));
    return trimBlankLines(body.slice(1, end < 0 ? undefined : end).join("\n"));
  }
  while (body.length && FENCE_BARE.test(body[body.length - 1])) body = trimLines(body.slice(0, -1));
  const text = trimBlankLines(body.join("\n"));
  if (!TOP_LEVEL.test(dedent(text))) {
    const fenced = fencedBlocks(text).find((b) => unitName(b));
    if (fenced) return fenced;
  }
  return withoutTrailingProse(text);
}

/** The code units of a DRA/SRE answer, or null when there are none. */
export function parseUnits(output: string): { units: PredictedUnit[]; shape: "labelled" | "fenced" | "chunks" } | null {
  const labelled: { label: string; lines: string[] }[] = [];
  for (const line of unwrapLines(lf(output).split("\n"))) {
    const header = HEADER.exec(line);
    if (header) labelled.push({ label: header[1], lines: [] });
    else labelled[labelled.length - 1]?.lines.push(line);
  }
  const blocks = labelled.map((b) => ({ label: b.label, code: labelledCode(b.lines) })).filter((b) => b.code);
  if (blocks.length)
    return { units: blocks.map((b) => ({ label: b.label, name: unitName(b.code), code: b.code })), shape: "labelled" };

  const fenced = fencedBlocks(output).flatMap((block) => {
    const chunks = definitionsOf(block);
    return chunks.length ? chunks : [block];
  });
  if (fenced.length)
    return { units: fenced.map((code) => ({ label: null, name: unitName(code), code })), shape: "fenced" };

  const chunks = topLevelChunks(unfence(output));
  return chunks.length
    ? { units: chunks.map((code) => ({ label: null, name: unitName(code), code })), shape: "chunks" }
    : null;
}

// ----------------------------------------------------------------------------------------- LDU

const COMPLETE_DOC = /^\s*#*\s*The complete documentation\s*:?\s*(.*)$/i;
const SEQUENCE = /^\s*#*\s*The sequence number\s*:?\s*(.*)$/i;
const BEGIN = /<\s*BEGIN\s*>/i;
const END = /<\s*END\s*>/i;

/** The text between the first `<BEGIN>` and the `<END>` after it (or the end); the text itself without markers. */
function insideMarkers(text: string): string {
  const begin = BEGIN.exec(text);
  if (!begin) return text.replace(END, "");
  const rest = text.slice(begin.index + begin[0].length);
  const end = END.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** The documentation and sequence number of an LDU answer, or null when there is no text. */
export function parseDocumentation(
  output: string,
): { text: string; sequence: number | null; shape: "labelled" | "markers" | "whole" } | null {
  const lines = unwrapLines(lf(output).split("\n"));
  let sequence: number | null = null;
  const seqAt = lines.findIndex((l) => SEQUENCE.test(l));
  let seqEnd = seqAt;
  if (seqAt >= 0) {
    const inline = /\d+/.exec(SEQUENCE.exec(lines[seqAt])![1]);
    if (inline) sequence = Number(inline[0]);
    for (let i = seqAt + 1; sequence === null && i < lines.length && !COMPLETE_DOC.test(lines[i]); i++) {
      if (!lines[i].trim()) continue;
      const n = /^\s*(\d+)\s*$/.exec(lines[i]);
      if (n) {
        sequence = Number(n[1]);
        seqEnd = i;
      }
      break;
    }
  }
  const docAt = lines.findIndex((l) => COMPLETE_DOC.test(l));
  let text: string;
  let shape: "labelled" | "markers" | "whole";
  if (docAt >= 0) {
    const inline = COMPLETE_DOC.exec(lines[docAt])![1];
    text = unwrapLines([inline, ...lines.slice(docAt + 1)]).join("\n");
    shape = "labelled";
  } else if (BEGIN.test(lines.join("\n"))) {
    text = lines.join("\n");
    shape = "markers";
  } else {
    text = (seqAt >= 0 ? [...lines.slice(0, seqAt), ...lines.slice(seqEnd + 1)] : lines).join("\n");
    shape = "whole";
  }
  text = trimBlankLines(insideMarkers(text));
  return text.trim() ? { text, sequence, shape } : null;
}
