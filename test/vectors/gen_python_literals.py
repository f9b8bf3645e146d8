"""Golden vectors for needlework's Python literals (src/benchmarks/semtrace/score/python-literal/):
CPython's values, repr() and == for the literal forms model answers and CRUXEval outputs use.

Run from the repository root:
  /usr/bin/python3 test/vectors/gen_python_literals.py > test/vectors/python-literals.json
NEEDLEWORK_CRUXEVAL points at CRUXEval's JSONL (default ../shared/data/cruxeval/cruxeval.jsonl).
The CRUXEval section holds only ids and SHA-256 prefixes (of each output and of CPython's repr of
its value): the data set itself is never copied into this repository.

Sections:
- cases: {source, repr, type, arithmetic?, unordered?}: the value of `source` (ast.literal_eval,
  or eval without builtins for the forms needlework accepts beyond literal_eval, or with
  `arithmetic`), its repr() and type name. `unordered` marks values holding a set of 2+
  elements, whose repr order is CPython's hash order.
- rejected: {source, error}: text ast.literal_eval rejects (and so must needlework).
- equalities: {a, b, equal}: `a == b` with a and b evaluated separately (no shared objects).
- printable: CPython's str.isprintable() as ranges of non-printable code points, and the ranges
  its Unicode database leaves unassigned (category Cn).
- cruxeval: per record, the SHA-256 prefix of the output text and of repr(ast.literal_eval(output)).
"""
import ast
import hashlib
import json
import os
import random
import re
import struct
import sys
import unicodedata

rng = random.Random(20240601)


def evaluate(source, mode):
    if mode == "literal":
        return ast.literal_eval(source)
    # needlework's leniency (--1, -True) and arithmetic: what executing the text gives.
    return eval(compile(source, "<vector>", "eval"), {"__builtins__": {}, "set": set}, {})


def has_unordered(v):
    if isinstance(v, (set, frozenset)):
        return len(v) > 1 or any(has_unordered(x) for x in v)
    if isinstance(v, (list, tuple)):
        return any(has_unordered(x) for x in v)
    if isinstance(v, dict):
        return any(has_unordered(k) or has_unordered(x) for k, x in v.items())
    return False


cases = []


def case(source, mode="literal"):
    v = evaluate(source, mode)
    entry = {"source": source, "repr": repr(v), "type": type(v).__name__}
    if mode == "arithmetic":
        entry["arithmetic"] = True
    if has_unordered(v):
        entry["unordered"] = True
    cases.append(entry)


