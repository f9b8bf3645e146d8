/**
 * The answer of an output-prediction response (CRUXEval-O, SemTrace). The prompt ends with the
 * assistant prefill "Sure! Here is the corresponding output:\n\n```python\nassert f(<input>) =="
 * (spec: ../shared/spec/semtrace.md); a model that continues it answers e.g. " [38, 169]\n```",
 * one without prefill writes the whole assertion, often inside prose and a fence.
 *
 * Everything after the answer's start is read with the Python tokenizer (python-scan.ts), so
 * `==`, `#`, backticks, brackets or the word `assert` inside string literals are string content.
 */
import { parsePythonLiteral } from "./python-literal";
import { PyLexer, ScanError, type Token } from "./python-scan";

const OPENING = new Set(["(", "[", "{"]);
const CLOSING = new Set([")", "]", "}"]);

type Extracted = { ok: true; text: string } | { ok: false; error: string };

/**
 * The answer expression of an output-prediction response, or why there is none.
 *
 * The answer is read as Python reads the right operand of `assert f(<input>) == <answer>`:
 * - it ends at the end of the statement: a line break outside brackets, `;`, a comment, or any
 *   backtick outside a string (a closing fence or inline code); line breaks inside brackets are
 *   part of it (multi-line dicts);
 * - a top-level `,` ends it too: Python reads `assert f(x) == 1, 2` as the assertion `f(x) == 1`
 *   with the message `2`, so the message is dropped, and a bare tuple `1, 2` answers `1`
 *   (the reference check, executing the assertion, reads it the same way; write `(1, 2)`).
 *   A `,` with no message after it is a Python syntax error and is reported as such;
 * - line breaks before the answer are skipped (a continuation may start on the next line).
 *
 * Which part of the response holds the answer, in this order:
 * 1. The prefill continuation: the response starts (after whitespace) with an expression that
 *    parses as a literal (arithmetic allowed) up to the statement's end. This is checked first so
 *    a string answer that contains "assert f(" is not mistaken for an assertion.
 * 2. The first assertion: a line with the word `assert` followed by `f(` on the same line. The
 *    answer starts after the `==` that follows the call `f(<input>)` written with the exact input
 *    text; when the call is written differently, after the first `==` outside brackets and strings
 *    (before the statement ends). An assertion without such `==` is passed over.
 * 3. Otherwise the whole response is the continuation (an opening fence line such as ```python
 *    is skipped), read to the statement's end as above, whether or not it parses.
 * An empty answer is an error. `\r\n` and `\r` count as `\n`; the text returned is trimmed.
 */
export function extractOutputAnswer(output: string, input: string): Extracted {
  const text = output.replace(/\r\n?/g, "\n");
  if (text.trim() === "") return { ok: false, error: "empty response" };

  const continuation = readAnswer(text, 0, "in the response");
  if (continuation.ok && parsePythonLiteral(continuation.text, { arithmetic: true }).ok) return continuation;

  const assertRe = /\bassert\b/g;
  for (let m = assertRe.exec(text); m; m = assertRe.exec(text)) {
    const after = m.index + m[0].length;
    const lineEnd = text.indexOf("\n", after);
    const line = text.slice(after, lineEnd < 0 ? text.length : lineEnd);
    if (!/\bf\s*\(/.test(line)) continue;
    const start = answerStart(text, after, input);
    if (start !== null) return readAnswer(text, start, "after '==' in the assertion");
  }

  const fence = /^\s*```[^\n]*(\n|$)/.exec(text);
  return readAnswer(text, fence ? fence[0].length : 0, "in the response");
}

/** Where the right operand of the assertion's `==` starts, or null when this assertion has none. */
function answerStart(text: string, afterAssert: number, input: string): number | null {
  const callAt = afterAssert + /^[ \t]*/.exec(text.slice(afterAssert))![0].length;
  const call = `f(${input})`;
  if (text.startsWith(call, callAt)) {
    const rest = text.slice(callAt + call.length);
    const gap = /^(?:[ \t\f]|\\\n)*/.exec(rest)![0].length;
    if (rest.startsWith("==", gap)) return callAt + call.length + gap + 2;
  }
  // The call is written differently (`f( 81 )`, other quotes): the first top-level `==`.
  const lexer = new PyLexer(text, afterAssert);
  let depth = 0;
  for (;;) {
    let t: Token;
    try {
      t = lexer.next();
    } catch (e) {
      if (e instanceof ScanError) return null;
      throw e;
    }
    if (t.kind === "end" || (t.kind === "newline" && depth === 0)) return null;
    if (t.kind !== "op") continue;
    if (t.text.startsWith("`")) return null;
    if (depth === 0 && (t.text === ";" || t.text === ",")) return null;
    if (depth === 0 && t.text === "==") return t.end;
    if (OPENING.has(t.text)) depth++;
    else if (CLOSING.has(t.text)) depth = Math.max(0, depth - 1);
  }
}

/** The operand from `start` to the end of the statement (see extractOutputAnswer). */
function readAnswer(text: string, start: number, where: string): Extracted {
  const lexer = new PyLexer(text, start);
  let depth = 0;
  let first = -1;
  let last = -1;
  for (;;) {
    let t: Token;
    try {
      t = lexer.next();
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      // An unterminated string or a stray character: the rest of the line stays in the answer so
      // the literal parser names the problem.
      const lineEnd = text.indexOf("\n", e.offset);
      const fenceAt = text.indexOf("```", e.offset);
      let end = lineEnd < 0 ? text.length : lineEnd;
      if (fenceAt >= 0 && fenceAt < end) end = fenceAt;
      if (first < 0) first = e.offset;
      last = Math.max(last, end);
      break;
    }
    if (t.kind === "end") break;
    if (t.kind === "newline") {
      if (depth === 0 && first >= 0) break;
      continue;
    }
    if (t.kind === "op") {
      if (t.text.startsWith("`")) break;
      if (depth === 0 && t.text === ";") break;
      if (depth === 0 && t.text === ",") {
        if (first < 0) return { ok: false, error: `no answer ${where} (it starts with ',')` };
        const message = nextToken(lexer);
        if (
          message === null ||
          message.kind === "end" ||
          message.kind === "newline" ||
          (message.kind === "op" && (message.text === ";" || message.text.startsWith("`")))
        ) {
          return {
            ok: false,
            error: `a ',' with nothing after it ends the answer '${text.slice(first, last)}': a syntax error in an assert statement`,
          };
        }
        break;
      }
      if (OPENING.has(t.text)) depth++;
      else if (CLOSING.has(t.text)) {
        // A closing bracket that opens nowhere (e.g. the answer sits inside parentheses of prose).
        if (depth === 0) break;
        depth--;
      }
    }
    if (first < 0) first = t.start;
    last = t.end;
  }
  const answer = first < 0 ? "" : text.slice(first, last).trim();
  return answer === "" ? { ok: false, error: `no answer ${where}` } : { ok: true, text: answer };
}

function nextToken(lexer: PyLexer): Token | null {
  try {
    return lexer.next();
  } catch (e) {
    // Something follows (an assertion message need not be a literal, or even valid).
    if (e instanceof ScanError) return { kind: "name", start: e.offset, end: e.offset, text: "" };
    throw e;
  }
}
