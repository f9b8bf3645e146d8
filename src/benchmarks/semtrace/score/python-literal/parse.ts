/** Parsing: the text of one Python literal expression into a value (see index.ts for what is accepted). */
import { PyLexer, ScanError, position, type Token } from "../python-scan";
import { binary } from "./arithmetic";
import { type Operand, decodeString, numberValue } from "./decode";
import { Dict, PySet } from "./hash";
import { LiteralError, MAX_NESTING, typeName, type ParseResult, type PyValue } from "./value";

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

/** The recursive-descent parser over the shared Python scanner's tokens. */
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
      this.fail(
        `'${op}' at ${this.at(opTok)}: arithmetic is not a literal (only a real ± imaginary number such as 1+2j is)`,
      );
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
          this.fail(
            `surrogate escapes at ${this.at(t)} would join into one character; Python keeps them as two code points`,
          );
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
