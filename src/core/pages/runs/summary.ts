/**
 * What a finished run's page summarises (its pass-rate aggregates and its benchmark's `summarize`),
 * computed from every sample once and kept in R2 beside the run's outputs. A 20,000-sample run
 * costs a few hundred ms of CPU to read and aggregate (scripts/bench-run-pages.mts); later views
 * read one object. The object is keyed by what could change it: a re-score (the receipt's
 * `rescored_at`) and the service version (aggregation code), so a stale one is never shown.
 */
import { getBenchmark } from "../../../benchmarks/registry";
import type { Env } from "../../../lib/env";
import type { Aggregate } from "../../../kit/leaderboard/aggregate";
import { runAggregates } from "../../runs/service";
import { allSamples, benchmarkOptions, type RunRow } from "../../runs/store";
import { SERVICE_VERSION } from "../../../lib/version";

export interface StoredSummary {
  /** What the summary was computed for (see the module comment). */
  version: string;
  threshold: string;
  aggregates: Aggregate[];
  summary: Record<string, unknown> | null;
}

const summaryKey = (runId: string) => `runs/${runId}/page-summary.json`;

/** The version a finished run's summary must carry to be current. */
const versionOf = (run: RunRow) => JSON.stringify([SERVICE_VERSION, run.finishedAt, run.receipt.rescored_at ?? null]);

/** A benchmark's stored options of a run (its threshold, mode...). */
export { benchmarkOptions };

/** The summary of a run that has ended: from R2 when current, else computed from its samples and stored. */
export async function runSummaryOf(env: Env, run: RunRow): Promise<StoredSummary> {
  const version = versionOf(run);
  const object = await env.DATASETS.get(summaryKey(run.id));
  if (object) {
    const stored = (await object.json()) as StoredSummary;
    if (stored.version === version) return stored;
  }
  const rows = await allSamples(env, run.id);
  const benchmark = getBenchmark(run.benchmark);
  const { threshold, aggregates } = runAggregates(run, rows);
  const computed: StoredSummary = {
    version,
    threshold,
    aggregates,
    summary: benchmark.summarize ? benchmark.summarize(rows, benchmarkOptions(run)) : null,
  };
  // A run still running (or receiving its parts) may yet gain samples: only a finished one is kept.
  if (run.finishedAt) await env.DATASETS.put(summaryKey(run.id), JSON.stringify(computed));
  return computed;
}
