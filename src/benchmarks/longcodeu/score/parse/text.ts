/** What every answer parser shares: fences (CommonMark's rules), quote frames, labels, blank lines, indentation. */
const FENCE = /^\s*```/;
/** A fence opening line: its indentation (group 1) and backticks (group 2); an info string may follow (no backtick in it). */
export const FENCE_OPEN = /^([ \t]*)(`{3,})[^`]*$/;
/** A fence line of backticks only (a closing fence). */
export const FENCE_BARE = /^([ \t]*)(`{3,})\s*$/;
/**
 * Whether `line` closes the fence `open` (a FENCE_OPEN match): at least as many backticks and
 * nothing else, indented at most 3 columns more than the opening fence (CommonMark's rule, taken
 * relative to the opening so an indented answer still closes), so a docstring's own ``` lines
 * inside a function (indented 4 or more) do not close it.
 */
export function closes(line: string, open: RegExpExecArray): boolean {
  const bare = FENCE_BARE.exec(line);
  return !!bare && bare[2].length >= open[2].length && bare[1].length <= open[1].length + 3;
}
/** Lines that only frame the paper's boxes: “, ”, "" (never `"""`, which closes a docstring). */
const QUOTE_FRAME = /^\s*(?:[“”]+|"")\s*$/;
/** `##### <label> #####`; the label needs a character other than `#` (a `#######` banner is a comment). */
export const HEADER = /^\s*#{3,}\s*([^#\s][^#]*?)\s*#{3,}\s*$/;
const DEF_OR_CLASS = /^\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)/m;

export const lf = (text: string) => text.replace(/\r\n?/g, "\n");

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
export function trimLines(lines: string[]): string[] {
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
export function trimBlankLines(text: string): string {
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