LITERALS = [
    # ints
    "0", "00", "0_0", "7", "-7", "+7", "1_000_000", "0x1f", "0X1F", "0x_dead_BEEF", "0o17", "0O777", "0b1011", "0B_1_0",
    "18446744073709551616", "-18446744073709551617", "9007199254740993", "123456789012345678901234567890123456789",
    "0x" + "f" * 80, "1" + "0" * 4299, "-(1)", "(((7)))",
    # floats
    "1.", ".5", "1.5", "-1.5", "1e-3", "1E5", "1_000.5", "1.e5", "0.0", "-0.0", "0e0", "00.5", "0777.5", "0777e1",
    "1e16", "1e15", "123456789012345678.0", "9999999999999998.0", "1234567890123456.0", "12345678901234567.0",
    "0.0001", "0.00001", "0.00012345", "1e-05", "1e400", "-1e400", "1e-400", "5e-324", "1.7976931348623157e308",
    "2.2250738585072014e-308", "0.1", "0.30000000000000004", "1e22", "1e23", "8.5", "100.0", "1e+100", "1.5e-10",
    "3.141592653589793", "2.718281828459045", "1_0e1_0", "0.0e-0_1",
    # complex
    "2j", "2J", "0j", "-2j", "1.5j", ".5j", "1e3j", "0777j", "1+2j", "1-2j", "-1+2j", "-1-0j", "1-0j", "1.5+0.25j", "(1+2j)",
    "1+(2j)", "-(1)+2j", "1e400j", "1e400+1j", "0+0j", "-0.0+0j", "1e16j", "1e-5+1e16j",
    # bool / None
    "True", "False", "None",
    # strings: quoting forms and prefixes
    "'abc'", '"abc"', "'''abc'''", '"""abc"""', "''", '""', "''''''", '""""""', "'it''s'", '"it\'s"', "'say \"hi\"'",
    "'both \\' and \"'", '"both \' and \\""', "'''a\nb'''", '"""a\n\'b\'\n"c\\""""', "'''it's'''", "u'abc'", "U'abc'",
    "r'a\\nb'", "R'a\\nb'", "r'\\''", "r'\\\\'", 'r"\\d+"', "r'''a\\\nb'''",
    # escapes
    "'\\n\\t\\r\\\\\\'\\\"\\a\\b\\f\\v'", "'\\0'", "'\\00'", "'\\000'", "'\\0000'", "'\\12'", "'\\101'", "'\\777'", "'\\8'",
    "'\\x41\\x7f\\x80\\xff'", "'\\u00e9\\u4e2d\\uFFFF'", "'\\U0001F600'", "'\\U00010000'", "'\\ud800'", "'\\udfff x'",
    "'\\d\\w\\s\\q'", "'a\\\nb'", "'\\u200b\\u2028\\u00a0\\u3000'", "'\\x00\\x1f\\x7f'", "'tab\\there'",
    # non-ASCII source
    "'é'", "'中文'", "'😀'", "'СBISHOPSWIFT'", "'منبت'", "'år'", "'\u00ad'", "'\ufeff'", "'\ue000'", "'\u0378'",
    # implicit concatenation
    "'a' \"b\"", "'a' 'b' '''c'''", "'a' r'\\n'", "('a'\n 'b')", "b'a' b'b'", "b'a' rb'\\x'", "'' ''",
    # bytes
    "b''", "b'abc'", "B'abc'", "br'\\x00'", "rb'\\x00'", "Rb'a'", "bR'a'", "BR'a'", "rB'a'", "b'\\x00\\x7f\\x80\\xff'",
    "b'\\n\\t\\r\\\\'", "b\"it's\"", "b'say \"hi\"'", "b'both \\' and \"'", "b'\\777'", "b'\\400'", "b'\\u1234'", "b'\\N{x}'",
    "b'\\d'", "b'111; 115; 124; 124; 97; 103; 120; 53; '",
    # containers
    "[]", "()", "{}", "set()", "[1]", "(1,)", "(1)", "(1, 2)", "(1, 2,)", "[1, 2,]", "{1: 2,}", "{1,}", "1,", "1, 2",
    "1, 2,", "((),)", "[[], [[]], ()]", "([1], (2, (3,)))", "{'a': [1, {'b': (2,)}], 'c': {}}",
    "{1: 'a', True: 'b', 1.0: 'c'}", "{0: 'x', False: 'y'}", "{1, True, 1.0}", "{0.0, 0, False}", "{'b': 1, 'a': 2}",
    "{(1, 2): 'tuple key', None: 0, b'k': 1, 1.5: 2, 2j: 3}", "{1, 2, 3}", "{3, 1, 2}", "[{1, 2}, {3}]",
    "[1, 'a', 1.5, None, True, b'x', (1,), [2], {3: 4}]", "[\n  1,\n  2,\n]", "{\n 'a': 1,  # comment\n 'b': 2\n}",
    "[4, 2] # trailing comment", "  [1]  \n\n", "\n[1]", "[1,\\\n 2]",
    "[(4, 1), (4, 1), (4, 1), (4, 1), (2, 3), (2, 3)]",
    "[" * 200 + "]" * 200,
]

for s in LITERALS:
    case(s)

# Accepted beyond ast.literal_eval: repeated signs and signs on non-literals, as Python evaluates them.
for s in ["--1", "-+-1", "- -1.5", "-(-(1))", "-True", "+False", "-(2j)", "--2j", "-(1+2j)"]:
    case(s, "eval")

# Arithmetic (parsePythonLiteral(..., { arithmetic: true })).
for s in [
    "81 - 43", "[81 - 43, 12]", "[81 - 43, 81 + 88, 81 - 65]", "2 * 3 + 4", "2 + 3 * 4", "-2 * -3", "(2 + 3) * 4",
    "1 - 2 - 3", "True + True", "True * 3", "1 + 0.5", "3 * 0.1", "0.1 + 0.2", "2 * 1.5",
    "9007199254740993 * 1.0", "9007199254740993 + 0.0", "123456789 * 987654321 * 1000000007", "-0.0 + 0", "-0.0 - 0.0",
    "0 * -1.0", "1e400 - 1e400", "1e400 * 0", "(1+2j) * (3-4j)", "2 * 1j", "1j * 1j", "1 + 2j + 3", "1.5 * (2 + 1j)",
    "{1: 2 * 3, (1 - 1): 'zero'}", "{2 - 1, 1.0}", "(1 + 1,)", "[(7 - 10) * 2]", "-(3 * 2)",
]:
    case(s, "arithmetic")

# Floats: every bit pattern class, and random doubles written three ways.
for _ in range(300):
    bits = rng.getrandbits(64)
    x = struct.unpack("<d", struct.pack("<Q", bits))[0]
    if x != x:
        continue
    for form in (repr(x), "%.17e" % x, "%.20g" % x):
        if "inf" in form:
            form = "1e400" if x > 0 else "-1e400"
        case(form)
for _ in range(100):
    x = rng.uniform(-1e6, 1e6)
    case(repr(round(x, rng.randrange(0, 8))))
