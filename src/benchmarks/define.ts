/**
 * The way a family declares a benchmark: `defineBenchmark({ options: Schema, units(env, id, options) … })`.
 * The options' type is inferred from the schema, so every method sees the family's own options
 * (`options.mode`, not `Record<string, unknown>`) without a type written twice, and the result goes
 * straight into a Family's `benchmarks` list: the core parses a run's options with `options`
 * before it calls any method, so the methods never see anything else.
 */
import type { z } from "@hono/zod-openapi";
import type { Benchmark } from "./types";

export function defineBenchmark<S extends z.ZodType<Record<string, unknown>>>(
  benchmark: Benchmark<z.output<S>> & { options: S },
): Benchmark<z.output<S>> {
  return benchmark;
}
