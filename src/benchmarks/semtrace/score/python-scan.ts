/**
 * A Python 3 tokenizer for the pieces of source a model answer can hold: numbers, strings (with
 * their prefixes), names, operators and line structure. Shared by the literal parser
 * (python-literal/) and the answer extractor (extract.ts) so both agree on where a string, a
 * bracket or a statement ends: a `==`, `#` or fence inside a string literal is string content.
 *
 * The scanner only delimits tokens; it does not decode string escapes or number values (the
 * parser does). It follows CPython 3.11's tokenizer where a literal's extent is concerned:
 * - a single-quoted string may not contain a raw line break (backslash-newline continues it);
 * - a backslash always skips the next character, raw strings included (`r'\''` is one string);
 * - `\` followed by a newline outside strings joins lines; a comment runs to the end of the line;
 * - number tokens are validated against Python's grammar (underscores between digits only, no
 *   leading zeros in decimal integers).
 * Callers normalise `\r\n` and `\r` to `\n` first, as CPython does for source given as a string.
 */

export type NumberKind = "int" | "float" | "imag";

export type Token =
  | { kind: "number"; start: number; end: number; text: string; numberKind: NumberKind }
  /** `prefix` as written (e.g. "Rb"); the body is text.slice(bodyStart, bodyEnd), escapes undecoded. */
  | { kind: "string"; start: number; end: number; prefix: string; quote: string; bodyStart: number; bodyEnd: number }
  | { kind: "name"; start: number; end: number; text: string }
  /** Punctuation and operators; a run of backticks (a Markdown fence or inline code) is one op. */
  | { kind: "op"; start: number; end: number; text: string }
  /** A line break outside strings (its consumers decide whether brackets make it insignificant). */
  | { kind: "newline"; start: number; end: number }
  | { kind: "end"; start: number; end: number };

/** A token that cannot be formed (unterminated string, invalid number, stray character). */
export class ScanError extends Error {
  constructor(
    message: string,
    /** Offset in the scanned text where the offending token starts. */
    readonly offset: number,
  ) {
    super(message);
    this.name = "ScanError";
  }
}

/** 1-based `line:column` of an offset, for error messages. */
export function position(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return `${line}:${offset - lineStart + 1}`;
}

/** Prefixes Python 3 accepts before a quote (lower-cased); f-strings are recognised to reject them clearly. */
const STRING_PREFIXES = new Set(["", "r", "u", "b", "br", "rb", "f", "fr", "rf"]);

const OPERATORS_2 = new Set(["==", "!=", "<=", ">=", "**", "//", "->", ":=", "<<", ">>"]);
const OPERATORS_1 = new Set([..."()[]{},:;+-*/%@<>=.~^&|"]);

// Python's number grammar (https://docs.python.org/3/reference/lexical_analysis.html#numeric-literals).
const DIGITS = "[0-9](?:_?[0-9])*";
const EXPONENT = `[eE][-+]?${DIGITS}`;
const POINT_FLOAT = `(?:(?:${DIGITS})?\\.${DIGITS}|${DIGITS}\\.)`;
const FLOAT_BODY = `(?:${POINT_FLOAT}(?:${EXPONENT})?|${DIGITS}${EXPONENT})`;
const INT_RE = /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|0(?:_?0)*|[1-9](?:_?[0-9])*)$/;
const FLOAT_RE = new RegExp(`^${FLOAT_BODY}$`);
const IMAG_RE = new RegExp(`^(?:${FLOAT_BODY}|${DIGITS})[jJ]$`);

const NAME_RE = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;

/**
 * Tokens on demand from `pos` on. `next()` throws ScanError for a token that cannot be formed;
 * `pos` then still points at that token's start, so a caller may decide what to do with the rest.
 */
