/** LDU: the documentation text and sequence number of an answer. */
import { lf, trimBlankLines, unwrapLines } from "./text";

const COMPLETE_DOC = /^\s*#*\s*The complete documentation\s*:?\s*(.*)$/i;
const SEQUENCE = /^\s*#*\s*The sequence number\s*:?\s*(.*)$/i;
const BEGIN = /<\s*BEGIN\s*>/i;
const END = /<\s*END\s*>/i;

/** The text between the first `<BEGIN>` and the `<END>` after it (or the end); the text itself without markers. */
function insideMarkers(text: string): string {
  const begin = BEGIN.exec(text);
  if (!begin) return text.replace(END, "");
  const rest = text.slice(begin.index + begin[0].length);
  const end = END.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** The documentation and sequence number of an LDU answer, or null when there is no text. */
export function parseDocumentation(
  output: string,
): { text: string; sequence: number | null; shape: "labelled" | "markers" | "whole" } | null {
  const lines = unwrapLines(lf(output).split("\n"));
  let sequence: number | null = null;
  const seqAt = lines.findIndex((l) => SEQUENCE.test(l));
  let seqEnd = seqAt;
  if (seqAt >= 0) {
    const inline = /\d+/.exec(SEQUENCE.exec(lines[seqAt])![1]);
    if (inline) sequence = Number(inline[0]);
    for (let i = seqAt + 1; sequence === null && i < lines.length && !COMPLETE_DOC.test(lines[i]); i++) {
      if (!lines[i].trim()) continue;
      const n = /^\s*(\d+)\s*$/.exec(lines[i]);
      if (n) {
        sequence = Number(n[1]);
        seqEnd = i;
      }
      break;
    }
  }
  const docAt = lines.findIndex((l) => COMPLETE_DOC.test(l));
  let text: string;
  let shape: "labelled" | "markers" | "whole";
  if (docAt >= 0) {
    const inline = COMPLETE_DOC.exec(lines[docAt])![1];
    text = unwrapLines([inline, ...lines.slice(docAt + 1)]).join("\n");
    shape = "labelled";
  } else if (BEGIN.test(lines.join("\n"))) {
    text = lines.join("\n");
    shape = "markers";
  } else {
    text = (seqAt >= 0 ? [...lines.slice(0, seqAt), ...lines.slice(seqEnd + 1)] : lines).join("\n");
    shape = "whole";
  }
  text = trimBlankLines(insideMarkers(text));
  return text.trim() ? { text, sequence, shape } : null;
}
