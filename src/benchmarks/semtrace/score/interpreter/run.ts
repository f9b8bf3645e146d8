/** Running a compiled function: CPython's evaluation order and the errors it raises. */
import { BUILTINS } from "./lex";
import type { CompiledFunction, Expr } from "./parse";
import { PyError, PyList, Unsupported, type Value, typeName } from "./values";

export function callFunction(fn: CompiledFunction, arg: bigint): Value | null {
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
