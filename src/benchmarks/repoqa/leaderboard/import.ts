/**
 * Importing published RepoQA results as `reported` leaderboard entries (`POST /v1/leaderboard/import`,
 * RepoQA's `BenchmarkLeaderboard.reported`). Two file types:
 * - `<model>-SCORES.json` ({model: {eval_date, train_size, scores, results}}): every per-task row
 *   is stored and every aggregate recomputed from them; a file whose own `scores` disagree with
 *   its rows (beyond 1e-12) is refused whole;
 * - `COMBINED-RESULTS.json` ({model: {eval_date, train_size, scores}}): aggregates only, with an
 *   assumed number of tasks per language so that intervals exist; a model that already has a
 *   per-sample entry of the same evaluation keeps it; the newest evaluation of a model wins.
 * Everything is checked before anything is written; the write is one transaction.
 */
import { z } from "@hono/zod-openapi";
import { and, eq, inArray } from "drizzle-orm";
import { isLanguage } from "../../../lib/code/languages";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import { ProblemError } from "../../../lib/errors";
import {
  THRESHOLD_KEYS,
  passRateAggregates,
  rateOf,
  type Aggregate,
  type Sample,
} from "../../../kit/leaderboard/aggregate";
import type { ReportedImport } from "../../../kit/leaderboard/family";
import { passRateRanks } from "../../../kit/leaderboard/ranks";
import { checkedCutoff, setCutoffs } from "../../../kit/leaderboard/cutoffs";
import { optionsKey } from "../../../kit/leaderboard/options";
import { writeEntries, type EntryScope, type EntryWrite, type WriteStatus } from "../../../kit/leaderboard/store";
import { sha256Hex } from "../../../lib/sha256";
import { COMMENT_MODES, type CommentMode } from "../dataset/context";
import { SCORING_MODES } from "../score/scorer";
import { REPOQA_PARAMS } from "./params";

/** Tasks per language when a published file gives only rates: RepoQA 2024-04-20 has 10 repositories x 10 needles. */
export const DEFAULT_N_PER_LANGUAGE: Record<string, number> = { "repoqa-2024-04-20": 100 };

/** How far a recomputed pass@1 may be from the file's own (the real files agree exactly). */
const TOLERANCE = 1e-12;

const PassAt1 = z.object({ "pass@1": z.number().min(0).max(1) });
const ScoreRow = z.object({
  repo: z.string().min(1).max(200),
  name: z.string().min(1).max(500),
  needle_position: z.number().min(0).max(1),
  is_best_similar: z.boolean(),
  best_similar_score: z.number().min(0),
  best_target: z.string().max(500).nullable(),
  position: z.object({ token_start: z.number().int().nullable(), token_end: z.number().int().nullable() }),
});
const ModelResults = z.object({
  eval_date: z.string().max(100).nullable().optional(),
  train_size: z
    .union([z.string().max(50), z.number()])
    .nullable()
    .optional(),
  scores: z.record(z.string(), z.record(z.string(), PassAt1)),
  results: z.record(z.string(), z.array(ScoreRow)).optional(),
});

const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "lower-case letters, digits, '.', '_' and '-', at most 64");

/** The import's body; `benchmarks` are every leaderboard benchmark (the others' files are refused with 422, not 400). */
export function leaderboardImportSchema(benchmarks: readonly [string, ...string[]]) {
  return z
    .object({
      kind: z.literal("reported").openapi({
        description: "Imports are always `reported`; verified entries come only from runs of this service",
      }),
      dataset: Slug.openapi({ example: "repoqa-2024-04-20" }),
      benchmark: z.enum(benchmarks).default("repoqa-snf").openapi({
        description:
          "Only `repoqa-snf` results files can be imported; the other leaderboard benchmarks are published by runs (422)",
      }),
      scoring_mode: z.enum(SCORING_MODES).default("official"),
      comment_mode: z.enum(COMMENT_MODES as [CommentMode, ...CommentMode[]]).default("original"),
      context_size: z
        .number()
        .int()
        .min(1)
        .max(10_000_000)
        .default(16384)
        .openapi({ description: "Context length of the evaluation (length buckets)" }),
      source: z.string().min(1).max(500).openapi({ example: "RepoQA authors (https://github.com/evalplus/repoqa)" }),
      license: z.string().min(1).max(100).openapi({ example: "Apache-2.0" }),
      cutoffs: z
        .record(z.string().min(1).max(200), z.string().max(10))
        .optional()
        .openapi({
          description:
            "Training cutoffs of the file's models as their providers state them (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`), by model name, stored with source `import` (docs/contamination.md#cutoffs); a bad one is a 400 and nothing is imported",
          example: { "gpt-4o-2024-05-13": "2023-10" },
        }),
      n_per_language: z.number().int().min(1).max(1_000_000).optional().openapi({
        description:
          "Tasks per language behind an aggregates-only file (COMBINED-RESULTS.json). Default 100 for repoqa-2024-04-20 (10 repositories x 10 needles); required for other datasets",
      }),
      file: z.record(z.string().min(1).max(200), ModelResults).openapi({
        description: "The parsed JSON of a `<model>-SCORES.json` or of `COMBINED-RESULTS.json`",
      }),
    })
    .strict()
    .openapi("LeaderboardImport");
}

