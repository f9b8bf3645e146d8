import { describe, expect, it } from "vitest";
import { utf8Length, utf8Offsets } from "../../src/lib/code/utf8";

describe("utf8", () => {
  it("measures like TextEncoder for ASCII, 2-, 3- and 4-byte characters", () => {
    for (const text of ["", "abc", "é", "→ 世界", "😀x😀", "a\u0000b"]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
  it("counts a lone surrogate as U+FFFD (3 bytes), as TextEncoder does", () => {
    expect(utf8Length("a\ud800b")).toBe(new TextEncoder().encode("a\ud800b").length);
  });
  it("maps string indices to byte offsets", () => {
    const text = "é😀a";
    expect(Object.fromEntries(utf8Offsets(text, [0, 1, 3, 4]))).toEqual({ 0: 0, 1: 2, 3: 6, 4: 7 });
  });
});
