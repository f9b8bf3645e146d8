/**
 * The toy family: a fourth benchmark family that lives only in the test suite, registered with
 * `registerFamily` (./register.ts), proving a benchmark plugs in as one folder plus one registry
 * line, through src/benchmarks/types.ts alone.
 */
import type { Family } from "../../../src/benchmarks/types";
import { toyBenchmark } from "./benchmark";

export const toyFamily: Family = {
  id: "toy",
  title: "Toy",
  benchmarks: [toyBenchmark],
};
