/** Rendering a plan against the original or the comment-free files, and the padding lines of `positional_padding`. */
import { commentRanges } from "../../../lib/code/functions";
import type { LoadedLanguage } from "../../../lib/code/parser";
import type { Piece, Plan } from "./context-plan";
import type { ContextInput } from "./context-types";

export interface CleanFile {
  text: string;
  /** Position in `text` of a UTF-16 offset of the original file. */
  map(offset: number): number;
}
type FileView = (file: number) => CleanFile;

export function render(plan: Plan, files: ContextInput["files"], view: FileView, pfx: string) {
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

/**
 * `<pfx> Line Number <k>\n` lines numbered from `firstNo`, added while `used` plus their costs
 * stays within `target` (`cost(line, k)` is what the line adds at its place in the text).
 */
export function padLines(
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

export function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
