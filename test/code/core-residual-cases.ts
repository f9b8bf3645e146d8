/**
 * Answers on which the references' tree-sitter core (0.21-0.24; repoqa 0.1.2 ran py-tree-sitter
 * 0.21.3's) and the service's 0.25 core make the RepoQA sanitizer extract different code: the
 * named deviation "parser core" of docs/fidelity.md, kept, not fixed. The code is written for these
 * tests (broken versions of small functions); `old` was recorded with the native binding
 * tree-sitter 0.21.1, `current` with tree-sitter 0.25.1 (= web-tree-sitter 0.25.10), both with the
 * project's grammar packages. `npx tsx scripts/core021-measure.mts --cases` recomputes both with the
 * two native cores and fails if a recorded value no longer holds.
 */
import type { Language } from "../../src/code/languages";

export interface CoreResidualCase {
  language: Language;
  /** What it shows. */
  title: string;
  answer: string;
  /** The sanitizer's extraction with the old core (what the reference computed). */
  old: string;
  /** The same with the 0.25 core (what the service computes). */
  current: string;
}

const CPP_SHUFFLED =
  "  T best = items[0];\n  return best;\ntemplate <typename T>\n  for (size_t i = 1; i < count; ++i)\n    if (items[i] > best) best = items[i];\n}\nT largest(const T* items, size_t count) {";

const JAVA_NO_SEMICOLONS =
  "public int clampSum(List<Integer> values, int lo, int hi) {\n    int total = 0\n    for (int v : values) {\n        if v < lo) {\n            continue;\n        }\n        total += Math.minv, hi)\n    }\n    return total\n}";

const TS_MISSING_BRACE =
  "async function firstOk<T>(tasks: (() => Promise<T>)[]): Promise<T | null> {\n  for (const task of tasks) {\n    try {\n      return await task();\n     catch {\n      continue;\n    }\n  }\n  return null;\n}";

const TS_USAGE = "function demo() {\n  return firstOk([async () => 1]);\n}";

export const CORE_RESIDUAL_CASES: readonly CoreResidualCase[] = [
  {
    language: "cpp",
    title: "lines shuffled: the old core closes a function at the last line, 0.25 finds none (the whole block)",
    answer: "```cpp\n" + CPP_SHUFFLED + "\n```",
    old: "T largest(const T* items, size_t count) {",
    // No function: the first block, as the fence regex captures it (with its last line break).
    current: CPP_SHUFFLED + "\n",
  },
  {
    language: "java",
    title: "semicolons and parentheses dropped: the old core's method runs to the end, 0.25's stops before `return`",
    answer: "```java\n" + JAVA_NO_SEMICOLONS + "\n```",
    old: JAVA_NO_SEMICOLONS,
    current: JAVA_NO_SEMICOLONS.slice(0, JAVA_NO_SEMICOLONS.indexOf("\n    return")),
  },
  {
    language: "typescript",
    title: "a lost `}` before `catch`: the old core reads a function expression and takes the usage example's function",
    answer: "```typescript\n" + TS_MISSING_BRACE + "\n```\n\nUsage:\n\n```typescript\n" + TS_USAGE + "\n```",
    old: TS_USAGE,
    current: TS_MISSING_BRACE,
  },
];