export type LeaderboardImport = z.infer<ReturnType<typeof leaderboardImportSchema>>;

export interface ImportResult {
  kind: "reported";
  file_type: "scores" | "combined";
  benchmark: string;
  dataset: string;
  generation: number;
  entries: { model: string; model_slug: string; status: WriteStatus; has_samples: boolean; n: number }[];
  warnings: string[];
}

type ModelData = z.infer<typeof ModelResults>;

const refuse = (detail: string, extra: Record<string, unknown> = {}): never => {
  throw new ProblemError("unprocessable-content", detail, extra);
};

function checkLanguages(model: string, languages: string[]) {
  for (const l of languages) if (!isLanguage(l)) refuse(`${model}: unknown language "${l}".`, { model, language: l });
}

/** The file's own pass@1 at every threshold of `group`, refusing gaps and unknown thresholds. */
function published(model: string, data: ModelData, group: string): Map<string, number> {
  const byThreshold = data.scores[group];
  if (!byThreshold) return refuse(`${model}: "scores" has no "${group}".`, { model, language: group });
  for (const t of Object.keys(byThreshold)) {
    if (!THRESHOLD_KEYS.includes(t))
      refuse(`${model}: unknown threshold "${t}" in scores.${group}.`, { model, language: group, threshold: t });
  }
  return new Map(
    THRESHOLD_KEYS.map((t) => {
      const v = byThreshold[t]?.["pass@1"];
      if (v === undefined)
        refuse(`${model}: scores.${group} has no pass@1 at threshold ${t}.`, { model, language: group, threshold: t });
      return [t, v as number];
    }),
  );
}

async function contentSha(
  kind: string,
  body: LeaderboardImport,
  model: string,
  data: ModelData,
  extra: unknown = null,
) {
  const { file: _file, ...params } = body;
  return sha256Hex(JSON.stringify({ kind, params, extra, model, data }));
}

function metaOf(body: LeaderboardImport, data: ModelData) {
  return {
    source: body.source,
    license: body.license,
    trainSize: data.train_size == null ? null : String(data.train_size),
    evalDate: data.eval_date ?? null,
    receipt: null,
  };
}

async function scoresEntry(body: LeaderboardImport, model: string, data: ModelData): Promise<EntryWrite> {
  const results = data.results ?? {};
  const languages = Object.keys(results);
  if (languages.length === 0) refuse(`${model}: "results" is empty.`, { model });
  checkLanguages(model, languages);
  const extraGroups = Object.keys(data.scores).filter((g) => g !== "all" && !languages.includes(g));
  if (extraGroups.length)
    refuse(`${model}: "scores" has ${extraGroups.join(", ")} but "results" has no rows for it.`, {
      model,
      language: extraGroups[0],
    });

  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const language of languages) {
    for (const row of results[language]) {
      const taskId = `${language}::${row.repo}::${row.name}`;
      const key = `${taskId}@${row.needle_position}`;
      if (seen.has(key))
        refuse(`${model}: task ${taskId} appears twice at depth ${row.needle_position}.`, { model, task: taskId });
      seen.add(key);
      samples.push({
        taskId,
        language,
        position: row.needle_position,
        tokenStart: row.position.token_start,
        tokenEnd: row.position.token_end,
        contextSize: body.context_size,
        passed: row.is_best_similar,
        score: row.best_similar_score,
        status: "scored",
        parts: row.best_target === null ? null : { target: row.best_target },
        born: null,
      });
    }
  }
  const aggregates = passRateAggregates(samples);
  for (const group of [...languages, "all"]) {
    const own = published(model, data, group);
    for (const a of aggregates) {
      if (a.groupKey !== group || (a.groupType !== "all" && a.groupType !== "language")) continue;
      const claimed = own.get(a.threshold)!;
      if (!(Math.abs(a.rate - claimed) <= TOLERANCE)) {
        refuse(
          `${model}: pass@1 in ${group} at threshold ${a.threshold} recomputes to ${a.rate} (${a.passed} of ${a.n}) from the file's rows, but its scores say ${claimed}. Nothing was imported.`,
          { model, language: group, threshold: a.threshold, recomputed: a.rate, published: claimed },
        );
      }
    }
  }
  return {
    model,
    ...metaOf(body, data),
    samples,
    aggregates,
    ranks: passRateRanks(aggregates),
    n: samples.length,
    errors: 0,
    contextExceeded: 0,
    contentSha256: await contentSha("scores", body, model, data),
  };
}

