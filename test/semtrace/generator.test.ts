import { describe, expect, it } from "vitest";
import {
  generateSemTrace,
  SEMTRACE_DIGITS,
  type SemTraceFunction,
} from "../../src/benchmarks/semtrace/curate/generator";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import golden from "../vectors/semtrace-golden.json";

const DIGITS = [2, 3, 4, 5, 6];

function draw(seed: number, count: number, digits: number | number[]): SemTraceFunction[] {
  const rng = new PyRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    generateSemTrace(rng, { digits: Array.isArray(digits) ? digits[i] : digits }),
  );
}

/** Reads a function back from its text, independently of the generator's own bookkeeping. */
function parseBack(code: string) {
  const lines = code.split("\n");
  const zeros = /^ {4}arr = \[(0(?:, 0)*)\]$/.exec(lines[1]);
  const assignments = lines.slice(2, -1).map((line) => {
    const m = /^ {4}arr\[(\d+)\] = x ([+-]) (\d+)$/.exec(line);
    if (!m) throw new Error(`unexpected assignment line ${JSON.stringify(line)}`);
    return { index: Number(m[1]), y: m[2] === "+" ? Number(m[3]) : -Number(m[3]), magnitude: m[3], sign: m[2] };
  });
  return {
    header: lines[0],
    size: zeros ? zeros[1].split(", ").length : -1,
    assignments,
    last: lines[lines.length - 1],
  };
}