export class PyLexer {
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  next(): Token {
    const text = this.text;
    for (;;) {
      const c = text[this.pos];
      if (c === " " || c === "\t" || c === "\f") {
        this.pos++;
      } else if (c === "#") {
        // A comment: up to (not including) the line break, which still ends the line.
        while (this.pos < text.length && text[this.pos] !== "\n") this.pos++;
      } else if (c === "\\") {
        if (text[this.pos + 1] !== "\n")
          throw new ScanError(
            `unexpected character after line continuation character at ${position(text, this.pos)}`,
            this.pos,
          );
        this.pos += 2;
      } else {
        break;
      }
    }
    const start = this.pos;
    if (start >= text.length) return { kind: "end", start, end: start };
    const c = text[start];
    if (c === "\n") {
      this.pos++;
      return { kind: "newline", start, end: this.pos };
    }
    if (c === "'" || c === '"') return this.string(start, start);
    if ((c >= "0" && c <= "9") || (c === "." && /[0-9]/.test(text[start + 1] ?? ""))) return this.number(start);
    NAME_RE.lastIndex = start;
    const name = NAME_RE.exec(text);
    if (name) {
      const end = start + name[0].length;
      const q = text[end];
      if ((q === "'" || q === '"') && STRING_PREFIXES.has(name[0].toLowerCase())) return this.string(start, end);
      this.pos = end;
      return { kind: "name", start, end, text: name[0] };
    }
    if (c === "`") {
      let end = start;
      while (text[end] === "`") end++;
      this.pos = end;
      return { kind: "op", start, end, text: text.slice(start, end) };
    }
    const two = text.slice(start, start + 2);
    if (OPERATORS_2.has(two)) {
      this.pos = start + 2;
      return { kind: "op", start, end: this.pos, text: two };
    }
    if (OPERATORS_1.has(c)) {
      this.pos = start + 1;
      return { kind: "op", start, end: this.pos, text: c };
    }
    const cp = text.codePointAt(start)!;
    const shown =
      cp < 0x20 || cp === 0x7f || cp > 0x7e ? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}` : `'${c}'`;
    throw new ScanError(`invalid character ${shown} at ${position(text, start)}`, start);
  }

  /** A string literal whose prefix starts at `start` and whose opening quote is at `quoteAt`. */
  private string(start: number, quoteAt: number): Token {
    const text = this.text;
    const q = text[quoteAt];
    const triple = text[quoteAt + 1] === q && text[quoteAt + 2] === q;
    const quote = triple ? q + q + q : q;
    const bodyStart = quoteAt + quote.length;
    let i = bodyStart;
    for (;;) {
      if (i >= text.length) {
        const what = triple ? "unterminated triple-quoted string literal" : "unterminated string literal";
        throw new ScanError(`${what} (starts at ${position(text, start)})`, start);
      }
      const ch = text[i];
      if (ch === "\\") {
        // Skips any character, a line break too (line continuation inside the literal).
        i += 2;
      } else if (ch === "\n" && !triple) {
        throw new ScanError(`unterminated string literal (starts at ${position(text, start)})`, start);
      } else if (text.startsWith(quote, i)) {
        this.pos = i + quote.length;
        return {
          kind: "string",
          start,
          end: this.pos,
          prefix: text.slice(start, quoteAt),
          quote,
          bodyStart,
          bodyEnd: i,
        };
      } else {
        i++;
      }
    }
  }

  /**
   * A number: the longest run of characters that could continue a number is taken, then checked
   * against Python's grammar, so `1_`, `0777`, `1e` or `12abc` are one bad token rather than a
   * number followed by a name.
   */
  private number(start: number): Token {
    const text = this.text;
    const hex = /^0[xX]/.test(text.slice(start, start + 2));
    let i = start;
    while (i < text.length) {
      const ch = text[i];
      if (/[0-9A-Za-z_.]/.test(ch)) i++;
      else if ((ch === "+" || ch === "-") && !hex && /[eE]/.test(text[i - 1]) && /[0-9]/.test(text[i + 1] ?? "")) i++;
      else break;
    }
    const run = text.slice(start, i);
    let numberKind: NumberKind;
    if (INT_RE.test(run)) numberKind = "int";
    else if (FLOAT_RE.test(run)) numberKind = "float";
    else if (IMAG_RE.test(run)) numberKind = "imag";
    else if (/^0[0-9_]*$/.test(run)) {
      throw new ScanError(
        `leading zeros in decimal integer literals are not permitted ('${run}' at ${position(text, start)}); use an 0o prefix for octal integers`,
        start,
      );
    } else {
      throw new ScanError(`invalid number literal '${run}' at ${position(text, start)}`, start);
    }
    this.pos = i;
    return { kind: "number", start, end: i, text: run, numberKind };
  }
}
