import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/datasets/curate/pyrandom";
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
