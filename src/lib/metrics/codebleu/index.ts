/**
 * CodeBLEU, ported from the `codebleu` Python package 0.7.x (k4black/codebleu, MIT):
 * `calc_codebleu(references, predictions, lang, weights)` =
 *   a * n-gram match + b * keyword-weighted n-gram match + c * syntax match + d * (data-flow match or 1).
 *
 * Every component is corpus-level (sums over samples, then one ratio); a single pair is a corpus of
 * one. The package's quirks are kept on purpose, because they are what published CodeBLEU numbers
 * mean; each is explained where it is implemented (ngram.ts, weighted-ngram.ts, syntax.ts,
 * dataflow.ts, dfg/, remove-comments.ts). Deliberate differences, all outside ordinary code:
 * - where the package orders names by Python's randomised string hash (`list(set(...))` in data-flow
 *   merges), we keep first-occurrence order, so our scores are deterministic;
 * - data-flow extraction stops with {@link DataFlowBudgetError} after a bounded amount of work
 *   (deeply nested loops cost 2^depth; the package just runs on);
 * - syntax and data-flow scores depend on the tree-sitter grammars: ours are {@link CODEBLEU_GRAMMARS},
 *   newer than the ones pip resolved for 0.7.x (tree-sitter < 0.24 with grammars ~= 0.21-0.23).
 *
 * Host-independent: the grammar loader must have been installed (src/lib/code/index.ts in the Worker,
 * cli/lib/tree-sitter-node.ts in Node). Only loading is asynchronous; trees are freed after each parse.
 */
import manifest from "../../../../wasm/manifest.json";
import { activeMeter } from "../../code/budget";
import { loadLanguage, type LoadedLanguage } from "../../code/parser";
import type { Language } from "../../code/languages";
import { countFlowMatches, extractDataFlow, normalizeDataFlow, type NormalizedFlow } from "./dataflow";
import { cLikeDfg } from "./dfg/c-like";
import { DataFlowBudgetError, type DfgFunction } from "./dfg/common";
import { dfgPython } from "./dfg/python";
import { KEYWORDS } from "./keywords";
import { ngramSampleStats, pySplit, scoreNgramStats, sumNgramStats, type NgramStats } from "./ngram";
import { pyStrip } from "../python-text";
import { tryRemoveCommentsAndDocstrings } from "./remove-comments";
import { subtreeMatches } from "./syntax";
import { parseCode, type ParsedCode } from "./tree";
import { weightedSampleStats } from "./weighted-ngram";

export { DataFlowBudgetError };

/**
 * The package's languages for which we have its grammar. Left out: c (the package parses it with
 * tree-sitter-c, we only have the C++ grammar), javascript (tree-sitter-javascript; our TypeScript
 * grammar parses differently, so syntax and data-flow scores would not be the package's), and
 * c_sharp, php, ruby, fortran (no grammar).
 */
export const CODEBLEU_LANGUAGES = ["python", "java", "cpp", "go", "rust"] as const;
export type CodeBleuLanguage = (typeof CODEBLEU_LANGUAGES)[number];

export function isCodeBleuLanguage(value: string): value is CodeBleuLanguage {
  return (CODEBLEU_LANGUAGES as readonly string[]).includes(value);
}

export interface CodeBleuWeights {
  ngram: number;
  weighted_ngram: number;
  syntax: number;
  dataflow: number;
}

export const DEFAULT_CODEBLEU_WEIGHTS: CodeBleuWeights = Object.freeze({
  ngram: 0.25,
  weighted_ngram: 0.25,
  syntax: 0.25,
  dataflow: 0.25,
});

export interface CodeBleuScore {
  codebleu: number;
  ngram_match_score: number;
  weighted_ngram_match_score: number;
  syntax_match_score: number;
  /** As the package reports it: 0 when no reference has data flow (the combined score then uses 1). */
  dataflow_match_score: number;
}

/**
 * Name and version of what this computes (stored next to scores): the package version ported, and
 * the port's own revision. Revision 2: the tree-sitter core reads code as UTF-8, as the package's
 * py-tree-sitter does (docs/fidelity.md#input-encoding); on code with syntax errors the syntax and
 * data-flow matches can differ from revision 1 (`codebleu-0.7.1-port`, UTF-16).
 */
export const CODEBLEU_METRIC = "codebleu-0.7.1-port.2";

