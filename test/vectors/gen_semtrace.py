"""Golden SemTrace functions, re-implemented from the documented rules with CPython's `random`
(the rules and the draw order are in src/benchmarks/semtrace/generator.ts):

    k = randint(4, 10); x = randint(10**(d-1), 10**d - 1)
    order = list(range(k)); shuffle(order)          # order[j] = index written by line j
    ys = [randint(-10**d, 10**d - 1) for _ in range(k)]   # one per line, in text order

Run from the repository root:
    /usr/bin/python3 test/vectors/gen_semtrace.py > test/vectors/semtrace-golden.json
"""
import json
import random
import sys


def generate(rng, d):
    k = rng.randint(4, 10)
    x = rng.randint(10 ** (d - 1), 10 ** d - 1)
    order = list(range(k))
    rng.shuffle(order)
    ys = [rng.randint(-10 ** d, 10 ** d - 1) for _ in range(k)]
    lines = ["def f(x):", "    arr = [" + ", ".join(["0"] * k) + "]"]
    output = [None] * k
    for index, y in zip(order, ys):
        lines.append(f"    arr[{index}] = x {'+' if y >= 0 else '-'} {abs(y)}")
        output[index] = x + y
    lines.append("    return arr")
    code = "\n".join(lines)
    # The text must mean what we say it means.
    namespace = {}
    exec(code, namespace)
    assert namespace["f"](x) == output
    return {"code": code, "x": x, "output": output, "k": k, "digits": d}


def main():
    cases = []
    for seed in [1234, 0, 7, 42, 2**33 + 1]:
        for d in [2, 3, 4, 5, 6]:
            rng = random.Random(seed)
            digits = [d] * 6
            cases.append({"seed": seed, "digits": digits, "functions": [generate(rng, x) for x in digits]})
    # One stream, digit variants mixed: later functions depend on the earlier calls.
    rng = random.Random(2024)
    digits = [2, 6, 3, 5, 4, 2, 2, 6]
    cases.append({"seed": 2024, "digits": digits, "functions": [generate(rng, x) for x in digits]})
    json.dump({"python": sys.version.split()[0], "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
