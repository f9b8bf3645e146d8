/**
 * The distractor pool for SemTrace-family datasets: real, unrelated Python functions that surround
 * the target function in a context (spec: /work/shared/spec/semtrace.md, "The experiment grid").
 *
 * The paper drew its distractors from CodeSearchNet; any corpus of real Python functions extracted
 * with tree-sitter fits. By default this is the standard library of the installed python3, which
 * is real, varied, permissively licensed and present wherever the builder runs. The pool records
 * which directory it read (with a content hash) and the exact filter, for the dataset manifest.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import "../../../../cli/lib/tree-sitter-node";
import { loadLanguage, withTree } from "../../../lib/code/parser";
import type { Tokenizer } from "../../../lib/datasets/tokenizer";
import { nearestMeanWindow, percentile, windowMean } from "./distractor-stats";
import { listPythonFiles } from "./distractor-files";
import { DEF_F, functionText, insideFunction, mixesTabsAndSpaces } from "./distractor-text";

export { nearestMeanWindow, percentile } from "./distractor-stats";
export { dedent } from "./distractor-text";

export interface DistractorFunction {
  /** Position in the pool (0..n-1), in (path, line) order. */
  id: number;
  /** The function's name (methods: the bare method name). */
  name: string;
  /** POSIX path of the file, relative to the pool's directory. */
  path: string;
  /** 1-based line of the `def` (or `async def`) in that file; decorators are not part of `code`. */
  line: number;
  /** The definition, dedented so that it starts with `def ` or `async def ` at column 0. */
  code: string;
  /** Length of `code` in characters (Unicode code points, as Python's `len`). */
  chars: number;
  /** `len(tokenize(code))` with the selection's tokenizer; present when the pool was chosen by tokens. */
  tokens?: number;
}

/** The paper's filter: the 25th-75th percentile of character length. */
export type CharFilter = {
  extracted: number;
  eligible: number;
  p25: number;
  p75: number;
  kept: number;
  rule: string;
};

/** The token-length filter: the half of the eligible functions whose mean token count is nearest the target. */
export type TokenFilter = {
  by: "tokens";
  extracted: number;
  eligible: number;
  tokenizer: string;
  target_tokens: number;
  /** The kept band, inclusive. */
  min_tokens: number;
  max_tokens: number;
  /** Mean token count of the kept functions (the target when the corpus allows it). */
  mean_tokens: number;
  /** False when even the longest half of the corpus is shorter (or the shortest longer) than the target. */
  reached: boolean;
  kept: number;
  rule: string;
};

/** Choose distractors by token length: `perFunction` tokens on average, counted with `tokenizer` (ready). */
export interface TokenSelection {
  perFunction: number;
  tokenizer: Tokenizer;
}

export interface DistractorPool<Filter extends CharFilter | TokenFilter = CharFilter | TokenFilter> {
  /** The kept functions, ids 0..n-1 in a stable order (path, then line). */
  functions: DistractorFunction[];
  /**
   * Where they came from. `files`: the `.py` files read; `sha256`: over the sorted lines
   * `"<relative path>\t<sha256 of the file's bytes>\n"` of those files (skipped ones included,
   * since they were read and decided on).
   */
  source: { kind: "directory"; dir: string; label: string; files: number; sha256: string };
  /** Counts at each stage, the bounds and a human description for the manifest. */
  filter: Filter;
  /** Files read but not used, with the reason (not valid UTF-8, tree-sitter parse errors). */
  skipped: { path: string; reason: string }[];
}

const GRAMMAR_VERSION: string = (() => {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../../wasm/manifest.json", import.meta.url), "utf8")) as {
      modules: Record<string, { version: string }>;
    };
    return manifest.modules["tree-sitter-python"]?.version ?? "unknown";
  } catch {
    return "unknown";
  }
})();

