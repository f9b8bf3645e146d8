/**
 * Python 3.11's pure-Python `tokenize.generate_tokens`, as far as CodeBLEU's comment and docstring
 * remover needs it: token type, text and (line, column) spans, and the same exceptions.
 *
 * The codebleu package only runs on Python <= 3.11 (it builds `Fraction(..., _normalize=False)`,
 * which 3.12 removed), so 3.11's regex tokenizer is the one whose behaviour defines its scores;
 * 3.12's C tokenizer splits f-strings and reports errors differently.
 *
 * Columns are UTF-16 indices, Python's are code points. The remover only uses differences between
 * columns of neighbouring tokens on one line, with nothing but ASCII whitespace between them, so
 * the two agree; a lone error character is taken whole (a surrogate pair is one character).
 * Python's `\w` is approximated by `[\p{L}\p{N}_]` and `str.isidentifier()` of one character by
 * `[\p{ID_Start}_]`; they differ only on exotic Unicode.
 */
import { pyStrip } from "../python-text";

export enum Tok {
  ENDMARKER,
  NAME,
  NUMBER,
  STRING,
  NEWLINE,
  INDENT,
  DEDENT,
  OP,
  COMMENT,
  NL,
  ERRORTOKEN,
}

export interface PyToken {
  type: Tok;
  string: string;
  /** 1-based line, 0-based column. */
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
}

/** What Python raises: `tokenize.TokenError` or `IndentationError`. */
export class PyTokenizeError extends Error {
  constructor(
    readonly kind: "TokenError" | "IndentationError",
    message: string,
  ) {
    super(message);
    this.name = kind;
  }
}

