/** SemTrace and friends: "Sense and Sensitivity" (docs/semtrace.md). */
import type { Family } from "../types";
import { positionalBenchmark, sensitivityBenchmark } from "./benchmark";
import { positionalCompare, sensitivityCompare } from "./compare";
import { POSITIONAL_BENCHMARKS, SENSITIVITY_BENCHMARKS } from "./dataset/ids";
import { semtraceRoutes } from "./routes";

export const semtraceFamily: Family = {
  id: "semtrace",
  title: "SemTrace and friends",
  benchmarks: [
    ...POSITIONAL_BENCHMARKS.map((t) => ({ ...positionalBenchmark(t), compare: positionalCompare(t) })),
    ...SENSITIVITY_BENCHMARKS.map((t) => ({ ...sensitivityBenchmark(t), compare: sensitivityCompare })),
  ],
  routes: semtraceRoutes,
};
