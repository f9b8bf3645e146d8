/**
 * The hosted benchmark families: the only file that names them. Adding a benchmark is its folder
 * under src/benchmarks/ and one line here.
 */
import { invalid } from "../lib/errors";
import { longcodeuFamily } from "./longcodeu";
import { repoqaFamily } from "./repoqa";
import { semtraceFamily } from "./semtrace";
import type { Benchmark, Family } from "./types";

const FAMILIES: Family[] = [repoqaFamily, semtraceFamily, longcodeuFamily];

/** Every family, in registry order. */
export const allFamilies = (): readonly Family[] => FAMILIES;

/** Every benchmark, in registry order (what GET /v1/benchmarks, the OpenAPI description and the page list). */
export const allBenchmarks = (): Benchmark[] => FAMILIES.flatMap((f) => f.benchmarks);

export const benchmarkIds = () => allBenchmarks().map((b) => b.id);

/**
 * The benchmark a request means when it names none: a run without `benchmark`, a score body in the
 * original shape (its `Benchmark.originalScore`), the scorer version health reports. The service's
 * first benchmark, from before there were others.
 */
export const defaultBenchmark = (): Benchmark => getBenchmark("repoqa-snf");

/** The benchmark named `id`, if there is one. */
export const findBenchmark = (id: string): Benchmark | undefined => allBenchmarks().find((b) => b.id === id);

/** The family that hosts the benchmark named `id`, if there is one. */
export const familyOf = (id: string): Family | undefined => FAMILIES.find((f) => f.benchmarks.some((b) => b.id === id));

export function getBenchmark(id: string): Benchmark {
  const benchmark = findBenchmark(id);
  if (!benchmark) invalid(`Unknown benchmark "${id}": use one of ${benchmarkIds().join(", ")}.`);
  return benchmark;
}

/**
 * Registers a family beside the built-in ones: for the test suite's toy family only
 * (test/conformance/toy/), which proves a benchmark plugs in through this interface alone.
 * test/setup.ts calls it before the Worker's modules load, since some read the registry once then.
 */
export function registerFamily(family: Family): void {
  if (!FAMILIES.some((f) => f.id === family.id)) FAMILIES.push(family);
}