describe("generateSemTrace", () => {
  it("reproduces the paper's listing layout exactly", () => {
    // The first function of seed 1234 (2 digits), fixed forever: the golden of the dataset rules.
    const [first] = draw(1234, 1, 2);
    expect(first.code).toBe(
      [
        "def f(x):",
        "    arr = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
        "    arr[2] = x - 40",
        "    arr[7] = x - 96",
        "    arr[3] = x - 93",
        "    arr[5] = x - 96",
        "    arr[8] = x - 12",
        "    arr[4] = x + 65",
        "    arr[6] = x + 59",
        "    arr[9] = x + 23",
        "    arr[0] = x + 57",
        "    arr[1] = x + 18",
        "    return arr",
      ].join("\n"),
    );
    expect(first).toEqual({
      code: first.code,
      x: 66,
      output: [123, 84, 26, -27, 131, -30, 125, -30, 54, 89],
      k: 10,
      digits: 2,
    });
  });

  it("golden: the first three functions of seed 1234 (2 digits)", () => {
    const fns = draw(1234, 3, 2);
    expect(fns.map((f) => [f.k, f.x, f.output])).toEqual([
      [10, 66, [123, 84, 26, -27, 131, -30, 125, -30, 54, 89]],
      [5, 21, [59, 40, -16, 91, -63]],
      [4, 86, [151, 55, 2, 128]],
    ]);
    expect(fns[1].code).toBe(
      "def f(x):\n    arr = [0, 0, 0, 0, 0]\n    arr[2] = x - 37\n    arr[4] = x - 84\n    arr[3] = x + 70\n    arr[0] = x + 38\n    arr[1] = x + 19\n    return arr",
    );
    expect(fns[2].code).toBe(
      "def f(x):\n    arr = [0, 0, 0, 0]\n    arr[1] = x - 31\n    arr[3] = x + 42\n    arr[2] = x - 84\n    arr[0] = x + 65\n    return arr",
    );
  });

  it.each(golden.cases.map((c) => [`seed ${c.seed}, digits ${c.digits.join(",")}`, c] as const))(
    "equals the Python re-implementation of the documented rules (test/vectors/gen_semtrace.py): %s",
    (_, c) => {
      expect(draw(c.seed, c.functions.length, c.digits)).toEqual(c.functions);
    },
  );

  it("is deterministic: same seed, same functions; another seed, other functions", () => {
    for (const d of DIGITS) {
      expect(draw(99, 20, d)).toEqual(draw(99, 20, d));
      const a = draw(99, 20, d).map((f) => f.code);
      const b = draw(100, 20, d).map((f) => f.code);
      expect(a.filter((code, i) => code === b[i]).length).toBe(0);
    }
    // The same rng state gives the same function: two generators advanced in lockstep agree.
    const r1 = new PyRandom(5);
    const r2 = new PyRandom(5);
    generateSemTrace(r1, { digits: 3 });
    generateSemTrace(r2, { digits: 3 });
    expect(generateSemTrace(r1, { digits: 4 })).toEqual(generateSemTrace(r2, { digits: 4 }));
  });

  it.each(DIGITS)("keeps every documented constraint over 3000 draws (digits %i)", (d) => {
    const fns = draw(424242 + d, 3000, d);
    const ks = new Set<number>();
    const problems: string[] = [];
    const check = (ok: boolean, what: string, f: SemTraceFunction) => {
      if (!ok) problems.push(`${what}: ${JSON.stringify(f)}`);
    };
    let negative = 0;
    let positive = 0;
    for (const f of fns) {
      check(f.digits === d, "digits", f);
      check(Number.isInteger(f.k) && f.k >= 4 && f.k <= 10, "k in [4, 10]", f);
      ks.add(f.k);
      // x has exactly d digits.
      check(new RegExp(`^[1-9][0-9]{${d - 1}}$`).test(String(f.x)), "x has d digits", f);
      const parsed = parseBack(f.code);
      check(parsed.header === "def f(x):" && parsed.last === "    return arr", "header and return", f);
      check(
        parsed.size === f.k && parsed.assignments.length === f.k && f.output.length === f.k,
        "k zeros, k lines, k outputs",
        f,
      );
      // Distinct indices covering 0..k-1.
      const indices = parsed.assignments.map((a) => a.index).sort((a, b) => a - b);
      check(
        indices.every((v, i) => v === i),
        "indices are a permutation of 0..k-1",
        f,
      );
      for (const a of parsed.assignments) {
        check(a.y >= -(10 ** d) && a.y <= 10 ** d - 1, "y in [-10^d, 10^d - 1]", f);
        check(a.magnitude.length <= d + 1 && /^(0|[1-9][0-9]*)$/.test(a.magnitude), "|y| has at most d + 1 digits", f);
        check(f.output[a.index] === f.x + a.y, "output[i] = x + y", f);
        check(!(a.sign === "-" && a.magnitude === "0"), "y = 0 is written x + 0", f);
        if (a.y < 0) negative++;
        if (a.y > 0) positive++;
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect([...ks].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    // Both signs occur in roughly equal numbers (y is uniform over a range centred on -1/2).
    expect(negative / (negative + positive)).toBeGreaterThan(0.45);
    expect(negative / (negative + positive)).toBeLessThan(0.55);
  });

  it("draws x and y over their whole ranges (2 digits: x in 10..99, y in -100..99)", () => {
    const fns = draw(7, 4000, 2);
    const xs = fns.map((f) => f.x);
    const ys = fns.flatMap((f) => parseBack(f.code).assignments.map((a) => a.y));
    expect(Math.min(...xs)).toBe(10);
    expect(Math.max(...xs)).toBe(99);
    expect(Math.min(...ys)).toBe(-100);
    expect(Math.max(...ys)).toBe(99);
    expect(ys.filter((y) => y === 0).length).toBeGreaterThan(0);
    // y = 0 is written "x + 0".
    expect(fns.some((f) => f.code.includes("= x + 0\n"))).toBe(true);
  });

  it("refuses digit variants outside [2, 6]", () => {
    expect(SEMTRACE_DIGITS).toEqual({ min: 2, max: 6 });
    for (const digits of [1, 7, 2.5, Number.NaN])
      expect(() => generateSemTrace(new PyRandom(1), { digits })).toThrow(RangeError);
  });
});