const GRAMMAR_MODULE: Record<CodeBleuLanguage, string> = {
  python: "tree-sitter-python",
  java: "tree-sitter-java",
  cpp: "tree-sitter-cpp",
  go: "tree-sitter-go",
  rust: "tree-sitter-rust",
};

/** npm package -> version of the tree-sitter runtime and of each grammar used (from wasm/manifest.json). */
export const CODEBLEU_GRAMMARS: Record<string, string> = Object.freeze(
  Object.fromEntries(
    ["tree-sitter", ...CODEBLEU_LANGUAGES.map((l) => GRAMMAR_MODULE[l])].map((m) => {
      const entry = (manifest.modules as Record<string, { package: string; version: string }>)[m];
      return [entry.package, entry.version];
    }),
  ),
);

const DFG_FUNCTIONS: Record<CodeBleuLanguage, DfgFunction> = {
  python: dfgPython,
  java: cLikeDfg("java"),
  // As in the package (after XLCoST): C++ code goes through the C# data-flow function.
  cpp: cLikeDfg("csharp"),
  go: cLikeDfg("go"),
  rust: cLikeDfg("rust"),
};

/** Work allowed for one code's data-flow extraction (node visits); see {@link DataFlowBudgetError}. */
export const DATAFLOW_MAX_STEPS = 2_000_000;

/**
 * The same under a request's meter (src/lib/code/budget.ts): 64 KB of ordinary code takes up to about
 * 40,000 steps; 2,000,000 took 0.8 s of a request's CPU.
 */
export const DATAFLOW_MAX_STEPS_METERED = 400_000;

/** Invalid input that the package would reject with an exception. */
export class CodeBleuInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CodeBleuInputError";
  }
}

/** Everything one sample contributes to the corpus sums. */
export interface CodeBleuSampleStats {
  ngram: NgramStats;
  weighted: NgramStats;
  syntaxMatched: number;
  syntaxTotal: number;
  flowMatched: number;
  flowTotal: number;
}

const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Computes the per-sample statistics of a corpus, synchronously, with a loaded grammar. Parses and
 * data flows are cached per distinct (comment-stripped) string for the duration of the call.
 */
export function codeBleuSampleStats(
  references: readonly (string | readonly string[])[],
  predictions: readonly string[],
  language: CodeBleuLanguage,
  grammar: LoadedLanguage,
): CodeBleuSampleStats[] {
  if (references.length !== predictions.length) {
    throw new CodeBleuInputError(
      `${references.length} references for ${predictions.length} predictions: the lists must have the same length`,
    );
  }
  const refs = references.map((r) => (typeof r === "string" ? [r] : [...r]).map(pyStrip));
  const hyps = predictions.map(pyStrip);
  refs.forEach((alternatives, i) => {
    if (alternatives.length === 0) throw new CodeBleuInputError(`sample ${i} has an empty list of references`);
  });
  // The package encodes every string as UTF-8 for tree-sitter, which fails on lone surrogates.
  if ([...hyps, ...refs.flat()].some((s) => LONE_SURROGATE.test(s))) {
    throw new CodeBleuInputError("code contains a lone UTF-16 surrogate, which cannot be encoded as UTF-8");
  }

  const keywords = KEYWORDS[language];
  const dfgFunction = DFG_FUNCTIONS[language];
  const parses = new Map<string, ParsedCode>();
  const flows = new Map<string, NormalizedFlow[]>();
  const parse = (code: string) => {
    let p = parses.get(code);
    if (!p) parses.set(code, (p = parseCode(grammar, code)));
    return p;
  };
  const meter = activeMeter();
  const flowsOf = (code: string) => {
    let f = flows.get(code);
    if (!f) {
      const root = parse(code).root;
      if (!meter) {
        f = normalizeDataFlow(extractDataFlow(code, root, dfgFunction, DATAFLOW_MAX_STEPS));
      } else {
        // Per code the metered step limit (DataFlowBudgetError, as before); per request `dataflow_steps`.
        const remaining = meter.remaining("dataflow_steps");
        const used = { steps: 0 };
        try {
          f = normalizeDataFlow(
            extractDataFlow(code, root, dfgFunction, Math.min(DATAFLOW_MAX_STEPS_METERED, remaining), used),
          );
        } catch (err) {
          if (err instanceof DataFlowBudgetError && remaining < DATAFLOW_MAX_STEPS_METERED)
            meter.charge("dataflow_steps", remaining + 1);
          throw err;
        }
        meter.charge("dataflow_steps", used.steps);
      }
      flows.set(code, f);
    }
    return f;
  };

  return hyps.map((hyp, i) => {
    const hypTokens = pySplit(hyp);
    const refTokens = refs[i].map(pySplit);
    const stats: CodeBleuSampleStats = {
      ngram: ngramSampleStats(refTokens, hypTokens),
      weighted: weightedSampleStats(refTokens, hypTokens, keywords),
      syntaxMatched: 0,
      syntaxTotal: 0,
      flowMatched: 0,
      flowTotal: 0,
    };
    // Both the syntax and the data-flow loops of the package strip comments from the candidate once
    // more for every reference (cumulatively) and from each reference afresh; the strings they parse
    // are the same, so one pass serves both.
    let candidate = hyp;
    for (const reference of refs[i]) {
      candidate = tryRemoveCommentsAndDocstrings(candidate, language);
      const cleanRef = tryRemoveCommentsAndDocstrings(reference, language);
      const [matched, total] = subtreeMatches(parse(candidate).subtrees, parse(cleanRef).subtrees);
      stats.syntaxMatched += matched;
      stats.syntaxTotal += total;
      const refFlows = flowsOf(cleanRef);
      if (refFlows.length > 0) {
        stats.flowTotal += refFlows.length;
        stats.flowMatched += countFlowMatches(refFlows, flowsOf(candidate));
      }
    }
    return stats;
  });
}

