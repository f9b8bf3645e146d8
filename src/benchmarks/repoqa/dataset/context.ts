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
import { LANGUAGE_SPECS } from "../../../lib/code/languages";
import { loadLanguage } from "../../../lib/code/parser";
import { codeLlamaTokenizer, type Tokenizer } from "../../../lib/datasets/tokenizer";
import { planContext } from "./context-plan";
import { type CleanFile, cleanFile, newlines, padLines, render } from "./context-render";
import type { CodeContext, ContextInput } from "./context-types";

export {
  COMMENT_MODES,
  CONTEXT_SIZE,
  NEEDLE_OFFSETS,
  type CodeContext,
  type CommentMode,
  type ContextInput,
  type ContextNeedle,
  type NeedleOffsets,
} from "./context-types";
export { codePointIndex, utf8ByteIndex } from "./context-plan";
export { cleanFile, type CleanFile } from "./context-render";

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
