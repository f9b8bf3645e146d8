/**
 * RepoQA needle evaluation (the reference's `needle_evaluator`), in two named modes:
 * - `official`: candidates are the repository's needles, as the reference (and every published
 *   number) does it;
 * - `strict`: candidates are every function of the task's code context, the paper's stated design.
 * Both pick the first candidate with the highest similarity (strict `>`, starting from 0, so an
 * answer similar to nothing matches nothing) and pass when it is the target and its similarity
 * reaches the threshold.
 */
import { removeCommentsSync, type LoadedLanguage } from "../../../lib/code";
import { ReferenceSet } from "../../../lib/metrics/bleu";
import type { ReferenceScorer } from "../../../lib/metrics/bleu-index";
import { DEFAULT_THRESHOLD, THRESHOLDS, thresholdKey } from "../../../lib/metrics/thresholds";
import { sanitizeOutput } from "./sanitize";

export const SCORING_MODES = ["official", "strict"] as const;
export type ScoringMode = (typeof SCORING_MODES)[number];

export { DEFAULT_THRESHOLD, THRESHOLDS, thresholdKey };

/**
 * Candidates of one (shard, mode, comment mode), indexed once and reused across answers: built
 * here from texts, or loaded precomputed (src/benchmarks/repoqa/store/score-index.ts) with the same scores.
 */
export interface CandidateSet {
  readonly names: readonly string[];
  readonly paths: readonly string[];
  readonly references: ReferenceScorer;
}

export function candidateSet(
  functions: readonly { name: string; path: string; code: string }[],
  texts: readonly string[],
): CandidateSet {
  return {
    names: functions.map((f) => f.name),
    paths: functions.map((f) => f.path),
    references: new ReferenceSet(texts),
  };
}

export interface NeedleVerdict {
  pass: boolean;
  /** Pass at each threshold of the sweep, keyed "0.0" ... "1.0" as in the reference's files. */
  pass_at: Record<string, boolean>;
  best_target: string | null;
  best_target_path: string | null;
  best_similarity: number;
  target_similarity: number;
  extracted: string;
}

/**
 * Scores one model answer against a candidate set.
 * @param targetIndex position of the task's target in `candidates`
 */
export function evaluateAnswer(opts: {
  lang: LoadedLanguage;
  answer: string;
  candidates: CandidateSet;
  targetIndex: number;
  threshold: number;
  ignoreComments: boolean;
}): NeedleVerdict {
  const { lang, candidates, targetIndex, threshold } = opts;
  let extracted = sanitizeOutput(lang, opts.answer);
  if (opts.ignoreComments) extracted = removeCommentsSync(lang, extracted);
  const scores = candidates.references.score(extracted);
  let best = -1;
  let bestSimilarity = 0;
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] > bestSimilarity) {
      bestSimilarity = scores[i];
      best = i;
    }
  }
  const hit = best === targetIndex;
  const pass_at: Record<string, boolean> = {};
  for (const t of THRESHOLDS) pass_at[thresholdKey(t)] = hit && bestSimilarity >= t;
  return {
    pass: hit && bestSimilarity >= threshold,
    pass_at,
    best_target: best >= 0 ? candidates.names[best] : null,
    best_target_path: best >= 0 ? candidates.paths[best] || null : null,
    best_similarity: bestSimilarity,
    target_similarity: scores[targetIndex],
    extracted,
  };
}

/** pass@1 (the mean of pass flags: n = 1 sample per task) per group and over "all". */
export function passAt1(verdicts: readonly { language: string; pass_at: Record<string, boolean> }[]) {
  const groups = new Map<string, { n: number; passed: number[] }>();
  const add = (key: string, v: (typeof verdicts)[number]) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { n: 0, passed: THRESHOLDS.map(() => 0) }));
    g.n++;
    for (const [i, t] of THRESHOLDS.entries()) g.passed[i] += v.pass_at[thresholdKey(t)] ? 1 : 0;
  };
  for (const v of verdicts) {
    add("all", v);
    add(v.language, v);
  }
  const result: Record<string, { n: number; pass_at_1: Record<string, number> }> = {};
  for (const [key, g] of groups) {
    result[key] = {
      n: g.n,
      pass_at_1: Object.fromEntries(THRESHOLDS.map((t, i) => [thresholdKey(t), g.passed[i] / g.n])),
    };
  }
  return result;
}
