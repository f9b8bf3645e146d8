/**
 * Dating a dataset's code: the interface a builder dates its targets through, whatever the source
 * (a git history, a registry's versions, or nothing), and the provenance stored with each repository.
 *
 * Family-neutral and Worker-safe: every dataset-building family dates its targets through it.
 */
import type { BornRule } from "../born";

/** Code to date: a key, the file holding it (relative to the source's root) and its text as the source holds it. */
export interface DatingTarget {
  id: string;
  path: string;
  body: string;
}

/**
 * Why a target has no date: the source has no history, the file or body is in none of it, or the
 * date found is only an upper bound (the history read starts late), which must never pass a cutoff.
 */
export type UndatedReason =
  | "no-history"
  | "no-commits"
  | "not-committed"
  | "not-found"
  | "older-than-series"
  | "shallow-boundary"
  | "history-cut"
  | "late-fallback";

/** A target's birth: its UTC day, or null with the reason. */
export interface TargetBorn {
  born: string | null;
  rule: BornRule | null;
  reason?: UndatedReason;
  notes?: readonly string[];
}

export type DateTargets = (targets: readonly DatingTarget[]) => Promise<ReadonlyMap<string, TargetBorn>>;

/** How one source dates its code, and what it says about where the code came from. */
export interface Dating {
  /** The rule its dates come from; null when it has no history to date by. */
  rule: BornRule | null;
  dates: DateTargets;
  /** Where the code came from (git: repository, commit, shallow; a registry: every version read). Read after dating. */
  source(): Record<string, unknown>;
  /** What a reader of these dates must know (why units are undated, what may make a date late). */
  notes(): string[];
  /** What the person building must see (e.g. publish times a mirror may have re-stamped). */
  warnings(): string[];
}

/** The births of a dataset's units: the earliest and latest day, how many are dated and undated. */
export interface BornRange {
  earliest: string | null;
  latest: string | null;
  dated: number;
  undated: number;
}

/** Stored with each repository of a dataset (where a family's manifest keeps it: a repository's `provenance`, a part's `source.provenance`). */
export interface Provenance {
  source: Record<string, unknown>;
  rule: BornRule | null;
  born: BornRange;
  /** Undated units by reason. */
  undated_reasons: Partial<Record<UndatedReason, number>>;
  notes: string[];
  warnings: string[];
}

export function bornRange(days: Iterable<string | null | undefined>): BornRange {
  const range: BornRange = { earliest: null, latest: null, dated: 0, undated: 0 };
  for (const day of days) {
    if (!day) {
      range.undated++;
      continue;
    }
    range.dated++;
    if (range.earliest === null || day < range.earliest) range.earliest = day;
    if (range.latest === null || day > range.latest) range.latest = day;
  }
  return range;
}

/** The provenance of a repository whose kept units have `births`. */
export function provenanceOf(dating: Dating, births: readonly TargetBorn[]): Provenance {
  const reasons: Partial<Record<UndatedReason, number>> = {};
  for (const b of births) if (b.born === null && b.reason) reasons[b.reason] = (reasons[b.reason] ?? 0) + 1;
  return {
    source: dating.source(),
    rule: dating.rule,
    born: bornRange(births.map((b) => b.born)),
    undated_reasons: reasons,
    notes: dating.notes(),
    warnings: dating.warnings(),
  };
}

/**
 * The birth of code made of several targets (a function split around a removed docstring, an answer
 * of several units): the latest of their days when `combine` is "latest" (a lower bound on when all
 * of them held together), the earliest when "earliest" (nothing of it was public before). Any
 * undated part leaves the whole undated: the part could be older than every dated one.
 */
export function combineBirths(parts: readonly TargetBorn[], combine: "latest" | "earliest"): TargetBorn {
  if (parts.length === 0) return { born: null, rule: null, reason: "not-found" };
  const undated = parts.find((p) => p.born === null);
  if (undated) return undated;
  const pick = parts.reduce((best, p) =>
    (combine === "latest" ? p.born! > best.born! : p.born! < best.born!) ? p : best,
  );
  const notes = [...new Set(parts.flatMap((p) => p.notes ?? []))];
  return { born: pick.born, rule: pick.rule, ...(notes.length ? { notes } : {}) };
}

/** A source with no history: every target undated for `reason`, said in `note`. */
export function undatedSource(source: Record<string, unknown>, note: string): Dating {
  return {
    rule: null,
    async dates(targets) {
      return new Map(targets.map((t) => [t.id, { born: null, rule: null, reason: "no-history", notes: [note] }]));
    },
    source: () => source,
    notes: () => [note],
    warnings: () => [],
  };
}