/** Combines sample statistics into scores, as `calc_codebleu` does with its corpus sums. */
export function combineCodeBleu(
  samples: readonly CodeBleuSampleStats[],
  weights: CodeBleuWeights = DEFAULT_CODEBLEU_WEIGHTS,
): CodeBleuScore {
  if (samples.length === 0)
    throw new CodeBleuInputError("an empty corpus has no syntax match (the package divides by zero)");
  const ngram = scoreNgramStats(sumNgramStats(samples.map((s) => s.ngram)));
  const weighted = scoreNgramStats(sumNgramStats(samples.map((s) => s.weighted)));
  let syntaxMatched = 0;
  let syntaxTotal = 0;
  let flowMatched = 0;
  let flowTotal = 0;
  for (const s of samples) {
    syntaxMatched += s.syntaxMatched;
    syntaxTotal += s.syntaxTotal;
    flowMatched += s.flowMatched;
    flowTotal += s.flowTotal;
  }
  const syntax = syntaxMatched / syntaxTotal;
  const dataflow = flowTotal === 0 ? 0 : flowMatched / flowTotal;
  // `dataflow_match_score or 1`: any zero data-flow score, not only "no flows", counts as 1.
  const codebleu =
    weights.ngram * ngram +
    weights.weighted_ngram * weighted +
    weights.syntax * syntax +
    weights.dataflow * (dataflow || 1);
  return {
    codebleu,
    ngram_match_score: ngram,
    weighted_ngram_match_score: weighted,
    syntax_match_score: syntax,
    dataflow_match_score: dataflow,
  };
}

/** Loads the grammar for `language` (once per isolate). */
export function loadCodeBleuGrammar(language: CodeBleuLanguage): Promise<LoadedLanguage> {
  return loadLanguage(language satisfies Language);
}

/**
 * Corpus-level, as calc_codebleu(references, predictions, lang, weights): each reference entry is
 * one string or a list of alternatives.
 */
export async function calcCodeBleu(
  references: readonly (string | readonly string[])[],
  predictions: readonly string[],
  language: CodeBleuLanguage,
  weights: CodeBleuWeights = DEFAULT_CODEBLEU_WEIGHTS,
): Promise<CodeBleuScore> {
  const grammar = await loadCodeBleuGrammar(language);
  return combineCodeBleu(codeBleuSampleStats(references, predictions, language, grammar), weights);
}

/** One pair (a corpus of one). */
export function codeBleu(
  reference: string,
  prediction: string,
  language: CodeBleuLanguage,
  weights: CodeBleuWeights = DEFAULT_CODEBLEU_WEIGHTS,
): Promise<CodeBleuScore> {
  return calcCodeBleu([reference], [prediction], language, weights);
}
