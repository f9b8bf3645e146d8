/**
 * What a unit's stored row counts as for its run's coordinator, and the `error` row of a unit that
 * could not be processed: shared by the queue consumer and the coordinator (which records units no
 * consumer finished), so neither imports the other.
 */
import { getBenchmark } from "../../benchmarks/registry";
import type { Env } from "../../lib/env";
import type { RunMessage, UnitResult } from "./config";
import { failedSample, getRun, insertSample, type SampleRow } from "./store";

/** Writes an `error` row for a unit that cannot be processed (or finds the row it already has). */
export async function recordFailure(env: Env, message: RunMessage, reason: string): Promise<UnitResult> {
  const taskId = await getRun(env, message.run)
    .then((run) => getBenchmark(run.benchmark).taskIdOf?.(message.unit))
    .catch(() => undefined);
  return unitResult(await insertSample(env, failedSample(message.run, message.unit, reason, taskId)));
}

/** What the coordinator counts, from the row that was stored (not the one this attempt built). */
export function unitResult(row: SampleRow): UnitResult {
  return {
    status: row.status,
    passed: row.passed === true,
    // Cached answers spent nothing now; their tokens are not the run's.
    promptTokens: row.cached || row.calls === 0 ? 0 : (row.promptTokens ?? 0),
    completionTokens: row.cached || row.calls === 0 ? 0 : (row.completionTokens ?? 0),
    cached: row.cached,
    calls: row.calls,
  };
}
