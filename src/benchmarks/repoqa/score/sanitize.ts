/**
 * The reference's `sanitize_output`: pick the answer's code out of a model response.
 *
 * Python: strip, then `re.findall(r"^```(?:\w+)?\s*\n(.*?)(?=^```)```", out, re.DOTALL | re.MULTILINE)`;
 * no block -> the stripped output; else the first function-query capture of the first block that
 * has one (syntax errors do not disqualify a block); else the first block.
 *
 * The regex is translated, not copied: Python's MULTILINE `^` matches only after "\n" (JavaScript's
 * also after "\r", U+2028, U+2029), and Python's `\w` and `\s` are Unicode-aware with their own sets.
 */
// ./functions, not the package index: the index installs the workerd loader (wasm imports Node cannot take).
import { firstFunctionText } from "../../../lib/code/functions";
import type { LoadedLanguage } from "../../../lib/code/parser";
import { PY_WS_CLASS, pyStrip } from "../../../lib/metrics/python-text";

const LINE_START = "(?<![^\\n])";
const PY_WORD = "[\\p{L}\\p{N}_]";
const FENCED_BLOCK = new RegExp(
  `${LINE_START}\`\`\`${PY_WORD}*[${PY_WS_CLASS}]*\\n([\\s\\S]*?)(?=${LINE_START}\`\`\`)\`\`\``,
  "gu",
);
const LONE_SURROGATE = /\p{Cs}/u;

/** Every fenced code block, as Python's `re.findall` returns them for the stripped output. */
export function fencedBlocks(strippedOutput: string): string[] {
  return Array.from(strippedOutput.matchAll(FENCED_BLOCK), (m) => m[1]);
}

export function sanitizeOutput(lang: LoadedLanguage, output: string): string {
  const stripped = pyStrip(output);
  const blocks = fencedBlocks(stripped);
  if (blocks.length === 0) return stripped;
  for (const block of blocks) {
    // Python's bytes(block, "utf8") raises on lone surrogates and the bare `except` skips the block.
    if (LONE_SURROGATE.test(block)) continue;
    const fn = firstFunctionText(lang, block);
    if (fn !== undefined) return fn;
  }
  return blocks[0];
}
