import { describe, expect, it } from "vitest";
import {
  isPrintableCodePoint,
  parsePythonLiteral,
  pyEquals,
  pyRepr,
  type PyValue,
} from "../../src/benchmarks/semtrace/score/python-literal";
import { sha256Hex } from "../../src/lib/sha256";
import vectors from "../vectors/python-literals.json";
import { cruxRecords } from "./helpers";

/** The value of a literal that must parse. */
function lit(text: string, arithmetic = false): PyValue {
  const r = parsePythonLiteral(text, { arithmetic });
  if (!r.ok) throw new Error(`${JSON.stringify(text)} did not parse: ${r.error}`);
  return r.value;
}

const repr = (text: string, arithmetic = false) => pyRepr(lit(text, arithmetic));
const eq = (a: string, b: string) => pyEquals(lit(a, true), lit(b, true));

function error(text: string, arithmetic = false): string {
  const r = parsePythonLiteral(text, { arithmetic });
  if (r.ok) throw new Error(`${JSON.stringify(text)} parsed as ${pyRepr(r.value)}`);
  return r.error;
}

/** Python's type name of a parsed value. */
const PY_TYPE: Record<PyValue["type"], string> = {
  int: "int",
  float: "float",
  complex: "complex",
  bool: "bool",
  none: "NoneType",
  str: "str",
  bytes: "bytes",
  list: "list",
  tuple: "tuple",
  set: "set",
  dict: "dict",
};

