/**
 * What the board, a dataset's page and GET /v1/datasets/{id} show of the scheduled refresh: its
 * windows (the current one first), one window's record step by step, the window a dataset came
 * from, and per model the windows after its training cutoff. Every answer carries the dates' caveat.
 */
import type { Env } from "../../lib/env";
import { cutoffsOf } from "../../kit/leaderboard/cutoffs";
import { getWindow, listWindowRows, stepsOf, windowOfDataset, type StepRow, type WindowRow } from "./store";
import { WINDOW_DATES_NOTE } from "./windows";

export interface WindowSummary {
  id: string;
  start: string;
  end: string;
  status: WindowRow["status"];
  /** Benchmark id to dataset id (empty until the window is imported). */
  datasets: Record<string, string>;
  public_after: string;
  published_at: string | null;
  completed_at: string | null;
  error: string | null;
}

export interface StepRecord {
  step: string;
  status: StepRow["status"];
  attempts: number;
  reason: string | null;
  record: Record<string, unknown> | null;
  output_key: string | null;
  subrequests: number | null;
  fetched_bytes: number | null;
  stored_bytes: number | null;
  cpu_ms: number | null;
  peak_memory_bytes: number | null;
  started_at: string;
  finished_at: string | null;
}

/** One window's record: the window and its steps, with the dates' caveat. */
export interface WindowRecord {
  window: WindowSummary;
  steps: StepRecord[];
  dates: string;
}

/** The windows and the current one, with the dates' caveat. */
export interface WindowList {
  current: WindowSummary | null;
  windows: WindowSummary[];
  dates: string;
}

/** A model's cutoff and the windows after it (`null`: no stated cutoff, so unknown). */
export interface WindowsAfterCutoff {
  cutoff: string | null;
  first_unseen: string | null;
  windows: string[] | null;
}

const summary = (w: WindowRow): WindowSummary => ({
  id: w.id,
  start: w.start,
  end: w.end,
  status: w.status,
  datasets: w.datasets,
  public_after: w.publicAfter,
  published_at: w.publishedAt,
  completed_at: w.completedAt,
  error: w.error,
});

const stepRecord = (s: StepRow): StepRecord => ({
  step: s.step,
  status: s.status,
  attempts: s.attempts,
  reason: s.reason,
  record: s.record,
  output_key: s.outputKey,
  subrequests: s.subrequests,
  fetched_bytes: s.fetchedBytes,
  stored_bytes: s.storedBytes,
  cpu_ms: s.cpuMs,
  peak_memory_bytes: s.peakMemoryBytes,
  started_at: s.startedAt,
  finished_at: s.finishedAt,
});

/**
 * The board's window picker: every window, newest first, and the current one (the newest whose
 * datasets are imported, held out or public), `null` before the first.
 */
export async function refreshWindows(env: Env): Promise<WindowList> {
  const windows = (await listWindowRows(env)).map(summary);
  const current = windows.find((w) => w.status === "held-out" || w.status === "public") ?? null;
  return { current, windows, dates: WINDOW_DATES_NOTE };
}

/** One window's record: the window and every step (what it fetched with integrity, built, imported or skipped and why). */
export async function refreshWindowRecord(env: Env, id: string): Promise<WindowRecord | null> {
  const window = await getWindow(env, id);
  if (!window) return null;
  return { window: summary(window), steps: (await stepsOf(env, id)).map(stepRecord), dates: WINDOW_DATES_NOTE };
}

/**
 * The `refresh` of a dataset's page and of GET /v1/datasets/{id}: the window that built it and its
 * steps; null for a dataset no refresh built.
 */
export async function datasetRefreshRecord(env: Env, datasetId: string): Promise<WindowRecord | null> {
  const window = await windowOfDataset(env, datasetId);
  return window ? refreshWindowRecord(env, window.id) : null;
}

/**
 * Per model, the windows after its training cutoff: those whose first day is on or after the first
 * day after the cutoff (every unit of such a window is born after it). A model without a stated cutoff
 * gets `null` (unknown, not "all"). Only imported windows count.
 */
export async function windowsAfterCutoffs(
  env: Env,
  models: readonly string[],
): Promise<Record<string, WindowsAfterCutoff>> {
  const cutoffs = await cutoffsOf(env, models);
  const windows = (await listWindowRows(env, ["held-out", "public"])).map(summary);
  const out: Record<string, WindowsAfterCutoff> = {};
  for (const model of models) {
    const c = cutoffs.get(model);
    const first = c?.first_unseen ?? null;
    out[model] = {
      cutoff: c?.cutoff ?? null,
      first_unseen: first,
      windows: first === null ? null : windows.filter((w) => w.start >= first).map((w) => w.id),
    };
  }
  return out;
}
