/**
 * The leaderboard of a benchmark ranked by pass@1 at a similarity threshold, with 95 % Wilson
 * intervals: the board read (two indexed statements of the page's batch: the page's entries by id,
 * their aggregates at the threshold by the aggregates' primary key; `test/leaderboard/api.test.ts`
 * checks the plans), a model's breakdown (every threshold and language; at the threshold by depth,
 * length and both) and the CSV. A benchmark keyed by an exact grid adds its own row field, response
 * fields and breakdown part through `PassRateOptions`. A library module (no registry).
 */
import { z } from "@hono/zod-openapi";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { DEFAULT_THRESHOLD, THRESHOLD_KEYS, thresholdKey } from "../../lib/metrics/thresholds";
import {
  depthBucket,
  lengthBucket,
  passRateAggregates,
  type Aggregate,
  type GroupType,
  type PassRateRules,
} from "./aggregate";
import type {
  BenchmarkLeaderboard,
  Board,
  BoardRead,
  BreakdownPart,
  EntryRef,
  QueryParam,
  UnrankedRow,
} from "./family";
import { passRateAxis, passRateRanks, boardLanguages } from "./ranks";
import {
  byLanguage,
  entryFields,
  pageAggregates,
  type PageAggregate,
  pageEntries,
  toRate,
  withAggregates,
  type AggregateRow,
} from "./read";
import { RateSchema } from "./schemas";
import type { BucketRate, LeaderboardQuery, LeaderboardResponse, PassRateBreakdown, Rate } from "./types";

/** A heatmap aggregate at the query's threshold, with its key and mean score. */
export type GridRow = AggregateRow & Pick<typeof schema.leaderboardAggregates.$inferSelect, "groupKey" | "meanScore">;

/** What a pass-rate benchmark adds to the shared board, breakdown and CSV. */
export interface PassRateOptions extends PassRateRules {
  /** A group read with the board's single query whose rate fills a row field (null until met). */
  rowGroup?: { groupType: GroupType; field: string };
  /** The response's own fields after `updated_at`. */
  extras?(q: LeaderboardQuery): Record<string, unknown>;
  /** lo and hi of a depth key (default: its tenths bucket). */
  depthBounds?(key: string): { lo: number; hi: number };
  /** Heatmap cells by numeric depth (exact positions) rather than by key (tenths). */
  numericDepth?: boolean;
  /** The breakdown's own field after `has_samples`, from the heatmap rows at the threshold and the overall mean score. */
  part?(
    q: LeaderboardQuery,
    grid: readonly GridRow[],
    meanScore: number | null,
    entry: EntryRef,
  ): Record<string, unknown>;
}

/**
 * The two statements of a pass-rate board page: its entries (those `pageIds` answers, one row
 * each) and their aggregates at the query's threshold in `groups`, by the aggregates' primary key.
 */
export function passRateStatements(
  env: Env,
  q: LeaderboardQuery,
  pageIds: SQL,
  groups: readonly GroupType[] = ["all", "language"],
) {
  const e = schema.leaderboardEntries;
  const a = schema.leaderboardAggregates;
  return {
    entries: pageEntries(env, pageIds, { errors: e.errors, contextExceeded: e.contextExceeded }),
    aggregates: pageAggregates(
      env,
      pageIds,
      aggregateColumns(),
      and(eq(a.threshold, thresholdKey(Number(q.threshold))), inArray(a.groupType, [...groups]))!,
    ),
  };
}

/** The aggregate columns a pass-rate board reads. */
function aggregateColumns() {
  const a = schema.leaderboardAggregates;
  return {
    groupType: a.groupType,
    groupKey: a.groupKey,
    n: a.n,
    passed: a.passed,
    rate: a.rate,
    ciLow: a.ciLow,
    ciHigh: a.ciHigh,
  };
}

type PassRateRead = ReturnType<typeof passRateStatements>;

/**
 * The board at one threshold, the entries of one page: one row per (model, kind) with its rate
 * (overall, or in `language`) and 95 % Wilson interval, and its rate in every language; the
 * board's languages (one index probe each) beside them.
 */
