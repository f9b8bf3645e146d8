/**
 * The code context of one RepoQA "Searching Needle Function" task: the reference's
 * `make_code_context` (repoqa 0.1.2, `search_needle_function.py`), token for token.
 *
 * Original mode, step by step (budgets in tokens, `ntok(s) = tokenizer.count(s)`):
 * 1. `needle_code = file[start_byte:end_byte]`. The reference slices a Python `str` with the
 *    release's UTF-8 byte offsets, i.e. it reads them as code-point indices; so do we by default
 *    (`needleOffsets: "reference"`; astral characters count as one), which reproduces its
 *    off-by-some needles in non-ASCII files: shifted right by the extra bytes of the non-ASCII
 *    characters before the function, so a needle can start or end inside a token ("de" + "f x").
 *    `needleOffsets: "characters"` converts the byte offsets to the characters they mean, so the
 *    needle is exactly the function (a named deviation, for datasets needlework builds itself).
 * 2. `prefix = trunc(size * ratio - ntok(needle) / 2)`, `suffix = size - ntok(needle) - prefix`.
 * 3. Needle-file prefix: `["<PFX> Path: <path>"] + file[:start].split("\n")` walked bottom-up,
 *    each line costing `ntok(line + "\n")`, stopping before the budget is exceeded.
 * 4. Only if that walk was not cut and budget remains: earlier files, nearest first, each as
 *    `["<PFX> Path: <p>"] + content.split("\n")` taken top-down; a cut file ends with "...\n"
 *    (whose tokens are charged after the cut, so a piece can overshoot its budget by them).
 * 5. Suffix: `file[end:].split("\n")` top-down without a header, then later files as in 4.
 * 6. Counts of the finished strings: `needle_token_start = ntok(prefix)`, `needle_token_end`,
 *    `code_context_ntokens`. These whole-text counts differ from the per-line sums the budgets
 *    were charged with: counted alone, each line pays its own dummy "▁" (a blank or tab-indented
 *    line costs one token more than inside the text), so contexts come out UNDER `size`: with the
 *    CodeLlama tokenizer at 16K, 150-450 tokens under for the fixture's Python and TypeScript and
 *    about 1,000 for its tab-indented Go. Over `size` only by: "...
" (2 tokens) charged past a
 *    cut, at most once per side; lines that count more inside the text than alone (not seen); and
 *    at extreme depths, where `size * ratio < ntok(needle) / 2` (or the mirror) makes one budget
 *    negative while the other still takes its full share: up to about `ntok(needle) / 2 + 4` over.
 *
 * Comment-free modes (paper, "Impact of natural comments": "(i) remove all comments in the code
 * context, and (ii) use synthetic comment (e.g., # {LINE_NUMBER}) to pad the context to 16k while
 * aligning the relative position with the default version"). The reference's code for these modes
 * is not available to us (and is reported to mishandle the suffix), so this is the paper's design:
 * - The original context is planned first; the comment-free context shows the SAME lines of the
 *   same files (same pieces, same `Path:` headers and "..." markers), with every comment node
 *   deleted. The selection is not refilled with more code: the comparison with the original
 *   keeps the same code and differs only by the comments.
 * - Comments are found per whole file with the reference's comment queries (for Python the
 *   docstring query too), so partial pieces are cleaned as their file is, not as fragments.
 *   Each piece's (and the needle's) offsets are carried through the deletions; a piece
 *   boundary inside a comment moves to where the comment was. The needle is thus located in the
 *   comment-free file exactly, with no text search.
 * - `no_padding`: that context as is (shorter than the original).
 * - `positional_padding`: lines `<PFX> Line Number <k>` (k = the line's 1-based number in the
 *   finished context) are put at the very top until one more would push the needle past the
 *   original `needle_token_start`, and at the very end until one more would pass the original
 *   `code_context_ntokens`. Guarantee: `needle_token_start` is at most the original's and less
 *   than one padding line (its token count) below it, unless the comment-free prefix alone is
 *   already longer (then no padding is added); likewise for the total.
 */
import { LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import { commentRanges } from "../../../lib/code/functions";
import { loadLanguage, type LoadedLanguage } from "../../../lib/code/parser";
import { codeLlamaTokenizer, type Tokenizer } from "../../../lib/datasets/tokenizer";

export type CommentMode = "original" | "positional_padding" | "no_padding";

/**
 * How a needle's `start_byte`/`end_byte` index its file: `reference` reads the UTF-8 byte offsets
 * as code-point indices (repoqa's `make_code_context`), `characters` slices the bytes they name.
 */
export type NeedleOffsets = "reference" | "characters";
export const NEEDLE_OFFSETS: readonly NeedleOffsets[] = ["reference", "characters"];
export const COMMENT_MODES: readonly CommentMode[] = ["original", "positional_padding", "no_padding"];

/** Context sizes the API accepts; the builder itself takes any positive integer. */
export const CONTEXT_SIZE = { min: 2048, max: 131072, default: 16384 } as const;

export interface ContextNeedle {
  name: string;
  path: string;
  start_byte: number;
  end_byte: number;
}

export interface ContextInput {
  language: Language;
  /** Files in topological order (dependencies first), as `[path, content]`. */
  files: readonly (readonly [path: string, content: string])[];
  needle: ContextNeedle;
  /** Token budget (the reference's `code_context_size`). */
  size: number;
  /** Needle depth in [0, 1]; the reference uses `(i + 0.5) / n` for needle i of n. */
  positionRatio: number;
  commentMode?: CommentMode;
  /** Default `reference` (see the module comment, step 1). */
  needleOffsets?: NeedleOffsets;
}

export interface CodeContext {
  code_context: string;
  needle_code: string;
  /** Where `needle_code` starts in `code_context` (UTF-16 index: the prefix's length). */
  needle_offset: number;
  needle_token_start: number;
  needle_token_end: number;
  code_context_ntokens: number;
  position_ratio: number;
  size: number;
  comment_mode: CommentMode;
}

/** The reference's depths: needle i of n sits at `(i + 0.5) / n` (0.05, 0.15, ..., 0.95 for 10). */
export function referenceDepths(n: number): number[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`referenceDepths: n must be a positive integer, got ${n}`);
  return Array.from({ length: n }, (_, i) => (i + 0.5) / n);
}

/** `points` equally spaced depths from 0 to 1 inclusive (11 points: 0, 0.1, ..., 1). */
export function gridDepths(points: number): number[] {
  if (!Number.isInteger(points) || points < 2)
    throw new RangeError(`gridDepths: points must be an integer >= 2, got ${points}`);
  return Array.from({ length: points }, (_, i) => i / (points - 1));
}

/**
 * Builds the context of `input.needle` (see the module comment). Counts with `tokenizer`
 * (awaiting its `ready()`), by default the reference's CodeLlama tokenizer. The comment-free
 * modes parse files with tree-sitter through `loadLanguage`, so the host must have installed a
 * grammar loader first: importing `src/lib/code` does it in the Worker, `cli/lib/tree-sitter-node`
 * in Node. Throws when the needle's file is not among `files` (the reference's IndexError).
 */
export async function makeCodeContext(
  input: ContextInput,
  tokenizer: Tokenizer = codeLlamaTokenizer,
): Promise<CodeContext> {
  const { language, files, needle, size, positionRatio } = input;
  const mode = input.commentMode ?? "original";
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  if (!(positionRatio >= 0 && positionRatio <= 1))
    throw new RangeError(`positionRatio must be in [0, 1], got ${positionRatio}`);
  await tokenizer.ready?.();
  const count = (text: string) => tokenizer.count(text);
  const pfx = LANGUAGE_SPECS[language].commentPrefix;

  const plan = planContext(files, needle, size, positionRatio, count, pfx, input.needleOffsets ?? "reference");
  const original = render(plan, files, (i) => ({ text: files[i][1], map: (x) => x }), pfx);
  const start = count(original.prefix);
  const end = start + plan.needleTokens;
  const result = (
    prefix: string,
    needleCode: string,
    suffix: string,
    s: number,
    e: number,
    total: number,
  ): CodeContext => ({
    code_context: prefix + needleCode + suffix,
    needle_code: needleCode,
    needle_offset: prefix.length,
    needle_token_start: s,
    needle_token_end: e,
    code_context_ntokens: total,
    position_ratio: positionRatio,
    size,
    comment_mode: mode,
  });
  if (mode === "original")
    return result(original.prefix, original.needle, original.suffix, start, end, end + count(original.suffix));

  const lang = await loadLanguage(language);
  const cleaned = new Map<number, CleanFile>();
  const cf = render(
    plan,
    files,
    (i) => {
      let c = cleaned.get(i);
      if (!c) cleaned.set(i, (c = cleanFile(lang, files[i][1])));
      return c;
    },
    pfx,
  );
  let { prefix, suffix } = cf;
  let s = count(prefix);
  const needleTokens = count(cf.needle);
  let suffixTokens = count(suffix);
  if (mode === "positional_padding") {
    const nl = count("\n");
    // What a text adds after a line break (no dummy "▁"): counts are additive across "\n".
    const after = (text: string) => count("\n" + text) - nl;
    if (s < start) {
      const top = padLines(pfx, 1, after(prefix), start, (line, k) => (k === 1 ? count(line) : after(line)));
      if (top) s = count((prefix = top + prefix));
    }
    const originalTotal = end + count(original.suffix);
    const lineNo = newlines(prefix) + newlines(cf.needle) + newlines(suffix) + 1;
    const bottom = padLines(pfx, lineNo, suffixTokens, originalTotal - s - needleTokens, after);
    if (bottom) suffixTokens = count((suffix += bottom));
  }
  return result(prefix, cf.needle, suffix, s, s + needleTokens, s + needleTokens + suffixTokens);
}

