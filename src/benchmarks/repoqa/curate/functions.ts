/**
 * Function analysis of a repository, as the reference's `scripts/curate/function_analysis.py`:
 * every function the reference query captures, file by file in topological order, with 0-based
 * lines (exclusive end), UTF-8 byte offsets, and global offsets over the concatenated files.
 *
 * Quirk kept: the global byte offset of a file is the sum of the earlier files' lengths in
 * CHARACTERS (code points, Python `len(str)`), plus the function's local UTF-8 byte offset.
 * `code_ratio` is, despite its name, the share of comment bytes in the function (the reference's
 * `comment_analysis` on the function's bytes parsed on their own).
 */
import { extractFunctionsSync } from "../../../lib/code/functions";
import { loadLanguage, withTree, type LoadedLanguage } from "../../../lib/code/parser";
import type { Language } from "../../../lib/code/languages";
import { utf8Length } from "../../../lib/code/utf8";
import type { ReleaseFunction } from "../dataset/release";

export type RepoFunctions = Record<string, ReleaseFunction[]>;

/** Where each analysed function's node is in its file (UTF-16 indices), for later edits. */
export type FunctionSpans = WeakMap<ReleaseFunction, { startIndex: number; endIndex: number }>;

/** Code points in `text` (Python's `len`). */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}

/** Comment bytes / function bytes, the reference's `comment_analysis`. */
export function commentShare(lang: LoadedLanguage, code: string): number {
  const total = utf8Length(code);
  if (total === 0) return 0;
  const commentBytes =
    withTree(lang, code, (root) =>
      lang.commentQueries.reduce(
        // The nodes' offsets are UTF-8 bytes (src/lib/code/source.ts).
        (sum, q) => sum + q.captures(root).reduce((s, { node }) => s + node.endIndex - node.startIndex, 0),
        0,
      ),
    ) ?? 0;
  return commentBytes / total;
}

/** `functions` of the release format, for files given in topological order. */
export async function analyzeFunctions(
  language: Language,
  orderedFiles: readonly (readonly [string, string])[],
): Promise<{ functions: RepoFunctions; spans: FunctionSpans }> {
  const lang = await loadLanguage(language);
  const functions: RepoFunctions = {};
  const spans: FunctionSpans = new WeakMap();
  let globalChars = 0;
  let globalLines = 0;
  for (const [path, code] of orderedFiles) {
    functions[path] = extractFunctionsSync(lang, code).map((fn) => {
      const entry: ReleaseFunction = {
        name: fn.name,
        start_line: fn.startLine,
        end_line: fn.endLine,
        start_byte: fn.startByte,
        end_byte: fn.endByte,
        global_start_line: globalLines + fn.startLine,
        global_end_line: globalLines + fn.endLine,
        global_start_byte: globalChars + fn.startByte,
        global_end_byte: globalChars + fn.endByte,
        code_ratio: commentShare(lang, fn.text),
      };
      spans.set(entry, { startIndex: fn.startIndex, endIndex: fn.endIndex });
      return entry;
    });
    globalChars += codePointLength(code);
    globalLines += code.split("\n").length;
  }
  return { functions, spans };
}
