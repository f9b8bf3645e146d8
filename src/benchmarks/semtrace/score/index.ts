/**
 * Scoring the family's answers in the Worker.
 *
 * Output prediction (SemTrace, CRUXEval-O): the answer expression is taken from the response
 * (extract.ts), parsed as a Python literal and compared with the expected value with Python's `==`.
 * The reference executes `assert <expected> == <answer>` instead; the deliberate deviation (mode
 * `literal`): arithmetic of numbers (`81 - 43`) is evaluated and accepted, as Python would, and
 * counted as unresolved; anything else that is not a literal (calls, names, comprehensions) scores 0
 * and is counted as unparseable rather than executed.
 *
 * Lexical recall: the function between the fences, keys removed when every line has one, compared
 * with the target after removing trailing whitespace on each line and blank lines at either end.
 */
import { extractOutputAnswer } from "./extract";
import { parsePythonLiteral, pyEquals, pyRepr, type PyValue } from "./python-literal";
import { stripLineKeys } from "../prompt/keys";

export const SCORER_VERSION = "semtrace-scorer@1";

export interface OutputVerdict {
  passed: boolean;
  /** SemTrace: fraction of list positions right; otherwise 1 or 0. */
  score: number;
  detail: {
    answer: string | null;
    expected: string;
    exact: boolean;
    partial: number;
    /** The answer wrote arithmetic (e.g. `81 - 43`) instead of its value. */
    unresolved: boolean;
    /** No literal could be read from the response. */
    unparseable: boolean;
    error?: string;
  };
}

const sequence = (v: PyValue) => (v.type === "list" || v.type === "tuple" ? v.items : null);

/** Fraction of the expected list's positions the answer got right (same kind of sequence only). */
export function partialMatch(answer: PyValue, expected: PyValue): number {
  const want = sequence(expected);
  const got = sequence(answer);
  if (!want || !got || answer.type !== expected.type) return pyEquals(answer, expected) ? 1 : 0;
  if (want.length === 0) return pyEquals(answer, expected) ? 1 : 0;
  let right = 0;
  for (let i = 0; i < want.length; i++) if (i < got.length && pyEquals(got[i], want[i])) right++;
  return right / want.length;
}

/** Scores an output-prediction response against the target's expected literal. */
export function scoreOutputPrediction(
  response: string,
  input: string,
  expectedSource: string,
  opts: { partial: boolean },
): OutputVerdict {
  const expectedParsed = parsePythonLiteral(expectedSource);
  if (!expectedParsed.ok) throw new Error(`The dataset's expected output is not a literal: ${expectedParsed.error}`);
  const expected = expectedParsed.value;
  const fail = (answer: string | null, error: string): OutputVerdict => ({
    passed: false,
    score: 0,
    detail: {
      answer,
      expected: pyRepr(expected),
      exact: false,
      partial: 0,
      unresolved: false,
      unparseable: true,
      error,
    },
  });
  const extracted = extractOutputAnswer(response, input);
  if (!extracted.ok) return fail(null, extracted.error);
  const parsed = parsePythonLiteral(extracted.text, { arithmetic: true });
  if (!parsed.ok) return fail(extracted.text, parsed.error);
  const exact = pyEquals(parsed.value, expected);
  const partial = opts.partial ? (exact ? 1 : partialMatch(parsed.value, expected)) : exact ? 1 : 0;
  return {
    passed: exact,
    score: partial,
    detail: {
      answer: extracted.text,
      expected: pyRepr(expected),
      exact,
      partial,
      unresolved: parsed.unresolved,
      unparseable: false,
    },
  };
}

const FENCE_LINE = /^[ \t]*```/;
const CODE_LINE = /^([0-9a-f]{6} )?(\s|def |async def |@|class )/;

/**
 * The code of a retrieval response. With the prefill the response starts inside the fence and the
 * first fence line closes it; without, prose may come first and the first fence line opens the code.
 */
export function retrievedCode(response: string): string {
  const lines = response.split("\n");
  const first = lines.findIndex((l) => FENCE_LINE.test(l));
  if (first < 0) return response;
  const before = lines.slice(0, first);
  if (before.some((l) => CODE_LINE.test(l) && l.trim())) return before.join("\n");
  const rest = lines.slice(first + 1);
  const close = rest.findIndex((l) => FENCE_LINE.test(l));
  return (close < 0 ? rest : rest.slice(0, close)).join("\n");
}

/** Trailing whitespace off every line, blank lines off both ends. */
export function normalizeTrailing(text: string): string {
  const lines = text.split("\n").map((l) => l.replace(/\s+$/, ""));
  while (lines.length && !lines[0]) lines.shift();
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return lines.join("\n");
}

export function scoreRetrieval(response: string, targetCode: string) {
  const code = retrievedCode(response);
  const { text, keyed } = stripLineKeys(code);
  const exact = normalizeTrailing(text) === normalizeTrailing(targetCode);
  return {
    passed: exact,
    score: exact ? 1 : 0,
    detail: {
      exact,
      keyed,
      answer_lines: normalizeTrailing(text).split("\n").length,
      target_lines: targetCode.split("\n").length,
    },
  };
}