for e in range(-30, 30):
    case(repr(10.0 ** e))
    case(repr(1.5 * 10.0 ** e))

# Strings: random text from assigned code points (the Unicode database of the JavaScript engine is
# newer; code points unassigned in this CPython are covered by the `printable` section instead),
# written as CPython's repr() and as ascii().
POOLS = [
    range(0x20, 0x7F), range(0x00, 0x20), range(0x7F, 0x100), range(0x100, 0x800), range(0x800, 0x3000),
    range(0x3000, 0xD800), range(0xE000, 0x10000), range(0x10000, 0x20000), range(0x20000, 0x110000),
    [0x200B, 0x200E, 0x2028, 0x2029, 0x00A0, 0x3000, 0xFEFF, 0x00AD, 0xFDD0, 0xFFFE, 0x10FFFF, 0xE000, 0xF8FF, 0x0378],
    [0x27, 0x22, 0x5C, 0x0A, 0x09, 0x0D],
]


def random_char():
    while True:
        cp = rng.choice(rng.choice(POOLS))
        cat = unicodedata.category(chr(cp))
        if cat != "Cn" or cp in (0xFDD0, 0xFFFE, 0x10FFFF, 0x0378):
            return chr(cp)


for _ in range(300):
    s = "".join(random_char() for _ in range(rng.randrange(0, 12)))
    case(repr(s))
    case(ascii(s))
for _ in range(100):
    b = bytes(rng.randrange(256) if rng.random() < 0.5 else rng.choice(b"'\"\\azAZ09 \n\t\r") for _ in range(rng.randrange(0, 12)))
    case(repr(b))

REJECTED = [
    "", "   ", "'abc", '"abc', "'''abc", "'a\nb'", "'abc\\'", "r'\\'", "b'é'", "f'a'", "F'{x}'", "rf'a'", "fr'a'", "ur'a'",
    "'a' b'b'", "b'a' 'b'", "0777", "00 7", "1_", "1__0", "0x", "0b102", "0o8", "1e", "1.5_", "12abc", "1" * 4301,
    "x", "true", "none", "NaN", "inf", "float('inf')", "float('nan')", "frozenset()", "set([1])", "dict()", "list()",
    "1 +", "1 -", "+", "-", "1 + 2", "1 - 2", "2 * 3", "2j + 1", "1 + -2j", "True + 1", "[1, 2", "[1, 2]]", "(1, 2", "{1: 2",
    "{1: 2, 3}", "{1, 2: 3}", "[1 2]", "[,]", "(,)", "{,}", "[1,,2]", "1,\n2", "[1]\n[2]", "1 2", "[1] # x\n 2",
    "{[1]: 2}", "{[1]}", "{(1, [2])}", "{{1}: 2}", "{{}: 2}", "[*a]", "{**a}", "[x for x in y]", "1 if 1 else 2",
    "'\\x4'", "'\\x'", "'\\u12'", "'\\U0011FFFF'", "b'\\x4'", "`1`", "1;", "1; 2", "(1)(2)", "[1][0]", "'a'.upper()",
    "[" * 201 + "]" * 201, "-'a'", "-[1]", "- None", "'a' * 2", "[0] * 4", "2 ** 3", "7 // 2", "7 / 2",
    "1 == 1", "\x00",
]
rejected = []
for s in REJECTED:
    try:
        ast.literal_eval(s)
    except Exception as e:  # noqa: BLE001 - the error text is informative only
        message = re.sub(r" object at 0x[0-9a-f]+>", ">", str(e).splitlines()[0] if str(e) else "")
        rejected.append({"source": s, "error": f"{type(e).__name__}: {message}"})
    else:
        raise SystemExit(f"literal_eval accepts {s!r}; not a rejection vector")

