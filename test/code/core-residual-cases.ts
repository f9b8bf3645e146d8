/**
 * Answers on which repoqa 0.1.2's sanitizer extracts other code under the reference's conditions
 * (a 0.21-0.24 tree-sitter core, py-tree-sitter 0.21.3's, reading UTF-8) than the service did with
 * the 0.25 core reading UTF-16: the named deviation "parser core" of docs/fidelity.md, kept, not
 * fixed, and formerly "input encoding". The code is written for these tests (broken versions of small
 * functions). `reference` was recorded with the references' algorithm re-derived in Python
 * (test/cli/parser-parity/reference_oracle.py) on the native binding tree-sitter 0.21.1's core
 * reading UTF-8, `current` on tree-sitter 0.25.1's reading UTF-16 (= web-tree-sitter 0.25.10 as
 * published), both with the project's grammar packages. Since the service's core reads UTF-8
 * (scripts/wasm-utf8.mjs), a case whose difference was the encoding's is `matched`: the service now
 * extracts `reference`. `npx tsx scripts/core021-measure.mts --cases` recomputes the reference's
 * condition and the service's (0.25, UTF-8) and fails if a recorded value no longer holds.
 */
import type { Language } from "../../src/lib/code/languages";

export interface CoreResidualCase {
  language: Language;
  /** What it shows. */
  title: string;
  answer: string;
  /** The sanitizer's extraction under the reference's conditions (what the reference computed). */
  reference: string;
  /** The same with the 0.25 core reading UTF-16 (what the service computed before it read UTF-8). */
  current: string;
  /** The difference was the input encoding's: with the 0.25 core reading UTF-8 the service extracts `reference`. */
  matched?: true;
}

const CPP_NO_SEMICOLONS =
  "int clamp_sum(const std::vector<int>& values, int lo, int hi) {\n  int total = 0\n  for (int v : values) \n    if (v < lo) continue\n    total += v > hi ? hi : v\n  }\n  return total\n}";

const JAVA_NO_SEMICOLONS =
  "public int clampSum(List<Integer> values, int lo, int hi) {\n    int total = 0\n    for (int v : values) {\n        if v < lo) {\n            continue;\n        }\n        total += Math.minv, hi)\n    }\n    return total\n}";

const TS_MISSING_BRACE =
  "async function firstOk<T>(tasks: (() => Promise<T>)[]): Promise<T | null> {\n  for (const task of tasks) {\n    try {\n      return await task();\n     catch {\n      continue;\n    }\n  }\n  return null;\n}";

const TS_USAGE = "function demo() {\n  return firstOk([async () => 1]);\n}";

export const CORE_RESIDUAL_CASES: readonly CoreResidualCase[] = [
  {
    language: "cpp",
    title:
      "semicolons and a `{` dropped: the reference's function runs to the end, 0.25's read as UTF-16 stopped before `return`",
    answer: "```cpp\n" + CPP_NO_SEMICOLONS + "\n```",
    reference: CPP_NO_SEMICOLONS,
    current: CPP_NO_SEMICOLONS.slice(0, CPP_NO_SEMICOLONS.indexOf("\n  return")),
    matched: true,
  },
  {
    language: "java",
    title: "semicolons and parentheses dropped: the reference's method runs to the end, 0.25's stops before `return`",
    answer: "```java\n" + JAVA_NO_SEMICOLONS + "\n```",
    reference: JAVA_NO_SEMICOLONS,
    current: JAVA_NO_SEMICOLONS.slice(0, JAVA_NO_SEMICOLONS.indexOf("\n    return")),
  },
  {
    language: "typescript",
    title:
      "a lost `}` before `catch`: the reference reads a function expression and takes the usage example's function",
    answer: "```typescript\n" + TS_MISSING_BRACE + "\n```\n\nUsage:\n\n```typescript\n" + TS_USAGE + "\n```",
    reference: TS_USAGE,
    current: TS_MISSING_BRACE,
  },
];
