/**
 * A line diff by longest common subsequence, for showing two pieces of code side by side (a
 * sample's answer against its target). Common leading and trailing lines are taken off first;
 * the quadratic table covers only what is left and is refused past `LINE_DIFF_LIMIT` cells, so a
 * page's CPU stays bounded whatever the model answered (docs/limits.md).
 */

/** One line of a diff: in both (`same`), only in the first text (`removed`) or only in the second (`added`). */
export interface DiffLine {
  op: "same" | "removed" | "added";
  text: string;
}

/** Cells of the LCS table at most (lines left of one text × the other's after trimming common ends). */
export const LINE_DIFF_LIMIT = 250_000;

/** Lines of a text, without the empty line a final newline would add. */
export const linesOf = (text: string): string[] => {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
};

/**
 * The lines of `a` and `b` as a diff from `a` to `b` (removals before additions where both
 * happen), or null when the middle part is over {@link LINE_DIFF_LIMIT} cells.
 */
export function lineDiff(a: string, b: string): DiffLine[] | null {
  const x = linesOf(a);
  const y = linesOf(b);
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  const xs = x.slice(head, x.length - tail);
  const ys = y.slice(head, y.length - tail);
  if (xs.length * ys.length > LINE_DIFF_LIMIT) return null;
  // lcs[i][j]: the LCS length of xs[i..] and ys[j..], in one flat array of (n+1)(m+1) cells.
  const n = xs.length;
  const m = ys.length;
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        xs[i] === ys[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  const out: DiffLine[] = x.slice(0, head).map((text) => ({ op: "same", text }));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (xs[i] === ys[j]) {
      out.push({ op: "same", text: xs[i++] });
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) out.push({ op: "removed", text: xs[i++] });
    else out.push({ op: "added", text: ys[j++] });
  }
  while (i < n) out.push({ op: "removed", text: xs[i++] });
  while (j < m) out.push({ op: "added", text: ys[j++] });
  for (const text of x.slice(x.length - tail)) out.push({ op: "same", text });
  return out;
}
