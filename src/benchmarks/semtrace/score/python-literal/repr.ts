/** repr: a value printed as CPython's repr() prints it. */
import type { PyValue } from "./value";

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
