/** LongCodeU: eight long code understanding tasks (docs/longcodeu.md). */
import type { Family } from "../types";
import { longcodeuBenchmark } from "./benchmark";
import { longcodeuRoutes } from "./routes";

export const longcodeuFamily: Family = {
  id: "longcodeu",
  title: "LongCodeU",
  benchmarks: [longcodeuBenchmark],
  routes: longcodeuRoutes,
};
