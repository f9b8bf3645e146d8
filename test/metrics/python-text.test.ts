import { describe, expect, it } from "vitest";
import { PY_WS_CLASS, isPyWhitespace, pyStrip, splitWhitespace } from "../../src/lib/metrics/python-text";
import vectors from "../vectors/whitespace-python.json";

describe("Python whitespace", () => {
  it("is exactly the set of code points Python's re \\s matches", () => {
    const expected = new Set(vectors.whitespace_code_points);
    const single = new RegExp(`^[${PY_WS_CLASS}]$`, "u");
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (single.test(String.fromCodePoint(cp)) !== expected.has(cp)) wrong.push(cp);
    }
    expect(wrong).toEqual([]);
  });

  it("isPyWhitespace agrees with Python on every UTF-16 code unit", () => {
    const expected = new Set(vectors.whitespace_code_points);
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isPyWhitespace(c) !== expected.has(c)) wrong.push(c);
    expect(wrong).toEqual([]);
    expect(vectors.whitespace_code_points.every((cp) => cp <= 0xffff)).toBe(true);
  });

  it("differs from JavaScript's \\s where Python does", () => {
    expect(splitWhitespace("a\x1cb\x85c")).toEqual(["a", "b", "c"]);
    expect(splitWhitespace("a\ufeffb")).toEqual(["a\ufeffb"]);
    expect(pyStrip("\ufeff x \x1f")).toBe("\ufeff x");
  });

  it.each(vectors.cases.map((c) => [JSON.stringify(c.text), c] as const))("tokenises %s as Python", (_, c) => {
    expect(pyStrip(c.text)).toBe(c.stripped);
    expect(splitWhitespace(c.text)).toEqual(c.tokens);
  });
});
