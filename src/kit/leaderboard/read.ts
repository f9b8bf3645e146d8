/**
 * What every leaderboard read shares: the entry columns a row shows, the scope filter on the
 * entries' unique index, the order of languages, and a stored aggregate as a public `Rate`. A
 * library module (no registry), so a benchmark's own board read builds on it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn } from "drizzle-orm/sqlite-core";
import { LANGUAGES } from "../../lib/code/languages";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { batchStatement } from "./ranks";
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

/**
 * The entries of a board page, one row each: `entryColumns` and `extra`, sought by id among the
 * ids `pageIds` (a subquery) answers. A board reads its aggregates in a second statement of the same
 * batch (`pageAggregates`) rather than joined to the entries: joined, every entry column, its
 * receipt above all (about 1.5 KB of JSON for a run), would travel and be decoded once per aggregate
 * (seven per entry on a pass-rate board), not once.
 */
export function pageEntries<T extends SelectedFields>(env: Env, pageIds: SQL, extra: T) {
  const e = schema.leaderboardEntries;
  return db(env)
    .select({ ...entryColumns(), ...extra })
    .from(e)
    .where(sql`${e.id} IN (${pageIds})`);
}

/** An aggregate row as `pageAggregates` answers it: its entry's id and the selected columns. */
export type PageAggregate<T extends Record<string, SQLiteColumn>> = { entryId: string } & {
  [K in keyof T]: T[K]["_"]["data"];
};

/**
 * The aggregates of a board page's entries (`where`: which of them), by the aggregates' primary key
 * (entry_id first). A page has hundreds (seven per entry on a pass-rate board), so their rows skip
 * drizzle's row mapping (a decoder call per value, about 0.6 ms a page): D1's objects are read by
 * column name. That is exact for these columns only because none has a decoder of its own (text,
 * integers in number mode, reals), which `plainColumn` checks.
 */
export function pageAggregates<T extends Record<string, SQLiteColumn>>(env: Env, pageIds: SQL, columns: T, where: SQL) {
  const a = schema.leaderboardAggregates;
  const { sql: text, params } = db(env)
    .select({ entryId: a.entryId, ...columns })
    .from(a)
    .where(sql`${a.entryId} IN (${pageIds}) AND ${where}`)
    .toSQL();
  const names = Object.entries(columns).map(([key, column]) => [key, plainColumn(column)] as const);
  return batchStatement<PageAggregate<T>[]>(env, text, params, false, (rows: Record<string, unknown>[]) =>
    rows.map((r) => {
      const out: Record<string, unknown> = { entryId: r.entry_id };
      for (const [key, name] of names) out[key] = r[name];
      return out as PageAggregate<T>;
    }),
  );
}

/** A column's SQL name, for a column whose stored value is its value (no JSON, boolean or timestamp mode). */
function plainColumn(column: SQLiteColumn): string {
  if (!["SQLiteText", "SQLiteInteger", "SQLiteReal"].includes(column.columnType))
    throw new Error(
      `pageAggregates: column ${column.name} (${column.columnType}) has a decoder; read it through drizzle`,
    );
  return column.name;
}

/** Each entry with its aggregates, in the entries' order (an entry without aggregates has an empty list). */
export function withAggregates<E extends { id: string }, A extends { entryId: string }>(
  entries: readonly E[],
  aggregates: readonly A[],
): { entry: E; aggregates: A[] }[] {
  const byId = new Map(entries.map((entry) => [entry.id, { entry, aggregates: [] as A[] }]));
  for (const a of aggregates) byId.get(a.entryId)?.aggregates.push(a);
  return [...byId.values()];
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

/** The entries of a query's scope (benchmark, dataset, options, kind), on their unique index. */
export function entryFilter(q: Pick<LeaderboardQuery, "benchmark" | "dataset" | "options" | "kind">): SQL {
  return scopeWhere({ benchmark: q.benchmark, dataset: q.dataset, options: q.options, kind: q.kind })!;
}

const LANGUAGE_ORDER = new Map<string, number>(LANGUAGES.map((l, i) => [l, i]));
/** Languages in the service's order (unknown ones last, by name). */
export const byLanguage = (a: string, b: string) =>
  (LANGUAGE_ORDER.get(a) ?? 99) - (LANGUAGE_ORDER.get(b) ?? 99) || (a < b ? -1 : a > b ? 1 : 0);

/** The columns of a stored aggregate a rate is made of. */
export type AggregateRow = Pick<
  typeof schema.leaderboardAggregates.$inferSelect,
  "n" | "passed" | "rate" | "ciLow" | "ciHigh"
>;

/** A stored aggregate as a public rate. */
export const toRate = (a: AggregateRow): Rate => ({
  rate: a.rate,
  ci_low: a.ciLow,
  ci_high: a.ciHigh,
  n: a.n,
  passed: a.passed,
});
