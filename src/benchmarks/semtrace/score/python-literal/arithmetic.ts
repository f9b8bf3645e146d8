/** Arithmetic (only with `arithmetic`, and the real ± imaginary complex form): `+ - *` between numbers as CPython computes them. */
import { LiteralError, typeName, type PyValue } from "./value";

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

export function binary(op: "+" | "-" | "*", a: PyValue, b: PyValue): PyValue {
  const numeric = (v: PyValue) => v.type === "int" || v.type === "bool" || v.type === "float" || v.type === "complex";
  if (!numeric(a) || !numeric(b)) {
    throw new LiteralError(
      `unsupported operand types for ${op}: '${typeName(a)}' and '${typeName(b)}' (only numbers are evaluated)`,
    );
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
