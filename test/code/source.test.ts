/**
 * The UTF-8 runtime in the Worker: nodes report UTF-8 byte offsets and columns (as py-tree-sitter's
 * `start_byte` and `start_point`), `node.text` is the decoded slice, and src/lib/code/source.ts maps
 * offsets to string indices for the code that slices strings (src/lib/code/source.ts).
 */
import { Parser } from "web-tree-sitter";
import { describe, expect, it } from "vitest";
import { extractFunctions, loadLanguage, removeComments } from "../../src/lib/code";
import { withTree } from "../../src/lib/code/parser";
import { INPUT_CHUNK, nodeEnd, nodeStart, SourceText } from "../../src/lib/code/source";

const encoder = new TextEncoder();
const bytesBefore = (text: string, index: number) => encoder.encode(text.slice(0, index)).length;

describe("SourceText", () => {
  it("maps byte offsets and string indices both ways, for 1- to 4-byte characters", () => {
    const code = "a é→😀 b\n";
    const source = new SourceText(code);
    expect(source.ascii).toBe(false);
    expect(source.bytes).toEqual(encoder.encode(code));
    // Every character boundary, both ways.
    for (let i = 0; i <= code.length; i++) {
      if (i > 0 && (code.charCodeAt(i) & 0xfc00) === 0xdc00) continue;
      expect(source.byte(i)).toBe(bytesBefore(code, i));
      expect(source.index(bytesBefore(code, i))).toBe(i);
    }
    expect(source.slice(2, 11)).toBe("é→😀");
  });

  it("is the identity on ASCII, and counts a lone surrogate as U+FFFD's 3 bytes", () => {
    const ascii = new SourceText("def f():\n    pass\n");
    expect([ascii.ascii, ascii.index(7), ascii.byte(7)]).toEqual([true, 7, 7]);
    const lone = new SourceText("a\ud800b");
    expect([lone.bytes.length, lone.index(4), lone.byte(2)]).toEqual([5, 2, 4]);
  });

  it("hands the runtime chunks of at most 10 KiB that never split a character", () => {
    const code = "x".repeat(INPUT_CHUNK - 1) + "😀" + "y".repeat(100);
    const source = new SourceText(code);
    const first = source.chunk(0);
    expect(first.length).toBe(INPUT_CHUNK - 1);
    expect(source.chunk(first.length).subarray(0, 4)).toEqual(encoder.encode("😀"));
    expect(source.chunk(source.bytes.length).length).toBe(0);
  });
});

describe("nodes of non-ASCII code", () => {
  const code = "# naïve → ok 😀\ndef grüße(名, x='é'):\n    return 名 + x  # ☃\n";

  it("report UTF-8 byte offsets and columns; text is the node's text; nodeStart/nodeEnd index the string", async () => {
    const py = await loadLanguage("python");
    withTree(py, code, (root) => {
      const fn = root.namedChildren[1]!;
      expect(fn.type).toBe("function_definition");
      const start = code.indexOf("def");
      const end = code.length - 1; // the trailing comment belongs to the function's block
      expect([fn.startIndex, fn.endIndex]).toEqual([bytesBefore(code, start), bytesBefore(code, end)]);
      expect([nodeStart(fn), nodeEnd(fn)]).toEqual([start, end]);
      expect(fn.text).toBe(code.slice(start, end));
      const name = fn.childForFieldName("name")!;
      expect(name.text).toBe("grüße");
      // py-tree-sitter's byte columns: "def " then the name; past "grüße(名, " the column is in bytes.
      expect(name.startPosition).toEqual({ row: 1, column: 4 });
      const x = fn.childForFieldName("parameters")!.namedChildren[1]!;
      expect(x.startPosition).toEqual({ row: 1, column: encoder.encode("def grüße(名, ").length });
    });
  });

  it("extracted functions carry byte offsets for the release format and string indices for slicing", async () => {
    const [fn] = await extractFunctions("python", code);
    const start = code.indexOf("def");
    const end = code.length - 1; // the trailing comment belongs to the function's block
    expect(fn).toMatchObject({
      name: "grüße",
      startLine: 1,
      endLine: 3,
      startIndex: start,
      endIndex: end,
      startByte: bytesBefore(code, start),
      endByte: bytesBefore(code, end),
    });
    expect(fn.text).toBe(code.slice(start, end));
  });

  it("comment removal cuts at the comments' characters", async () => {
    expect(await removeComments("python", code)).toBe("\ndef grüße(名, x='é'):\n    return 名 + x  \n");
  });

  it("a file much longer than one read, non-ASCII throughout, parses whole", async () => {
    const unit = "def f_é(x):\n    return '→😀' + x\n\n";
    const big = unit.repeat(2000);
    const py = await loadLanguage("python");
    const [count, endByte, hasError] = withTree(py, big, (root) => [
      root.namedChildCount,
      root.endIndex,
      root.hasError,
    ])!;
    expect([count, endByte, hasError]).toEqual([2000, encoder.encode(big).length, false]);
    const fns = await extractFunctions("python", big);
    expect(fns).toHaveLength(2000);
    expect(fns[1999].text).toBe(unit.trimEnd());
  });

  it("a parse that bypasses src/lib/code/parser.ts is refused (the runtime reads bytes, not strings)", async () => {
    const py = await loadLanguage("python");
    const parser = new Parser();
    try {
      parser.setLanguage(py.parser.language);
      expect(() => parser.parse("x = 1\n")).toThrow(/parse through src\/lib\/code\/parser.ts/);
    } finally {
      parser.delete();
    }
  });
});
