/**
 * Scoring LongCodeU answers with the paper's metrics (spec: shared/spec/longcodeu.md, "Metrics").
 * Every verdict is `{ passed: recall >= 1 - 1e-9, score: recall, detail }`, the detail carrying at
 * least `task, bucket, metric, recall, precision, unparseable` (what results tables and the
 * leaderboard read) and the task's own facts.
 *
 * - CU_P (LCS-R/P): predicted names kept only when they are reference names, LCS with the reference
 *   order; precision divides by every predicted name.
 * - CU_DFA (EM-R/P): predicted lines equal to reference lines after trimming, each reference line
 *   matched once. Line numbers are recorded in `detail.line_numbers` and not scored: the paper's
 *   EM compares lines, and a model that quotes the right line with a wrong number found the flow.
 * - CU_SA (CodeBLEU): the extracted function against the reference unit; recall = precision.
 * - DRA/SRE (CB-R/P): each predicted unit whose name is an unused reference unit's name gets its
 *   CodeBLEU against that unit (the best one when several share the name), others 0;
 *   recall = sum / |reference|, precision = sum / |predicted|.
 * - LDU (BLEU): NLTK sentence BLEU (method4, the service's BLEU) of the documentation text; the
 *   sequence number is recorded in `detail.sequence_right`, not scored.
 * Nothing in the demanded shape (or an empty output): recall = precision = 0, `unparseable: true`.
 */
import { sentenceBleu } from "../../../lib/metrics/bleu";
import { BudgetExceededError, WorkMeter } from "../../../lib/code/budget";
import {
  CodeBleuInputError,
  DataFlowBudgetError,
  codeBleuSampleStats,
  combineCodeBleu,
  loadCodeBleuGrammar,
  type CodeBleuScore,
} from "../../../lib/metrics/codebleu";
import { exactMatchLines } from "../../../lib/metrics/exact-match";
import { lcsRecallPrecision } from "../../../lib/metrics/lcs";
import type { LoadedLanguage } from "../../../lib/code/parser";
import type { SampleVerdict } from "../../types";
import type { LengthBucket, LongCodeUExample, LongCodeUTask } from "../dataset/index";
import { TASK_PAPER_METRIC } from "../dataset/ids";
import { extractFunction, parseDataFlow, parseDocumentation, parseFunctionNames, parseUnits } from "./parse";

export { SCORER_VERSION } from "../dataset/ids";

/** What scoring needs of an example: the example and its context's bucket. */
export interface ScorableExample extends Pick<LongCodeUExample, "id" | "task" | "anchor" | "answer"> {
  bucket: LengthBucket;
}

type Facts = Record<string, unknown>;

function verdict(
  example: ScorableExample,
  recall: number,
  precision: number,
  facts: Facts,
  unparseable = false,
): SampleVerdict {
  return {
    passed: recall >= 1 - 1e-9,
    score: recall,
    detail: {
      task: example.task,
      bucket: example.bucket,
      metric: TASK_PAPER_METRIC[example.task],
      recall,
      precision,
      unparseable,
      ...facts,
    },
  };
}

const unparseable = (example: ScorableExample, reason: string) => verdict(example, 0, 0, { reason }, true);

function scoreNames(example: ScorableExample, output: string): SampleVerdict {
  const parsed = parseFunctionNames(output);
  if (!parsed) return unparseable(example, "no `Function_names = [...]` or other list");
  const reference = example.answer.names ?? [];
  const s = lcsRecallPrecision(reference, parsed.names);
  return verdict(example, s.recall, s.precision, {
    reference_names: reference.length,
    predicted_names: parsed.names.length,
    kept_names: s.kept.length,
    lcs: s.lcs,
    list_closed: parsed.closed,
    labelled: parsed.labelled,
  });
}

function scoreDataFlow(example: ScorableExample, output: string): SampleVerdict {
  const parsed = parseDataFlow(output);
  if (!parsed) return unparseable(example, "no `##### The extracted code line #####` blocks or fenced lines");
  const reference = example.answer.lines ?? [];
  const predicted = parsed.pairs.flatMap((p) => p.lines);
  const s = exactMatchLines(
    reference.map((l) => l.text),
    predicted,
  );
  const numbered = parsed.pairs.filter((p) => p.line !== null);
  const agree = numbered.filter((p) =>
    reference.some((r) => r.line === p.line && r.text.trim() === p.lines[0].trim()),
  ).length;
  return verdict(example, s.recall, s.precision, {
    reference_lines: reference.length,
    predicted_lines: predicted.length,
    matched: s.matched,
    shape: parsed.shape,
    line_numbers: { given: numbered.length, agree, scored: false },
  });
}

/**
 * CodeBLEU of a pair as the scorer computes it (python, default weights, one CodeBLEU request's
 * budget per pair, docs/limits.md, "CPU budgets"), with a loaded grammar; code the metric refuses (a lone
 * surrogate, data flow too costly to extract, over the budget) gives null with the reason, which
 * the scorer counts 0. The builder's self-scorability check (build/repo.ts) calls it too, so a unit
 * it picks as an answer scores 1 here.
 */
