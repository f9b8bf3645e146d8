/**
 * Window arithmetic: windows of `window_days` days follow each other from `anchor`; a window is
 * `[start, end)` in UTC days. Its build takes units born on or after `start` from versions published
 * before `end`. Dates are evidence, not proof: a registry's publish time is when a version shipped, not
 * when its code was written (code copied from elsewhere, or public in a repository before, is older
 * than it looks), and a mirror may re-stamp publish times (docs/contamination.md).
 */
import type { BornAfter } from "../../lib/born";
import type { RefreshConfig } from "./config";

const DAY_MS = 86_400_000;

export interface Window {
  /** `w-<start>`. */
  id: string;
  start: string;
  end: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const windowId = (start: string) => `w-${start}`;

/** The window starting on `start` (any day: the command may build a window off the schedule). */
export function windowFrom(config: Pick<RefreshConfig, "window_days">, start: string): Window {
  return { id: windowId(start), start, end: dayOf(msOf(start) + config.window_days * DAY_MS) };
}

/** The newest window of the schedule that has ended by `now`; undefined before the first ends. */
export function lastClosedWindow(config: Pick<RefreshConfig, "anchor" | "window_days">, now: Date): Window | undefined {
  const span = config.window_days * DAY_MS;
  const n = Math.floor((now.getTime() - msOf(config.anchor)) / span) - 1;
  return n < 0 ? undefined : windowFrom(config, dayOf(msOf(config.anchor) + n * span));
}

/** The `--born-after` of a window: the day before its first, so code born on `start` counts. */
export function bornAfterOf(window: Pick<Window, "start">): BornAfter {
  return { after: dayOf(msOf(window.start) - DAY_MS), firstDay: window.start };
}

/** The instant versions must be published before: the window's end. */
export const publishedBeforeOf = (window: Pick<Window, "end">) => `${window.end}T00:00:00.000Z`;

/** When a window's datasets become public. */
export const publicAfterOf = (window: Pick<Window, "end">, days: number) =>
  new Date(msOf(window.end) + days * DAY_MS).toISOString();

/** A window's dataset id for a benchmark's dataset kind: `fresh-<start>-<kind>`. */
export const windowDatasetId = (window: Pick<Window, "start">, datasetKind: string) =>
  `fresh-${window.start}-${datasetKind}`.slice(0, 64);

/** What every window's page and answer says of its dates. */
export const WINDOW_DATES_NOTE =
  "Born dates come from registry publish times: evidence, not proof. Code copied from elsewhere or public " +
  "in a repository before its release is older than it looks, and a mirror that re-stamps publish times " +
  "makes old code look new (docs/contamination.md).";
