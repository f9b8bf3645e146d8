/** CU_SA's function and the code units of DRA and SRE answers. */
import {
  FENCE_BARE,
  FENCE_OPEN,
  HEADER,
  closes,
  dedent,
  fencedBlocks,
  lf,
  trimBlankLines,
  trimLines,
  unfence,
  unitName,
  unwrapLines,
} from "./text";

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
