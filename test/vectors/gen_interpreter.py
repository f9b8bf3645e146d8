"""What CPython does with SemTrace functions that have lines removed: the vectors for
src/benchmarks/semtrace/score/interpreter.ts (runRestrictedPython).

For each case the code is compiled and exec'd in a fresh namespace, then f(<args>) is called:
  - a compile error (IndentationError, ...) is recorded as `Type: e.msg` (without CPython's
    "(<string>, line n)" suffix);
  - an exception from the call as `Type: str(e)`;
  - otherwise repr() of the returned value.

Run from the repository root:
    /usr/bin/python3 test/vectors/gen_interpreter.py > test/vectors/interpreter-python.json
"""
import ast
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_semtrace import generate  # noqa: E402


def run(code, args):
    try:
        compiled = compile(code, "<string>", "exec")
    except SyntaxError as e:  # IndentationError is a SyntaxError
        return {"ok": False, "error": f"{type(e).__name__}: {e.msg}"}
    namespace = {}
    exec(compiled, namespace)
    try:
        value = namespace["f"](ast.literal_eval(args))
    except Exception as e:  # noqa: BLE001
        return {"ok": False, "error": f"{type(e).__name__}: {e}"}
    return {"ok": True, "repr": repr(value)}


def without(lines, removed):
    drop = set(removed)
    return "\n".join(line for i, line in enumerate(lines) if i not in drop)


# Hand-written functions inside the restricted language (what the interpreter must get right
# besides line removal).
HAND = [
    ("def f(x):", "1"),
    ("def f(x):\n", "1"),
    ("def f(x):\n\n", "1"),
    ("def f(x):\n    \n", "1"),
    ("def f(x):\n    # only a comment\n", "1"),
    ("\n\ndef f(x):\n\n", "1"),
    ("def f(x):\nreturn x", "1"),
    ("def f(x):\n    arr[0] = x + 1\n    return arr", "81"),
    ("def f(x):\n    arr[0] = x + 1\n    arr = [0]\n    return arr", "81"),
    ("def f(x):\n    return arr\n    arr = [1]", "81"),
    ("def f(x):\n    arr = [0]\n      arr[0] = 1\n    return arr", "81"),
    ("def f(x):\n    arr = [0]\n  return arr", "81"),
    ("def f(x):\n  arr = [0]\n    arr[0] = 1\n  arr[0] = q\n", "81"),
    ("    def f(x):\n        return 1", "1"),
    ("def f(x):\n    arr = [0]\n    arr[1] = 2", "81"),
    ("def f(x):\n    arr = [0]\n    arr[-1] = 2\n    return arr", "81"),
    ("def f(x):\n    arr = [0]\n    arr[-2] = 2\n    return arr", "81"),
    ("def f(x):\n    arr = [0, 0, 0]\n    arr[-3] = x\n    arr[1 - 0] = -x\n    return arr", "7"),
    ("def f(x):\n    x[0] = 1", "81"),
    ("def f(x):\n    x[[0]] = 1", "81"),
    ("def f(x):\n    a = [0]\n    a[[0]] = 1", "81"),
    ("def f(x):\n    return [1] + 2", "81"),
    ("def f(x):\n    return 2 + [1]", "81"),
    ("def f(x):\n    return [1] - [2]", "81"),
    ("def f(x):\n    return [1] - 2", "81"),
    ("def f(x):\n    return -[1]", "81"),
    ("def f(x):\n    return +[1]", "81"),
    ("def f(x):\n    return [1, [2, x]] + [x - -3]", "5"),
    ("def f(x):\n    a = [0]\n    a[0] = a\n    return a", "81"),
    ("def f(x):\n    a = [0]\n    b = [a, a, [a]]\n    a[0] = b\n    return b", "81"),
    ("def f(x):\n    a = [0, 0]\n    b = a\n    b[1] = x\n    return a", "3"),
    ("def f(x):\n    a = [0, 0]\n    b = a + []\n    b[1] = x\n    return [a, b]", "3"),
    ("def f(x):\n    arr[0] = y", "81"),
    ("def f(x):\n    arr = [0]\n    arr[5] = y", "81"),
    ("def f(x):\n    arr = [0]\n    arr[5] = arr", "81"),
    ("def f(x):\n    return", "81"),
    ("def f(x):\n    return q\n    q = 1", "81"),
    ("def f(x):\n    return 00", "81"),
    ("def f(x):\n    return -(x - (3 + -x)) - - - 2", "-12"),
    ("def f(x):\n    return [ ]", "0"),
    ("def f(x):\n    return [x, ]", "0"),
    ("def f( x , ):  # the header\n\n    y = x + 100000000000000000000000000000\n    return [y, -y]  # trailing\n\n", "99"),
    ("def f(x):\n    x = x + 1\n    return x", "41"),
    ("def f(x):\n    y = [x]\n    y = y + y\n    y[3] = 0\n    return y", "1"),
    ("def f(x):\n    return x\n    x = 1", "5"),
    ("def f(x):\n    return [a, b]", "5"),
    ("def f(x):\n    b = 1\n    return [a, b]", "5"),
    ("def f(x):\n    return [b, a]\n    b = 1", "5"),
    ("def f(x):\n    a = [0]\n\n    a[0] = 4\n    return a\n    return 5", "5"),
]


def main():
    cases = []
    rng = random.Random(20250601)
    for i in range(20):
        fn = generate(rng, 2 + i % 5)
        lines = fn["code"].split("\n")
        body = list(range(1, len(lines)))
        args = str(fn["x"])
        cases.append({"kind": "complete", "code": fn["code"], "args": args, **run(fn["code"], args)})
        for r in body:
            code = without(lines, [r])
            cases.append({"kind": "one line removed", "code": code, "args": args, **run(code, args)})
        picks = {tuple(body)}
        while len(picks) < 6:
            size = rng.randint(2, len(body) - 1)
            picks.add(tuple(sorted(rng.sample(body, size))))
        for removed in sorted(picks):
            code = without(lines, removed)
            cases.append({"kind": f"{len(removed)} lines removed", "code": code, "args": args, **run(code, args)})
    for code, args in HAND:
        cases.append({"kind": "hand", "code": code, "args": args, **run(code, args)})
    json.dump({"python": sys.version.split()[0], "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
