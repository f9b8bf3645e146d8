/** CU_DFA: the predicted lines of an answer. */
import { HEADER, fencedBlocks, unfence } from "./text";

export interface DataFlowPair {
  /** The non-blank lines of one `extracted code line` block. */
  lines: string[];
  /** The line number given after it, when there is one. */
  line: number | null;
}

/** The predicted lines of a CU_DFA answer, or null when there are none. */
export function parseDataFlow(output: string): { pairs: DataFlowPair[]; shape: "pairs" | "fenced" } | null {
  const pairs: DataFlowPair[] = [];
  let section: "code" | "number" | null = null;
  for (const line of unfence(output).split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      const label = header[1].toLowerCase();
      if (label.includes("code line")) {
        section = "code";
        pairs.push({ lines: [], line: null });
      } else if (label.includes("line number")) section = "number";
      else section = null;
      continue;
    }
    const pair = pairs[pairs.length - 1];
    if (!pair || !line.trim()) continue;
    if (section === "code") pair.lines.push(line);
    else if (section === "number" && pair.line === null) {
      const n = /\d+/.exec(line);
      if (n) pair.line = Number(n[0]);
    }
  }
  const kept = pairs.filter((p) => p.lines.length);
  if (kept.length) return { pairs: kept, shape: "pairs" };
  const fenced = fencedBlocks(output).flatMap((b) => b.split("\n").filter((l) => l.trim()));
  return fenced.length ? { pairs: fenced.map((l) => ({ lines: [l], line: null })), shape: "fenced" } : null;
}
