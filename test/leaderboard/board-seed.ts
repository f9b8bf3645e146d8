/**
 * A synthetic board of any size, written in SQL in two statements (a recursive CTE each): what the
 * paging test (scale.test.ts) and the leaderboard bench (scripts/bench-service.mts) read. Model i
 * passes the first `passed(i)` of its tasks (languages in order, `perLanguage` each) at every
 * threshold; every `verifiedEvery`-th model is a verified entry (with `receipt`, when given). Entries and their `all` and
 * per-language aggregates only: the rank values come from the migration's backfill, run after.
 */
export const SEED_LANGUAGES = ["python", "cpp", "java", "typescript", "rust"];
export const SEED_THRESHOLDS = ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"];

export interface BoardSeed {
  benchmark?: string;
  dataset: string;
  models: number;
  perLanguage?: number;
  /** Every n-th model is verified (0: none). */
  verifiedEvery?: number;
  /** Model names: `${prefix}${i}` with i zero-padded to `digits`. */
  prefix?: string;
  digits?: number;
  /** The receipt every verified entry stores (as a run's does; none by default). */
  receipt?: Record<string, unknown>;
  /**
   * Dated units (the unseen view's reads): each entry's tasks spread over this many birth days, one
   * `born` aggregate per day and threshold, and every model but each fifth with a stated cutoff.
   */
  bornDays?: number;
}

/** Tasks passed by model i of a seed with `tasks` tasks (0 .. tasks, so models tie and share ranks). */
export const seedPassed = (i: number, tasks: number) => (i * 37) % (tasks + 1);

/** The two statements that write a seed's entries and aggregates. */
export function boardSeedStatements(s: BoardSeed): string[] {
  const per = s.perLanguage ?? 10;
  const tasks = per * SEED_LANGUAGES.length;
  const prefix = s.prefix ?? `${s.dataset}/model-`;
  const digits = s.digits ?? 5;
  const pad = `substr('${"0".repeat(digits)}' || i, -${digits})`;
  const id = `'${s.dataset}-' || i`;
  const n = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${s.models - 1})`;
  const th = `t(th) AS (VALUES ${SEED_THRESHOLDS.map((t) => `('${t}')`).join(", ")})`;
  const langs = `l(k, lang) AS (VALUES ${SEED_LANGUAGES.map((l, k) => `(${k}, '${l}')`).join(", ")})`;
  const p = `((i * 37) % ${tasks + 1})`;
  const inLang = `max(0, min(${per}, ${p} - ${per} * k))`;
  const kind = s.verifiedEvery
    ? `CASE WHEN i % ${s.verifiedEvery} = 0 THEN 'verified' ELSE 'reported' END`
    : "'reported'";
  const slug = `replace('${prefix}', '/', '--') || ${pad}`;
  const receipt =
    s.receipt && s.verifiedEvery
      ? `CASE WHEN i % ${s.verifiedEvery} = 0 THEN '${JSON.stringify(s.receipt).replace(/'/g, "''")}' END`
      : "NULL";
  return [
    `${n} INSERT INTO leaderboard_entries (id, benchmark, dataset, options, kind, model, model_slug, has_samples, n, errors, context_exceeded, receipt, content_sha256, created_at, updated_at)
     SELECT ${id}, '${s.benchmark ?? "repoqa-snf"}', '${s.dataset}', '', ${kind}, '${prefix}' || ${pad}, ${slug}, 0, ${tasks}, 0, 0, ${receipt}, 'seed', '2024-05-13T00:00:00Z', '2024-05-13T00:00:00Z' FROM n`,
    `${n}, ${th}, ${langs} INSERT INTO leaderboard_aggregates (entry_id, threshold, group_type, group_key, n, passed, rate)
     SELECT ${id}, th, 'language', lang, ${per}, ${inLang}, ${inLang} / ${per}.0 FROM n, t, l
     UNION ALL SELECT ${id}, th, 'all', 'all', ${tasks}, ${p}, ${p} / ${tasks}.0 FROM n, t`,
    ...(s.bornDays ? bornStatements(s, n, th, id, prefix, pad, tasks) : []),
  ];
}

/**
 * A seed's dated part: `bornDays` days from 2025-01-01, every fifth day apart, each holding
 * `tasks / bornDays` of every entry's tasks (the first days the rest), passed in proportion to the
 * model's overall rate; cutoffs from 2025-01 to 2025-12 by model, every fifth model without one.
 */
function bornStatements(s: BoardSeed, n: string, th: string, id: string, prefix: string, pad: string, tasks: number) {
  const days = s.bornDays!;
  const dayOf = `date('2025-01-01', '+' || (d * 5) || ' days')`;
  const perDay = `(${tasks} / ${days} + CASE WHEN d < ${tasks % days} THEN 1 ELSE 0 END)`;
  const passed = `((i * 37) % ${tasks + 1}) * ${perDay} / ${tasks}`;
  return [
    `${n}, ${th}, dd(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM dd WHERE d < ${days - 1})
     INSERT INTO leaderboard_aggregates (entry_id, threshold, group_type, group_key, n, passed, rate, mean_score)
     SELECT ${id}, th, 'born', ${dayOf}, ${perDay}, ${passed}, 1.0 * ${passed} / ${perDay}, 0.5 FROM n, t, dd`,
    `${n} INSERT OR REPLACE INTO model_cutoffs (model, cutoff, precision, first_unseen, source, note, updated_at)
     SELECT '${prefix}' || ${pad}, '2025-' || substr('0' || (1 + i % 12), -2), 'month',
       date('2025-' || substr('0' || (1 + i % 12), -2) || '-01', '+1 month'), 'seed', NULL, '2024-05-13T00:00:00Z'
     FROM n WHERE i % 5 <> 0`,
  ];
}

/**
 * The rank rows' backfill of the migration that made `leaderboard_ranks` (its INSERTs, from the
 * migration's text), with the board key the neutral-core migration rewrote it to
 * (`benchmark/dataset/options`): both migrations replayed on today's schema.
 */
export function rankBackfill(migrationText: string): string[] {
  const oldKey = "e.benchmark || '/' || e.dataset || '/' || e.scoring_mode || '/' || e.comment_mode";
  const newKey = "e.benchmark || '/' || e.dataset || '/' || e.options";
  return migrationText
    .split("--> statement-breakpoint")
    .filter((q) => /INSERT INTO `leaderboard_ranks`/.test(q))
    .map((q) => {
      if (!q.includes(oldKey)) throw new Error("the ranks backfill no longer builds the board key as expected");
      return q.replaceAll(oldKey, newKey);
    });
}
