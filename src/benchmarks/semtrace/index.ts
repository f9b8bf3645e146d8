/** SemTrace and friends: "Sense and Sensitivity" (docs/semtrace.md). */
import type { Benchmark, Family } from "../types";
import { positionalBenchmark, sensitivityBenchmark } from "./benchmark";
import { POSITIONAL_BENCHMARKS, SENSITIVITY_BENCHMARKS } from "./ids";

export const semtraceFamily: Family = {
  id: "semtrace",
  title: "SemTrace and friends",
  benchmarks: [...POSITIONAL_BENCHMARKS.map(positionalBenchmark), ...SENSITIVITY_BENCHMARKS.map(sensitivityBenchmark)] as unknown as Benchmark[],
};
