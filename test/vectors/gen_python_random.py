"""Golden vectors for needlework's port of Python's random (src/lib/datasets/pyrandom.ts):
seed/sample, and getrandbits/randrange/randint/choice/shuffle.

Run from the repository root: /usr/bin/python3 test/vectors/gen_python_random.py > test/vectors/python-random.json
(MT19937 and sample() have not changed since 3.2; the integer draws below are CPython 3.11's,
where _randbelow uses getrandbits and randrange no longer goes through random()).
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

# Integer draws: each entry reseeds, then makes `count` calls in a row.
draws = []
for seed in [0, 1, 1234, 2**40 + 3]:
    for a, b in [(4, 10), (10, 99), (-100, 99), (-10**6, 10**6 - 1), (0, 0), (-5, -5), (0, 2**32), (1, 2**40), (-(2**51), 2**51)]:
        random.seed(seed)
        draws.append({"seed": seed, "call": "randint", "args": [a, b], "values": [random.randint(a, b) for _ in range(25)]})
    for args in [[1], [7], [0, 10], [-3, 3], [0, 10, 3], [10, 0, -3], [5, 100, 7], [-20, -50, -4], [0, 2**45, 2**20]]:
        random.seed(seed)
        draws.append({"seed": seed, "call": "randrange", "args": args, "values": [random.randrange(*args) for _ in range(25)]})
    for k in [1, 5, 31, 32, 33, 40, 53]:
        random.seed(seed)
        draws.append({"seed": seed, "call": "getrandbits", "args": [k], "values": [random.getrandbits(k) for _ in range(10)]})

shuffles = []
for seed in [0, 3, 1234, 99991]:
    for n in [0, 1, 2, 4, 10, 57]:
        random.seed(seed)
        first = list(range(n))
        random.shuffle(first)
        second = list(range(n))
        random.shuffle(second)
        shuffles.append({"seed": seed, "n": n, "first": first, "second": second})

choices = []
for seed in [0, 5, 1234]:
    for seq in [["a"], ["a", "b", "c"], list(range(1000))]:
        random.seed(seed)
        choices.append({"seed": seed, "seq": seq, "values": [random.choice(seq) for _ in range(20)]})

json.dump({"python": sys.version.split()[0], "cases": cases, "seed7_uint32": uint32,
           "draws": draws, "shuffles": shuffles, "choices": choices}, sys.stdout)
sys.stdout.write("\n")
