/**
 * A stand-in leaderboard for the start-up warm-up (src/core/warmup/warmup.ts): the rows a D1 stand-in answers
 * the leaderboard's reads with, so the warm-up renders the board and model pages with rows, as a
 * real read does. On an empty board the first real render still compiled the rows' code (the table
 * rows, rate and interval formatting, language columns, charts, heatmap): several ms of a cold
 * isolate's first page.
 *
 * Benchmark-agnostic: the rows are made from the schema's leaderboard tables, not from any
 * benchmark's queries. A statement's selected columns are read from its SQL (drizzle names every
 * column it selects) and each is filled from a synthetic entry or aggregate by column name, so a
 * benchmark's own board read gets rows of whatever columns it selects. Group keys are those of the
 * shared pass-rate aggregates (all, language, depth, length, heatmap); other group types get none.
 */
import { LANGUAGES } from "../../lib/code/languages";
import { PAGE_LIMIT } from "../../kit/leaderboard/ranks";
import { DEFAULT_THRESHOLD, THRESHOLD_KEYS, thresholdKey } from "../../lib/metrics/thresholds";

/** The slug of the stand-in's first model (the model page the warm-up renders). */
export const STAND_IN_MODEL = "warmup-model-0";

const UPDATED = "2026-01-01T00:00:00.000Z";
const LENGTH = "16384";
const DEPTHS = ["0.0-0.1", "0.5-0.6", "0.9-1.0"];
const GROUPS: [string, string][] = [
  ["all", "all"],
  ...LANGUAGES.slice(0, 3).map((l): [string, string] => ["language", l]),
  ...DEPTHS.map((d): [string, string] => ["depth", d]),
  ["length", LENGTH],
  ...DEPTHS.map((d): [string, string] => ["heatmap", `${d}|${LENGTH}`]),
];

type Row = Record<string, unknown>;

/** Whether a statement reads a board page's own rows: selected by the page's ids (`pageEntries`, `pageAggregates`). */
const readsPage = (sql: string) => / IN \(SELECT r\.entry_id /.test(sql);

/**
 * A full page of entries and one more, so that the page has a next one (verified and reported, with
 * samples and without, in turn): a real page's
 * volume of rows, so that the code every row goes through (drizzle's row mapping, the board's
 * grouping, serialising, rendering) runs often enough at start-up for V8 to optimise it. Run on three
 * rows only, it stayed in the interpreter, and an isolate's first real page of 100 rows cost 15–35 ms
 * of CPU against 4–8 ms warm (scripts/profile-cold.mts).
 */
const ENTRIES: Row[] = Array.from({ length: PAGE_LIMIT.default + 1 }, (_, i) => ({
  id: `warmup-entry-${i}`,
  benchmark: "warmup",
  dataset: "warmup",
  options: "",
  kind: i % 3 === 1 ? "reported" : "verified",
  // Every other name is an organisation's ("org/model", as many are): the board breaks those after the slash.
  model: i % 2 ? `warmup-org/Warm-up model ${i}` : `Warm-up model ${i}`,
  model_slug: `warmup-model-${i}`,
  source: i % 3 === 1 ? "warm-up source" : null,
  license: i % 3 === 1 ? "Apache-2.0" : null,
  train_size: i % 3 === 1 ? "7B" : null,
  eval_date: i % 3 === 1 ? "2026-01-01" : null,
  receipt: i % 3 === 1 ? null : JSON.stringify({ run_id: `warmup-run-${i}` }),
  has_samples: i % 3 === 1 ? 0 : 1,
  n: 200,
  errors: i % 3,
  context_exceeded: i % 3 === 2 ? 1 : 0,
  content_sha256: "0".repeat(64),
  created_at: UPDATED,
  updated_at: UPDATED,
}));

/** An entry's aggregate of one group at one threshold: distinct rates, so sorting and ranking do work. */
function aggregate(entry: number, threshold: string, [groupType, groupKey]: [string, string], k: number): Row {
  const passed = 190 - entry - 3 * k;
  const rate = passed / 200;
  return {
    entry_id: `warmup-entry-${entry}`,
    threshold,
    group_type: groupType,
    group_key: groupKey,
    n: 200,
    passed,
    rate,
    ci_low: rate - 0.09,
    ci_high: rate + 0.08,
    mean_score: 0.75,
    mean_precision: null,
    unparseable: null,
    errors: null,
    context_exceeded: null,
  };
}

const aggregatesOf = (entry: number, thresholds: readonly string[]) =>
  thresholds.flatMap((t) => GROUPS.map((group, k) => aggregate(entry, t, group, k)));

/** The selected columns of a statement, as [table or undefined, column] (undefined: an expression). */
function selectedColumns(sql: string): ([string | undefined, string] | undefined)[] {
  const list = /^select (.*?) from "/.exec(sql)?.[1];
  if (!list) return [];
  return list.split(", ").map((item) => {
    const m = /^(?:"(\w+)"\.)?"(\w+)"$/.exec(item);
    return m ? [m[1], m[2]] : undefined;
  });
}

const project = (sql: string, rows: Row[][], tables: string[]) => {
  const columns = selectedColumns(sql);
  // Each row is one record per table in `tables` (the first is the statement's own table).
  return rows.map((records) =>
    columns.map((c) => {
      if (!c) return null;
      const record = c[0] === undefined ? records[0] : records[tables.indexOf(c[0])];
      return record?.[c[1]] ?? null;
    }),
  );
};

/**
 * The stand-in rows of a drizzle statement of the leaderboard's reads: a board page's entries
 * (every stand-in entry: `pageEntries`, selected by the page's ids), a model's or a dataset's
 * lookup, an entry's aggregates at every threshold; no rows for any other statement.
 */
export function standInLeaderboardRows(sql: string): unknown[][] {
  const table = /^select .*? from "(\w+)"/.exec(sql)?.[1];
  if (table === "leaderboard_entries") {
    // A page's entries, or a lookup (the first three, one of each kind, are enough).
    return project(
      sql,
      (readsPage(sql) ? ENTRIES : ENTRIES.slice(0, 3)).map((e) => [e]),
      ["leaderboard_entries"],
    );
  }
  if (table === "leaderboard_aggregates")
    return project(
      sql,
      aggregatesOf(0, THRESHOLD_KEYS).map((a) => [a]),
      ["leaderboard_aggregates"],
    );
  return [];
}

/**
 * The stand-in answers of the reads by column name (src/kit/leaderboard/ranks.ts `batchStatement`): a
 * page of the entries best first, the board's total, every language present, the page's aggregates.
 */
export function standInLeaderboardObjects(sql: string): Record<string, unknown>[] {
  if (/\bSELECT r\.entry_id AS entryId\b/.test(sql)) {
    return ENTRIES.map((e, i) => ({
      entryId: e.id,
      slug: e.model_slug,
      kind: e.kind,
      value: (190 - i) / 200,
      nameKey: `${e.model}\u0001${i}`,
      rank: i + 1,
    }));
  }
  if (/^SELECT count\(\*\) AS n FROM leaderboard_ranks/.test(sql)) return [{ n: ENTRIES.length }];
  if (/^SELECT EXISTS/.test(sql)) return [Object.fromEntries(LANGUAGES.map((_, i) => [`l${i}`, 1]))];
  // A page's aggregates (`pageAggregates`, read by column name): every entry's at the default threshold.
  if (/^select .*? from "leaderboard_aggregates" /.test(sql) && readsPage(sql))
    return ENTRIES.flatMap((_, i) => aggregatesOf(i, [thresholdKey(DEFAULT_THRESHOLD)]));
  return [];
}
