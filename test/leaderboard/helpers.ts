/** Leaderboard test helpers: the published files, synthetic files in their shape, imports. */
import { env } from "cloudflare:test";
import type { SQL } from "drizzle-orm";
import { ADMIN, get, post } from "../helpers";
import { rankBackfill as rankBackfillOf } from "./board-seed";

export const THRESHOLDS = ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"];

export interface ScoreRow {
  repo: string;
  name: string;
  needle_position: number;
  is_best_similar: boolean;
  best_similar_score: number;
  best_target: string | null;
  position: { token_start: number; token_end: number };
}
export interface ModelFile {
  eval_date: string;
  train_size: string;
  scores: Record<string, Record<string, { "pass@1": number }>>;
  results?: Record<string, ScoreRow[]>;
}
export type ResultsFile = Record<string, ModelFile>;

/** The published RepoQA results, parsed; a clear failure when ../shared/data/repoqa-official is missing. */
export function official(): { combined: ResultsFile; scores: Record<string, ResultsFile> } {
  const o = env.OFFICIAL_RESULTS;
  if ("missing" in o) {
    throw new Error(
      `The leaderboard tests need the published RepoQA results: ${o.missing}. Put them at ../shared/data/repoqa-official (next to this repository); they are never committed here.`,
    );
  }
  return {
    combined: JSON.parse(o.combined),
    scores: Object.fromEntries(Object.entries(o.scores).map(([name, text]) => [name, JSON.parse(text)])),
  };
}

/** The reference's pass@1 of rows at a threshold. */
export function passAt1(rows: readonly ScoreRow[], threshold: number): number {
  return rows.filter((r) => r.is_best_similar && r.best_similar_score >= threshold).length / rows.length;
}

/** A SCORES file for `model` whose `scores` are computed from `results` as the reference does. */
export function scoresFile(
  model: string,
  results: Record<string, ScoreRow[]>,
  meta: Partial<ModelFile> = {},
): ResultsFile {
  const scores: ModelFile["scores"] = {};
  const all = Object.values(results).flat();
  for (const [group, rows] of [["all", all], ...Object.entries(results)] as [string, ScoreRow[]][]) {
    scores[group] = Object.fromEntries(THRESHOLDS.map((t) => [t, { "pass@1": passAt1(rows, Number(t)) }]));
  }
  return { [model]: { eval_date: "2024-05-13 01:00:00", train_size: "32k", ...meta, scores, results } };
}

/** Rows for one language: `scores[i]` is the best similarity of task i, negative for "best is not the target". */
export function rows(repo: string, scores: number[]): ScoreRow[] {
  return scores.map((s, i) => ({
    repo,
    name: `fn_${i}`,
    needle_position: (i % 10) / 10 + 0.05,
    is_best_similar: s >= 0,
    best_similar_score: Math.abs(s),
    best_target: s >= 0 ? `fn_${i}` : `other_${i}`,
    position: { token_start: 100 * i, token_end: 100 * i + 50 },
  }));
}

export function importFile(
  file: unknown,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = ADMIN,
) {
  return post(
    "/v1/leaderboard/import",
    { kind: "reported", dataset: "repoqa-2024-04-20", source: "RepoQA authors", license: "Apache-2.0", file, ...extra },
    headers,
  );
}

/** Imports and expects 200. */
export async function imported(file: unknown, extra: Record<string, unknown> = {}) {
  const res = await importFile(file, extra);
  if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return res.json<any>();
}

export async function board(query = "") {
  const res = await get(`/v1/leaderboard${query ? `?${query}` : ""}`);
  if (res.status !== 200) throw new Error(`leaderboard: ${res.status} ${await res.text()}`);
  return res.json<any>();
}

export async function generation(): Promise<number> {
  const row = await env.DB.prepare("SELECT generation FROM leaderboard_meta WHERE id = 1").first<{
    generation: number;
  }>();
  return row?.generation ?? 0;
}

export async function counts(): Promise<{ entries: number; samples: number; aggregates: number }> {
  const q = (t: string) =>
    env.DB.prepare(`SELECT count(*) AS n FROM ${t}`)
      .first<{ n: number }>()
      .then((r) => r!.n);
  return {
    entries: await q("leaderboard_entries"),
    samples: await q("leaderboard_samples"),
    aggregates: await q("leaderboard_aggregates"),
  };
}

/** Parses RFC 4180 CSV (quoted fields, CRLF). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field), out.push(row), (row = []), (field = ""), i++;
    } else field += ch;
  }
  if (field || row.length) row.push(field), out.push(row);
  return out;
}

/**
 * The backfill statements of the migration that made `leaderboard_ranks` (its INSERTs), with the
 * board key the later neutral-core migration rewrote it to (`benchmark/dataset/options`), so that
 * they replay both migrations on today's schema.
 */
function rankBackfill(): string[] {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("leaderboard_ranks"));
  if (!migration) throw new Error("no leaderboard_ranks migration");
  return rankBackfillOf(migration.queries.join("--> statement-breakpoint"));
}

/** Runs the migration's backfill of every entry's rank values (after deleting those stored). */
export async function backfillRanks(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM leaderboard_ranks"),
    ...rankBackfill().map((q) => env.DB.prepare(q)),
  ]);
}

/**
 * The rank rows the migration's backfill makes from the stored entries and aggregates, against
 * those the writes stored: rows only one side has, each way (both 0 when the two writers agree).
 */
export async function backfillDifferences(): Promise<{ stored: number; missing: number; extra: number }> {
  await env.DB.batch([
    env.DB.prepare("DROP TABLE IF EXISTS ranks_written"),
    env.DB.prepare("CREATE TABLE ranks_written AS SELECT * FROM leaderboard_ranks"),
  ]);
  await backfillRanks();
  const n = (sql: string) =>
    env.DB.prepare(sql)
      .first<{ n: number }>()
      .then((r) => r!.n);
  const out = {
    stored: await n("SELECT count(*) AS n FROM ranks_written"),
    missing: await n("SELECT count(*) AS n FROM (SELECT * FROM leaderboard_ranks EXCEPT SELECT * FROM ranks_written)"),
    extra: await n("SELECT count(*) AS n FROM (SELECT * FROM ranks_written EXCEPT SELECT * FROM leaderboard_ranks)"),
  };
  await env.DB.prepare("DROP TABLE ranks_written").run();
  return out;
}

/**
 * The query plans of a board page's two reads (its entries, their aggregates) for query `q`, with
 * the real page subquery of the rank index (`rankPageRead`): each line of SQLite's EXPLAIN QUERY PLAN.
 */
export async function pageReadPlans(
  statements: (pageIds: SQL) => {
    entries: { toSQL(): { sql: string; params: unknown[] } };
    aggregates: { toSQL(): { sql: string; params: unknown[] } };
  },
  pageIds: SQL,
): Promise<{ entries: string[]; aggregates: string[] }> {
  const plan = async (s: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = s.toSQL();
    return (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
  };
  const { entries, aggregates } = statements(pageIds);
  return { entries: await plan(entries), aggregates: await plan(aggregates) };
}
