/**
 * The package's `remove_comments_and_docstrings` (from GraphCodeBERT), which runs before the syntax
 * and data-flow matches. Python goes through the tokenizer; every other language through one regex.
 * Callers mirror the package's `try: ... except Exception: pass`: on a throw they keep the input.
 */
import { pyStrip } from "../python-text";
import { PyTokenizeError, Tok, pyTokenize } from "./py-tokenize";

/** Python `'\n'.join(x for x in s.split('\n') if x.strip() != "")`. */
function dropBlankLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => pyStrip(line) !== "")
    .join("\n");
}

/**
 * Rebuilds the source from its tokens, padding with spaces to each token's column, minus comments
 * and minus strings that look like docstrings. The docstring test is the package's, quirks and all:
 * a string is dropped when the previous token is an INDENT or a NEWLINE, or when it starts in column
 * 0 — so a string statement after a blank line (an NL) or after a dedent is kept, and backslash
 * continuations are joined onto one line.
 */
export function removePythonCommentsAndDocstrings(source: string): string {
  let out = "";
  let prevType = Tok.INDENT;
  let lastLine = -1;
  let lastCol = 0;
  for (const tok of pyTokenize(source)) {
    if (tok.startLine > lastLine) lastCol = 0;
    if (tok.startCol > lastCol) out += " ".repeat(tok.startCol - lastCol);
    if (tok.type === Tok.COMMENT) {
      // dropped
    } else if (tok.type === Tok.STRING) {
      if (prevType !== Tok.INDENT && prevType !== Tok.NEWLINE && tok.startCol > 0) out += tok.string;
    } else {
      out += tok.string;
    }
    prevType = tok.type;
    lastCol = tok.endCol;
    lastLine = tok.endLine;
  }
  return dropBlankLines(out);
}

/**
 * `//` line comments, `/* *\/` block comments, and single- or double-quoted literals (matched only so
 * that comment markers inside them survive), leftmost first. Python's pattern runs with DOTALL and
 * MULTILINE: `.` crosses newlines and `$` matches before any "\n"; JavaScript needs both spelled out.
 */
const C_LIKE_TOKENS = /\/\/[\s\S]*?(?=\n|$)|\/\*[\s\S]*?\*\/|'(?:\\[\s\S]|[^\\'])*'|"(?:\\[\s\S]|[^\\"])*"/g;

/** Comments become one space (never nothing, so tokens do not fuse); blank lines go. */
export function removeCLikeComments(source: string): string {
  return dropBlankLines(source.replace(C_LIKE_TOKENS, (m) => (m.startsWith("/") ? " " : m)));
}

/** The package's dispatch on language name ("ruby" is returned as is; not a language we support). */
export function removeCommentsAndDocstrings(source: string, language: string): string {
  return language === "python" ? removePythonCommentsAndDocstrings(source) : removeCLikeComments(source);
}

/** `try: s = remove_comments_and_docstrings(s, lang) except Exception: pass`. */
export function tryRemoveCommentsAndDocstrings(source: string, language: string): string {
  try {
    return removeCommentsAndDocstrings(source, language);
  } catch (err) {
    if (err instanceof PyTokenizeError) return source;
    throw err;
  }
}
