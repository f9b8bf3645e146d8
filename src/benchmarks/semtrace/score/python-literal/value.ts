/** The values a Python literal parses to, and what every part of the literal module shares. */

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
export const MAX_NESTING = 200;
/** CPython (3.11+) refuses decimal int literals longer than sys.get_int_max_str_digits(). */
export const MAX_INT_DIGITS = 4300;

/** A literal Python refuses (its message is what the parse answers). */
export class LiteralError extends Error {}

/** Python's type name of a value, for messages. */
export function typeName(v: PyValue): string {
  return v.type === "none" ? "NoneType" : v.type;
}
