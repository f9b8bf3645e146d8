/**
 * Python's notion of whitespace, for ports of Python text handling.
 *
 * `str.strip()`, `str.split()` and the `re` class `\s` (on str patterns) all use
 * `Py_UNICODE_ISSPACE`. It differs from JavaScript's `\s`: U+001C..U+001F and U+0085 are
 * whitespace in Python only; U+FEFF is whitespace in JavaScript only.
 * test/vectors/whitespace-python.json holds the full set as Python reports it.
 */

/** Regex class body matching exactly Python's whitespace (use inside `[...]`). */
export const PY_WS_CLASS =
  "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const WS_RUN = new RegExp(`[${PY_WS_CLASS}]+`, "u");

/** Whether one UTF-16 code unit is Python whitespace (every such character is in the BMP). */
export function isPyWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c >= 0x1c;
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python `s.strip()`. */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPyWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isPyWhitespace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python `re.split(r"\s+", s.strip())`: the reference's similarity tokenisation (an empty string gives `[""]`). */
export function splitWhitespace(text: string): string[] {
  return pyStrip(text).split(WS_RUN);
}

/** `splitWhitespace(text).length`, without building the tokens (an exact, cheap pre-check). */
export function countWhitespaceTokens(text: string): number {
  let count = 1;
  let inRun = false;
  const stripped = pyStrip(text);
  for (let i = 0; i < stripped.length; i++) {
    if (isPyWhitespace(stripped.charCodeAt(i))) {
      if (!inRun) count++;
      inRun = true;
    } else {
      inRun = false;
    }
  }
  return count;
}
