"""Golden vectors for needlework's port of Python's random.seed/random.sample (src/datasets/curate/pyrandom.ts).

Run from the repository root: python3 test/vectors/gen_python_random.py > test/vectors/python-random.json
(any CPython 3.x gives the same numbers: MT19937 and sample() have not changed since 3.2).
"""
import json
import random
import sys

cases = []
for seed in [0, 1, 42, 2024, 123456789, 2**32 + 5, 2**53 - 1]:
    for n, k in [(10, 10), (64, 10), (5, 3), (200, 10), (30, 0), (1000, 17)]:
        random.seed(seed)
        cases.append({"seed": seed, "n": n, "k": k, "sample": random.sample(range(n), k)})
random.seed(7)
uint32 = [random.getrandbits(32) for _ in range(5)]
json.dump({"python": sys.version.split()[0], "cases": cases, "seed7_uint32": uint32}, sys.stdout)
sys.stdout.write("\n")