// The regexes of Lib/tokenize.py, rebuilt for JavaScript: `.` (any character but "\n") is spelled
// [^\n] because JavaScript's `.` also stops at "\r", U+2028 and U+2029; `\Z` becomes `$` (no m flag).
const ANY = "[^\\n]";
const WHITESPACE = "[ \\f\\t]*";
const COMMENT = "#[^\\r\\n]*";
const NAME = "[\\p{L}\\p{N}_]+";
/** The valid prefixes: b, r, u, f, br, rb, fr, rf in any letter case (and none). */
const PREFIX = "(?:[bB][rR]?|[rR][bBfF]?|[fF][rR]?|[uU])?";
const DIGITS = "[0-9](?:_?[0-9])*";
const EXPONENT = `[eE][-+]?${DIGITS}`;
const POINT_FLOAT = `(?:${DIGITS}\\.(?:${DIGITS})?|\\.${DIGITS})(?:${EXPONENT})?`;
const FLOAT = `(?:${POINT_FLOAT}|${DIGITS}${EXPONENT})`;
const IMAG = `(?:${DIGITS}[jJ]|${FLOAT}[jJ])`;
const INT = "(?:0[xX](?:_?[0-9a-fA-F])+|0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|(?:0(?:_?0)*|[1-9](?:_?[0-9])*))";
const NUMBER = `(?:${IMAG}|${FLOAT}|${INT})`;
/** Python's EXACT_TOKEN_TYPES (3.8-3.11), longest first where one is a prefix of another. */
const OPERATORS = [
  "!=",
  "%",
  "%=",
  "&",
  "&=",
  "(",
  ")",
  "*",
  "**",
  "**=",
  "*=",
  "+",
  "+=",
  ",",
  "-",
  "-=",
  "->",
  ".",
  "...",
  "/",
  "//",
  "//=",
  "/=",
  ":",
  ":=",
  ";",
  "<",
  "<<",
  "<<=",
  "<=",
  "=",
  "==",
  ">",
  ">=",
  ">>",
  ">>=",
  "@",
  "@=",
  "[",
  "]",
  "^",
  "^=",
  "{",
  "|",
  "|=",
  "}",
  "~",
];
// Python sorts them in reverse so that no operator comes after one of its own prefixes.
const SPECIAL = [...OPERATORS]
  .sort()
  .reverse()
  .map((op) => op.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"))
  .join("|");
const FUNNY = `(?:\\r?\\n|${SPECIAL})`;
const CONT_STR =
  `(?:${PREFIX}'[^\\n'\\\\]*(?:\\\\${ANY}[^\\n'\\\\]*)*(?:'|\\\\\\r?\\n)` +
  `|${PREFIX}"[^\\n"\\\\]*(?:\\\\${ANY}[^\\n"\\\\]*)*(?:"|\\\\\\r?\\n))`;
const TRIPLE = `(?:${PREFIX}'''|${PREFIX}""")`;
const PSEUDO_EXTRAS = `(?:\\\\\\r?\\n|$|${COMMENT}|${TRIPLE})`;
const PSEUDO_TOKEN = new RegExp(`${WHITESPACE}(${PSEUDO_EXTRAS}|${NUMBER}|${FUNNY}|${CONT_STR}|${NAME})`, "uy");

/** Tails of strings, after the opening quote(s). */
const END_PATTERNS: Record<string, RegExp> = {
  "'": new RegExp(`[^'\\\\]*(?:\\\\${ANY}[^'\\\\]*)*'`, "uy"),
  '"': new RegExp(`[^"\\\\]*(?:\\\\${ANY}[^"\\\\]*)*"`, "uy"),
  "'''": new RegExp(`[^'\\\\]*(?:(?:\\\\${ANY}|'(?!''))[^'\\\\]*)*'''`, "uy"),
  '"""': new RegExp(`[^"\\\\]*(?:(?:\\\\${ANY}|"(?!""))[^"\\\\]*)*"""`, "uy"),
};
const TRIPLE_QUOTED = new RegExp(`^${PREFIX}(?:'''|""")$`, "u");
const SINGLE_QUOTED = new RegExp(`^${PREFIX}['"]$`, "u");
const ID_START = /^[\p{ID_Start}_]/u;
const TAB_SIZE = 8;

function matchAt(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

/** `io.StringIO(source).readline` until exhausted: lines split after "\n" only, ends kept. */
function splitLinesKeepEnds(source: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < source.length) {
    const nl = source.indexOf("\n", start);
    const end = nl < 0 ? source.length : nl + 1;
    lines.push(source.slice(start, end));
    start = end;
  }
  return lines;
}

/** Tokens of `source` in order; throws {@link PyTokenizeError} where Python raises. */
export function* pyTokenize(source: string): Generator<PyToken> {
  const lines = splitLinesKeepEnds(source);
  let lnum = 0;
  let parenlev = 0;
  let continued = false;
  let contstr = "";
  let needcont = false;
  let strstart: [number, number] = [0, 0];
  let endprog: RegExp = END_PATTERNS["'"];
  const indents = [0];
  let lastLine = "";
  let line = "";
  const tok = (type: Tok, string: string, sl: number, sc: number, el: number, ec: number): PyToken => ({
    type,
    string,
    startLine: sl,
    startCol: sc,
    endLine: el,
    endCol: ec,
  });

  for (let next = 0; ; next++) {
    lastLine = line;
    line = next < lines.length ? lines[next] : "";
    lnum++;
    let pos = 0;
    const max = line.length;

    if (contstr) {
      if (!line) throw new PyTokenizeError("TokenError", "EOF in multi-line string");
      const endmatch = matchAt(endprog, line, 0);
      if (endmatch) {
        pos = endprog.lastIndex;
        yield tok(Tok.STRING, contstr + line.slice(0, pos), strstart[0], strstart[1], lnum, pos);
        contstr = "";
        needcont = false;
      } else if (needcont && !line.endsWith("\\\n") && !line.endsWith("\\\r\n")) {
        yield tok(Tok.ERRORTOKEN, contstr + line, strstart[0], strstart[1], lnum, line.length);
        contstr = "";
        continue;
      } else {
        contstr += line;
        continue;
      }
    } else if (parenlev === 0 && !continued) {
      if (!line) break;
      let column = 0;
      while (pos < max) {
        const c = line[pos];
        if (c === " ") column++;
        else if (c === "\t") column = (Math.floor(column / TAB_SIZE) + 1) * TAB_SIZE;
        else if (c === "\f") column = 0;
        else break;
        pos++;
      }
      // A last line of nothing but blanks (no "\n") ends tokenizing here, as in Python.
      if (pos === max) break;

      const c = line[pos];
      if (c === "#" || c === "\r" || c === "\n") {
        if (c === "#") {
          const comment = line.slice(pos).replace(/[\r\n]+$/, "");
          yield tok(Tok.COMMENT, comment, lnum, pos, lnum, pos + comment.length);
          pos += comment.length;
        }
        yield tok(Tok.NL, line.slice(pos), lnum, pos, lnum, line.length);
        continue;
      }
      if (column > indents[indents.length - 1]) {
        indents.push(column);
        yield tok(Tok.INDENT, line.slice(0, pos), lnum, 0, lnum, pos);
      }
      while (column < indents[indents.length - 1]) {
        if (!indents.includes(column)) {
          throw new PyTokenizeError("IndentationError", "unindent does not match any outer indentation level");
        }
        indents.pop();
        yield tok(Tok.DEDENT, "", lnum, pos, lnum, pos);
      }
    } else {
      if (!line) throw new PyTokenizeError("TokenError", "EOF in multi-line statement");
      continued = false;
    }

    while (pos < max) {
      const pseudo = matchAt(PSEUDO_TOKEN, line, pos);
      if (!pseudo) {
        const ch = String.fromCodePoint(line.codePointAt(pos)!);
        yield tok(Tok.ERRORTOKEN, ch, lnum, pos, lnum, pos + ch.length);
        pos += ch.length;
        continue;
      }
      const end = PSEUDO_TOKEN.lastIndex;
      const start = end - pseudo[1].length;
      pos = end;
      if (start === end) continue;
      const token = pseudo[1];
      const initial = token[0];

      if ((initial >= "0" && initial <= "9") || (initial === "." && token !== "." && token !== "...")) {
        yield tok(Tok.NUMBER, token, lnum, start, lnum, end);
      } else if (initial === "\r" || initial === "\n") {
        yield tok(parenlev > 0 ? Tok.NL : Tok.NEWLINE, token, lnum, start, lnum, end);
      } else if (initial === "#") {
        yield tok(Tok.COMMENT, token, lnum, start, lnum, end);
      } else if (TRIPLE_QUOTED.test(token)) {
        endprog = END_PATTERNS[token.slice(-3)];
        if (matchAt(endprog, line, pos)) {
          pos = endprog.lastIndex;
          yield tok(Tok.STRING, line.slice(start, pos), lnum, start, lnum, pos);
        } else {
          strstart = [lnum, start];
          contstr = line.slice(start);
          break;
        }
      } else if (
        SINGLE_QUOTED.test(initial) ||
        SINGLE_QUOTED.test(token.slice(0, 2)) ||
        SINGLE_QUOTED.test(token.slice(0, 3))
      ) {
        if (token.endsWith("\n")) {
          // A string continued with a backslash: find its quote past the prefix letters.
          strstart = [lnum, start];
          endprog = END_PATTERNS[/['"]/.exec(token)![0]];
          contstr = line.slice(start);
          needcont = true;
          break;
        }
        yield tok(Tok.STRING, token, lnum, start, lnum, end);
      } else if (ID_START.test(initial)) {
        yield tok(Tok.NAME, token, lnum, start, lnum, end);
      } else if (initial === "\\") {
        continued = true;
      } else {
        if ("([{".includes(initial)) parenlev++;
        else if (")]}".includes(initial)) parenlev--;
        yield tok(Tok.OP, token, lnum, start, lnum, end);
      }
    }
  }

  // Python adds a NEWLINE when the input does not end with one (unless its last line is a comment).
  if (lastLine && !"\r\n".includes(lastLine[lastLine.length - 1]) && !pyStrip(lastLine).startsWith("#")) {
    yield tok(Tok.NEWLINE, "", lnum - 1, lastLine.length, lnum - 1, lastLine.length + 1);
  }
  for (let i = 1; i < indents.length; i++) yield tok(Tok.DEDENT, "", lnum, 0, lnum, 0);
  yield tok(Tok.ENDMARKER, "", lnum, 0, lnum, 0);
}
