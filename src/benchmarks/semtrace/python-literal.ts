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
import { PyLexer, ScanError, position, type Token } from "./python-scan";

export type PyValue =
  | { type: "int"; value: bigint }
  | { type: "float"; value: number }
  | { type: "complex"; real: number; imag: number }
  | { type: "bool"; value: boolean }
  | { type: "none" }
  | { type: "str"; value: string }
  | { type: "bytes"; value: Uint8Array }
  | { type: "list"; items: PyValue[] }
  | { type: "tuple"; items: PyValue[] }
  | { type: "set"; items: PyValue[] }
  | { type: "dict"; entries: [PyValue, PyValue][] };

export type ParseResult = { ok: true; value: PyValue; unresolved: boolean } | { ok: false; error: string };

/** CPython's tokenizer refuses more nested brackets than this ("too many nested parentheses"). */
const MAX_NESTING = 200;
/** CPython (3.11+) refuses decimal int literals longer than sys.get_int_max_str_digits(). */
const MAX_INT_DIGITS = 4300;

class LiteralError extends Error {}

/** Python's type name of a value, for messages. */
function typeName(v: PyValue): string {
  return v.type === "none" ? "NoneType" : v.type;
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * Parses one Python literal expression (the whole text, surrounding whitespace allowed).
 *
 * Accepts what `ast.literal_eval` accepts: int/float/imaginary numbers, `real ± imaginary`
 * complex literals, str and bytes literals in every quoting form and prefix (not f-strings),
 * implicit concatenation of adjacent strings, True/False/None, lists, tuples (a bare top-level
 * `1, 2` too), dicts, sets and `set()`; plus unary `+`/`-` on any number (`--1`). Comments and
 * line breaks inside brackets are allowed as in Python source.
 *
 * With `arithmetic`, binary `+`, `-` and `*` between numbers (int, float, bool, complex) are
 * evaluated with Python's semantics wherever a value may appear, and `unresolved` reports that
 * the text held such an expression (SemTrace counts `81 - 43` as its value, but "unresolved").
 * Without it, such text is an error. A literal alone (also `-5` or `1+2j`) is never unresolved.
 */
export function parsePythonLiteral(text: string, opts?: { arithmetic?: boolean }): ParseResult {
  // CPython reads source given as a string with universal newlines.
  const source = text.replace(/\r\n?/g, "\n");
  if (/\p{Cs}/u.test(source)) return { ok: false, error: "the text contains an unpaired UTF-16 surrogate" };
  if (source.includes("\0")) return { ok: false, error: "source code cannot contain null bytes" };
  const parser = new Parser(source, opts?.arithmetic ?? false);
  try {
    const value = parser.parseTop();
    return { ok: true, value, unresolved: parser.unresolved };
  } catch (e) {
    if (e instanceof LiteralError || e instanceof ScanError) return { ok: false, error: e.message };
    throw e;
  }
}

/**
 * An operand as the parser sees it: `literal` says whether it is a plain number literal (with
 * unary signs and parentheses only), which the `real ± imaginary` complex form needs.
 */
interface Operand {
  value: PyValue;
  literal: "real" | "imag" | null;
}

class Parser {
  private readonly lexer: PyLexer;
  private tok!: Token;
  /** Open brackets: inside them line breaks are insignificant (implicit line joining). */
  private depth = 0;
  unresolved = false;

  constructor(
    private readonly text: string,
    private readonly arithmetic: boolean,
  ) {
    this.lexer = new PyLexer(text, 0);
  }

  private advance(): void {
    for (;;) {
      const t = this.lexer.next();
      if (t.kind === "newline" && this.depth > 0) continue;
      this.tok = t;
      return;
    }
  }

  private at(t: Token = this.tok): string {
    return position(this.text, t.start);
  }

  private describe(t: Token = this.tok): string {
    if (t.kind === "end") return "end of text";
    if (t.kind === "newline") return "line break";
    return `'${this.text.slice(t.start, t.end)}'`;
  }

  private isOp(text: string): boolean {
    return this.tok.kind === "op" && this.tok.text === text;
  }

  private fail(message: string): never {
    throw new LiteralError(message);
  }

  private unexpected(context: string): never {
    this.fail(`unexpected ${this.describe()} at ${this.at()}${context ? ` (${context})` : ""}`);
  }

  private expectOp(text: string, context: string): void {
    if (!this.isOp(text)) this.unexpected(`expected '${text}' ${context}`);
    this.closeOrAdvance(text);
  }

  /** Consumes the current op, leaving a bracket level first when it closes one. */
  private closeOrAdvance(op: string): void {
    if (op === ")" || op === "]" || op === "}") this.depth--;
    this.advance();
  }

  private open(): void {
    if (++this.depth > MAX_NESTING) this.fail(`too many nested parentheses (more than ${MAX_NESTING}) at ${this.at()}`);
    this.advance();
  }

  /** Blank lines before and after the literal (at the top level a line break ends it). */
  private skipNewlines(): void {
    while (this.kind() === "newline") this.advance();
  }

  /** The current token's kind, read fresh (TypeScript keeps narrowing `this.tok` across advance()). */
  private kind(): Token["kind"] {
    return this.tok.kind;
  }

  parseTop(): PyValue {
    this.advance();
    this.skipNewlines();
    if (this.kind() === "end") this.fail("empty text: no literal");
    const value = this.topLevel();
    this.skipNewlines();
    if (this.kind() !== "end") this.unexpected("after the literal");
    return value;
  }

  /** `expr (',' expr)* [',']`: a bare `1, 2` (or `1,`) at the top level is a tuple, as in Python. */
  private topLevel(): PyValue {
    const first = this.expr().value;
    if (!this.isOp(",")) return first;
    const items = [first];
    while (this.isOp(",")) {
      this.advance();
      if (!this.startsExpr()) break;
      items.push(this.expr().value);
    }
    return { type: "tuple", items };
  }

  private startsExpr(): boolean {
    const t = this.tok;
    if (t.kind === "number" || t.kind === "string" || t.kind === "name") return true;
    return t.kind === "op" && ["(", "[", "{", "+", "-"].includes(t.text);
  }

  private expr(): Operand {
    return this.sum();
  }

  private sum(): Operand {
    let left = this.term();
    for (let opTok = this.tok; opTok.kind === "op" && (opTok.text === "+" || opTok.text === "-"); opTok = this.tok) {
      const op = opTok.text;
      this.advance();
      const right = this.term();
      // ast.literal_eval's complex form: a signed real number literal plus/minus an imaginary one.
      const complexLiteral = left.literal === "real" && right.literal === "imag";
      if (!complexLiteral) this.arithmeticAllowed(op, opTok);
      left = { value: binary(op, left.value, right.value), literal: null };
    }
    return left;
  }

  private term(): Operand {
    let left = this.unary();
    while (this.isOp("*")) {
      const opTok = this.tok;
      this.advance();
      const right = this.unary();
      this.arithmeticAllowed("*", opTok);
      left = { value: binary("*", left.value, right.value), literal: null };
    }
    return left;
  }

  private arithmeticAllowed(op: string, opTok: Token): void {
    if (!this.arithmetic) {
      this.fail(`'${op}' at ${this.at(opTok)}: arithmetic is not a literal (only a real ± imaginary number such as 1+2j is)`);
    }
    this.unresolved = true;
  }

  private unary(): Operand {
    const opTok = this.tok;
    if (opTok.kind === "op" && (opTok.text === "-" || opTok.text === "+")) {
      const op = opTok.text;
      this.advance();
      const operand = this.unary();
      const v = operand.value;
      let value: PyValue;
      if (v.type === "int") value = { type: "int", value: op === "-" ? -v.value : v.value };
      else if (v.type === "bool") value = { type: "int", value: op === "-" ? -BigInt(v.value) : BigInt(v.value) };
      else if (v.type === "float") value = { type: "float", value: op === "-" ? -v.value : v.value };
      else if (v.type === "complex") value = op === "-" ? { type: "complex", real: -v.real, imag: -v.imag } : v;
      else this.fail(`bad operand type for unary ${op}: '${typeName(v)}' at ${this.at(opTok)}`);
      return { value, literal: operand.literal === "real" ? "real" : null };
    }
    return this.atom();
  }

  private atom(): Operand {
    const t = this.tok;
    switch (t.kind) {
      case "number":
        this.advance();
        return numberValue(t.text, t.numberKind, this.text, t);
      case "string":
        return { value: this.strings(), literal: null };
      case "name":
        return { value: this.name(t.text), literal: null };
      case "op":
        if (t.text === "(") {
          this.open();
          if (this.isOp(")")) {
            this.closeOrAdvance(")");
            return { value: { type: "tuple", items: [] }, literal: null };
          }
          const first = this.expr();
          if (this.isOp(")")) {
            // A parenthesised value is the value itself, not a tuple.
            this.closeOrAdvance(")");
            return first;
          }
          if (!this.isOp(",")) this.unexpected("expected ',' or ')'");
          const items = [first.value];
          while (this.isOp(",")) {
            this.advance();
            if (this.isOp(")")) break;
            items.push(this.expr().value);
          }
          this.expectOp(")", "to close the tuple");
          return { value: { type: "tuple", items }, literal: null };
        }
        if (t.text === "[") {
          this.open();
          const items = this.sequence("]");
          return { value: { type: "list", items }, literal: null };
        }
        if (t.text === "{") return { value: this.braces(), literal: null };
        break;
    }
    this.unexpected("expected a literal");
  }

  /** Comma-separated values up to the closing bracket (trailing comma allowed). */
  private sequence(close: string): PyValue[] {
    const items: PyValue[] = [];
    while (!this.isOp(close)) {
      items.push(this.expr().value);
      if (this.isOp(",")) this.advance();
      else if (!this.isOp(close)) this.unexpected(`expected ',' or '${close}'`);
    }
    this.closeOrAdvance(close);
    return items;
  }

  private braces(): PyValue {
    const openTok = this.tok;
    this.open();
    if (this.isOp("}")) {
      this.closeOrAdvance("}");
      return { type: "dict", entries: [] };
    }
    const firstKey = this.expr().value;
    if (this.isOp(":")) {
      const entries = new Dict(this.text, openTok);
      this.advance();
      entries.put(firstKey, this.expr().value);
      while (this.isOp(",")) {
        this.advance();
        if (this.isOp("}")) break;
        const key = this.expr().value;
        if (!this.isOp(":")) this.unexpected("':' expected after dictionary key");
        this.advance();
        entries.put(key, this.expr().value);
      }
      this.expectOp("}", "to close the dict");
      return { type: "dict", entries: entries.entries };
    }
    const set = new PySet(this.text, openTok);
    set.add(firstKey);
    while (this.isOp(",")) {
      this.advance();
      if (this.isOp("}")) break;
      set.add(this.expr().value);
    }
    this.expectOp("}", "to close the set");
    return { type: "set", items: set.items };
  }

  private name(name: string): PyValue {
    const nameTok = this.tok;
    this.advance();
    if (name === "True" || name === "False") return { type: "bool", value: name === "True" };
    if (name === "None") return { type: "none" };
    if (this.isOp("(")) {
      if (name === "set") {
        this.open();
        if (this.isOp(")")) {
          this.closeOrAdvance(")");
          return { type: "set", items: [] };
        }
      }
      this.fail(`function call '${name}(...)' at ${this.at(nameTok)} is not a literal (only set() is accepted)`);
    }
    this.fail(`name '${name}' at ${this.at(nameTok)} is not a literal`);
  }

  /** Adjacent string literals concatenate ('a' "b"); bytes and str may not mix. */
  private strings(): PyValue {
    let str: string | null = null;
    let bytes: number[] | null = null;
    while (this.tok.kind === "string") {
      const t = this.tok;
      const decoded = decodeString(this.text, t);
      if (typeof decoded === "string") {
        if (bytes !== null) this.fail(`cannot mix bytes and nonbytes literals at ${this.at(t)}`);
        if (str !== null && /[\ud800-\udbff]$/.test(str) && /^[\udc00-\udfff]/.test(decoded)) {
          this.fail(`surrogate escapes at ${this.at(t)} would join into one character; Python keeps them as two code points`);
        }
        str = (str ?? "") + decoded;
      } else {
        if (str !== null) this.fail(`cannot mix bytes and nonbytes literals at ${this.at(t)}`);
        bytes = (bytes ?? ([] as number[])).concat(decoded);
      }
      this.advance();
    }
    return bytes !== null ? { type: "bytes", value: Uint8Array.from(bytes) } : { type: "str", value: str ?? "" };
  }
}

function numberValue(text: string, kind: "int" | "float" | "imag", source: string, t: Token): Operand {
  const digits = text.replace(/_/g, "");
  if (kind === "int") {
    if (!/^0[xXoObB]/.test(digits) && digits.length > MAX_INT_DIGITS) {
      throw new LiteralError(`int literal at ${position(source, t.start)} has ${digits.length} digits; CPython refuses more than ${MAX_INT_DIGITS} (int max str digits)`);
    }
    return { value: { type: "int", value: BigInt(digits) }, literal: "real" };
  }
  if (kind === "float") return { value: { type: "float", value: Number(digits) }, literal: "real" };
  // Both JavaScript's Number() and CPython's float() round correctly (1e400 is inf).
  return { value: { type: "complex", real: 0, imag: Number(digits.slice(0, -1)) }, literal: "imag" };
}

const SIMPLE_ESCAPES: Record<string, number> = { "\\": 0x5c, "'": 0x27, '"': 0x22, a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };

/** The value of one string token: a JS string for str, byte values for bytes. */
function decodeString(source: string, t: Extract<Token, { kind: "string" }>): string | number[] {
  const prefix = t.prefix.toLowerCase();
  const at = position(source, t.start);
  if (prefix.includes("f")) throw new LiteralError(`f-string at ${at} is not a literal`);
  const raw = prefix.includes("r");
  const isBytes = prefix.includes("b");
  const body = source.slice(t.bodyStart, t.bodyEnd);
  if (isBytes) {
    if (/[^\x00-\x7f]/.test(body)) throw new LiteralError(`bytes can only contain ASCII literal characters (bytes literal at ${at})`);
    const out: number[] = [];
    for (let i = 0; i < body.length; ) {
      const c = body[i];
      if (c !== "\\" || raw) {
        out.push(body.charCodeAt(i));
        i++;
        continue;
      }
      const e = body[i + 1];
      if (e === "\n") i += 2;
      else if (Object.hasOwn(SIMPLE_ESCAPES, e)) {
        out.push(SIMPLE_ESCAPES[e]);
        i += 2;
      } else if (e >= "0" && e <= "7") {
        const m = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
        // CPython 3.11 keeps the low 8 bits of \400-\777 (with a DeprecationWarning).
        out.push(parseInt(m, 8) & 0xff);
        i += 1 + m.length;
      } else if (e === "x") {
        const h = body.slice(i + 2, i + 4);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new LiteralError(`invalid \\x escape in bytes literal at ${at}`);
        out.push(parseInt(h, 16));
        i += 4;
      } else {
        // Unknown escapes (\d, and \u \U \N, which bytes do not have) keep the backslash.
        out.push(0x5c);
        i += 1;
      }
    }
    return out;
  }
  if (raw) return body;
  let out = "";
  for (let i = 0; i < body.length; ) {
    const c = body[i];
    if (c !== "\\") {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    let cp: number;
    if (e === "\n") {
      i += 2;
      continue;
    } else if (Object.hasOwn(SIMPLE_ESCAPES, e)) {
      cp = SIMPLE_ESCAPES[e];
      i += 2;
    } else if (e >= "0" && e <= "7") {
      const m = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      cp = parseInt(m, 8);
      i += 1 + m.length;
    } else if (e === "x" || e === "u" || e === "U") {
      const n = e === "x" ? 2 : e === "u" ? 4 : 8;
      const h = body.slice(i + 2, i + 2 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h)) throw new LiteralError(`truncated \\${e}${"X".repeat(n)} escape in string literal at ${at}`);
      cp = parseInt(h, 16);
      if (cp > 0x10ffff) throw new LiteralError(`illegal Unicode character \\U${h} in string literal at ${at}`);
      i += 2 + n;
    } else if (e === "N") {
      throw new LiteralError(`\\N{...} escapes are not supported (no Unicode name table in the Worker); string literal at ${at}`);
    } else {
      // Unknown escapes keep the backslash (Python warns, then keeps both characters).
      out += "\\";
      i += 1;
      continue;
    }
    if (cp >= 0xdc00 && cp <= 0xdfff && /[\ud800-\udbff]$/.test(out)) {
      throw new LiteralError(`surrogate escapes in string literal at ${at} would join into one character; Python keeps them as two code points`);
    }
    out += String.fromCodePoint(cp);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic (only with `arithmetic`, and the real ± imaginary complex form)

/** int -> float as CPython does: correctly rounded, OverflowError when out of range. */
function intToFloat(v: bigint): number {
  const f = Number(v);
  if (!Number.isFinite(f)) throw new LiteralError("int too large to convert to float");
  return f;
}

function asFloat(v: PyValue): number {
  if (v.type === "float") return v.value;
  if (v.type === "int") return intToFloat(v.value);
  if (v.type === "bool") return v.value ? 1 : 0;
  throw new Error(`not a real number: ${v.type}`);
}

function binary(op: "+" | "-" | "*", a: PyValue, b: PyValue): PyValue {
  const numeric = (v: PyValue) => v.type === "int" || v.type === "bool" || v.type === "float" || v.type === "complex";
  if (!numeric(a) || !numeric(b)) {
    throw new LiteralError(`unsupported operand types for ${op}: '${typeName(a)}' and '${typeName(b)}' (only numbers are evaluated)`);
  }
  if (a.type === "complex" || b.type === "complex") {
    // CPython <= 3.13 converts the real operand to complex(x, 0.0) first.
    const [ar, ai] = a.type === "complex" ? [a.real, a.imag] : [asFloat(a), 0];
    const [br, bi] = b.type === "complex" ? [b.real, b.imag] : [asFloat(b), 0];
    if (op === "+") return { type: "complex", real: ar + br, imag: ai + bi };
    if (op === "-") return { type: "complex", real: ar - br, imag: ai - bi };
    return { type: "complex", real: ar * br - ai * bi, imag: ar * bi + ai * br };
  }
  if (a.type === "float" || b.type === "float") {
    const x = asFloat(a);
    const y = asFloat(b);
    return { type: "float", value: op === "+" ? x + y : op === "-" ? x - y : x * y };
  }
  const x = a.type === "bool" ? BigInt(a.value) : (a as { value: bigint }).value;
  const y = b.type === "bool" ? BigInt(b.value) : (b as { value: bigint }).value;
  return { type: "int", value: op === "+" ? x + y : op === "-" ? x - y : x * y };
}

// ---------------------------------------------------------------------------------------------
// Hashing (set elements, dict keys): equal keys exactly when Python's == says equal

let nanCounter = 0;

function floatKey(x: number): string {
  // NaN is never equal to a separately written NaN: each gets its own key.
  if (Number.isNaN(x)) return `nan#${++nanCounter}`;
  // Integral floats share their key with the equal int (1.0 == 1 == True, -0.0 == 0).
  if (Number.isInteger(x)) return `i${BigInt(x)}`;
  return `f${x}`;
}

/**
 * A string equal for two hashable values exactly when they are `==` in Python (hash consistency
 * makes set membership and dict lookup reduce to equality). Throws for unhashable values.
 */
function hashKey(v: PyValue): string {
  switch (v.type) {
    case "int":
      return `i${v.value}`;
    case "bool":
      return v.value ? "i1" : "i0";
    case "float":
      return floatKey(v.value);
    case "complex":
      // complex(x, 0) == x: the key of the real part.
      return v.imag === 0 ? floatKey(v.real) : `c${floatKey(v.real)},${floatKey(v.imag)}`;
    case "none":
      return "n";
    case "str":
      return `s${v.value}`;
    case "bytes":
      return `b${Array.from(v.value, (x) => x.toString(16).padStart(2, "0")).join("")}`;
    case "tuple":
      return `t${JSON.stringify(v.items.map(hashKey))}`;
    default:
      throw new LiteralError(`unhashable type: '${v.type}'`);
  }
}

/** Builds a set as CPython does: the first of equal elements stays. */
class PySet {
  readonly items: PyValue[] = [];
  private readonly keys = new Set<string>();
  constructor(
    private readonly source: string,
    private readonly at: Token,
  ) {}
  add(v: PyValue): void {
    const key = keyIn(v, this.source, this.at);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.items.push(v);
  }
}

/** Builds a dict as CPython does: the first of equal keys stays (and its place), the last value wins. */
class Dict {
  readonly entries: [PyValue, PyValue][] = [];
  private readonly index = new Map<string, number>();
  constructor(
    private readonly source: string,
    private readonly at: Token,
  ) {}
  put(k: PyValue, v: PyValue): void {
    const key = keyIn(k, this.source, this.at);
    const i = this.index.get(key);
    if (i !== undefined) this.entries[i][1] = v;
    else {
      this.index.set(key, this.entries.length);
      this.entries.push([k, v]);
    }
  }
}

function keyIn(v: PyValue, source: string, at: Token): string {
  try {
    return hashKey(v);
  } catch (e) {
    if (e instanceof LiteralError) throw new LiteralError(`${e.message} in the set or dict at ${position(source, at.start)}`);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Equality

type Numeric = Extract<PyValue, { type: "int" | "bool" | "float" | "complex" }>;

const isNumeric = (v: PyValue): v is Numeric => v.type === "int" || v.type === "bool" || v.type === "float" || v.type === "complex";

/** float == int, exactly (CPython compares the mathematical values: 2**53 + 1 != 2.0**53). */
function floatEqualsInt(f: number, i: bigint): boolean {
  return Number.isInteger(f) && BigInt(f) === i;
}

/** A real number as either an exact int or a float. */
function real(v: Numeric): bigint | number {
  if (v.type === "int") return v.value;
  if (v.type === "bool") return v.value ? 1n : 0n;
  if (v.type === "float") return v.value;
  throw new Error("complex");
}

function realEquals(a: bigint | number, b: bigint | number): boolean {
  if (typeof a === "bigint" && typeof b === "bigint") return a === b;
  if (typeof a === "number" && typeof b === "number") return a === b; // NaN != NaN, -0.0 == 0.0
  return typeof a === "number" ? floatEqualsInt(a, b as bigint) : floatEqualsInt(b as number, a);
}

function numericEquals(a: Numeric, b: Numeric): boolean {
  if (a.type === "complex" || b.type === "complex") {
    const [ar, ai] = a.type === "complex" ? [a.real as bigint | number, a.imag] : [real(a), 0];
    const [br, bi] = b.type === "complex" ? [b.real as bigint | number, b.imag] : [real(b), 0];
    return ai === bi && realEquals(ar, br);
  }
  return realEquals(real(a), real(b));
}

/**
 * Python `==` between two values: numbers compare by value across int/float/bool/complex
 * (1 == 1.0 == True == 1+0j; int vs float exactly; NaN equals nothing, since separately written
 * values never share an object), str only with str, bytes only with bytes, list only with list and
 * tuple only with tuple (element-wise), set and dict regardless of order. Set elements and dict
 * keys must be hashable (as the parser guarantees).
 */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (isNumeric(a) || isNumeric(b)) return isNumeric(a) && isNumeric(b) && numericEquals(a, b);
  switch (a.type) {
    case "none":
      return b.type === "none";
    case "str":
      return b.type === "str" && a.value === b.value;
    case "bytes":
      return b.type === "bytes" && a.value.length === b.value.length && a.value.every((x, i) => x === b.value[i]);
    case "list":
    case "tuple":
      return b.type === a.type && a.items.length === b.items.length && a.items.every((x, i) => pyEquals(x, b.items[i]));
    case "set": {
      if (b.type !== "set") return false;
      const ka = new Set(a.items.map(hashKey));
      const kb = new Set(b.items.map(hashKey));
      return ka.size === kb.size && [...ka].every((k) => kb.has(k));
    }
    case "dict": {
      if (b.type !== "dict") return false;
      const mb = new Map(b.entries.map(([k, v]) => [hashKey(k), v] as const));
      const ma = new Map(a.entries.map(([k, v]) => [hashKey(k), v] as const));
      if (ma.size !== mb.size) return false;
      for (const [k, v] of ma) {
        const w = mb.get(k);
        if (w === undefined || !pyEquals(v, w)) return false;
      }
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// repr

/**
 * Characters str.isprintable() rejects: Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs
 * (space excepted), as in CPython's unicodectype.c. The categories come from the JavaScript
 * engine's Unicode database, so characters assigned after the CPython's Unicode version print
 * as-is here where that CPython escapes them (test/semtrace/literal.test.ts lists the difference).
 */
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/** Python's str.isprintable() for one code point (see NOT_PRINTABLE for non-ASCII). */
export function isPrintableCodePoint(cp: number): boolean {
  if (cp < 0x7f) return cp >= 0x20;
  if (cp === 0x7f) return false;
  return !NOT_PRINTABLE.test(String.fromCodePoint(cp));
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/** unicode_repr in CPython's Objects/unicodeobject.c. */
function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x7f || isPrintableCodePoint(cp)) out += ch;
    else if (cp <= 0xff) out += `\\x${hex(cp, 2)}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return out + quote;
}

/** PyBytes_Repr with smart quotes. */
function bytesRepr(b: Uint8Array): string {
  const hasSingle = b.includes(0x27);
  const quote = hasSingle && !b.includes(0x22) ? '"' : "'";
  let out = `b${quote}`;
  for (const c of b) {
    const ch = String.fromCharCode(c);
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || c >= 0x7f) out += `\\x${hex(c, 2)}`;
    else out += ch;
  }
  return out + quote;
}

/**
 * float repr: CPython's format 'r' (shortest round-trip digits, the same digits JavaScript picks),
 * in exponent form when the decimal point position is <= -4 or > 16; `addDot0` appends ".0" to
 * integral values (repr(float) does, the parts of a complex do not).
 */
function floatRepr(x: number, addDot0: boolean, sign = false): string {
  const plus = sign ? "+" : "";
  if (Number.isNaN(x)) return `${plus}nan`;
  if (x === Infinity) return `${plus}inf`;
  if (x === -Infinity) return "-inf";
  const neg = x < 0 || Object.is(x, -0) ? "-" : plus;
  if (x === 0) return `${neg}0${addDot0 ? ".0" : ""}`;
  const [mantissa, exp] = Math.abs(x).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const decpt = Number(exp) + 1;
  if (decpt <= -4 || decpt > 16) {
    const e = decpt - 1;
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${neg}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (decpt <= 0) return `${neg}0.${"0".repeat(-decpt)}${digits}`;
  if (decpt >= digits.length) return `${neg}${digits}${"0".repeat(decpt - digits.length)}${addDot0 ? ".0" : ""}`;
  return `${neg}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

/** complex_repr: `2j` when the real part is +0.0, else `(re±imj)`. */
function complexRepr(re: number, im: number): string {
  if (re === 0 && !Object.is(re, -0)) return `${floatRepr(im, false)}j`;
  return `(${floatRepr(re, false)}${floatRepr(im, false, true)}j)`;
}

/**
 * CPython's repr() of a value (for showing answers and expected values). Exact for every type,
 * except that set elements print in insertion order (CPython: hash-table order) and non-ASCII
 * printability follows this engine's Unicode version (see isPrintableCodePoint).
 */
export function pyRepr(v: PyValue): string {
  switch (v.type) {
    case "int":
      return v.value.toString();
    case "float":
      return floatRepr(v.value, true);
    case "complex":
      return complexRepr(v.real, v.imag);
    case "bool":
      return v.value ? "True" : "False";
    case "none":
      return "None";
    case "str":
      return strRepr(v.value);
    case "bytes":
      return bytesRepr(v.value);
    case "list":
      return `[${v.items.map(pyRepr).join(", ")}]`;
    case "tuple":
      return v.items.length === 1 ? `(${pyRepr(v.items[0])},)` : `(${v.items.map(pyRepr).join(", ")})`;
    case "set":
      return v.items.length === 0 ? "set()" : `{${v.items.map(pyRepr).join(", ")}}`;
    case "dict":
      return `{${v.entries.map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(", ")}}`;
  }
}
