/** The end of a run: its row in D1 records how it ended, and a complete run can go to the leaderboard. */
import { eq } from "drizzle-orm";
import { bucketOf } from "../benchmarks/longcodeu/dataset";
import { getBenchmark } from "../benchmarks/registry";
import type { Benchmark } from "../benchmarks/types";
import * as schema from "../db/schema";
import { db } from "../datasets/store";
import type { Env } from "../env";
import { publishVerifiedRun, type VerifiedSample } from "../leaderboard/verified";
import type { RunConfig, RunProgress } from "./config";
import { allSamples, getRun, type RunRow, type SampleRow } from "./store";

/**
 * A sample row as a leaderboard sample. RepoQA keeps its needle verdict; positional benchmarks map
 * exact match to `is_best`, the partial score to `best_similarity`, D to `context_size`. LongCodeU
 * maps recall to `best_similarity`, full recall to `is_best`, and carries precision, unparseable
 * and the length bucket (the detail's, else the context size's; none when that is unknown).
 */
export function verifiedSample(row: SampleRow, benchmark: Pick<Benchmark, "leaderboard">): VerifiedSample {
  const detail = row.detail ?? {};
  if (benchmark.leaderboard === "longcodeu") {
    const scored = row.status === "scored";
    // As the run's results summary reads it (src/benchmarks/longcodeu/summary.ts), so both agree.
    const recall = typeof detail.recall === "number" ? detail.recall : (row.score ?? 0);
    return {
      task: row.taskId,
      language: row.language,
      needle_position: 0,
      context_size: row.contextSize,
      is_best: scored && row.passed === true,
      best_similarity: scored ? recall : 0,
      best_target: null,
      status: row.status,
      longcodeu: {
        precision: scored && typeof detail.precision === "number" ? detail.precision : 0,
        unparseable: detail.unparseable === true,
        bucket: typeof detail.bucket === "string" ? detail.bucket : row.contextSize !== null ? bucketOf(row.contextSize) : null,
      },
    };
  }
  const repoqa = benchmark.leaderboard === "repoqa";
  return {
    task: row.taskId,
    language: row.language,
    needle_position: row.position ?? 0.5,
    context_size: row.contextSize ?? 1,
    is_best: repoqa ? detail.is_best === true : row.passed === true,
    best_similarity: repoqa ? (typeof detail.best_similarity === "number" ? detail.best_similarity : 0) : (row.score ?? 0),
    best_target: repoqa && typeof detail.best_target === "string" ? detail.best_target : null,
    status: row.status,
  };
}

/** Publishes a finished run as a verified leaderboard entry (benchmarks with a leaderboard). */
export async function publishRun(env: Env, run: RunRow) {
  const benchmark = getBenchmark(run.benchmark);
  const samples = await allSamples(env, run.id);
  const options = run.options as { benchmark_options?: { scoring_mode?: "official" | "strict"; comment_mode?: string } };
  return publishVerifiedRun(env, {
    benchmark: run.benchmark,
    dataset: run.datasetId,
    model: run.modelLabel,
    scoring_mode: options.benchmark_options?.scoring_mode ?? "official",
    comment_mode: (run.receipt.comment_mode as string | undefined) ?? "original",
    receipt: run.receipt,
    samples: samples.map((s) => verifiedSample(s, benchmark)),
    source: `needlework run ${run.id}`,
  });
}

export async function finalizeRun(env: Env, config: RunConfig, progress: RunProgress): Promise<void> {
  const counts = { ...progress.counts, model_calls: progress.model_calls, cached: progress.cached, prompt_tokens: progress.tokens.prompt, completion_tokens: progress.tokens.completion };
  const run = await getRun(env, config.id);
  const receipt = { ...run.receipt, finished_at: progress.finished_at };
  await db(env).update(schema.runs).set({ status: progress.status, finishedAt: progress.finished_at, counts, receipt }).where(eq(schema.runs.id, config.id));
  if (config.publish && progress.status === "completed" && getBenchmark(config.benchmark).leaderboard) {
    try {
      await publishRun(env, { ...run, receipt });
    } catch (e) {
      // The run's results stand on their own; publishing can be retried with POST /v1/runs/:id/publish.
      console.error(`run ${config.id}: publishing to the leaderboard failed`, e instanceof Error ? e.message : e);
    }
  }
}
