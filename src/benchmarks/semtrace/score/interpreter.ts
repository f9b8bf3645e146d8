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

// ---------------------------------------------------------------------------------------------
// Values

class PyList {
  constructor(public items: Value[]) {}
}
type Value = bigint | PyList;

function typeName(v: Value): string {
  return typeof v === "bigint" ? "int" : "list";
}

function pyRepr(v: Value, active: Set<PyList> = new Set()): string {
  if (typeof v === "bigint") {
    const text = v.toString();
    // CPython raises ValueError past its int-to-str digit limit; not worth reproducing.
    if (text.replace("-", "").length > MAX_LITERAL_DIGITS)
      throw new Unsupported("repr() of an int longer than 4300 digits");
    return text;
  }
  if (active.has(v)) return "[...]"; // CPython's Py_ReprEnter: a list inside itself
  active.add(v);
  const s = `[${v.items.map((item) => pyRepr(item, active)).join(", ")}]`;
  active.delete(v);
  return s;
}

/** A Python exception CPython would raise (type name + str(e)). */
class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Outside the restricted language: `line` is the offending text. */
class Unsupported extends Error {
  constructor(readonly line: string) {
    super(`cannot execute: ${line}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lexing and parsing, one line at a time

type Token = { kind: "name" | "number" | "op"; text: string };

const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** dir(builtins) of CPython 3.11 (with site's exit/quit/help/...): reading one is outside the language. */
const BUILTINS = new Set(
  (
    "ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError BufferError " +
    "BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError " +
    "DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception ExceptionGroup False FileExistsError " +
    "FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError " +
    "IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError " +
    "NameError None NotADirectoryError NotImplemented NotImplementedError OSError OverflowError PendingDeprecationWarning " +
    "PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning " +
    "StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError " +
    "UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning " +
    "ValueError Warning ZeroDivisionError __build_class__ __debug__ __doc__ __import__ __loader__ __name__ __package__ " +
    "__spec__ abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex " +
    "copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals " +
    "hasattr hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next " +
    "object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum " +
    "super tuple type vars zip __builtins__ f"
  ).split(" "),
);

/** CPython refuses to convert ints longer than this to text (sys.int_info.default_max_str_digits). */
const MAX_LITERAL_DIGITS = 4300;
/** Far below CPython's parser limits; deeper nesting is outside the language. */
const MAX_NESTING = 50;

function tokenize(text: string, line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t") {
      i++;
    } else if (c === "#") {
      break;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      // A non-ASCII identifier continues the name in Python: outside the language.
      if (i + m.length < text.length && text.charCodeAt(i + m.length) > 127) throw new Unsupported(line);
      tokens.push({ kind: "name", text: m });
      i += m.length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9A-Za-z_.]*/.exec(text.slice(i))![0];
      if (!/^(0+|[1-9][0-9]*)$/.test(m) || m.length > MAX_LITERAL_DIGITS) throw new Unsupported(line);
      tokens.push({ kind: "number", text: m });
      i += m.length;
    } else if ("+-=:".includes(c)) {
      const next = text[i + 1];
      // +=, -=, ==, ->, := are other operators.
      if (next === "=" || (c === "-" && next === ">")) throw new Unsupported(line);
      tokens.push({ kind: "op", text: c });
      i++;
    } else if ("()[],".includes(c)) {
      tokens.push({ kind: "op", text: c });
      i++;
    } else {
      throw new Unsupported(line);
    }
  }
  return tokens;
}

type Expr =
  | { kind: "int"; value: bigint }
  | { kind: "name"; name: string }
  | { kind: "list"; items: Expr[] }
  | { kind: "unary"; op: "-" | "+"; operand: Expr }
  | { kind: "binary"; op: "-" | "+"; left: Expr; right: Expr };

type Statement =
  | { kind: "def"; name: string; param: string }
  | { kind: "assign"; name: string; value: Expr }
  | { kind: "store"; target: string; index: Expr; value: Expr }
  | { kind: "return"; value: Expr | null };

class LineParser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly line: string,
  ) {}

  private fail(): never {
    throw new Unsupported(this.line);
  }
  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private isOp(text: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === "op" && t.text === text;
  }
  private expectOp(text: string): void {
    if (!this.isOp(text)) this.fail();
    this.pos++;
  }
  private name(): string {
    const t = this.peek();
    if (t === undefined || t.kind !== "name" || KEYWORDS.has(t.text)) this.fail();
    this.pos++;
    return t.text;
  }
  private end(): void {
    if (this.pos !== this.tokens.length) this.fail();
  }

  statement(): Statement {
    const first = this.peek();
    if (first === undefined) this.fail();
    let s: Statement;
    if (first.kind === "name" && first.text === "def") {
      this.pos++;
      const name = this.name();
      this.expectOp("(");
      const param = this.name();
      if (this.isOp(",")) this.pos++;
      this.expectOp(")");
      this.expectOp(":");
      s = { kind: "def", name, param };
    } else if (first.kind === "name" && first.text === "return") {
      this.pos++;
      s = { kind: "return", value: this.pos === this.tokens.length ? null : this.expr(0) };
    } else {
      const name = this.name();
      if (this.isOp("[")) {
        this.pos++;
        const index = this.expr(1);
        this.expectOp("]");
        this.expectOp("=");
        s = { kind: "store", target: name, index, value: this.expr(0) };
      } else {
        this.expectOp("=");
        s = { kind: "assign", name, value: this.expr(0) };
      }
    }
    this.end();
    return s;
  }

  private expr(depth: number): Expr {
    if (depth > MAX_NESTING) this.fail();
    let left = this.unary(depth);
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.peek()!.text as "+" | "-";
      this.pos++;
      left = { kind: "binary", op, left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Expr {
    if (depth > MAX_NESTING) this.fail();
    if (this.isOp("-") || this.isOp("+")) {
      const op = this.peek()!.text as "+" | "-";
      this.pos++;
      return { kind: "unary", op, operand: this.unary(depth + 1) };
    }
    return this.atom(depth);
  }

  private atom(depth: number): Expr {
    const t = this.peek();
    if (t === undefined) this.fail();
    if (t.kind === "number") {
      this.pos++;
      return { kind: "int", value: BigInt(t.text) };
    }
    if (t.kind === "name") return { kind: "name", name: this.name() };
    if (this.isOp("(")) {
      this.pos++;
      const inner = this.expr(depth + 1);
      this.expectOp(")"); // a comma here would make a tuple: outside the language
      return inner;
    }
    if (this.isOp("[")) {
      this.pos++;
      const items: Expr[] = [];
      while (!this.isOp("]")) {
        items.push(this.expr(depth + 1));
        if (this.isOp(",")) this.pos++;
        else if (!this.isOp("]")) this.fail();
      }
      this.pos++;
      return { kind: "list", items };
    }
    this.fail();
  }
}

// ---------------------------------------------------------------------------------------------
// Compiling: indentation (CPython's tokenizer rules) and structure

interface CompiledFunction {
  param: string;
  body: { statement: Statement; line: string }[];
  locals: Set<string>;
}

function compileFunction(code: string): CompiledFunction {
  const lines = code.split("\n");
  const stack = [0];
  /** 1-based line number of a header still waiting for its indented block. */
  let pendingHeader: number | null = null;
  let fn: CompiledFunction | null = null;

  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n];
    const display = raw.trim();
    const indent = /^[ ]*/.exec(raw)![0].length;
    const rest = raw.slice(indent);
    // Blank and comment-only lines do not take part in indentation.
    if (/^[ \t\f]*(#.*)?$/.test(raw)) continue;
    if (/^[\t\f]/.test(rest)) throw new Unsupported(display); // tabs/form feeds in indentation
    const statement = new LineParser(tokenize(rest, display), display).statement();

    const top = stack[stack.length - 1];
    if (indent > top) {
      if (pendingHeader === null) throw new PyError("IndentationError", "unexpected indent");
      stack.push(indent);
      pendingHeader = null;
    } else {
      while (indent < stack[stack.length - 1]) stack.pop();
      if (indent !== stack[stack.length - 1])
        throw new PyError("IndentationError", "unindent does not match any outer indentation level");
      if (pendingHeader !== null) {
        throw new PyError(
          "IndentationError",
          `expected an indented block after function definition on line ${pendingHeader}`,
        );
      }
    }

    if (stack.length === 1) {
      // Column 0: only the one `def f(...)` header.
      if (statement.kind !== "def" || statement.name !== "f" || fn !== null) throw new Unsupported(display);
      fn = { param: statement.param, body: [], locals: new Set([statement.param]) };
      pendingHeader = n + 1;
    } else {
      if (statement.kind === "def" || fn === null) throw new Unsupported(display); // nested def
      fn.body.push({ statement, line: display });
      if (statement.kind === "assign") fn.locals.add(statement.name);
    }
  }
  if (pendingHeader !== null) {
    throw new PyError(
      "IndentationError",
      `expected an indented block after function definition on line ${pendingHeader}`,
    );
  }
  if (fn === null) throw new Unsupported("(no def f)");
  return fn;
}

function parseArgument(args: string): bigint {
  const m = /^([+-]?)(0+|[1-9][0-9]*)$/.exec(args.trim());
  if (m === null || m[2].length > MAX_LITERAL_DIGITS) throw new Unsupported(`f(${args})`);
  const v = BigInt(m[2]);
  return m[1] === "-" ? -v : v;
}

// ---------------------------------------------------------------------------------------------
// Running

function callFunction(fn: CompiledFunction, arg: bigint): Value | null {
  const frame = new Map<string, Value>([[fn.param, arg]]);
  for (const { statement, line } of fn.body) {
    const evaluate = (e: Expr): Value => evalExpr(e, frame, fn.locals, line);
    switch (statement.kind) {
      case "return":
        return statement.value === null ? null : evaluate(statement.value);
      case "assign":
        frame.set(statement.name, evaluate(statement.value));
        break;
      case "store": {
        const value = evaluate(statement.value);
        const target = readName(statement.target, frame, fn.locals, line);
        const index = evaluate(statement.index);
        if (!(target instanceof PyList))
          throw new PyError("TypeError", `'${typeName(target)}' object does not support item assignment`);
        if (typeof index !== "bigint")
          throw new PyError("TypeError", `list indices must be integers or slices, not ${typeName(index)}`);
        const length = BigInt(target.items.length);
        const i = index < 0n ? index + length : index;
        if (i < 0n || i >= length) throw new PyError("IndexError", "list assignment index out of range");
        target.items[Number(i)] = value;
        break;
      }
      case "def":
        throw new Unsupported(line);
    }
  }
  return null;
}

function readName(name: string, frame: Map<string, Value>, locals: Set<string>, line: string): Value {
  if (locals.has(name)) {
    const v = frame.get(name);
    if (v === undefined)
      throw new PyError(
        "UnboundLocalError",
        `cannot access local variable '${name}' where it is not associated with a value`,
      );
    return v;
  }
  // A global: the namespace holds only `f` and the builtins, which are outside the language.
  if (BUILTINS.has(name)) throw new Unsupported(line);
  throw new PyError("NameError", `name '${name}' is not defined`);
}

function evalExpr(e: Expr, frame: Map<string, Value>, locals: Set<string>, line: string): Value {
  switch (e.kind) {
    case "int":
      return e.value;
    case "name":
      return readName(e.name, frame, locals, line);
    case "list":
      return new PyList(e.items.map((item) => evalExpr(item, frame, locals, line)));
    case "unary": {
      const v = evalExpr(e.operand, frame, locals, line);
      if (typeof v !== "bigint") throw new PyError("TypeError", `bad operand type for unary ${e.op}: '${typeName(v)}'`);
      return e.op === "-" ? -v : v;
    }
    case "binary": {
      const a = evalExpr(e.left, frame, locals, line);
      const b = evalExpr(e.right, frame, locals, line);
      if (typeof a === "bigint" && typeof b === "bigint") return e.op === "+" ? a + b : a - b;
      if (e.op === "+" && a instanceof PyList) {
        if (b instanceof PyList) return new PyList([...a.items, ...b.items]);
        throw new PyError("TypeError", `can only concatenate list (not "${typeName(b)}") to list`);
      }
      throw new PyError("TypeError", `unsupported operand type(s) for ${e.op}: '${typeName(a)}' and '${typeName(b)}'`);
    }
  }
}