/** What is extracted and eligible, in the manifest's words; it must change whenever the code below changes meaning. */
const EXTRACTION_RULE =
  `Python functions extracted with tree-sitter-python ${GRAMMAR_VERSION}: every function_definition ` +
  "(top-level functions and methods, sync or async; functions nested inside another function are skipped) " +
  "in the *.py files under the directory, read in sorted relative-path order (directories named test, tests, " +
  "idle_test, site-packages, __pycache__ or starting with '.' are not entered; symlinks are not followed; files " +
  "that are not valid UTF-8 or have tree-sitter parse errors are skipped). Text = the definition's source lines " +
  "from the def line (decorators dropped) to the end of its body, CRLF normalised to LF, dedented as Python's " +
  "textwrap.dedent. Eligible = name is not 'f'; no line matches ^\\s*(async\\s+)?def f\\(; the dedented text " +
  "starts with 'def ' or 'async def ' at column 0 and its line indentation does not mix tabs and spaces; first " +
  "occurrence of each identical text only. chars = length in Unicode code points. ";

/** The rule of the paper's character filter as recorded in the manifest. */
export const DISTRACTOR_RULE =
  EXTRACTION_RULE +
  "Kept = eligible functions with p25 <= chars <= p75, p25/p75 being numpy's default (linear) percentiles of chars over the eligible functions.";

/** The rule of the token-length filter as recorded in the manifest. */
export function tokenDistractorRule(target: number, tokenizer: string): string {
  return (
    EXTRACTION_RULE +
    `tokens = len(tokenize(text)) with ${tokenizer}. Order the eligible functions by tokens (ascending) and take ` +
    "the window of w = ceil(n/2) consecutive ones (the share the paper's 25th-75th percentile filter keeps) whose mean " +
    `tokens is nearest ${target} (the first such window on a tie). Kept = eligible functions with min <= tokens <= max ` +
    "of that window (equal counts at its ends are kept too)."
  );
}

export interface PoolOptions {
  label?: string;
  /** Read only the first n files (quick builds). */
  maxFiles?: number;
  /** Choose by token length instead of the paper's character percentiles. */
  tokens?: TokenSelection;
}

/**
 * Real Python functions from `dir`, filtered to the 25th-75th percentile of character length.
 *
 * Rules (also recorded in `filter.rule`, see {@link DISTRACTOR_RULE}):
 * - Files: `*.py` under `dir`, recursively, in sorted relative-path order; directories `test`,
 *   `tests`, `idle_test`, `site-packages`, `__pycache__` and hidden ones are not entered. A file
 *   that is not valid UTF-8 or that tree-sitter cannot parse without errors is skipped (and listed
 *   in `skipped`). `maxFiles` keeps the first N files of that order, for quick builds.
 * - Functions: every `function_definition` that is not nested inside another function (so
 *   top-level functions and methods). Text = its lines without decorators, dedented like
 *   `textwrap.dedent`.
 * - Eligible: not named `f` and without a `def f(` line (every target is `f`, a distractor must not
 *   look like one); the dedented text starts with `def `/`async def ` at column 0 (a docstring or
 *   continuation line left of the def's indentation would stop dedent) and does not indent with
 *   both tabs and spaces; identical texts are kept once (the first).
 * - Kept: `p25 <= chars <= p75` over the eligible functions' `chars`, numpy linear percentiles; or,
 *   with `opts.tokens`, the token band whose mean is the target ({@link tokenDistractorRule}).
 *
 * Each file is parsed once with the one shared parser; ids are assigned after filtering.
 */
