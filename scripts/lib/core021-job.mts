/** What scripts/core021-measure.mts hands each core's worker (scripts/lib/core021-worker.mts) and gets back. */
import type { Language } from "../../src/lib/code/languages";

export interface JobSnippet {
  /** The (mostly broken) code. */
  code: string;
  /** The intact lines it was made from: the reference side of a CodeBLEU pair. */
  base: string;
  /** A model-like answer wrapping the snippet, for the sanitizer. */
  answer: string;
}

export interface CoreJob {
  languages: Partial<
    Record<
      Language,
      {
        snippets: JobSnippet[];
        /** Realistic RepoQA answers (needles cut, shuffled, stripped of delimiters), fenced. */
        answers: string[];
        /** The candidate needles' texts (for the comment-free candidates of `ignore comments`). */
        candidates: string[];
      }
    >
  >;
}

/** CodeBLEU's syntax match [matched, total] and data-flow match [matched, reference flows] of a snippet against its intact lines. */
export interface CodeBleuPair {
  syntax: [number, number];
  dataflow: [number, number];
}

export interface SnippetView {
  tree: string;
  hasError: boolean;
  functions: string;
  comments: string;
  sanitized: string;
  subtrees?: string;
  codebleu?: CodeBleuPair;
}

export interface AnswerView {
  extracted: string;
  extractedNoComments: string;
}

export interface CoreOutput {
  runtime: string;
  languages: Partial<
    Record<Language, { snippets: SnippetView[]; answers: AnswerView[]; candidatesNoComments: string[] }>
  >;
}
