/**
 * Every family folder has one shape (docs/contributing.md, "A family, file by file"): the same
 * module names for the same jobs, so a reader who knows one family finds their way in any other,
 * and the conformance suite's toy family is the smallest complete example of it. A module is
 * `<name>.ts`, `<name>.tsx` or a folder `<name>/`.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** What every family has: its Family, its Benchmark(s), dataset format, storage, prompt and scoring. */
const REQUIRED = ["index", "benchmark", "dataset", "store", "prompt", "score"];
/** What a family may add, each for one job; nothing else sits at a family's top level. */
const OPTIONAL = ["routes", "compare", "leaderboard", "views", "curate", "node", "summary", "warmup"];

/** The module names at a folder's top level (`score.ts`, `score/` → "score"). */
function moduleNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((e) => statSync(join(dir, e)).isDirectory() || /\.tsx?$/.test(e))
    .map((e) => e.replace(/\.tsx?$/, ""))
    .sort();
}

const FAMILIES = readdirSync(join(ROOT, "src/benchmarks"))
  .filter((e) => statSync(join(ROOT, "src/benchmarks", e)).isDirectory())
  .map((e) => `src/benchmarks/${e}`);

describe("a family's folder", () => {
  it("is found for each family, and the toy family is one too", () => {
    expect(FAMILIES.length).toBeGreaterThanOrEqual(3);
  });

  for (const dir of [...FAMILIES, "test/conformance/toy"]) {
    it(`${dir} has the required modules and only the known optional ones`, () => {
      const names = moduleNames(join(ROOT, dir));
      expect(
        REQUIRED.filter((n) => !names.includes(n)),
        "missing",
      ).toEqual([]);
      expect(
        names.filter((n) => !REQUIRED.includes(n) && !OPTIONAL.includes(n)),
        "unknown",
      ).toEqual([]);
    });
  }
});
