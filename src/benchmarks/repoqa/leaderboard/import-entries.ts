/** One model of a published file as a reported entry: its per-task rows (SCORES) or its rates only (COMBINED-RESULTS). */
import { isLanguage } from "../../../lib/code/languages";
import { ProblemError } from "../../../lib/errors";
import {
  THRESHOLD_KEYS,
  passRateAggregates,
  rateOf,
  type Aggregate,
  type Sample,
} from "../../../kit/leaderboard/aggregate";
import { passRateRanks } from "../../../kit/leaderboard/ranks";
import type { EntryWrite } from "../../../kit/leaderboard/store";
import { sha256Hex } from "../../../lib/sha256";
import type { LeaderboardImport, ModelData } from "./import-schema";

/** How far a recomputed pass@1 may be from the file's own (the real files agree exactly). */
export const TOLERANCE = 1e-12;
export const refuse = (detail: string, extra: Record<string, unknown> = {}): never => {
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

export async function scoresEntry(body: LeaderboardImport, model: string, data: ModelData): Promise<EntryWrite> {
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

export async function combinedEntry(
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
