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
const LEADING = new RegExp(`^[${PY_WS_CLASS}]+`, "u");
const TRAILING = new RegExp(`[${PY_WS_CLASS}]+$`, "u");

/** Python `s.strip()`. */
export function pyStrip(text: string): string {
  return text.replace(LEADING, "").replace(TRAILING, "");
}

/** Python `re.split(r"\s+", s.strip())`: RepoQA's tokenisation (an empty string gives `[""]`). */
export function splitWhitespace(text: string): string[] {
  return pyStrip(text).split(WS_RUN);
}
