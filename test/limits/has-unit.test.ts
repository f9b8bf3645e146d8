/**
 * `Benchmark.hasUnit`, the point lookup `POST /v1/score` and a unit's prompt use instead of listing
 * every unit: for every benchmark that has one, over its conformance fixture, it answers exactly
 * what the listing (`Benchmark.units`) answers — the same units, the same dataset sha256, resolved
 * options and visibility, the same errors — and no near-miss of a unit is found.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allBenchmarks } from "../../src/benchmarks/registry";
import type { Benchmark } from "../../src/benchmarks/types";
import type { Env } from "../../src/lib/env";
import { FIXTURES } from "../conformance/helpers";

const withLookup = allBenchmarks().filter((b) => b.hasUnit);

/** The error a call rejects with (its message), or "ok". */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: Error) => err.message,
  );

function nearMisses(unit: string): string[] {
  return [
    `${unit}x`,
    `x${unit}`,
    unit.slice(0, -1),
    `${unit}@0`,
    `${unit}@0.5@1`,
    unit.replace(/@[^@]*$/, "@7"),
    unit.toUpperCase(),
    "",
  ];
}

describe.each(withLookup.map((b) => [b.id, b] as const))("%s hasUnit", (_id, benchmark: Benchmark) => {
  it("finds exactly the listed units, with the listing's sha256, resolved options and errors", async () => {
    const e = env as unknown as Env;
    const dataset = await FIXTURES[benchmark.datasetKind]();
    const options = benchmark.options.parse({});
    const listing = await benchmark.units(e, dataset, options, {});
    expect(listing.units.length).toBeGreaterThan(0);
    const listed = new Set(listing.units);
    const sample = listing.units.filter((_, i) => i % Math.ceil(listing.units.length / 12) === 0);
    for (const unit of sample) {
      expect(await benchmark.hasUnit!(e, dataset, unit, options)).toEqual({
        has: true,
        datasetSha256: listing.datasetSha256,
        resolved: listing.resolved,
        visibility: listing.visibility,
      });
      for (const miss of nearMisses(unit)) {
        expect((await benchmark.hasUnit!(e, dataset, miss, options)).has, JSON.stringify(miss)).toBe(listed.has(miss));
      }
    }
    for (const other of ["no-such-dataset", ...Object.keys(FIXTURES).filter((k) => k !== benchmark.datasetKind)]) {
      const id = other === "no-such-dataset" ? other : await FIXTURES[other]();
      expect(await outcome(benchmark.hasUnit!(e, id, sample[0], options))).toBe(
        await outcome(benchmark.units(e, id, options, {})),
      );
    }
  }, 120_000);
});
