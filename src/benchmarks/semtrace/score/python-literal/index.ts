/**
 * Python literals in a Worker: parse the text of a Python literal expression, compare two values
 * with Python's `==`, and print a value as CPython's repr() does. CRUXEval's reference check
 * executes `assert <expected> == <answer>` in Python; a Worker has no Python, so answers are parsed
 * and compared structurally with Python's semantics. A wrong equality changes a leaderboard number,
 * so every rule below follows CPython 3.11 (checked against CPython-generated vectors in
 * test/vectors/python-literals.json); the few deliberate deviations are listed here:
 *
 * - Accepted beyond `ast.literal_eval` (Python's `eval` gives these values): repeated or nested
 *   unary signs (`--1`, `-(1)`, `-True`), and with `arithmetic` binary `+ - *` between numbers.
 *   The only call accepted is `set()` (as `ast.literal_eval` does); `frozenset()`, `float('inf')`
 *   and every other call are rejected (no CRUXEval output needs one).
 * - `\N{NAME}` escapes are rejected: the Worker carries no Unicode name table.
 * - A surrogate pair written as two escapes (`'\ud83d\ude00'`) is two code points in Python but
 *   would become one in a JavaScript string, so it is rejected instead of silently merged. Lone
 *   surrogates from escapes are kept and compare correctly.
 * - Set elements print in insertion order; CPython prints them in hash-table order (randomised
 *   for str), so a set's repr is only equal up to order. Equality is exact.
 * - repr() decides which non-ASCII characters print as-is with the JavaScript engine's Unicode
 *   database (see isPrintableCodePoint), which may be newer than the CPython's.
 * - Mixed real/complex arithmetic converts the real operand to complex first (CPython <= 3.13),
 *   which only matters for the sign of a zero imaginary part.
 */
export { parsePythonLiteral } from "./parse";
export { pyEquals } from "./equals";
export { isPrintableCodePoint, pyRepr } from "./repr";
export type { ParseResult, PyValue } from "./value";
