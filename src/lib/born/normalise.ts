/**
 * The body normalisation every birth-date rule compares with, and the containment check built on it.
 *
 * What is ignored:
 * - a byte order mark (U+FEFF) as the very first character: an encoding artifact, not code;
 * - the kind and length of whitespace: every run of ASCII whitespace (space, tab, LF, CR, vertical
 *   tab, form feed; CRLF and a lone CR are runs like any other) becomes one space, and leading and
 *   trailing whitespace goes. So re-indenting, trailing spaces, blank lines and line-ending changes
 *   do not re-date code.
 *
 * What is NOT ignored (each re-dates code):
 * - any change to a non-whitespace character: a token, a comment, a string literal's text;
 * - whitespace appearing where there was none or vanishing where there was some (`f(x)` and
 *   `f (x)`, `a=1` and `a = 1` differ), so a formatter that spaces operators re-dates what it touches;
 * - non-ASCII whitespace (no-break space, U+2028, ideographic space): kept as is, because most
 *   languages read it as a character, not as a separator.
 *
 * Containment ({@link holdsBody}) also asks the match to sit on token boundaries; see
 * {@link holdsNormalised} for exactly what counts as one.
 */

const WHITESPACE_RUN = /[ \t\n\v\f\r]+/g;
const BOM = 0xfeff;

/** `text` in the normal form described above: the form bodies and files are compared in. */
export function normaliseBody(text: string): string {
  const unmarked = text.charCodeAt(0) === BOM ? text.slice(1) : text;
  let out = unmarked.replace(WHITESPACE_RUN, " ");
  // String.prototype.trim would also strip non-ASCII whitespace, which the form keeps.
  if (out.startsWith(" ")) out = out.slice(1);
  if (out.endsWith(" ")) out = out.slice(0, -1);
  return out;
}

/** Identifier characters in most languages: letters, digits, combining marks, `_` (and other connectors), `$`. */
const WORD = /^[\p{L}\p{N}\p{M}\p{Pc}$]$/u;
/** Characters that can run together into one operator token (`==`, `->`, `::`, `**=`, `...`). */
const OPERATOR = new Set([..."+-*/%=<>!&|^~?:.@#\\"]);
const DIGIT = /^[0-9]$/;

/** The code point that ends just before `index` (handles surrogate pairs), or undefined at the start. */
function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1];
}

/** The code point that starts at `index`, or undefined at the end. */
function charAt(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const point = text.codePointAt(index);
  return point === undefined ? undefined : String.fromCodePoint(point);
}

const isWord = (c: string) => WORD.test(c);

/** Whether the run of word characters ending at `end` (exclusive) is a numeric literal (starts with a digit). */
function numberEndsAt(text: string, end: number): boolean {
  let start = end;
  for (let c = charBefore(text, start); c !== undefined && isWord(c); c = charBefore(text, start)) start -= c.length;
  return DIGIT.test(text[start] ?? "");
}

/**
 * Whether the characters either side of `index` would lex as one token, so that a match starting
 * or ending there would cut a token in two. Language-agnostic, so it errs towards "one token":
 * - two word characters join (`return 1|0`, `def f|f`);
 * - two operator characters join (`a =|= b`, `-|>`);
 * - a numeric literal and a following `.` join unless the dot starts `..` (`1|.5`, `1|.`), and a `.`
 *   and a following digit join unless the dot ends `..` (`1.|5`, `.|5`);
 * - anything next to a space, the text's edge, a bracket, `,`, `;`, a quote or another symbol does not.
 */
function joinsAt(text: string, index: number): boolean {
  const before = charBefore(text, index);
  const after = charAt(text, index);
  if (before === undefined || after === undefined || before === " " || after === " ") return false;
  if (DIGIT.test(before) && after === "." && text[index + 1] !== "." && numberEndsAt(text, index)) return true;
  if (before === "." && DIGIT.test(after) && text[index - 2] !== ".") return true;
  if (isWord(before) && isWord(after)) return true;
  return OPERATOR.has(before) && OPERATOR.has(after);
}

/**
 * Whether `normalisedText` (already in the form of {@link normaliseBody}) holds `normalisedBody`
 * on token boundaries: some occurrence must neither start nor end inside a token of the text (see
 * {@link joinsAt}: `return 1` is not in `return 10`, `def f` is not in `def ff`, `x = 5` is not in
 * `x = 5.0`). Every occurrence is tried, so a glued one does not hide a good one further on.
 *
 * Not detected: a body found inside a comment or a string literal of the text, or one that ends
 * mid-statement where the text goes on (`return a` is in `return a.b`: those are whole tokens).
 * An empty body is held by nothing.
 */
export function holdsNormalised(normalisedText: string, normalisedBody: string): boolean {
  if (normalisedBody.length === 0) return false;
  for (
    let at = normalisedText.indexOf(normalisedBody);
    at !== -1;
    at = normalisedText.indexOf(normalisedBody, at + 1)
  ) {
    if (!joinsAt(normalisedText, at) && !joinsAt(normalisedText, at + normalisedBody.length)) return true;
  }
  return false;
}

/**
 * Whether `text` (raw: any whitespace, line endings, a BOM) holds `normalisedBody` (the output of
 * {@link normaliseBody}) on token boundaries. Normalises `text` on every call: callers that test
 * many bodies against one text normalise it once and use {@link holdsNormalised}.
 */
export function holdsBody(text: string, normalisedBody: string): boolean {
  return holdsNormalised(normaliseBody(text), normalisedBody);
}
