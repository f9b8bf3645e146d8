/** A line diff as a table (a library the run pages and the families' sample views import). */
import { lineDiff, LINE_DIFF_LIMIT } from "./line-diff";

const SIGN = { same: " ", removed: "−", added: "+" } as const;

/** The diff from `from` to `to` as one table of lines, each with its sign (not only a colour); a note when it is too long to diff. */
export function LineDiff(props: { id?: string; from: string; to: string; fromLabel: string; toLabel: string }) {
  const lines = lineDiff(props.from, props.to);
  if (!lines)
    return (
      <p class="note">
        Too long to diff here (over {LINE_DIFF_LIMIT.toLocaleString("en-US")} line pairs after the common start and
        end).
      </p>
    );
  const changed = lines.filter((l) => l.op !== "same").length;
  return (
    <figure>
      <figcaption class="note">
        Lines only in {props.fromLabel} are marked −, lines only in {props.toLabel} +;{" "}
        {changed === 0 ? "the two are the same line for line." : `${changed} lines differ.`}
      </figcaption>
      <div class="scroll">
        <table id={props.id} class="diff">
          <tbody>
            {lines.map((l) => (
              <tr class={l.op}>
                <td class="sign" aria-label={l.op}>
                  {SIGN[l.op]}
                </td>
                <td class="l code">{l.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The diff table's and code blocks' stylesheet rules (the run pages add them to their pages). */
export const DIFF_CSS = `
pre.code, td.code { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
pre.code { margin: .25rem 0; padding: .5rem .75rem; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; max-height: 32rem; }
table.diff td { border: 0; padding: 0 .5rem; }
table.diff td.sign { width: 1.5rem; text-align: center; color: var(--muted); user-select: none; }
table.diff tr.removed td { background: #ffebe9; }
table.diff tr.added td { background: #dafbe1; }
mark#target { background: #fff8c5; outline: 2px solid #d4a72c; }
`;
