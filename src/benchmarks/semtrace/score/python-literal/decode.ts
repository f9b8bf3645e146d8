/** The values of literal tokens: numbers, and str and bytes literals with their escapes. */
import { position, type Token } from "../python-scan";
import { LiteralError, MAX_INT_DIGITS, type PyValue } from "./value";

/**
 * An operand as the parser sees it: `literal` says whether it is a plain number literal (with
 * unary signs and parentheses only), which the `real ± imaginary` complex form needs.
 */
export interface Operand {
  value: PyValue;
  literal: "real" | "imag" | null;
}

export function numberValue(text: string, kind: "int" | "float" | "imag", source: string, t: Token): Operand {
  const digits = text.replace(/_/g, "");
  if (kind === "int") {
    if (!/^0[xXoObB]/.test(digits) && digits.length > MAX_INT_DIGITS) {
      throw new LiteralError(
        `int literal at ${position(source, t.start)} has ${digits.length} digits; CPython refuses more than ${MAX_INT_DIGITS} (int max str digits)`,
      );
    }
    return { value: { type: "int", value: BigInt(digits) }, literal: "real" };
  }
  if (kind === "float") return { value: { type: "float", value: Number(digits) }, literal: "real" };
  // Both JavaScript's Number() and CPython's float() round correctly (1e400 is inf).
  return { value: { type: "complex", real: 0, imag: Number(digits.slice(0, -1)) }, literal: "imag" };
}

const SIMPLE_ESCAPES: Record<string, number> = {
  "\\": 0x5c,
  "'": 0x27,
  '"': 0x22,
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
};

/** The value of one string token: a JS string for str, byte values for bytes. */
export function decodeString(source: string, t: Extract<Token, { kind: "string" }>): string | number[] {
  const prefix = t.prefix.toLowerCase();
  const at = position(source, t.start);
  if (prefix.includes("f")) throw new LiteralError(`f-string at ${at} is not a literal`);
  const raw = prefix.includes("r");
  const isBytes = prefix.includes("b");
  const body = source.slice(t.bodyStart, t.bodyEnd);
  if (isBytes) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, as CPython's bytes literal checks it
    if (/[^\x00-\x7f]/.test(body))
      throw new LiteralError(`bytes can only contain ASCII literal characters (bytes literal at ${at})`);
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
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h))
        throw new LiteralError(`truncated \\${e}${"X".repeat(n)} escape in string literal at ${at}`);
      cp = parseInt(h, 16);
      if (cp > 0x10ffff) throw new LiteralError(`illegal Unicode character \\U${h} in string literal at ${at}`);
      i += 2 + n;
    } else if (e === "N") {
      throw new LiteralError(
        `\\N{...} escapes are not supported (no Unicode name table in the Worker); string literal at ${at}`,
      );
    } else {
      // Unknown escapes keep the backslash (Python warns, then keeps both characters).
      out += "\\";
      i += 1;
      continue;
    }
    if (cp >= 0xdc00 && cp <= 0xdfff && /[\ud800-\udbff]$/.test(out)) {
      throw new LiteralError(
        `surrogate escapes in string literal at ${at} would join into one character; Python keeps them as two code points`,
      );
    }
    out += String.fromCodePoint(cp);
  }
  return out;
}
