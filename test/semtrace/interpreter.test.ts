import { describe, expect, it } from "vitest";
import { generateSemTrace } from "../../src/benchmarks/semtrace/curate/generator";
import { runRestrictedPython } from "../../src/benchmarks/semtrace/score/interpreter";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import vectors from "../vectors/interpreter-python.json";

const fn = (...body: string[]) => ["def f(x):", ...body.map((l) => `    ${l}`)].join("\n");
const error = (e: string) => ({ ok: false, error: e, unsupported: false });
const unsupported = (line: string) => ({ ok: false, error: `cannot execute: ${line}`, unsupported: true });

describe("runRestrictedPython", () => {
  it.each([2, 3, 4, 5, 6])("gives the output of 500 generated functions exactly (digits %i)", (digits) => {
    const rng = new PyRandom(31337 + digits);
    const wrong: string[] = [];
    for (let i = 0; i < 500; i++) {
      const f = generateSemTrace(rng, { digits });
      const r = runRestrictedPython(f.code, String(f.x));
      if (!(r.ok && r.repr === `[${f.output.join(", ")}]`)) wrong.push(`${f.code}\n-> ${JSON.stringify(r)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("runs the paper's listing", () => {
    const code = fn(
      "arr = [0, 0, 0, 0]",
      "arr[0] = x - 43",
      "arr[2] = x - 65",
      "arr[1] = x + 88",
      "arr[3] = x - 74",
      "return arr",
    );
    expect(runRestrictedPython(code, "81")).toEqual({ ok: true, repr: "[38, 169, 16, 7]" });
  });

  describe("what CPython does with broken functions", () => {
    it("no return: None; bare return: None; statements after return do not run", () => {
      expect(runRestrictedPython(fn("arr = [0]", "arr[0] = x"), "1")).toEqual({ ok: true, repr: "None" });
      expect(runRestrictedPython(fn("return"), "1")).toEqual({ ok: true, repr: "None" });
      expect(runRestrictedPython(fn("arr = [0]", "return arr", "arr[0] = 5", "return 7"), "1")).toEqual({
        ok: true,
        repr: "[0]",
      });
      // ... but they still make a name local, and must still be in the language.
      expect(runRestrictedPython(fn("return y", "y = 1"), "1")).toEqual(
        error("UnboundLocalError: cannot access local variable 'y' where it is not associated with a value"),
      );
      expect(runRestrictedPython(fn("return 1", "y = x * 2"), "1")).toEqual(unsupported("y = x * 2"));
    });

    it("NameError for a list never assigned; UnboundLocalError when it is assigned later in the function", () => {
      expect(runRestrictedPython(fn("arr[0] = x - 43", "arr[1] = x + 1", "return arr"), "81")).toEqual(
        error("NameError: name 'arr' is not defined"),
      );
      expect(runRestrictedPython(fn("return arr"), "81")).toEqual(error("NameError: name 'arr' is not defined"));
      expect(runRestrictedPython(fn("arr[0] = x - 43", "arr = [0]", "return arr"), "81")).toEqual(
        error("UnboundLocalError: cannot access local variable 'arr' where it is not associated with a value"),
      );
      // The right-hand side is evaluated before the target.
      expect(runRestrictedPython(fn("arr[0] = y"), "81")).toEqual(error("NameError: name 'y' is not defined"));
    });

    it("IndexError past either end; negative indices count from the end", () => {
      expect(runRestrictedPython(fn("arr = [0, 0]", "arr[2] = x", "return arr"), "5")).toEqual(
        error("IndexError: list assignment index out of range"),
      );
      expect(runRestrictedPython(fn("arr = [0, 0]", "arr[-3] = x", "return arr"), "5")).toEqual(
        error("IndexError: list assignment index out of range"),
      );
      expect(runRestrictedPython(fn("arr = [0, 0]", "arr[-1] = x", "arr[-2] = -x", "return arr"), "5")).toEqual({
        ok: true,
        repr: "[-5, 5]",
      });
    });

    it("IndentationError: empty body, unexpected indent, unmatched dedent", () => {
      const empty = error("IndentationError: expected an indented block after function definition on line 1");
      expect(runRestrictedPython("def f(x):", "1")).toEqual(empty);
      expect(runRestrictedPython("def f(x):\n\n   \n", "1")).toEqual(empty);
      expect(runRestrictedPython("\n\ndef f(x):", "1")).toEqual(
        error("IndentationError: expected an indented block after function definition on line 3"),
      );
      expect(runRestrictedPython("def f(x):\n    a = 1\n        return a", "1")).toEqual(
        error("IndentationError: unexpected indent"),
      );
      expect(runRestrictedPython("def f(x):\n    a = 1\n  return a", "1")).toEqual(
        error("IndentationError: unindent does not match any outer indentation level"),
      );
      // The first problem in line order wins.
      expect(runRestrictedPython("def f(x):\n    a = x ** 2\n  return a", "1")).toEqual(unsupported("a = x ** 2"));
      expect(runRestrictedPython("def f(x):\n    a = 1\n  return a\n    b = x ** 2", "1")).toEqual(
        error("IndentationError: unindent does not match any outer indentation level"),
      );
    });

    it("TypeErrors of the operators", () => {
      expect(runRestrictedPython(fn("return [x] + x"), "1")).toEqual(
        error('TypeError: can only concatenate list (not "int") to list'),
      );
      expect(runRestrictedPython(fn("return x - [x]"), "1")).toEqual(
        error("TypeError: unsupported operand type(s) for -: 'int' and 'list'"),
      );
      expect(runRestrictedPython(fn("x[0] = 1"), "1")).toEqual(
        error("TypeError: 'int' object does not support item assignment"),
      );
    });

    it("lists are shared by reference and print like CPython, cycles included", () => {
      expect(runRestrictedPython(fn("a = [0, 0]", "b = a", "b[0] = x", "return [a, b + [7]]"), "3")).toEqual({
        ok: true,
        repr: "[[3, 0], [3, 0, 7]]",
      });
      expect(runRestrictedPython(fn("a = [0]", "a[0] = a", "return a"), "3")).toEqual({ ok: true, repr: "[[...]]" });
      expect(runRestrictedPython(fn("return x + 99999999999999999999999"), "-1")).toEqual({
        ok: true,
        repr: "99999999999999999999998",
      });
    });
  });

  describe("outside the restricted language", () => {
    it.each([
      ["a call", fn("arr = list(x)", "return arr"), "81", "arr = list(x)"],
      ["a builtin read", fn("return len"), "81", "return len"],
      ["f itself", fn("return f"), "81", "return f"],
      ["multiplication", fn("return x * 2"), "81", "return x * 2"],
      ["augmented assignment", fn("x += 1", "return x"), "81", "x += 1"],
      ["a string", fn("return 'a'"), "81", "return 'a'"],
      ["a for loop", fn("for i in [1]:", "    x = i", "return x"), "81", "for i in [1]:"],
      ["a subscript read", fn("a = [1]", "return a[0]"), "81", "return a[0]"],
      ["a tuple", fn("return (1, 2)"), "81", "return (1, 2)"],
      ["a leading-zero literal", fn("return 01"), "81", "return 01"],
      ["None", fn("return None"), "81", "return None"],
      ["a second statement at column 0", "def f(x):\n    return x\nprint(f(1))", "81", "print(f(1))"],
      ["another function name", "def g(x):\n    return x", "81", "def g(x):"],
      ["two parameters", "def f(x, y):\n    return x", "81", "def f(x, y):"],
      ["a one-line def", "def f(x): return x", "81", "def f(x): return x"],
      ["tabs in indentation", "def f(x):\n\treturn x", "81", "return x"],
      ["a bracket left open", fn("arr = [0,", "0]", "return arr"), "81", "arr = [0,"],
      ["a semicolon", fn("a = 1; return a"), "81", "a = 1; return a"],
    ])("%s", (_, code, args, line) => {
      expect(runRestrictedPython(code, args)).toEqual(unsupported(line));
    });

    it("refuses arguments other than one int literal", () => {
      for (const args of ["'a'", "1.5", "[1]", "1, 2", "x", "", "0x10", "007"]) {
        expect(runRestrictedPython(fn("return x"), args)).toEqual(unsupported(`f(${args})`));
      }
      expect(runRestrictedPython(fn("return x"), "-5")).toEqual({ ok: true, repr: "-5" });
      expect(runRestrictedPython(fn("return x"), " 0 ")).toEqual({ ok: true, repr: "0" });
    });

    it("refuses code without the function", () => {
      expect(runRestrictedPython("", "1")).toEqual(unsupported("(no def f)"));
      expect(runRestrictedPython("# nothing\n", "1")).toEqual(unsupported("(no def f)"));
    });
  });

  describe("agrees with CPython 3.11 (test/vectors/gen_interpreter.py)", () => {
    it("covers every kind of case the vectors promise", () => {
      const kinds = new Set(vectors.cases.map((c) => c.kind));
      expect(kinds.has("complete") && kinds.has("one line removed") && kinds.has("hand")).toBe(true);
      const errors = new Set(
        vectors.cases.filter((c) => !c.ok).map((c) => (c as { error: string }).error.split(":")[0]),
      );
      expect([...errors].sort()).toEqual([
        "IndentationError",
        "IndexError",
        "NameError",
        "TypeError",
        "UnboundLocalError",
      ]);
      expect(vectors.cases.filter((c) => c.kind === "one line removed").length).toBeGreaterThanOrEqual(20 * 5);
    });

    it.each(vectors.cases.map((c, i) => [`#${i} ${c.kind}: ${JSON.stringify(c.code).slice(0, 60)}`, c] as const))(
      "%s",
      (_, c) => {
        const expected = c.ok ? { ok: true, repr: c.repr } : { ok: false, error: c.error, unsupported: false };
        expect(runRestrictedPython(c.code, c.args)).toEqual(expected);
      },
    );
  });
});
