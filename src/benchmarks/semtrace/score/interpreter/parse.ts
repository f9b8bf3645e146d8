/**
 * Parsing one line at a time into a statement, and compiling a function's lines: indentation
 * (CPython's tokenizer rules) and structure.
 */
import { KEYWORDS, MAX_NESTING, type Token, tokenize } from "./lex";
import { PyError, Unsupported } from "./values";

export type Expr =
  | { kind: "int"; value: bigint }
  | { kind: "name"; name: string }
  | { kind: "list"; items: Expr[] }
  | { kind: "unary"; op: "-" | "+"; operand: Expr }
  | { kind: "binary"; op: "-" | "+"; left: Expr; right: Expr };

export type Statement =
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

export interface CompiledFunction {
  param: string;
  body: { statement: Statement; line: string }[];
  locals: Set<string>;
}

export function compileFunction(code: string): CompiledFunction {
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
