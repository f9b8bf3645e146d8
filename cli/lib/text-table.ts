/** Plain-text tables for the Node-side commands' reports (`npm run eval`, the builders' counts). */

/** A fraction as a percentage with one decimal: 0.123 → "12.3". */
export const pct = (rate: number) => (rate * 100).toFixed(1);

/** Left column left-aligned, the others right-aligned, two spaces apart. */
export function grid(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd(),
  );
}

/** A dashed line as wide as the widest of `lines`. */
export const rule = (lines: readonly string[]) => "-".repeat(Math.max(...lines.map((l) => l.length)));

/** `title`, the header row, a rule, then the other rows: the usual table. */
export function titledTable(title: string, rows: string[][]): string {
  const lines = grid(rows);
  return [title, lines[0], rule(lines), ...lines.slice(1)].join("\n");
}