// ---------------------------------------------------------------------------------------------
// Planning: which lines of which files, exactly as the reference walks them.

/** A run of whole lines of one file: optional `Path:` header, lines `[from, to)` each + "\n", "...". */
interface Piece {
  file: number;
  header: boolean;
  /** UTF-16 range of the file text covered by the emitted lines; null when no code line was taken. */
  range: readonly [number, number] | null;
  ellipsis: boolean;
}

interface Plan {
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

function planContext(
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

// ---------------------------------------------------------------------------------------------
// Rendering a plan against the original or the comment-free files.

export interface CleanFile {
  text: string;
  /** Position in `text` of a UTF-16 offset of the original file. */
  map(offset: number): number;
}
type FileView = (file: number) => CleanFile;

function render(plan: Plan, files: ContextInput["files"], view: FileView, pfx: string) {
  const text = (p: Piece) => {
    let out = p.header ? `${pfx} Path: ${files[p.file][0]}\n` : "";
    if (p.range) {
      const f = view(p.file);
      out += f.text.slice(f.map(p.range[0]), f.map(p.range[1])) + "\n";
    }
    return p.ellipsis ? out + "...\n" : out;
  };
  const f = view(plan.needleFile);
  return {
    prefix: plan.prefix.map(text).join(""),
    needle: f.text.slice(f.map(plan.needleRange[0]), f.map(plan.needleRange[1])),
    suffix: plan.suffix.map(text).join(""),
  };
}

/**
 * `code` without its comment-query captures (the reference's `remove_comments` on the whole
 * file), with the offset map. Overlapping captures are merged (the reference, deleting back to
 * front with stale offsets, would garble such text; no grammar here produces them in practice).
 * Keep in step with `removeCommentsSync` in src/lib/code/functions.ts (same captures, same Rust fix).
 */
export function cleanFile(lang: LoadedLanguage, code: string): CleanFile {
  const found = commentRanges(lang, code);
  found.sort((a, b) => a[0] - b[0]);
  const ranges: [number, number][] = [];
  for (const [s, e] of found) {
    const last = ranges[ranges.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else if (e > s) ranges.push([s, e]);
  }
  let text = "";
  let at = 0;
  for (const [s, e] of ranges) {
    text += code.slice(at, s);
    at = e;
  }
  text += code.slice(at);
  return {
    text,
    map(offset) {
      let removed = 0;
      for (const [s, e] of ranges) {
        if (s >= offset) break;
        removed += Math.min(e, offset) - s;
      }
      return offset - removed;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/**
 * `<pfx> Line Number <k>\n` lines numbered from `firstNo`, added while `used` plus their costs
 * stays within `target` (`cost(line, k)` is what the line adds at its place in the text).
 */
function padLines(
  pfx: string,
  firstNo: number,
  used: number,
  target: number,
  cost: (line: string, k: number) => number,
): string {
  let out = "";
  for (let k = firstNo; ; k++) {
    const line = `${pfx} Line Number ${k}\n`;
    const n = cost(line, k);
    if (used + n > target) return out;
    used += n;
    out += line;
  }
}

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
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
