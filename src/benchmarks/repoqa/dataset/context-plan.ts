/**
 * Planning a context: which lines of which files, exactly as the reference walks them, and the
 * offsets a needle's `start_byte`/`end_byte` name in its file.
 */
import type { ContextInput, ContextNeedle, NeedleOffsets } from "./context-types";

/** A run of whole lines of one file: optional `Path:` header, lines `[from, to)` each + "\n", "...". */
export interface Piece {
  file: number;
  header: boolean;
  /** UTF-16 range of the file text covered by the emitted lines; null when no code line was taken. */
  range: readonly [number, number] | null;
  ellipsis: boolean;
}

export interface Plan {
  needleFile: number;
  needleRange: readonly [number, number];
  needleTokens: number;
  prefix: Piece[];
  suffix: Piece[];
}

interface Walk {
  taken: number;
  ntokens: number;
  isBreak: boolean;
}

export function planContext(
  files: ContextInput["files"],
  needle: ContextNeedle,
  size: number,
  ratio: number,
  count: (t: string) => number,
  pfx: string,
  offsets: NeedleOffsets,
): Plan {
  const idx = files.findIndex(([path]) => path === needle.path);
  if (idx < 0) throw new Error(`needle ${needle.name}: file ${needle.path} is not among the context files`);
  const content = files[idx][1];
  const index = offsets === "characters" ? utf8ByteIndex : codePointIndex;
  const from = index(content, needle.start_byte);
  const to = index(content, needle.end_byte);
  const needleTokens = count(content.slice(from, Math.max(from, to)));
  let prefixSize = Math.trunc(size * ratio - needleTokens / 2);
  let suffixSize = size - needleTokens - prefixSize;
  const header = (i: number) => `${pfx} Path: ${files[i][0]}`;

  const preLines = content.slice(0, from).split("\n");
  let w = backward([header(idx), ...preLines], count, prefixSize);
  const prefix = [piece(idx, true, 0, preLines, preLines.length + 1 - w.taken, preLines.length + 1, false)];
  prefixSize -= w.ntokens;
  for (let i = idx - 1; !w.isBreak && prefixSize > 0 && i >= 0; i--) {
    const lines = files[i][1].split("\n");
    w = forward([header(i), ...lines], count, prefixSize);
    prefix.unshift(piece(i, true, 0, lines, 0, w.taken, w.isBreak));
    prefixSize -= w.ntokens;
  }

  const sufLines = content.slice(to).split("\n");
  w = forward(sufLines, count, suffixSize);
  const suffix = [piece(idx, false, to, sufLines, 0, w.taken, w.isBreak)];
  suffixSize -= w.ntokens;
  for (let i = idx + 1; !w.isBreak && suffixSize > 0 && i < files.length; i++) {
    const lines = files[i][1].split("\n");
    w = forward([header(i), ...lines], count, suffixSize);
    suffix.push(piece(i, true, 0, lines, 0, w.taken, w.isBreak));
    suffixSize -= w.ntokens;
  }
  return { needleFile: idx, needleRange: [from, Math.max(from, to)], needleTokens, prefix, suffix };
}

/** The reference's `_backward_tokenizable_lines`: how many lines, from the end, fit in `max`. */
function backward(lines: readonly string[], count: (t: string) => number, max: number): Walk {
  let ntokens = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const n = count(lines[i] + "\n");
    if (ntokens + n > max) return { taken: lines.length - 1 - i, ntokens, isBreak: true };
    ntokens += n;
  }
  return { taken: lines.length, ntokens, isBreak: false };
}

/** The reference's `_forward_tokenizable_lines`: lines from the top; a cut adds "...\n" and its tokens. */
function forward(lines: readonly string[], count: (t: string) => number, max: number): Walk {
  let ntokens = 0;
  for (let i = 0; i < lines.length; i++) {
    const n = count(lines[i] + "\n");
    if (ntokens + n > max) return { taken: i, ntokens: ntokens + count("...\n"), isBreak: true };
    ntokens += n;
  }
  return { taken: lines.length, ntokens, isBreak: false };
}

/**
 * The piece for list entries `[lo, hi)` of `[header?] + lines`, where `lines` is
 * `text.split("\n")` of the file text starting at UTF-16 offset `base`.
 */
function piece(
  file: number,
  hasHeader: boolean,
  base: number,
  lines: readonly string[],
  lo: number,
  hi: number,
  ellipsis: boolean,
): Piece {
  const h = hasHeader ? 1 : 0;
  const c0 = Math.max(lo - h, 0);
  const c1 = hi - h;
  let range: Piece["range"] = null;
  if (c1 > c0) {
    let start = base;
    for (let i = 0; i < c0; i++) start += lines[i].length + 1;
    let end = start;
    for (let i = c0; i < c1; i++) end += lines[i].length + 1;
    range = [start, end - 1];
  }
  return { file, header: hasHeader && lo === 0 && hi > 0, range, ellipsis };
}

/**
 * UTF-16 index of the character at UTF-8 byte offset `byte` of `text`, clamped to its length; an
 * offset inside a character's bytes rounds up to the next character (tree-sitter's offsets never do).
 */
export function utf8ByteIndex(text: string, byte: number): number {
  if (byte <= 0) return 0;
  let bytes = 0;
  let i = 0;
  while (bytes < byte && i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    i += pair ? 2 : 1;
  }
  return i;
}

/**
 * UTF-16 index of code point `cp` of `text`, clamped to its length: Python's `str` indexing
 * (a surrogate pair is one code point, a lone surrogate one too).
 */
export function codePointIndex(text: string, cp: number): number {
  if (cp <= 0) return 0;
  let i = 0;
  for (let n = 0; n < cp && i < text.length; n++) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}
