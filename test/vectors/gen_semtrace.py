"""Golden SemTrace functions, re-implemented from the documented rules with CPython's `random`
(the rules and the draw order are in src/benchmarks/semtrace/curate/generator.ts):

    k = randint(4, 10); x = randint(10**(d-1), 10**d - 1)
    order = list(range(k)); shuffle(order)          # order[j] = index written by line j
    ys = [randint(-10**d, 10**d - 1) for _ in range(k)]   # one per line, in text order

It also re-implements the line-removal sampling of src/benchmarks/semtrace/curate/variants.ts (quotas and
draws as documented there) for a few generated functions, continuing the same rng stream.

Run from the repository root:
    /usr/bin/python3 test/vectors/gen_semtrace.py > test/vectors/semtrace-golden.json
"""
import json
import random
import sys
from itertools import combinations
from math import comb


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


def stratum_quotas(n, cap):
    """The per-size quotas of src/benchmarks/semtrace/curate/variants.ts (water-filling, see there)."""
    quota = [0] * (n + 1)
    available = [0] + [comb(n, k) for k in range(1, n + 1)]
    remaining = cap
    while remaining > 0:
        open_sizes = [k for k in range(1, n + 1) if available[k] - quota[k] > 0]
        if not open_sizes:
            break
        share = remaining // len(open_sizes)
        if share == 0:
            open_sizes.sort(key=lambda k: (-(available[k] - quota[k]), k))
            for k in open_sizes[:remaining]:
                quota[k] += 1
            break
        for k in open_sizes:
            add = min(share, available[k] - quota[k])
            quota[k] += add
            remaining -= add
    return quota


def line_removal_variants(code, rng, cap):
    """lineRemovalVariants for a SemTrace function (one-line header): the removed line indices."""
    lines = code.split("\n")
    body = [i for i in range(1, len(lines)) if lines[i].strip()]
    n = len(body)
    if 2 ** n - 1 <= cap:
        combos = [list(c) for size in range(1, n + 1) for c in combinations(range(n), size)]
    else:
        combos = []
        quota = stratum_quotas(n, cap)
        for size in range(1, n + 1):
            q = quota[size]
            if q == 0:
                continue
            if q == comb(n, size):
                combos += [list(c) for c in combinations(range(n), size)]
            elif comb(n, size) <= 2 * q:
                combos += [list(c) for c in rng.sample(list(combinations(range(n), size)), q)]
            else:
                seen = set()
                while len(seen) < q:
                    c = tuple(sorted(rng.sample(range(n), size)))
                    if c in seen:
                        continue
                    seen.add(c)
                    combos.append(list(c))
        combos.sort(key=lambda c: (len(c), c))
    return [[body[i] for i in c] for c in combos]


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
    # Line-removal variants (src/benchmarks/semtrace/curate/variants.ts) of generated functions, with caps
    # that take every branch: all combinations, whole strata, listed strata, rejection sampling.
    variants = []
    for seed, d, cap in [(5, 2, 10_000), (6, 3, 40), (7, 2, 200), (8, 4, 1000), (9, 6, 3)]:
        rng = random.Random(seed)
        fn = generate(rng, d)
        variants.append({"seed": seed, "digits": d, "cap": cap, "code": fn["code"], "removed": line_removal_variants(fn["code"], rng, cap)})
    json.dump({"python": sys.version.split()[0], "cases": cases, "variants": variants}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
