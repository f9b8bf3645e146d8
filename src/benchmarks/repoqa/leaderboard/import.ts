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
import { and, eq, inArray } from "drizzle-orm";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import type { ReportedImport } from "../../../kit/leaderboard/family";
import { checkedCutoff, setCutoffs } from "../../../kit/leaderboard/cutoffs";
import { optionsKey } from "../../../kit/leaderboard/options";
import { writeEntries, type EntryScope, type EntryWrite } from "../../../kit/leaderboard/store";
import { TOLERANCE, combinedEntry, refuse, scoresEntry } from "./import-entries";
import {
  DEFAULT_N_PER_LANGUAGE,
  ImportResultSchema,
  type ImportResult,
  type LeaderboardImport,
  leaderboardImportSchema,
} from "./import-schema";
import { REPOQA_PARAMS } from "./params";

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