function passRateBoard(env: Env, q: LeaderboardQuery, opts: PassRateOptions, pageIds: SQL): BoardRead {
  const groups: GroupType[] = ["all", "language", ...(opts.rowGroup ? [opts.rowGroup.groupType] : [])];
  const { entries, aggregates } = passRateStatements(env, q, pageIds, groups);
  const probes = boardLanguages(env, q, thresholdKey(Number(q.threshold)));
  return {
    statements: [entries, aggregates, probes.statement],
    board: ([rows = [], aggs = [], langs]) =>
      passRateRows(
        q,
        opts,
        rows as Awaited<PassRateRead["entries"]>,
        aggs as PageAggregate<ReturnType<typeof aggregateColumns>>[],
        probes.languages(langs as Record<string, number> | undefined),
      ),
  };
}

/** The rows of a pass-rate board's page from its read (its entries, their aggregates), and the board's languages. */
function passRateRows(
  q: LeaderboardQuery,
  opts: PassRateOptions,
  entries: Awaited<PassRateRead["entries"]>,
  aggregates: PageAggregate<ReturnType<typeof aggregateColumns>>[],
  boardLangs: string[],
): Board {
  const languages = new Set<string>(boardLangs);
  const out: UnrankedRow[] = [];
  let updatedAt: string | null = null;
  for (const { entry: r, aggregates: own } of withAggregates(entries, aggregates)) {
    const row: Omit<UnrankedRow, keyof Rate> & Record<string, unknown> = {
      ...entryFields(r, { errors: r.errors, context_exceeded: r.contextExceeded }),
      ...(opts.rowGroup ? { [opts.rowGroup.field]: null } : {}),
    };
    let all: Rate | undefined;
    for (const a of own) {
      if (a.groupType === "all") all = toRate(a);
      else if (a.groupType === "language") {
        row.languages[a.groupKey] = toRate(a);
        languages.add(a.groupKey);
      } else if (opts.rowGroup && a.groupType === opts.rowGroup.groupType) row[opts.rowGroup.field] = a.rate;
    }
    const main = q.language === "all" ? all : row.languages[q.language];
    if (!main) continue;
    out.push({
      ...row,
      ...main,
      languages: Object.fromEntries(Object.entries(row.languages).sort(([x], [y]) => byLanguage(x, y))),
    });
    if (updatedAt === null || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
  }
  return { rows: out, languages: [...languages].sort(byLanguage), updatedAt, extras: opts.extras?.(q) };
}

/** lo and hi of a depth bucket key ("0.3-0.4"). */
function bounds(key: string): { lo: number; hi: number } {
  const { lo, hi } = depthBucket(Number(key.split("-")[0]));
  return { lo, hi };
}

/**
 * Pass-rate aggregates as a breakdown: the rate at every threshold in every language, and at
 * `threshold` by depth, by context length and both (with the heatmap's rows, for a benchmark's own
 * part). What a model's breakdown reads from stored aggregates and a run's page from its samples'.
 */
export function aggregateBreakdown(
  aggregates: readonly (GridRow & Pick<Aggregate, "groupType" | "threshold">)[],
  threshold: string,
  opts: Pick<PassRateOptions, "depthBounds" | "numericDepth"> = {},
) {
  const depthBounds = opts.depthBounds ?? bounds;
  const thresholds: PassRateBreakdown["thresholds"] = {};
  for (const t of THRESHOLD_KEYS) thresholds[t] = {};
  const depth: BucketRate[] = [];
  const length: BucketRate[] = [];
  const heatmap: PassRateBreakdown["heatmap"] = [];
  const grid: GridRow[] = [];
  for (const r of aggregates) {
    if (r.groupType === "all" || r.groupType === "language") {
      (thresholds[r.threshold] ??= {})[r.groupKey] = toRate(r);
    } else if (r.threshold !== threshold) {
    } else if (r.groupType === "depth") depth.push({ bucket: r.groupKey, ...depthBounds(r.groupKey), ...toRate(r) });
    else if (r.groupType === "length")
      length.push({ bucket: r.groupKey, ...lengthBucket(Number(r.groupKey)), ...toRate(r) });
    else if (r.groupType === "heatmap") {
      const [depthKey, lengthKey] = r.groupKey.split("|");
      heatmap.push({ depth: depthKey, length: lengthKey, rate: r.rate, n: r.n });
      grid.push(r);
    }
  }
  for (const t of THRESHOLD_KEYS) {
    thresholds[t] = Object.fromEntries(
      Object.entries(thresholds[t]).sort(([x], [y]) => (x === "all" ? -1 : y === "all" ? 1 : byLanguage(x, y))),
    );
  }
  depth.sort((x, y) => x.lo - y.lo);
  length.sort((x, y) => x.lo - y.lo);
  heatmap.sort(
    (x, y) =>
      Number(x.length) - Number(y.length) ||
      (opts.numericDepth ? Number(x.depth) - Number(y.depth) : x.depth.localeCompare(y.depth)),
  );
  return { thresholds, depth, length, heatmap, grid };
}

/**
 * One entry in detail: {@link aggregateBreakdown} of its stored aggregates at the query's
 * threshold. Entries without samples have empty depth, length and heatmap lists.
 */
async function passRateBreakdown(
  env: Env,
  q: LeaderboardQuery,
  entry: EntryRef,
  opts: PassRateOptions,
): Promise<BreakdownPart> {
  const a = schema.leaderboardAggregates;
  const aggregates = await db(env).select().from(a).where(eq(a.entryId, entry.id));
  const threshold = thresholdKey(Number(q.threshold));
  const { grid, ...breakdown } = aggregateBreakdown(aggregates, threshold, opts);
  const all = aggregates.find((r) => r.groupType === "all" && r.threshold === threshold);
  return { ...breakdown, has_samples: entry.hasSamples, ...opts.part?.(q, grid, all?.meanScore ?? null, entry) };
}

/** The CSV of a pass-rate board: rate, interval and counts, one rate column per language, then the row field of `rowGroup`. */
function passRateCsv(data: LeaderboardResponse, opts: PassRateOptions): unknown[][] {
  const own = opts.rowGroup ? [opts.rowGroup.field] : [];
  return [
    [
      "rank",
      "model",
      "kind",
      "rate",
      "ci_low",
      "ci_high",
      "n",
      "passed",
      "errors",
      "context_exceeded",
      ...data.languages,
      ...own,
    ],
    ...data.rows.map((r) => [
      r.rank,
      r.model,
      r.kind,
      r.rate,
      r.ci_low,
      r.ci_high,
      r.n,
      r.passed,
      r.errors,
      r.context_exceeded,
      ...data.languages.map((l) => r.languages[l]?.rate),
      ...own.map((f) => (r as unknown as Record<string, unknown>)[f]),
    ]),
  ];
}

const BucketSchema = RateSchema.extend({ bucket: z.string(), lo: z.number(), hi: z.number() }).openapi("BucketRate");

/** The OpenAPI fields of a pass-rate breakdown (`PassRateBreakdown`), absent from other benchmarks' breakdowns. */
export const PASS_RATE_BREAKDOWN = {
  thresholds: z
    .record(z.string(), z.record(z.string(), RateSchema))
    .optional()
    .openapi({ description: 'Pass-rate benchmarks: thresholds["0.8"]["python"]; "all" included' }),
  depth: z.array(BucketSchema).optional().openapi({
    description: "Pass-rate benchmarks: by the target's depth in tenths, at `threshold` (empty without samples)",
  }),
  length: z
    .array(BucketSchema)
    .optional()
    .openapi({ description: "Pass-rate benchmarks: by context length, at `threshold`" }),
  heatmap: z
    .array(z.object({ depth: z.string(), length: z.string(), rate: z.number(), n: z.number().int() }))
    .optional(),
};

/**
 * The similarity threshold of a pass-rate board (the reference's sweep, 0.0 to 1.0): which stored
 * aggregates a read shows. A benchmark whose pass rule has a threshold lists it in its `params`.
 */
export const THRESHOLD_PARAM: QueryParam = {
  owner: "pass-rate benchmarks",
  values: THRESHOLD_KEYS,
  default: thresholdKey(DEFAULT_THRESHOLD),
  description: "Similarity threshold of the reference's sweep",
  numeric: true,
};

/** The parts of a `BenchmarkLeaderboard` every pass-rate benchmark shares, with its options. */
export function passRateLeaderboard(
  opts: PassRateOptions = {},
): Pick<
  BenchmarkLeaderboard,
  "aggregate" | "passRates" | "ranks" | "rankAxis" | "board" | "breakdown" | "csv" | "csvName" | "unseen"
> {
  return {
    aggregate: (samples) => passRateAggregates(samples, opts),
    passRates: true,
    ranks: passRateRanks,
    rankAxis: passRateAxis,
    board: (env, q, page) => passRateBoard(env, q, opts, page),
    breakdown: (env, q, entry) => passRateBreakdown(env, q, entry, opts),
    csv: (data) => passRateCsv(data, opts),
    csvName: (q) => [Number(q.threshold).toFixed(1), q.language],
    unseen: { threshold: (q) => thresholdKey(Number(q.threshold)), metric: "pass" },
  };
}
