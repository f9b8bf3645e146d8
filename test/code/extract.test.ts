import { describe, expect, it } from "vitest";
import { extractFunctions, removeComments } from "../../src/lib/code";

const names = async (lang: Parameters<typeof extractFunctions>[0], code: string) =>
  (await extractFunctions(lang, code)).map((f) => f.name);

describe("extractFunctions: the reference's function queries", () => {
  it("python: every def, nested ones too, decorators not included", async () => {
    const code =
      "import os\n\n@cache\ndef outer(a):\n    def inner(b):\n        return b\n    return inner(a)\n\nclass K:\n    async def m(self):\n        pass\n";
    const fns = await extractFunctions("python", code);
    expect(fns.map((f) => f.name)).toEqual(["outer", "inner", "m"]);
    expect(fns[0]).toMatchObject({
      startLine: 3,
      endLine: 7,
      text: "def outer(a):\n    def inner(b):\n        return b\n    return inner(a)",
    });
    expect(fns[2].text.startsWith("async def m")).toBe(true);
  });

  it("reports UTF-8 byte offsets next to string indices", async () => {
    const code = "# héllo → 世界\ndef f():\n    return '😀'\n";
    const [f] = await extractFunctions("python", code);
    const prefix = "# héllo → 世界\n";
    expect(f.startIndex).toBe(prefix.length);
    expect(f.startByte).toBe(new TextEncoder().encode(prefix).length);
    expect(f.endByte - f.startByte).toBe(new TextEncoder().encode(f.text).length);
    expect(code.slice(f.startIndex, f.endIndex)).toBe(f.text);
  });

  it("cpp: definitions whose declarator is a plain identifier (no methods, no qualified names)", async () => {
    const code =
      "int add(int a, int b) { return a + b; }\nint S::get() const { return v; }\nstruct T { int m() { return 1; } };\nstatic inline void hook(void) {}\n";
    expect(await names("cpp", code)).toEqual(["add", "hook"]);
  });

  it("java: methods only, no constructors", async () => {
    const code = "class A {\n  A() {}\n  int f(int x) { return x; }\n  static <T> T g(T t) { return t; }\n}\n";
    expect(await names("java", code)).toEqual(["f", "g"]);
  });

  it("typescript (and .js): function declarations only", async () => {
    const code =
      "export function f(a: number): number { return a }\nconst g = () => 1;\nclass C { m() {} }\nasync function h<T>(x: T) { return x }\n";
    expect(await names("typescript", code)).toEqual(["f", "h"]);
    expect(await names("typescript", "function plain(a, b) { return a + b }\nmodule.exports = plain;\n")).toEqual([
      "plain",
    ]);
  });

  it("rust: fn items, in impls too", async () => {
    const code = "fn a() {}\nimpl X {\n    pub fn b(&self) -> u8 { 1 }\n}\ntrait T { fn c(&self) {} }\n";
    expect(await names("rust", code)).toEqual(["a", "b", "c"]);
  });

  it("go: function declarations, not methods", async () => {
    const code =
      "package p\n\nfunc A(x int) int { return x }\n\nfunc (r *T) M() {}\n\nfunc B[T any](t T) T { return t }\n";
    expect(await names("go", code)).toEqual(["A", "B"]);
  });

  it("gives nothing for empty input", async () => {
    expect(await extractFunctions("python", "")).toEqual([]);
  });
});

describe("removeComments: the reference's comment queries", () => {
  it("python: comments and string statements inside blocks; a module docstring stays", async () => {
    const code =
      '"""Module doc."""\n\ndef f(a):\n    """Doc."""\n    x = a  # trailing\n    "not first"\n    return x\n';
    expect(await removeComments("python", code)).toBe(
      '"""Module doc."""\n\ndef f(a):\n    \n    x = a  \n    \n    return x\n',
    );
  });

  it("java and rust: line and block comments (a doc comment leaves its line break, as in the reference grammar)", async () => {
    expect(await removeComments("java", "class A { /* b */ int f() { return 1; // l\n } }")).toBe(
      "class A {  int f() { return 1; \n } }",
    );
    expect(await removeComments("rust", "/// doc\nfn a() { /* x */ 1 } // y\n")).toBe("\nfn a() {  1 } \n");
  });

  it("cpp, typescript, go: (comment)", async () => {
    expect(await removeComments("cpp", "int f() { /* a */ return 1; } // b\n")).toBe("int f() {  return 1; } \n");
    expect(await removeComments("typescript", "/** doc */\nfunction f() { return 1 } // t\n")).toBe(
      "\nfunction f() { return 1 } \n",
    );
    expect(await removeComments("go", "// F does\nfunc F() {}\n")).toBe("\nfunc F() {}\n");
  });

  it("keeps text that only looks like a comment", async () => {
    expect(await removeComments("python", "def f():\n    return '# not a comment'\n")).toBe(
      "def f():\n    return '# not a comment'\n",
    );
  });
});