/** Counts from a rate and an assumed n; a rate that is not a multiple of 1/n means n is wrong. */
function countOf(model: string, group: string, threshold: string, rate: number, n: number): number {
  const passed = Math.round(rate * n);
  if (Math.abs(rate * n - passed) > 1e-6) {
    refuse(
      `${model}: pass@1 ${rate} in ${group} at threshold ${threshold} is not a whole number of tasks out of ${n}; give the right n_per_language.`,
      {
        model,
        language: group,
        threshold,
      },
    );
  }
  return passed;
}

async function combinedEntry(
  body: LeaderboardImport,
  model: string,
  data: ModelData,
  nPerLanguage: number,
): Promise<EntryWrite> {
  const languages = Object.keys(data.scores).filter((g) => g !== "all");
  if (languages.length === 0) refuse(`${model}: "scores" has no language.`, { model });
  checkLanguages(model, languages);
  const nAll = nPerLanguage * languages.length;
  const aggregates: Aggregate[] = [];
  const all = published(model, data, "all");
  const perLanguage = new Map(languages.map((l) => [l, published(model, data, l)]));
  for (const t of THRESHOLD_KEYS) {
    let sum = 0;
    for (const [language, rates] of perLanguage) {
      const passed = countOf(model, language, t, rates.get(t)!, nPerLanguage);
      sum += passed;
      const r = rateOf(passed, nPerLanguage, rates.get(t)!);
      aggregates.push({
        threshold: t,
        groupType: "language",
        groupKey: language,
        n: nPerLanguage,
        passed,
        rate: r.rate,
        ciLow: r.ci_low,
        ciHigh: r.ci_high,
        meanScore: null,
      });
    }
    const passed = countOf(model, "all", t, all.get(t)!, nAll);
    if (passed !== sum) {
      refuse(
        `${model}: at threshold ${t}, "all" is ${passed} of ${nAll} but the languages add up to ${sum}; give the right n_per_language.`,
        { model, threshold: t },
      );
    }
    const r = rateOf(passed, nAll, all.get(t)!);
    aggregates.push({
      threshold: t,
      groupType: "all",
      groupKey: "all",
      n: nAll,
      passed,
      rate: r.rate,
      ciLow: r.ci_low,
      ciHigh: r.ci_high,
      meanScore: null,
    });
  }
  return {
    model,
    ...metaOf(body, data),
    samples: null,
    aggregates,
    ranks: passRateRanks(aggregates),
    n: nAll,
    errors: 0,
    contextExceeded: 0,
    contentSha256: await contentSha("combined", body, model, data, { n_per_language: nPerLanguage }),
  };
}

/** Rates of a kept per-sample entry that differ from the combined file's, for a warning. */
async function differences(env: Env, entryId: string, write: EntryWrite): Promise<string[]> {
  const a = schema.leaderboardAggregates;
  const stored = await db(env)
    .select({ threshold: a.threshold, groupKey: a.groupKey, rate: a.rate })
    .from(a)
    .where(and(eq(a.entryId, entryId), inArray(a.groupType, ["all", "language"])));
  const byKey = new Map(stored.map((s) => [`${s.groupKey}@${s.threshold}`, s.rate]));
  return write.aggregates
    .filter((w) => {
      const s = byKey.get(`${w.groupKey}@${w.threshold}`);
      return s !== undefined && Math.abs(s - w.rate) > TOLERANCE;
    })
    .map(
      (w) =>
        `${w.groupKey} at ${w.threshold}: ${byKey.get(`${w.groupKey}@${w.threshold}`)} stored, ${w.rate} in this file`,
    );
}

/**
 * Imports one published file as reported entries (see the module comment). `refusal` says why a
 * file of another leaderboard benchmark is not imported (undefined: it is RepoQA's).
 */