export function scorerCodeBleu(
  reference: string,
  prediction: string,
  grammar: LoadedLanguage,
  request?: WorkMeter,
): { score: CodeBleuScore | null; error?: string } {
  try {
    const meter = WorkMeter.of("codebleu", request);
    return {
      score: meter.run(() => combineCodeBleu(codeBleuSampleStats([reference], [prediction], "python", grammar))),
    };
  } catch (err) {
    // Over the HTTP request's total (`request`, docs/limits.md, "CPU budgets"): the request is refused, the pair is not scored 0.
    if (request?.exhausted()) throw err;
    if (err instanceof CodeBleuInputError || err instanceof DataFlowBudgetError)
      return { score: null, error: err.message };
    if (err instanceof BudgetExceededError) return { score: null, error: err.detail };
    throw err;
  }
}

/** scorerCodeBleu with the Python grammar loaded. */
async function codeBleuOrZero(
  reference: string,
  prediction: string,
  request?: WorkMeter,
): Promise<{ score: CodeBleuScore | null; error?: string }> {
  return scorerCodeBleu(reference, prediction, await loadCodeBleuGrammar("python"), request);
}

async function scoreFunction(example: ScorableExample, output: string, request?: WorkMeter): Promise<SampleVerdict> {
  const parsed = extractFunction(output);
  if (!parsed) return unparseable(example, "no fenced block and no `def`");
  const reference = example.answer.units?.[0];
  if (!reference) throw new Error(`${example.id}: CU_SA example without its unit`);
  const { score: cb, error } = await codeBleuOrZero(reference.code, parsed.code, request);
  const value = cb?.codebleu ?? 0;
  return verdict(example, value, value, {
    shape: parsed.shape,
    reference_name: reference.name,
    codebleu: cb,
    ...(error ? { codebleu_error: error } : {}),
  });
}

async function scoreUnits(example: ScorableExample, output: string, request?: WorkMeter): Promise<SampleVerdict> {
  const parsed = parseUnits(output);
  if (!parsed) return unparseable(example, "no `##### ... #####` blocks, fenced blocks or top-level definitions");
  const reference = example.answer.units ?? [];
  const used = new Set<number>();
  const units: {
    label: string | null;
    name: string | null;
    reference: number | null;
    codebleu: number;
    codebleu_error?: string;
  }[] = [];
  for (const unit of parsed.units) {
    let best: { index: number; score: number; error?: string } | null = null;
    if (unit.name !== null) {
      for (let i = 0; i < reference.length; i++) {
        if (used.has(i) || reference[i].name !== unit.name) continue;
        const { score, error } = await codeBleuOrZero(reference[i].code, unit.code, request);
        const value = score?.codebleu ?? 0;
        if (!best || value > best.score) best = { index: i, score: value, error };
      }
    }
    if (best) used.add(best.index);
    units.push({
      label: unit.label,
      name: unit.name,
      reference: best?.index ?? null,
      codebleu: best?.score ?? 0,
      ...(best?.error ? { codebleu_error: best.error } : {}),
    });
  }
  const sum = units.reduce((s, u) => s + u.codebleu, 0);
  return verdict(example, reference.length ? sum / reference.length : 0, units.length ? sum / units.length : 0, {
    reference_units: reference.length,
    predicted_units: units.length,
    matched_units: used.size,
    codebleu_sum: sum,
    shape: parsed.shape,
    units,
  });
}

function scoreDocumentation(example: ScorableExample, output: string): SampleVerdict {
  const parsed = parseDocumentation(output);
  if (!parsed) return unparseable(example, "no documentation text");
  const bleu = sentenceBleu(example.answer.text ?? "", parsed.text);
  return verdict(example, bleu, bleu, {
    shape: parsed.shape,
    sequence: parsed.sequence,
    sequence_expected: example.answer.section ?? null,
    sequence_right: parsed.sequence !== null && parsed.sequence === example.answer.section,
  });
}

const SCORERS: Record<
  LongCodeUTask,
  (example: ScorableExample, output: string, request?: WorkMeter) => SampleVerdict | Promise<SampleVerdict>
> = {
  CU_P: scoreNames,
  CU_SA: scoreFunction,
  CU_DFA: scoreDataFlow,
  DRA_T1: scoreUnits,
  DRA_T2: scoreUnits,
  SRE_T1: scoreUnits,
  SRE_T2: scoreUnits,
  LDU: scoreDocumentation,
};

/**
 * Scores one output against an example. Each CodeBLEU pair has a CodeBLEU request's budget (over
 * it: that pair scores 0); `request`, an HTTP request's meter, bounds their total on top.
 */
export async function scoreExample(
  example: ScorableExample,
  output: string,
  request?: WorkMeter,
): Promise<SampleVerdict> {
  return SCORERS[example.task](example, output, request);
}
