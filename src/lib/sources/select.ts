/**
 * Choosing among the versions a spec matches: a publish-time window (for scoring a model only on
 * code published after its cutoff), the newest N, or any test of the caller's.
 */
import type { VersionInfo } from "./types";

export interface Selection {
  /** Versions published at or after this instant (ISO 8601; a bare date means its midnight UTC). */
  publishedFrom?: string;
  /** Versions published strictly before this instant. */
  publishedBefore?: string;
  /** After the window and `where`, only the newest N, still in oldest-first order. */
  newest?: number;
  /** Any further test. */
  where?: (version: VersionInfo) => boolean;
}

function instant(value: string, what: string): string {
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw new RangeError(`select.${what} ${JSON.stringify(value)} is not a date`);
  return new Date(time).toISOString();
}

/** Applies `selection` to versions sorted oldest first (as `matchSpec` returns them). */
export function selectVersions(versions: readonly VersionInfo[], selection: Selection = {}): VersionInfo[] {
  const from = selection.publishedFrom === undefined ? undefined : instant(selection.publishedFrom, "publishedFrom");
  const before =
    selection.publishedBefore === undefined ? undefined : instant(selection.publishedBefore, "publishedBefore");
  const kept = versions.filter(
    (v) =>
      (from === undefined || v.publishedAt >= from) &&
      (before === undefined || v.publishedAt < before) &&
      (selection.where === undefined || selection.where(v)),
  );
  if (selection.newest === undefined) return kept;
  if (!Number.isInteger(selection.newest) || selection.newest < 0) {
    throw new RangeError(`select.newest must be a whole number, got ${selection.newest}`);
  }
  return selection.newest === 0 ? [] : kept.slice(-selection.newest);
}
