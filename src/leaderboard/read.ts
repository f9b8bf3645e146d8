/**
 * What every leaderboard read shares: the entry columns a row shows, the scope filter on the
 * entries' unique index, the order of languages, and a stored aggregate as a public `Rate`. A
 * library module (no registry), so a benchmark's own board read builds on it.
 */
import type { SQL } from "drizzle-orm";
import { LANGUAGES } from "../code/languages";
import * as schema from "../db/schema";
import { scopeWhere } from "./store";
import type { LeaderboardKind, LeaderboardQuery, Rate } from "./types";

/** The entry columns every leaderboard row read selects. */
export function entryColumns() {
  const e = schema.leaderboardEntries;
  return {
    id: e.id,
    model: e.model,
    slug: e.modelSlug,
    kind: e.kind,
    trainSize: e.trainSize,
    evalDate: e.evalDate,
    source: e.source,
    license: e.license,
    hasSamples: e.hasSamples,
    receipt: e.receipt,
    updatedAt: e.updatedAt,
  };
}

/** An entry as `entryColumns` reads it. */
export interface EntryColumns {
  model: string;
  slug: string;
  kind: string;
  trainSize: string | null;
  evalDate: string | null;
  source: string | null;
  license: string | null;
  hasSamples: boolean;
  receipt: Record<string, unknown> | null;
}

/** The row fields every leaderboard row has from its entry (and the row's counts), in the answer's order. */
export function entryFields(r: EntryColumns, counts: { errors: number; context_exceeded: number }) {
  return {
    model: r.model,
    model_slug: r.slug,
    kind: r.kind as LeaderboardKind,
    languages: {} as Record<string, Rate>,
    errors: counts.errors,
    context_exceeded: counts.context_exceeded,
    train_size: r.trainSize,
    eval_date: r.evalDate,
    source: r.source,
    license: r.license,
    has_samples: r.hasSamples,
    receipt: r.receipt ?? null,
  };
}

/** The entries of a query's scope (benchmark, dataset, modes, kind), on their unique index. */
export function entryFilter(q: Pick<LeaderboardQuery, "benchmark" | "dataset" | "mode" | "comment_mode" | "kind">): SQL {
  return scopeWhere({ benchmark: q.benchmark, dataset: q.dataset, scoringMode: q.mode, commentMode: q.comment_mode, kind: q.kind })!;
}

const LANGUAGE_ORDER = new Map<string, number>(LANGUAGES.map((l, i) => [l, i]));
/** Languages in the service's order (unknown ones last, by name). */
export const byLanguage = (a: string, b: string) => (LANGUAGE_ORDER.get(a) ?? 99) - (LANGUAGE_ORDER.get(b) ?? 99) || (a < b ? -1 : a > b ? 1 : 0);

/** The columns of a stored aggregate a rate is made of. */
export type AggregateRow = Pick<typeof schema.leaderboardAggregates.$inferSelect, "n" | "passed" | "rate" | "ciLow" | "ciHigh">;

/** A stored aggregate as a public rate. */
export const toRate = (a: AggregateRow): Rate => ({ rate: a.rate, ci_low: a.ciLow, ci_high: a.ciHigh, n: a.n, passed: a.passed });
