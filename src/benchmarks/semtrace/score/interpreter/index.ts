/**
 * A tiny Python interpreter for SemTrace-style functions: the reference "model" of the
 * counterfactual measurement (paper §3.2, Figure 1). It answers `repr(f(<args>))` exactly as
 * CPython 3.11 does (`exec` of the code in a fresh namespace, then the call) for the restricted
 * language below, including what CPython does with the broken functions that line removal makes:
 * a missing `return` gives None, a list used before it is made raises NameError (or
 * UnboundLocalError when the name is assigned somewhere in the function), an index past the end
 * raises IndexError, a body with no statement left is an IndentationError. Cross-checked against
 * CPython in test/semtrace/interpreter.test.ts (vectors from test/vectors/gen_interpreter.py).
 *
 * ## The restricted language
 * - Exactly one `def f(<name>):` header on one line at column 0 (blank and comment-only lines
 *   anywhere), followed by its body: simple statements, one per line, all at one indentation (spaces
 *   only):
 *   - `name = <expr>`
 *   - `name[<expr>] = <expr>` (SemTrace writes an int literal, negative ones index from the end)
 *   - `return <expr>` and bare `return`
 * - Expressions: decimal int literals (CPython's rules: no leading zeros except for 0 itself), names,
 *   unary `-` / `+`, list displays `[a, b, ...]`, left-associative binary `+` / `-` chains,
 *   parentheses. Values are ints (arbitrary precision) and lists (shared by reference, like CPython).
 * - `args` is the call's argument text: one int literal, optionally signed (e.g. "81", "-5").
 *
 * Anything else (other statements or operators, strings, calls, subscripts in expressions, tabs in
 * indentation, statements after the function at column 0, reading a builtin or `f` itself, ...) is
 * outside the language: `{ ok: false, unsupported: true, error: "cannot execute: <the line>" }`.
 *
 * ## Errors reproduced (message = CPython's `type(e).__name__: str(e)`; for IndentationError,
 * raised while compiling, `e.msg` without the "(<string>, line n)" suffix)
 * - IndentationError: `expected an indented block after function definition on line N`,
 *   `unexpected indent`, `unindent does not match any outer indentation level`. Like CPython, the
 *   first problem in line order wins; a line outside the language before it makes the whole answer
 *   unsupported (CPython could have stopped there with a SyntaxError).
 * - NameError `name 'arr' is not defined` (a name never assigned with `name = ...` in the function:
 *   CPython looks it up as a global), UnboundLocalError `cannot access local variable 'arr' where it
 *   is not associated with a value` (assigned somewhere in the function, even after a `return`, but
 *   not yet), IndexError `list assignment index out of range`, and the TypeErrors of `+`, `-`, unary
 *   minus and item assignment on the wrong types.
 * - Evaluation order is CPython's: left to right, and for `a[i] = v` first v, then a, then i.
 */
import { compileFunction } from "./parse";
import { callFunction } from "./run";
import { MAX_LITERAL_DIGITS, PyError, Unsupported, pyRepr } from "./values";

export type InterpreterResult =
  | { ok: true; repr: string } // CPython repr() of the returned value, e.g. "[38, 169, 16, 7]" or "None"
  | { ok: false; error: string; unsupported: boolean }; // error like "NameError: name 'arr' is not defined"; unsupported = outside the restricted language

/** Calls `f(x)` of a SemTrace-style function exactly as CPython would, for the restricted language below. */
export function runRestrictedPython(code: string, args: string): InterpreterResult {
  try {
    const arg = parseArgument(args);
    const fn = compileFunction(code);
    const value = callFunction(fn, arg);
    return { ok: true, repr: value === null ? "None" : pyRepr(value) };
  } catch (e) {
    if (e instanceof Unsupported) return { ok: false, error: `cannot execute: ${e.line}`, unsupported: true };
    if (e instanceof PyError) return { ok: false, error: `${e.type}: ${e.message}`, unsupported: false };
    throw e;
  }
}

function parseArgument(args: string): bigint {
  const m = /^([+-]?)(0+|[1-9][0-9]*)$/.exec(args.trim());
  if (m === null || m[2].length > MAX_LITERAL_DIGITS) throw new Unsupported(`f(${args})`);
  const v = BigInt(m[2]);
  return m[1] === "-" ? -v : v;
}