export async function buildDistractorPool(
  dir: string,
  opts?: PoolOptions & { tokens?: undefined },
): Promise<DistractorPool<CharFilter>>;
export async function buildDistractorPool(
  dir: string,
  opts: PoolOptions & { tokens: TokenSelection },
): Promise<DistractorPool<TokenFilter>>;
export async function buildDistractorPool(dir: string, opts?: PoolOptions): Promise<DistractorPool>;
export async function buildDistractorPool(dir: string, opts: PoolOptions = {}): Promise<DistractorPool> {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new Error(`buildDistractorPool: ${dir} is not a directory`);
  let paths = await listPythonFiles(root);
  if (opts.maxFiles !== undefined) paths = paths.slice(0, Math.max(0, opts.maxFiles));

  const lang = await loadLanguage("python");
  // fatal: a file that is not valid UTF-8 is skipped rather than read with replacement characters.
  // ignoreBOM false drops a leading byte-order mark, as Python does for source files: it is not
  // Python syntax to tree-sitter, and rows and columns do not depend on it.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const hashLines: string[] = [];
  const skipped: DistractorPool["skipped"] = [];
  const candidates: Candidate[] = [];
  let extracted = 0;

  for (const rel of paths) {
    const bytes = await readFile(join(root, rel));
    hashLines.push(`${rel}\t${createHash("sha256").update(bytes).digest("hex")}\n`);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      skipped.push({ path: rel, reason: "not valid UTF-8" });
      continue;
    }
    // The reason the file is skipped, null when its functions were read.
    const read = withTree(lang, text, (root) => {
      if (root.hasError) return "tree-sitter parse errors";
      for (const { node } of lang.functionQuery.captures(root)) {
        if (insideFunction(node)) continue;
        extracted++;
        const fn = functionText(text, node);
        // Counted as extracted but never eligible: it has no lines of its own.
        if (!fn) continue;
        candidates.push({
          name: node.childForFieldName("name")?.text ?? "",
          path: rel,
          line: node.startPosition.row + 1,
          ...fn,
        });
      }
      return null;
    });
    // undefined: no tree at all; null: the functions were read (`??` would take null for the former).
    const skip = read === undefined ? "tree-sitter gave up" : read;
    if (skip) skipped.push({ path: rel, reason: skip });
  }

  const seen = new Set<string>();
  const eligible = candidates.filter((c) => {
    if (c.name === "f" || DEF_F.test(c.code)) return false;
    if (!/^(def |async def )/.test(c.code) || mixesTabsAndSpaces(c.code)) return false;
    if (seen.has(c.code)) return false;
    seen.add(c.code);
    return true;
  });
  const { kept, filter } = opts.tokens ? keepByTokens(eligible, opts.tokens) : keepByChars(eligible);
  const functions = kept.map((c, id) => ({ id, ...c }));

  return {
    functions,
    source: {
      kind: "directory",
      dir: root,
      label: opts.label ?? basename(root),
      files: paths.length,
      sha256: createHash("sha256").update(hashLines.join("")).digest("hex"),
    },
    filter: { extracted, eligible: eligible.length, ...filter, kept: functions.length } as CharFilter | TokenFilter,
    skipped,
  };
}

type Candidate = Omit<DistractorFunction, "id">;
type Kept<F> = { kept: Candidate[]; filter: Omit<F, "extracted" | "eligible" | "kept"> };

/** The paper's rule: the 25th-75th percentile of character length. */
function keepByChars(eligible: Candidate[]): Kept<CharFilter> {
  const lengths = eligible.map((c) => c.chars).sort((a, b) => a - b);
  const p25 = lengths.length ? percentile(lengths, 25) : 0;
  const p75 = lengths.length ? percentile(lengths, 75) : 0;
  return {
    kept: eligible.filter((c) => c.chars >= p25 && c.chars <= p75),
    filter: { p25, p75, rule: DISTRACTOR_RULE },
  };
}

/**
 * Token-length rule ({@link tokenDistractorRule}): as wide a share of the corpus as the paper's filter
 * keeps, slid along the token-length order until its mean is the target. A corpus of shorter functions
 * than CodeSearchNet's (the standard library) then still gives contexts of the paper's length.
 */
function keepByTokens(eligible: Candidate[], selection: TokenSelection): Kept<TokenFilter> {
  const counted = eligible.map((c) => ({ ...c, tokens: selection.tokenizer.count(c.code) }));
  const sorted = counted.map((c) => c.tokens).sort((a, b) => a - b);
  const target = selection.perFunction;
  const base = {
    by: "tokens" as const,
    tokenizer: selection.tokenizer.name,
    target_tokens: target,
    rule: tokenDistractorRule(target, selection.tokenizer.name),
  };
  if (!sorted.length)
    return { kept: [], filter: { ...base, min_tokens: 0, max_tokens: 0, mean_tokens: 0, reached: false } };
  const { start, width } = nearestMeanWindow(sorted, target);
  const [min, max] = [sorted[start], sorted[start + width - 1]];
  const kept = counted.filter((c) => c.tokens >= min && c.tokens <= max);
  const mean = kept.reduce((sum, c) => sum + c.tokens, 0) / kept.length;
  const reached = windowMean(sorted, 0, width) <= target && target <= windowMean(sorted, sorted.length - width, width);
  return {
    kept,
    filter: { ...base, min_tokens: min, max_tokens: max, mean_tokens: Math.round(mean * 10) / 10, reached },
  };
}
