/** Equality: Python's `==` between two parsed values. */
import { hashKey } from "./hash";
import type { PyValue } from "./value";

type Numeric = Extract<PyValue, { type: "int" | "bool" | "float" | "complex" }>;

const isNumeric = (v: PyValue): v is Numeric =>
  v.type === "int" || v.type === "bool" || v.type === "float" || v.type === "complex";

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
