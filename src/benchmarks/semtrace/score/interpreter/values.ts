/** The interpreter's values (ints and lists, as CPython holds them), their repr, and its two kinds of failure. */

/** CPython refuses to convert ints longer than this to text (sys.int_info.default_max_str_digits). */
export const MAX_LITERAL_DIGITS = 4300;

export class PyList {
  constructor(public items: Value[]) {}
}
export type Value = bigint | PyList;

export function typeName(v: Value): string {
  return typeof v === "bigint" ? "int" : "list";
}

export function pyRepr(v: Value, active: Set<PyList> = new Set()): string {
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
export class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Outside the restricted language: `line` is the offending text. */
export class Unsupported extends Error {
  constructor(readonly line: string) {
    super(`cannot execute: ${line}`);
  }
}
