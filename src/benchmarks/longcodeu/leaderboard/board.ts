/** The reads: two indexed statements per board page, a model's breakdown, the CSV. */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import type { Aggregate } from "../../../kit/leaderboard/aggregate";
import type { Board, BoardRead, EntryRef, UnrankedRow } from "../../../kit/leaderboard/family";
import type { RankAxis, RankValue } from "../../../kit/leaderboard/ranks";
import {
  entryFields,
  pageAggregates,
  type PageAggregate,
  pageEntries,
  withAggregates,
} from "../../../kit/leaderboard/read";
import type { LeaderboardQuery, LeaderboardResponse } from "../../../kit/leaderboard/types";
import { LONGCODEU_TASKS } from "../dataset/index";
import { LONGCODEU_THRESHOLD } from "./names";
import { PAPER_REFERENCE } from "./paper";
import { leaderboardGroups, longcodeuBreakdown, rowPart } from "./read";
import type { LongCodeUQuery, LongCodeURow } from "./types";

/**
 * The rank values of an entry: the recall and the precision of its average over all lengths
 * (`recall:all`, `precision:all`) and in each length bucket (`recall:<bucket>`...), where it has
 * scored samples (a row without a value is not listed).
 */
export function ranks(aggregates: readonly Aggregate[]): RankValue[] {
  return aggregates.flatMap((a) => {
    if (a.threshold !== LONGCODEU_THRESHOLD || (a.groupType !== "all" && a.groupType !== "length") || a.n === 0)
      return [];
    const out: RankValue[] = [{ threshold: a.threshold, axis: `recall:${a.groupKey}`, value: a.rate }];
    if (a.meanPrecision !== null && a.meanPrecision !== undefined)
      out.push({ threshold: a.threshold, axis: `precision:${a.groupKey}`, value: a.meanPrecision });
    return out;
  });
}

/** What a query ranks by: its metric's average in its bucket. */
export const rankAxis = (q: LeaderboardQuery): RankAxis => ({
  threshold: LONGCODEU_THRESHOLD,
  axis: `${(q as LongCodeUQuery).metric}:${(q as LongCodeUQuery).bucket}`,
});

/**
 * The two statements of a LongCodeU board page: its entries (those `pageIds` answers, one row
 * each) and exactly their aggregates of the query's bucket (the average and the eight task cells),
 * by the aggregates' primary key (entry_id, threshold "-", group_type, group_key).
 */
export function longcodeuStatements(env: Env, q: LeaderboardQuery, pageIds: SQL) {
  const a = schema.leaderboardAggregates;
  const { types, keys } = leaderboardGroups((q as LongCodeUQuery).bucket ?? "all");
  return {
    entries: pageEntries(env, pageIds, {}),
    aggregates: pageAggregates(
      env,
      pageIds,
      aggregateColumns(),
      and(eq(a.threshold, LONGCODEU_THRESHOLD), inArray(a.groupType, types), inArray(a.groupKey, keys))!,
    ),
  };
}

/** The aggregate columns a LongCodeU board reads. */
function aggregateColumns() {
  const a = schema.leaderboardAggregates;
  return {
    groupType: a.groupType,
    groupKey: a.groupKey,
    n: a.n,
    passed: a.passed,
    rate: a.rate,
    meanPrecision: a.meanPrecision,
    unparseable: a.unparseable,
    errors: a.errors,
    contextExceeded: a.contextExceeded,
  };
}

type LongCodeURead = ReturnType<typeof longcodeuStatements>;

/**
 * The LongCodeU board in one bucket and metric, the entries of one page: per entry the metric's mean per task and their
 * average (`rate`, which ranks), n, unparseable outputs, errors and overflows of the bucket. An
 * entry without a scored sample in the bucket has nothing to rank and is not listed.
 */
export function board(env: Env, query: LeaderboardQuery, pageIds: SQL): BoardRead {
  const q = query as LongCodeUQuery;
  const { entries, aggregates } = longcodeuStatements(env, q, pageIds);
  return {
    statements: [entries, aggregates],
    board: ([rows = [], aggs = []]) =>
      boardRows(
        q,
        rows as Awaited<LongCodeURead["entries"]>,
        aggs as PageAggregate<ReturnType<typeof aggregateColumns>>[],
      ),
  };
}

/** The board's rows from the read of a page's entries and their aggregates. */
function boardRows(
  q: LongCodeUQuery,
  entries: Awaited<LongCodeURead["entries"]>,
  aggregates: PageAggregate<ReturnType<typeof aggregateColumns>>[],
): Board {
  const out: UnrankedRow[] = [];
  let updatedAt: string | null = null;
  for (const { entry: r, aggregates: own } of withAggregates(entries, aggregates)) {
    const part = rowPart(own, q.bucket, q.metric);
    if (part.average === null) continue;
    out.push({
      rate: part.average,
      ci_low: null,
      ci_high: null,
      n: part.n,
      passed: null,
      ...entryFields(r, part),
      tasks: part.tasks,
      tasks_averaged: part.tasks_averaged,
      unparseable: part.unparseable,
    } as UnrankedRow);
    if (updatedAt === null || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
  }
  return {
    rows: out,
    languages: [],
    updatedAt,
    extras: {
      tasks: [...LONGCODEU_TASKS],
      ...(q.metric === "recall" && q.bucket === "all" ? { paper_reference: PAPER_REFERENCE } : {}),
    },
  };
}

/** A model's breakdown: the task x bucket grid of every stored aggregate (no thresholds, depths or lengths). */
export async function breakdown(env: Env, _q: LeaderboardQuery, entry: EntryRef) {
  const a = schema.leaderboardAggregates;
  const stored = await db(env)
    .select()
    .from(a)
    .where(and(eq(a.entryId, entry.id), eq(a.threshold, LONGCODEU_THRESHOLD)));
  return {
    thresholds: {},
    depth: [],
    length: [],
    heatmap: [],
    has_samples: entry.hasSamples,
    longcodeu: longcodeuBreakdown(stored),
  };
}

/** The CSV: the eight task columns (the query's metric, 0..1) and their average. */
export function csv(data: LeaderboardResponse): unknown[][] {
  const rows = data.rows as LongCodeURow[];
  return [
    ["rank", "model", "kind", ...LONGCODEU_TASKS, "average", "n", "unparseable", "errors", "context_exceeded"],
    ...rows.map((r) => [
      r.rank,
      r.model,
      r.kind,
      ...LONGCODEU_TASKS.map((t) => r.tasks?.[t]),
      r.rate,
      r.n,
      r.unparseable,
      r.errors,
      r.context_exceeded,
    ]),
  ];
}
