import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import vectors from "../vectors/python-random.json";

describe("PyRandom: Python's random.seed + random.sample", () => {
  it("produces CPython's MT19937 stream", () => {
    const rng = new PyRandom(7);
    expect(Array.from({ length: 5 }, () => rng.nextUint32())).toEqual(vectors.seed7_uint32);
  });

  it.each(vectors.cases.map((c) => [`seed ${c.seed}, sample(range(${c.n}), ${c.k})`, c] as const))("%s", (_, c) => {
    const population = Array.from({ length: c.n }, (_, i) => i);
    expect(new PyRandom(c.seed).sample(population, c.k)).toEqual(c.sample);
  });

  it("refuses a sample larger than the population", () => {
    expect(() => new PyRandom(1).sample([1, 2], 3)).toThrow(RangeError);
  });
});

describe("PyRandom: getrandbits, randrange, randint, choice, shuffle (CPython 3.11)", () => {
  it.each(
    vectors.draws.map((d) => [`seed ${d.seed}, ${d.call}(${d.args.join(", ")}) x${d.values.length}`, d] as const),
  )("%s", (_, d) => {
    const rng = new PyRandom(d.seed);
    const draw = (): number => {
      if (d.call === "randint") return rng.randint(d.args[0], d.args[1]);
      if (d.call === "randrange") return rng.randrange(d.args[0], d.args[1], d.args[2]);
      if (d.call === "getrandbits") return rng.getrandbits(d.args[0]);
      throw new Error(`unknown call ${d.call}`);
    };
    expect(d.values.map(() => draw())).toEqual(d.values);
  });

  it.each(vectors.shuffles.map((c) => [`seed ${c.seed}, shuffle(list(range(${c.n}))) twice`, c] as const))(
    "%s",
    (_, c) => {
      const rng = new PyRandom(c.seed);
      const first = Array.from({ length: c.n }, (_, i) => i);
      rng.shuffle(first);
      const second = Array.from({ length: c.n }, (_, i) => i);
      rng.shuffle(second);
      expect({ first, second }).toEqual({ first: c.first, second: c.second });
    },
  );

  it.each(
    vectors.choices.map((c) => [`seed ${c.seed}, choice over ${c.seq.length} items x${c.values.length}`, c] as const),
  )("%s", (_, c) => {
    const rng = new PyRandom(c.seed);
    const seq = c.seq as readonly (string | number)[];
    expect(c.values.map(() => rng.choice(seq))).toEqual(c.values);
  });

  it("raises where CPython raises ValueError / IndexError", () => {
    const rng = new PyRandom(1);
    expect(() => rng.randint(5, 4)).toThrow(new RangeError("empty range for randrange() (5, 5, 0)"));
    expect(() => rng.randrange(0)).toThrow(new RangeError("empty range for randrange()"));
    expect(() => rng.randrange(0, 10, 0)).toThrow(new RangeError("zero step for randrange()"));
    expect(() => rng.randrange(0, 10, -1)).toThrow(new RangeError("empty range for randrange()"));
    expect(() => rng.choice([])).toThrow(new RangeError("Cannot choose from an empty sequence"));
    expect(() => rng.randint(0.5, 3)).toThrow(RangeError);
    expect(() => rng.getrandbits(54)).toThrow(RangeError);
  });
});
