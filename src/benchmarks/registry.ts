/** Every benchmark a run can name, by id. */
import { ProblemError } from "../errors";
import { longcodeuBenchmark } from "./longcodeu/benchmark";
import { repoqaBenchmark } from "./repoqa/benchmark";
import { positionalBenchmark, sensitivityBenchmark } from "./semtrace/benchmark";
import { POSITIONAL_BENCHMARKS, SENSITIVITY_BENCHMARKS } from "./semtrace/ids";
import type { Benchmark } from "./types";

const BENCHMARKS: Record<string, Benchmark> = {
  [repoqaBenchmark.id]: repoqaBenchmark as unknown as Benchmark,
  ...Object.fromEntries(POSITIONAL_BENCHMARKS.map((id) => [id, positionalBenchmark(id) as unknown as Benchmark])),
  ...Object.fromEntries(SENSITIVITY_BENCHMARKS.map((id) => [id, sensitivityBenchmark(id) as unknown as Benchmark])),
  [longcodeuBenchmark.id]: longcodeuBenchmark as unknown as Benchmark,
};

export const benchmarkIds = () => Object.keys(BENCHMARKS);

/** Every benchmark, in registry order (what GET /v1/benchmarks, the OpenAPI description and the page list). */
export const allBenchmarks = (): Benchmark[] => Object.values(BENCHMARKS);

/** The benchmark named `id`, if there is one. */
export const findBenchmark = (id: string): Benchmark | undefined => (Object.hasOwn(BENCHMARKS, id) ? BENCHMARKS[id] : undefined);

export function getBenchmark(id: string): Benchmark {
  const benchmark = findBenchmark(id);
  if (!benchmark) throw new ProblemError("unprocessable-content", `Unknown benchmark "${id}": use one of ${benchmarkIds().join(", ")}.`);
  return benchmark;
}