describe("parsePythonLiteral and pyRepr: tricky literals", () => {
  it.each([
    // numbers
    ["0", "0"],
    ["00", "0"],
    ["1_000_000", "1000000"],
    ["0x_dead_BEEF", "3735928559"],
    ["0o17", "15"],
    ["0B1011", "11"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["-(1)", "-1"],
    ["--1", "1"],
    ["-+-1", "1"],
    ["-True", "-1"],
    ["+False", "0"],
    ["1.", "1.0"],
    [".5", "0.5"],
    ["1e-3", "0.001"],
    ["1_000.5", "1000.5"],
    ["1.e5", "100000.0"],
    ["1e16", "1e+16"],
    ["1e15", "1000000000000000.0"],
    ["0.0001", "0.0001"],
    ["0.00001", "1e-05"],
    ["123456789012345678.0", "1.2345678901234568e+17"],
    ["1e400", "inf"],
    ["-1e400", "-inf"],
    ["1e-400", "0.0"],
    ["-0.0", "-0.0"],
    ["5e-324", "5e-324"],
    ["0.1", "0.1"],
    ["2j", "2j"],
    ["-2j", "(-0-2j)"],
    ["1+2j", "(1+2j)"],
    ["1.5-0.25j", "(1.5-0.25j)"],
    ["1-0j", "(1+0j)"],
    ["(1+2j)", "(1+2j)"],
    ["1e16j", "1e+16j"],
    // constants
    ["True", "True"],
    ["None", "None"],
    // strings: quoting, prefixes, escapes, concatenation
    ["'abc'", "'abc'"],
    ['"abc"', "'abc'"],
    ["'''a\nb'''", "'a\\nb'"],
    ['"""x"y"""', "'x\"y'"],
    ['"it\'s"', '"it\'s"'],
    ["'both \\' and \"'", "'both \\' and \"'"],
    ["u'abc'", "'abc'"],
    ["R'\\d+'", "'\\\\d+'"],
    ["r'\\''", '"\\\\\'"'],
    ["'\\d'", "'\\\\d'"],
    ["'\\0\\12\\101\\777'", "'\\x00\\nAǿ'"],
    ["'\\x41\\u00e9\\U0001F600'", "'Aé😀'"],
    ["'\\a\\b\\f\\v\\t\\r\\n'", "'\\x07\\x08\\x0c\\x0b\\t\\r\\n'"],
    ["'\\x7f\\x80\\xa0\\xad\\u200b\\u2028\\ud800'", "'\\x7f\\x80\\xa0\\xad\\u200b\\u2028\\ud800'"],
    ["'a\\\nb'", "'ab'"],
    ["'a' \"b\" '''c'''", "'abc'"],
    ["('a'\n 'b')", "'ab'"],
    ["'СBISHOPSWIFT'", "'СBISHOPSWIFT'"],
    // bytes
    ["b''", "b''"],
    ["Rb'\\x00'", "b'\\\\x00'"],
    ["bR'a' b'b'", "b'ab'"],
    ["b'\\x00\\x7f\\x80\\xff\\n'", "b'\\x00\\x7f\\x80\\xff\\n'"],
    ['b"it\'s"', 'b"it\'s"'],
    ["b'\\777'", "b'\\xff'"],
    ["b'\\u1234\\N{x}'", "b'\\\\u1234\\\\N{x}'"],
    // containers
    ["[]", "[]"],
    ["()", "()"],
    ["{}", "{}"],
    ["set()", "set()"],
    ["(1)", "1"],
    ["(1,)", "(1,)"],
    ["1,", "(1,)"],
    ["1, 2", "(1, 2)"],
    ["(1, 2,)", "(1, 2)"],
    ["[1, 2,]", "[1, 2]"],
    ["{1,}", "{1}"],
    ["((),)", "((),)"],
    ["{1, True, 1.0}", "{1}"],
    ["{1: 'a', True: 'b', 1.0: 'c'}", "{1: 'c'}"],
    ["{'b': 1, 'a': 2}", "{'b': 1, 'a': 2}"],
    ["{(1, 2): [3], None: {}}", "{(1, 2): [3], None: {}}"],
    ["[\n  1,  # one\n  2,\n]", "[1, 2]"],
    ["  [4, 2] # trailing\n\n", "[4, 2]"],
    ["[(4, 1), (2, 3)]", "[(4, 1), (2, 3)]"],
  ])("%j -> %s", (source, expected) => {
    expect(repr(source)).toBe(expected);
  });

  it("keeps the first of equal set elements and dict keys, with the last dict value", () => {
    expect(lit("{1.0, 1, True}")).toEqual({ type: "set", items: [{ type: "float", value: 1 }] });
    expect(lit("{True: 'a', 1: 'b'}")).toEqual({
      type: "dict",
      entries: [
        [
          { type: "bool", value: true },
          { type: "str", value: "b" },
        ],
      ],
    });
  });

  it("parses ints of any size as bigint and keeps CPython's 4300-digit limit on decimal literals", () => {
    expect(lit("-18446744073709551617")).toEqual({ type: "int", value: -18446744073709551617n });
    expect(repr(`0x${"f".repeat(40)}`)).toBe((2n ** 160n - 1n).toString());
    expect(repr(`1${"0".repeat(4299)}`)).toBe(`1${"0".repeat(4299)}`);
    expect(error("1".repeat(4301))).toMatch(/4301 digits; CPython refuses more than 4300/);
  });

  it("makes JavaScript strings with the right code points", () => {
    expect(lit("'\\U0001F600'")).toEqual({ type: "str", value: "😀" });
    expect(lit("'😀'")).toEqual({ type: "str", value: "\u{1F600}" });
    expect(lit("'\\ud800x'")).toEqual({ type: "str", value: "\ud800x" });
    expect(lit("'\\U0010FFFF'")).toEqual({ type: "str", value: "\u{10FFFF}" });
  });

  it("reports errors with a clear message and position", () => {
    const cases: [string, RegExp][] = [
      ["", /empty text/],
      ["'abc", /unterminated string literal \(starts at 1:1\)/],
      ["[1, '''abc]", /unterminated triple-quoted string literal \(starts at 1:5\)/],
      ["'a\nb'", /unterminated string literal/],
      ["r'\\'", /unterminated string literal/],
      ["f'a'", /f-string at 1:1 is not a literal/],
      ["rf'{x}'", /f-string/],
      ["x", /name 'x' at 1:1 is not a literal/],
      ["[1, nan]", /name 'nan' at 1:5 is not a literal/],
      ["float('inf')", /function call 'float\(\.\.\.\)' at 1:1 is not a literal \(only set\(\) is accepted\)/],
      ["frozenset()", /function call 'frozenset/],
      ["set([1])", /function call 'set/],
      ["1 +", /unexpected end of text at 1:4 \(expected a literal\)/],
      ["[1, 2]]", /unexpected '\]' at 1:7 \(after the literal\)/],
      ["[1, 2", /unexpected end of text at 1:6 \(expected ',' or '\]'\)/],
      ["[1 2]", /unexpected '2' at 1:4/],
      ["1,\n2", /unexpected '2' at 2:1 \(after the literal\)/],
      ["{1: 2, 3}", /':' expected after dictionary key/],
      ["{[1]: 2}", /unhashable type: 'list'/],
      ["{(1, [2])}", /unhashable type: 'list'/],
      ["'a' b'b'", /cannot mix bytes and nonbytes literals at 1:5/],
      ["b'é'", /bytes can only contain ASCII literal characters/],
      ["0777", /leading zeros in decimal integer literals are not permitted/],
      ["1__0", /invalid number literal '1__0'/],
      ["12abc", /invalid number literal '12abc'/],
      ["'\\x4'", /truncated \\xXX escape/],
      ["b'\\x4'", /invalid \\x escape in bytes literal/],
      ["'\\U00110000'", /illegal Unicode character/],
      ["'\\N{BULLET}'", /\\N\{\.\.\.\} escapes are not supported/],
      ["'\\ud83d\\ude00'", /would join into one character/],
      ["'\\ud83d' '\\ude00'", /would join into one character/],
      ["81 - 43", /'-' at 1:4: arithmetic is not a literal/],
      ["2 * 3", /'\*' at 1:3: arithmetic is not a literal/],
      ["2j + 1", /arithmetic is not a literal/],
      ["True + 2j", /arithmetic is not a literal/],
      ["-'a'", /bad operand type for unary -: 'str'/],
      ["1 if 1 else 2", /unexpected 'if'/],
      ["`1`", /unexpected '`'/],
      ["1; 2", /unexpected ';'/],
      ["[1]?", /invalid character '\?' at 1:4/],
      ["\u00a01", /invalid character U\+00A0/],
      ["[".repeat(201) + "]".repeat(201), /too many nested parentheses/],
      ["'\ud800'", /unpaired UTF-16 surrogate/],
    ];
    const got = cases.map(([text]) => error(text));
    for (const [i, [text, re]] of cases.entries()) expect(got[i], JSON.stringify(text)).toMatch(re);
    // 200 levels is CPython's limit, still fine.
    expect(repr("[".repeat(200) + "]".repeat(200))).toBe("[".repeat(200) + "]".repeat(200));
  });

  it("evaluates arithmetic between numbers only with `arithmetic`, and flags it unresolved", () => {
    expect(parsePythonLiteral("[81 - 43, 12]", { arithmetic: true })).toEqual({
      ok: true,
      value: {
        type: "list",
        items: [
          { type: "int", value: 38n },
          { type: "int", value: 12n },
        ],
      },
      unresolved: true,
    });
    expect(repr("2 + 3 * 4", true)).toBe("14");
    expect(repr("(2 + 3) * 4", true)).toBe("20");
    expect(repr("-2 * -3", true)).toBe("6");
    expect(repr("1 - 2 - 3", true)).toBe("-4");
    expect(repr("True + True", true)).toBe("2");
    expect(repr("3 * 0.1", true)).toBe("0.30000000000000004");
    expect(repr("9007199254740993 * 1.0", true)).toBe("9007199254740992.0");
    expect(repr("1e400 - 1e400", true)).toBe("nan");
    expect(repr("(1+2j) * (3-4j)", true)).toBe("(11+2j)");
    expect(repr("{2 - 1: 'a', 1.0: 'b'}", true)).toBe("{1: 'b'}");
    expect(error(`1${"0".repeat(400)} * 1.5`, true)).toMatch(/int too large to convert to float/);
    expect(error("'a' * 2", true)).toMatch(/unsupported operand types for \*: 'str' and 'int'/);
    expect(error("[0] * 4", true)).toMatch(/unsupported operand types for \*: 'list' and 'int'/);
    expect(error("'a' + 'b'", true)).toMatch(/unsupported operand types for \+: 'str' and 'str'/);
    expect(error("2 ** 3", true)).toMatch(/unexpected '\*\*'/);
    // A literal alone is never unresolved, signed and complex ones included.
    for (const text of ["5", "-5", "--5", "-(5)", "1+2j", "-1.5-2j", "[1, -2]", "'a - b'"]) {
      expect(parsePythonLiteral(text, { arithmetic: true }), text).toMatchObject({ ok: true, unresolved: false });
      expect(parsePythonLiteral(text), text).toMatchObject({ ok: true, unresolved: false });
    }
    expect(parsePythonLiteral("1+2j+3", { arithmetic: true })).toMatchObject({ ok: true, unresolved: true });
  });
});

describe("pyEquals", () => {
  it.each([
    ["1", "1.0", true],
    ["1", "True", true],
    ["0", "False", true],
    ["0.0", "False", true],
    ["1", "1+0j", true],
    ["True", "1+0j", true],
    ["1", "1+1j", false],
    ["-0.0", "0.0", true],
    ["-0.0", "0", true],
    ["9007199254740993", "9007199254740992.0", false],
    ["9007199254740992", "9007199254740992.0", true],
    ["1e400", "1e400", true],
    ["1e400 - 1e400", "1e400 - 1e400", false],
    ["[1e400 - 1e400]", "[1e400 - 1e400]", false],
    ["{1e400 - 1e400}", "{1e400 - 1e400}", false],
    ["'a'", "b'a'", false],
    ["b'a'", "b'a'", true],
    ["''", "b''", false],
    ["'1'", "1", false],
    ["None", "None", true],
    ["None", "False", false],
    ["None", "0", false],
    ["[1, 2]", "(1, 2)", false],
    ["[]", "()", false],
    ["(1)", "1", true],
    ["(1,)", "1", false],
    ["[1, 2]", "[2, 1]", false],
    ["[1, [2]]", "[1.0, [True + 1]]", true],
    ["{}", "set()", false],
    ["{1, 2}", "{2, 1}", true],
    ["{1, 2}", "{1, 2, 3}", false],
    ["{1, 2}", "[1, 2]", false],
    ["{(1, 2)}", "{(1.0, 2)}", true],
    ["{1: 'a', 2: 'b'}", "{2: 'b', 1: 'a'}", true],
    ["{1: 1}", "{1: 1.0}", true],
    ["{1: 1}", "{1: 2}", false],
    ["{1: 1}", "{2: 1}", false],
    ["{'a': 1, 'b': 2}", "{'a': 1}", false],
    ["{1: 'a', True: 'b'}", "{1: 'b'}", true],
    ["'é'", "'e\\u0301'", false],
    ["'\\U0001F600'", "'😀'", true],
    ["[38, 12]", "[81 - 43, 12]", true],
  ])("%s == %s is %s", (a, b, expected) => {
    expect(eq(a, b)).toBe(expected);
    expect(eq(b, a)).toBe(expected);
  });

  it("compares big ints with floats exactly", () => {
    const big: PyValue = { type: "int", value: 2n ** 53n + 1n };
    expect(pyEquals(big, { type: "float", value: 2 ** 53 })).toBe(false);
    expect(pyEquals({ type: "int", value: 2n ** 53n }, { type: "float", value: 2 ** 53 })).toBe(true);
    expect(pyEquals({ type: "int", value: 10n ** 22n }, { type: "float", value: 1e22 })).toBe(true);
    expect(pyEquals({ type: "int", value: 10n ** 23n }, { type: "float", value: 1e23 })).toBe(false);
    expect(pyEquals({ type: "complex", real: 2 ** 53, imag: 0 }, big)).toBe(false);
    expect(pyEquals({ type: "int", value: 10n ** 400n }, { type: "float", value: Infinity })).toBe(false);
  });
});

describe("against CPython (test/vectors/python-literals.json)", () => {
  it(`gives CPython ${vectors.python}'s value, type and repr for every case`, () => {
    const wrong: string[] = [];
    let exact = 0;
    let unordered = 0;
    for (const c of vectors.cases) {
      const arithmetic = "arithmetic" in c && c.arithmetic === true;
      const r = parsePythonLiteral(c.source, { arithmetic });
      if (!r.ok) {
        wrong.push(`${JSON.stringify(c.source)}: ${r.error}`);
        continue;
      }
      if (r.unresolved !== arithmetic) wrong.push(`${JSON.stringify(c.source)}: unresolved ${r.unresolved}`);
      if (PY_TYPE[r.value.type] !== c.type)
        wrong.push(`${JSON.stringify(c.source)}: type ${r.value.type}, CPython ${c.type}`);
      const mine = pyRepr(r.value);
      if ("unordered" in c && c.unordered) {
        // CPython prints a set in hash order: the same elements, maybe elsewhere.
        unordered++;
        if (!pyEquals(lit(mine), lit(c.repr)) || mine.length !== c.repr.length)
          wrong.push(`${JSON.stringify(c.source)}: ${mine} vs ${c.repr}`);
      } else if (mine === c.repr) {
        exact++;
      } else {
        wrong.push(`${JSON.stringify(c.source)}: repr ${mine}, CPython ${c.repr}`);
      }
      // CPython's repr reads back as an equal value (except inf and nan, which are not literals).
      const special = (c.type === "float" || c.type === "complex") && /inf|nan/.test(c.repr);
      if (!special && !pyEquals(lit(c.repr), r.value))
        wrong.push(`${JSON.stringify(c.source)}: repr does not read back equal`);
    }
    expect(wrong).toEqual([]);
    expect(exact + unordered).toBe(vectors.cases.length);
    expect(vectors.cases.length).toBeGreaterThan(2000);
    expect(unordered).toBeLessThan(20);
  });

  it("rejects every text ast.literal_eval rejects", () => {
    const accepted = vectors.rejected
      .filter((c) => parsePythonLiteral(c.source).ok)
      .map((c) => `${JSON.stringify(c.source)} (CPython: ${c.error})`);
    expect(accepted).toEqual([]);
    expect(vectors.rejected.length).toBeGreaterThan(80);
  });

  it("answers == as CPython does (both orders)", () => {
    const wrong = vectors.equalities
      .filter((c) => eq(c.a, c.b) !== c.equal || eq(c.b, c.a) !== c.equal)
      .map((c) => `${c.a} == ${c.b}: CPython ${c.equal}`);
    expect(wrong).toEqual([]);
    expect(vectors.equalities.filter((c) => c.equal).length).toBeGreaterThan(20);
    expect(vectors.equalities.filter((c) => !c.equal).length).toBeGreaterThan(20);
  });

  it("agrees with str.isprintable() except on code points this CPython's Unicode leaves unassigned", () => {
    const inRanges = (ranges: number[][]) => {
      const set = new Uint8Array(0x110000);
      for (const [a, b] of ranges) set.fill(1, a, b + 1);
      return set;
    };
    const notPrintable = inRanges(vectors.printable.not_printable);
    const unassigned = inRanges(vectors.printable.unassigned);
    const differ: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) if (isPrintableCodePoint(cp) === (notPrintable[cp] === 1)) differ.push(cp);
    const explained = differ.filter((cp) => unassigned[cp] === 1);
    // Characters assigned since Unicode ${vectors.printable.unidata_version} print as-is here; nothing else differs.
    expect(differ.filter((cp) => unassigned[cp] !== 1).map((cp) => cp.toString(16))).toEqual([]);
    expect(explained.every((cp) => isPrintableCodePoint(cp))).toBe(true);
    expect(differ.filter((cp) => cp < 0x3400)).toEqual(differ.filter((cp) => cp < 0x3400 && unassigned[cp] === 1));
  });
});

describe("CRUXEval outputs (the CRUXEVAL binding, 800 records)", () => {
  it("parses all 800 outputs, and each repr reads back as an equal value", () => {
    const recs = cruxRecords();
    expect(recs.length).toBe(800);
    const failed: string[] = [];
    let parsed = 0;
    for (const r of recs) {
      const p = parsePythonLiteral(r.output);
      if (!p.ok) {
        failed.push(`${r.id}: ${p.error}`);
        continue;
      }
      parsed++;
      expect(p.unresolved).toBe(false);
      const again = parsePythonLiteral(pyRepr(p.value));
      if (!again.ok || !pyEquals(again.value, p.value))
        failed.push(`${r.id}: repr ${pyRepr(p.value)} does not read back`);
    }
    expect(failed).toEqual([]);
    expect(parsed).toBe(800);
  });

  it("prints every output exactly as CPython's repr(ast.literal_eval(output))", async () => {
    const recs = new Map(cruxRecords().map((r) => [r.id, r]));
    expect(vectors.cruxeval.records).toBe(800);
    const sha = async (text: string) => (await sha256Hex(text)).slice(0, 16);
    const wrong: string[] = [];
    let matched = 0;
    for (const v of vectors.cruxeval.outputs) {
      const r = recs.get(v.id);
      if (!r || (await sha(r.output)) !== v.output_sha) {
        wrong.push(`${v.id}: the data differs from the vectors' (regenerate test/vectors/python-literals.json)`);
        continue;
      }
      const mine = pyRepr(lit(r.output));
      if ((await sha(mine)) === v.repr_sha) matched++;
      else wrong.push(`${v.id}: ${mine}`);
    }
    expect(wrong).toEqual([]);
    expect(matched).toBe(800);
  });

  it("rejects exactly the 13 inputs that are not literals (argument lists read as tuples)", () => {
    const notLiteral = cruxRecords()
      .filter((r) => !parsePythonLiteral(r.input).ok)
      .map((r) => r.id);
    expect(notLiteral).toEqual([
      "sample_135",
      "sample_152",
      "sample_239",
      "sample_258",
      "sample_344",
      "sample_364",
      "sample_378",
      "sample_459",
      "sample_522",
      "sample_694",
      "sample_720",
      "sample_760",
      "sample_770",
    ]);
  });
});
