/**
 * The OpenAPI schemas of a run's results, a re-score, a page of samples and a publication. A
 * benchmark's own parts are a union over the registry: its results carry its pass@1 kind (threshold
 * sweep, pass rates or none) and its `summary` schema (`Benchmark.summarySchema`; an open record for
 * a benchmark that declares none).
 */
import { z } from "@hono/zod-openapi";
import { allBenchmarks } from "../../benchmarks/registry";
import type { Benchmark } from "../../benchmarks/types";
import { RUN_SAMPLE_STATUSES } from "../../lib/db/schema";
import { intSchema } from "../../lib/middleware/openapi";
import { BenchmarkOptionsSchema, RunReceiptSchema, RunStatusSchema } from "./schemas";

// ---- results --------------------------------------------------------------------------------------

/** What every run's results carry (each benchmark's member of `RunResults` adds its own fields). */
const RunResultsBaseSchema = z
  .object({
    run: z.string(),
    benchmark: z.string(),
    model: z.string(),
    label: z.string(),
    status: RunStatusSchema,
    samples: intSchema("Samples stored"),
    scored: intSchema(),
    errors: intSchema("Not wrong answers: counted apart"),
    context_exceeded: intSchema("Not wrong answers: counted apart"),
    receipt: RunReceiptSchema,
  })
  .openapi("RunResultsBase");

/** A pass rate of a run's scored samples with its 95 % Wilson interval (never null here, unlike a reported leaderboard entry's `Rate`). */
const PassRateSchema = z
  .object({
    n: intSchema("Scored samples"),
    passed: intSchema(),
    rate: z.number(),
    ci_low: z.number().openapi({ description: "95 % Wilson score interval" }),
    ci_high: z.number(),
  })
  .openapi("PassRate");

const byGroup = (rate: z.ZodType) => z.record(z.string(), rate);

/** The pass@1 fields a benchmark's results carry (src/core/runs/service.ts runResults): per its threshold sweep, pass rule or none. */
function passFields(b: Benchmark) {
  if (b.thresholdSweep) {
    return {
      threshold: z.string().openapi({ description: "The run's threshold (a key of `thresholds`)" }),
      thresholds: z.array(z.string()),
      pass_at_1: byGroup(byGroup(PassRateSchema)).openapi({
        description: "Group (`all`, each language) → threshold → rate",
      }),
      by_depth: z
        .array(PassRateSchema.extend({ bucket: z.string() }))
        .openapi({ description: "Per needle-depth bucket at the run's threshold" }),
    };
  }
  if (!b.leaderboard || b.leaderboard.passRates)
    return {
      pass_at_1: byGroup(PassRateSchema).openapi({
        description: "Group (`all`, each language) → the passed share of the scored samples",
      }),
    };
  return {};
}

function resultsOf(b: Benchmark) {
  const summary = b.summarize
    ? {
        summary:
          b.summarySchema ?? z.record(z.string(), z.unknown()).openapi({ description: "The benchmark's own results" }),
      }
    : {};
  return RunResultsBaseSchema.extend({ benchmark: z.literal(b.id), ...passFields(b), ...summary });
}

const [first, ...rest] = allBenchmarks().map(resultsOf);

export const RunResultsSchema = z.discriminatedUnion("benchmark", [first, ...rest]).openapi("RunResults", {
  description:
    "A run's results: every run's counts and receipt, then its benchmark's own fields (by `benchmark`): a threshold sweep's `threshold`, `thresholds`, `pass_at_1` (group → threshold → rate) and `by_depth`; a pass/fail benchmark's `pass_at_1` (group → rate); a benchmark's own `summary` (docs/runs.md#results)",
});

// ---- re-score and samples -------------------------------------------------------------------------

export const RescoredSchema = z
  .object({
    run: z.string(),
    rescored: intSchema("Samples re-scored"),
    changed: intSchema("Of them, with another verdict"),
    options: BenchmarkOptionsSchema,
    results: RunResultsSchema,
  })
  .openapi("RunRescored");

export const RunSamplePageSchema = z
  .object({
    run: z.string(),
    samples: z.array(
      z.object({
        runId: z.string(),
        unit: z.string(),
        taskId: z.string(),
        language: z.string(),
        position: z.number().nullable().openapi({ description: "null on a held-out dataset" }),
        contextSize: z.number().int().nullable(),
        status: z.enum(RUN_SAMPLE_STATUSES),
        passed: z.boolean().nullable(),
        score: z.number().nullable(),
        detail: z.record(z.string(), z.unknown()).nullable().openapi({
          description: "The benchmark's verdict detail (its own fields; a held-out dataset's public ones)",
        }),
        scorerVersion: z.string().nullable(),
        outputKey: z.string().nullable(),
        promptSha256: z.string(),
        promptTokens: z.number().int().nullable(),
        completionTokens: z.number().int().nullable(),
        cached: z.boolean(),
        calls: z.number().int(),
        latencyMs: z.number().int().nullable(),
        error: z.string().nullable(),
        born: z
          .string()
          .nullable()
          .openapi({ description: "The UTC day the unit's target code was born; null when undated" }),
        finishedAt: z.string(),
      }),
    ),
    next: z.string().nullable().openapi({ description: "The `after` of the next page; null on the last" }),
  })
  .openapi("RunSamplePage");

export const PublishedSchema = z
  .object({
    model: z.string(),
    model_slug: z.string(),
    status: z
      .enum(["created", "replaced", "unchanged", "kept"])
      .openapi({ description: "`unchanged`: the same run was published before" }),
    generation: z.number().int(),
    n: intSchema("Scored samples"),
    errors: intSchema(),
    context_exceeded: intSchema(),
  })
  .openapi("PublishedRun");
