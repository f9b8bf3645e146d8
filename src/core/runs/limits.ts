/** Bounds of the runs API (docs/limits.md): what one run may ask for, and how its answers are paged and streamed. */
import { PART_LIMITS } from "./submitted";

export const RUN_LIMITS = {
  /** Tasks in flight at once for one run. */
  concurrency: 64,
  /** Samples per page. */
  samplesPage: 500,
  /** An events stream closes after this long; reconnect to keep watching. */
  eventsStreamMs: 15 * 60_000,
  eventsPollMs: 500,
  /** Outputs in one run from submitted outputs in one body, or in one part (each at most LIMITS.answerBytes, as for /v1/score). */
  outputs: PART_LIMITS.outputs,
  /** Body of POST /v1/runs: room for submitted outputs (without them a request is a few hundred bytes). */
  body: 8 * 1024 * 1024,
} as const;