EQUALITIES = [
    ("1", "1.0"), ("1", "True"), ("1.0", "True"), ("0", "False"), ("0.0", "False"), ("-0.0", "0.0"), ("-0.0", "0"),
    ("1", "1+0j"), ("True", "1+0j"), ("0j", "False"), ("1.5", "1.5+0j"), ("1", "1+1j"), ("2j", "2j"),
    ("9007199254740993", "9007199254740992.0"), ("9007199254740992", "9007199254740992.0"),
    ("9007199254740993", "9007199254740993.0"), ("10**16", "1e16"), ("100000000000000000000000", "1e23"),
    ("99999999999999991611392", "1e23"), ("1e400", "1e400"), ("1e400", "-1e400"), ("1e400", "10**400"),
    ("10**400", "10**400"), ("1e400 - 1e400", "1e400 - 1e400"), ("[1e400 - 1e400]", "[1e400 - 1e400]"),
    ("{1e400 - 1e400}", "{1e400 - 1e400}"), ("(1e400 * 0, 1)", "(1e400 * 0, 1)"), ("0.1 + 0.2", "0.3"),
    ("0.1 * 3", "0.30000000000000004"), ("1", "'1'"), ("'a'", "b'a'"), ("b'a'", "b'a'"), ("b''", "''"), ("''", "''"),
    ("'é'", "'\\xe9'"), ("'é'", "'e\\u0301'"), ("'\\U0001F600'", "'😀'"), ("'\\ud800'", "'\\ud800'"), ("None", "None"),
    ("None", "0"), ("None", "False"), ("None", "''"), ("None", "[]"), ("[]", "()"), ("[1]", "(1,)"), ("(1)", "1"),
    ("(1,)", "1"), ("[1, 2]", "[1, 2]"), ("[1, 2]", "[2, 1]"), ("[1, 2]", "[1, 2, 3]"), ("[1, [2]]", "[1.0, [True + 1]]"),
    ("{}", "set()"), ("set()", "set()"), ("{}", "{}"), ("{1, 2}", "{2, 1}"), ("{1, 2}", "{1, 2, 3}"), ("{1, True}", "{1}"),
    ("{1, 2}", "{1.0, 2 + 0j}"), ("{(1, 2)}", "{(1.0, 2)}"), ("{1, 2}", "[1, 2]"), ("{1: 'a', 2: 'b'}", "{2: 'b', 1: 'a'}"),
    ("{1: 'a'}", "{1.0: 'a'}"), ("{1: 1}", "{1: 1.0}"), ("{1: 1}", "{1: 2}"), ("{1: 1}", "{2: 1}"), ("{'a': [1]}", "{'a': [1, 2]}"),
    ("{(1, 2): 3}", "{(1.0, 2): 3}"), ("[[1], {2: (3,)}]", "[[1.0], {2.0: (3 + 0j,)}]"), ("{'a': 1, 'b': 2}", "{'a': 1}"),
    ("{1: 'a', True: 'b'}", "{1: 'b'}"), ("{1: 'a', True: 'b'}", "{True: 'b'}"), ("((1, 2), 3)", "((1, 2), 3)"),
    ("((1, 2), 3)", "([1, 2], 3)"), ("'abc'", "'ab' 'c'"), ("'a\\nb'", "'''a\nb'''"), ("r'\\n'", "'\\\\n'"),
    ("8.5", "17 * 0.5"), ("38", "81 - 43"), ("[38, 12]", "[81 - 43, 12]"), ("True", "1 * True"), ("2", "True + True"),
    ("1 + 2j", "(1 + 2j)"), ("1j * 1j", "-1"), ("(1+2j) * (3-4j)", "11 + 2j"), ("1e400j", "1e400j"), ("0j", "-0j"),
    ("9007199254740993 * 1", "9007199254740993 * 1.0"),
]
equalities = []
for a, b in EQUALITIES:
    a_src = a.replace("10**400", "1" + "0" * 400).replace("10**16", "10000000000000000")
    b_src = b.replace("10**400", "1" + "0" * 400).replace("10**16", "10000000000000000")
    equalities.append({"a": a_src, "b": b_src, "equal": evaluate(a_src, "arithmetic") == evaluate(b_src, "arithmetic")})


def ranges(predicate):
    out = []
    start = None
    for cp in range(0x110000):
        if predicate(cp):
            if start is None:
                start = cp
        elif start is not None:
            out.append([start, cp - 1])
            start = None
    if start is not None:
        out.append([start, 0x10FFFF])
    return out


printable = {
    "unidata_version": unicodedata.unidata_version,
    "not_printable": ranges(lambda cp: not chr(cp).isprintable()),
    "unassigned": ranges(lambda cp: unicodedata.category(chr(cp)) == "Cn"),
}

crux_path = os.environ.get("NEEDLEWORK_CRUXEVAL", os.path.join(os.path.dirname(__file__), "../../../shared/data/cruxeval/cruxeval.jsonl"))
with open(crux_path, encoding="utf-8") as f:
    records = [json.loads(line) for line in f if line.strip()]


def sha(text):
    # The first 16 hex digits (64 bits) of SHA-256 of the UTF-8 text: enough to tell texts apart.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


cruxeval = {
    "records": len(records),
    "outputs": [
        {"id": r["id"], "output_sha": sha(r["output"]), "repr_sha": sha(repr(ast.literal_eval(r["output"])))}
        for r in records
    ],
}

json.dump(
    {
        "python": sys.version.split()[0],
        "cases": cases,
        "rejected": rejected,
        "equalities": equalities,
        "printable": printable,
        "cruxeval": cruxeval,
    },
    sys.stdout,
    ensure_ascii=True,
    indent=None,
)
sys.stdout.write("\n")
