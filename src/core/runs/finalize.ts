/** The end of a run: its row in D1 records how it ended, and a complete run can go to the leaderboard. */
import { eq } from "drizzle-orm";
import { getBenchmark } from "../../benchmarks/registry";
import type { Benchmark } from "../../benchmarks/types";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { verdictSample, type VerifiedSample } from "../../kit/leaderboard/family";
import { publishVerifiedRun } from "../leaderboard/verified";
import type { RunConfig, RunProgress } from "./config";
import { allSamples, benchmarkOptions, getRun, type RunRow, type SampleRow } from "./store";

/**
 * A sample row as a leaderboard sample, as the run's benchmark publishes it
 * (`BenchmarkLeaderboard.sample`; without a leaderboard, its verdict as it is).
 */
export function verifiedSample(row: SampleRow, benchmark: Pick<Benchmark, "leaderboard">): VerifiedSample {
  return benchmark.leaderboard ? benchmark.leaderboard.sample(row) : verdictSample(row);
}

/** Publishes a finished run as a verified leaderboard entry (benchmarks with a leaderboard). */
export async function publishRun(env: Env, run: RunRow) {
  const benchmark = getBenchmark(run.benchmark);
  const samples = await allSamples(env, run.id);

  return publishVerifiedRun(env, {
    benchmark: run.benchmark,
    dataset: run.datasetId,
    model: run.modelLabel,
    options: benchmark.leaderboard?.runScope?.({ options: benchmarkOptions(run), receipt: run.receipt }) ?? {},
    receipt: run.receipt,
    samples: samples.map((s) => verifiedSample(s, benchmark)),
    source: `needlework run ${run.id}`,
  });
}

export async function finalizeRun(env: Env, config: RunConfig, progress: RunProgress): Promise<void> {
  const counts = {
    ...progress.counts,
    model_calls: progress.model_calls,
    cached: progress.cached,
    prompt_tokens: progress.tokens.prompt,
    completion_tokens: progress.tokens.completion,
  };
  const run = await getRun(env, config.id);
  const receipt = { ...run.receipt, finished_at: progress.finished_at };
  await db(env)
    .update(schema.runs)
    .set({ status: progress.status, finishedAt: progress.finished_at, counts, receipt })
    .where(eq(schema.runs.id, config.id));
  if (config.publish && progress.status === "completed" && getBenchmark(config.benchmark).leaderboard) {
    try {
      await publishRun(env, { ...run, receipt });
    } catch (e) {
      // The run's results stand on their own; publishing can be retried with POST /v1/runs/:id/publish.
      console.error(`run ${config.id}: publishing to the leaderboard failed`, e instanceof Error ? e.message : e);
    }
  }
}