export async function importReported(
  env: Env,
  body: LeaderboardImport,
  refusal: (benchmark: string) => string | undefined = () => undefined,
): Promise<ImportResult> {
  // These files are RepoQA's (tenths of depth, similarity thresholds); another benchmark's
  // aggregates would be read as its own cells, so its entries come only from runs.
  const why = refusal(body.benchmark);
  if (why !== undefined) refuse(`Benchmark "${body.benchmark}" ${why}, not imported from RepoQA result files.`);
  const models = Object.entries(body.file);
  if (models.length === 0) refuse("The file holds no model.");
  const withRows = models.filter(([, d]) => d.results !== undefined).length;
  if (withRows !== 0 && withRows !== models.length) {
    refuse(
      "The file mixes models with per-task results and models without; import SCORES files and COMBINED-RESULTS.json separately.",
    );
  }
  const fileType = withRows ? "scores" : "combined";
  let writes: EntryWrite[];
  if (fileType === "scores") {
    writes = await Promise.all(models.map(([model, data]) => scoresEntry(body, model, data)));
  } else {
    const n = body.n_per_language ?? DEFAULT_N_PER_LANGUAGE[body.dataset];
    if (!n)
      refuse(
        `An aggregates-only file needs n_per_language for dataset "${body.dataset}" (tasks per language, for the intervals).`,
      );
    writes = await Promise.all(models.map(([model, data]) => combinedEntry(body, model, data, n!)));
  }
  const scope: EntryScope = {
    benchmark: body.benchmark,
    dataset: body.dataset,
    options: optionsKey(REPOQA_PARAMS, { mode: body.scoring_mode, comment_mode: body.comment_mode }),
    kind: "reported",
  };
  for (const cutoff of Object.values(body.cutoffs ?? {})) checkedCutoff(cutoff); // before anything is written
  const { results, generation, existing } = await writeEntries(env, scope, writes, { keepRicher: true });
  await setCutoffs(env, body.cutoffs ?? {}, "import");
  const warnings: string[] = [];
  for (const r of results.filter((r) => r.status === "kept")) {
    const old = existing.get(r.model)!;
    const write = writes.find((w) => w.model === r.model)!;
    const diffs = await differences(env, old.id, write);
    if (diffs.length) {
      warnings.push(
        `${r.model}: kept the stored ${old.hasSamples ? "per-sample" : "aggregates-only"} entry (eval_date ${old.evalDate ?? "unknown"}), but ${diffs.length} of this file's ${write.aggregates.length} rates (eval_date ${write.evalDate ?? "unknown"}) differ from it, e.g. ${diffs.slice(0, 2).join("; ")}.`,
      );
    }
  }
  return {
    kind: "reported",
    file_type: fileType,
    benchmark: body.benchmark,
    dataset: body.dataset,
    generation,
    entries: results.map((r) => {
      const w = writes.find((x) => x.model === r.model)!;
      const kept = r.status === "kept";
      return {
        ...r,
        has_samples: kept ? existing.get(r.model)!.hasSamples : w.samples !== null,
        n: kept ? existing.get(r.model)!.n : w.n,
      };
    }),
    warnings,
  };
}

const ImportResultSchema = z
  .object({
    kind: z.literal("reported"),
    file_type: z.enum(["scores", "combined"]),
    benchmark: z.string(),
    dataset: z.string(),
    generation: z.number().int(),
    entries: z.array(
      z.object({
        model: z.string(),
        model_slug: z.string(),
        status: z
          .enum(["created", "replaced", "unchanged", "kept"])
          .openapi({ description: "`kept`: a per-sample entry exists and wins over aggregates only" }),
        has_samples: z.boolean(),
        n: z.number().int(),
      }),
    ),
    warnings: z.array(z.string()),
  })
  .openapi("LeaderboardImportResult");

/** RepoQA's reported results on the leaderboard (`BenchmarkLeaderboard.reported`). */
export const repoqaReportedImport: ReportedImport<LeaderboardImport> = {
  schema: leaderboardImportSchema,
  description: [
    "A SCORES file's per-task rows are stored and every aggregate is recomputed from them; a file whose own `scores` differ from its rows (tolerance 1e-12) is refused with 422 and nothing is stored.",
    `COMBINED-RESULTS.json has rates only: each model gets an entry without samples, with n = n_per_language per language (default ${DEFAULT_N_PER_LANGUAGE["repoqa-2024-04-20"]} for repoqa-2024-04-20: 10 repositories x 10 needles), passed = round(rate x n) and "all" n = the sum, so intervals exist. A model that already has a per-sample entry keeps it.`,
    "Importing the same content again changes nothing; changed content replaces the entry atomically.",
  ].join(" "),
  result: ImportResultSchema,
  run: async (env, body, refusal) => ({ ...(await importReported(env, body, refusal)) }),
};
