/**
 * Pathological inputs per endpoint: what one public request could once make the
 * service burn seconds of CPU on, and relatives. Shared by test/limits/budget.test.ts (status and
 * envelope inside workerd) and scripts/bench-budget.mts (CPU per request against the 10 ms line).
 *
 * `expect`: 422 = refused with `urn:needlework:problem:budget-exceeded` (or, for CodeBLEU's data
 * flow, the older `unprocessable-content`), 200 = legitimate or cheap enough to score; "either" =
 * the outcome may go either way, only the envelope is checked.
 */

/** Tasks of the fixture dataset (test/fixtures/repoqa-mini.json), one per language it has. */
export const TASKS = {
  python: "python::lorenmade/textkit::strip_accents",
  typescript: "typescript::fernhollow/routelet::compilePattern",
  go: "go::copperkettle/tally::ratePerSecond",
} as const;

export type Endpoint = "/v1/score" | "/v1/score/batch" | "/v1/metrics/bleu" | "/v1/metrics/codebleu";

export interface PathCase {
  name: string;
  endpoint: Endpoint;
  body: Record<string, unknown>;
  expect: 200 | 422 | "either";
}

/** An answer with one fenced block (the sanitizer parses only closed blocks). */
const fence = (code: string, tag: string) => "```" + tag + "\n" + code + "\n```";
const closedFence = (code: string, tag: string) => "Here it is:\n```" + tag + "\n" + code + "\n```\n";
/** Deterministic punctuation soup (what a broken or adversarial output looks like to a parser). */
const PUNCT = "()[]{}:;.,+-*/%<>=!&|^~@#";
const soup = (n: number, set = PUNCT) => Array.from({ length: n }, (_, i) => set[(i * 7919) % set.length]).join("");
/** About `bytes` of ordinary code in `lang`: many small functions. */
function realCode(lang: "python" | "typescript" | "go" | "java" | "cpp" | "rust", bytes: number): string {
  const fn = (i: number) =>
    ({
      python: `def helper_${i}(items, limit=${i}):\n    total = 0\n    for item in items:\n        if item > limit:\n            total += item * ${i % 7}\n    return total\n\n`,
      typescript: `function helper${i}(items: number[], limit = ${i}): number {\n  let total = 0;\n  for (const item of items) {\n    if (item > limit) total += item * ${i % 7};\n  }\n  return total;\n}\n\n`,
      go: `func helper${i}(items []int, limit int) int {\n\ttotal := 0\n\tfor _, item := range items {\n\t\tif item > limit {\n\t\t\ttotal += item * ${i % 7}\n\t\t}\n\t}\n\treturn total\n}\n\n`,
      java: `int helper${i}(int[] items, int limit) {\n  int total = 0;\n  for (int item : items) {\n    if (item > limit) total += item * ${i % 7};\n  }\n  return total;\n}\n\n`,
      cpp: `int helper${i}(const std::vector<int>& items, int limit) {\n  int total = 0;\n  for (int item : items) {\n    if (item > limit) total += item * ${i % 7};\n  }\n  return total;\n}\n\n`,
      rust: `fn helper${i}(items: &[i64], limit: i64) -> i64 {\n    let mut total = 0;\n    for item in items {\n        if *item > limit {\n            total += item * ${i % 7};\n        }\n    }\n    total\n}\n\n`,
    })[lang];
  let out = "";
  for (let i = 0; out.length < bytes; i++) out += fn(i);
  return out.slice(0, out.lastIndexOf("\n\n", bytes) + 1);
}

const SCORE_LANGS = Object.keys(TASKS) as (keyof typeof TASKS)[];
const CODEBLEU_LANGS = ["python", "java", "cpp", "go", "rust"] as const;
/** Largest answer the service takes (64 KB UTF-8), less the fence. */
const BIG = 65_000;

export function corpus(dataset: string): PathCase[] {
  const cases: PathCase[] = [];
  const score = (
    name: string,
    lang: keyof typeof TASKS,
    answer: string,
    expect: PathCase["expect"],
    extra: Record<string, unknown> = {},
  ) => cases.push({ name, endpoint: "/v1/score", body: { dataset, task: TASKS[lang], answer, ...extra }, expect });

  // The reported cases: one bracket repeated inside a fence (5.8 s; 11 s with ignore_comments; 16 s strict).
  for (const lang of SCORE_LANGS) {
    for (const ch of ["(", "{", "["]) score(`${lang} fence + '${ch}' x 65,000`, lang, fence(ch.repeat(BIG), lang), 422);
  }
  score("python '(' x 65,000, ignore_comments", "python", fence("(".repeat(BIG), "python"), 422, {
    ignore_comments: true,
  });
  score("python '(' x 65,000, strict + ignore_comments", "python", fence("(".repeat(BIG), "python"), 422, {
    ignore_comments: true,
    mode: "strict",
  });
  score("python '(' x 16,000", "python", fence("(".repeat(16_000), "python"), 422);
  score("python '(' x 1,000", "python", fence("(".repeat(1_000), "python"), 200);
  // Relatives: other runs of unnamed tokens, deep nesting, chains, soups, comments, single tokens.
  for (const lang of SCORE_LANGS) {
    score(`${lang} '+' x 65,000`, lang, fence("+".repeat(BIG), lang), "either");
    score(`${lang} ')' x 65,000`, lang, fence(")".repeat(BIG), lang), "either");
    score(`${lang} punctuation soup 64 KB`, lang, fence(soup(BIG), lang), "either");
    score(
      `${lang} punctuation soup 64 KB, no comment openers`,
      lang,
      fence(soup(BIG, "()[]{}:;.,+-%<>=!&|^~@"), lang),
      "either",
    );
    score(
      `${lang} nesting 30,000 deep, balanced`,
      lang,
      fence("(".repeat(30_000) + "x" + ")".repeat(30_000), lang),
      "either",
    );
    score(`${lang} '-' x 65,000 then x`, lang, fence("-".repeat(BIG) + "x", lang), "either");
    score(`${lang} chain a+a+... 64 KB`, lang, fence("a+".repeat(BIG / 2) + "a", lang), "either");
    score(`${lang} member chain a.b.c... 64 KB`, lang, fence("a" + ".b".repeat(BIG / 2 - 1), lang), "either");
    score(`${lang} one 64 KB token`, lang, fence("a".repeat(BIG), lang), 200);
    score(`${lang} 32,000 one-letter tokens`, lang, fence("a ".repeat(BIG / 2), lang), "either");
    score(`${lang} 64 KB of ordinary code`, lang, closedFence(realCode(lang, 60_000), lang), 200);
    score(
      `${lang} 64 KB of ordinary code, strict + ignore_comments`,
      lang,
      closedFence(realCode(lang, 60_000), lang),
      200,
      { mode: "strict", ignore_comments: true },
    );
  }
  score("python 32,000 comment lines, ignore_comments", "python", fence("#\n".repeat(32_000), "python"), "either", {
    ignore_comments: true,
  });
  score("go 21,000 comment lines, ignore_comments", "go", fence("//\n".repeat(21_000), "go"), "either", {
    ignore_comments: true,
  });
  score("python 4,000 fenced blocks of '('", "python", "```python\n(\n```\n".repeat(4_000), "either");
  score("python 6,500 fenced blocks of 'x'", "python", "```\nx\n```\n".repeat(6_500), 422);
  score(
    "python indentation 300 deep",
    "python",
    fence(Array.from({ length: 300 }, (_, i) => " ".repeat(i) + "if x:").join("\n"), "python"),
    "either",
  );
  score(
    "python typescript code (wrong grammar, 60 KB)",
    "python",
    closedFence(realCode("typescript", 60_000), "python"),
    200,
  );
  score("go python code (wrong grammar, 60 KB)", "go", closedFence(realCode("python", 60_000), "go"), 200);

  // Batches: 100 pathological answers (6.5 MB held the service > 300 s), many moderately costly
  // ones (each within its own budget, over the batch's), and 100 ordinary answers.
  const batch = (
    name: string,
    answers: { task: string; answer: string }[],
    expect: PathCase["expect"],
    extra: Record<string, unknown> = {},
  ) => cases.push({ name, endpoint: "/v1/score/batch", body: { dataset, answers, ...extra }, expect });
  batch(
    "100 x '(' x 65,000",
    Array.from({ length: 100 }, () => ({ task: TASKS.python, answer: fence("(".repeat(BIG), "python") })),
    422,
  );
  batch(
    "100 x go punctuation soup 16 KB",
    Array.from({ length: 100 }, (_, i) => ({ task: TASKS.go, answer: fence(soup(16_000 + i), "go") })),
    "either",
  );
  batch(
    "100 x typescript code 24 KB",
    Array.from({ length: 100 }, () => ({
      task: TASKS.typescript,
      answer: closedFence(realCode("typescript", 24_000), "typescript"),
    })),
    "either",
  );
  batch(
    "100 ordinary answers (2 KB)",
    Array.from({ length: 100 }, (_, i) => ({
      task: SCORE_LANGS.map((l) => TASKS[l])[i % 3],
      answer: closedFence(realCode(SCORE_LANGS[i % 3], 2_000), SCORE_LANGS[i % 3]),
    })),
    200,
  );

  // BLEU: one pair of 3.9 MB of distinct tokens (1.4 s), 1000 pairs at and over the token budget.
  const distinct = (n: number, p: string) => Array.from({ length: n }, (_, i) => p + i.toString(36)).join(" ");
  const bigDistinct = distinct(650_000, "t");
  cases.push({
    name: "bleu: one pair, 3.9 MB of distinct tokens",
    endpoint: "/v1/metrics/bleu",
    body: { pairs: [{ reference: bigDistinct.slice(0, 3_900_000), candidate: bigDistinct.slice(0, 3_900_000) }] },
    expect: 422,
  });
  const words200 = distinct(200, "w");
  cases.push({
    name: "bleu: 1000 pairs of 200 + 200 tokens (the budget)",
    endpoint: "/v1/metrics/bleu",
    body: { pairs: Array.from({ length: 1000 }, () => ({ reference: words200, candidate: words200 })) },
    expect: 200,
  });
  cases.push({
    name: "bleu: 1000 pairs of 300 + 300 tokens",
    endpoint: "/v1/metrics/bleu",
    body: {
      pairs: Array.from({ length: 1000 }, () => ({ reference: distinct(300, "r"), candidate: distinct(300, "c") })),
    },
    expect: 422,
  });
  cases.push({
    name: "bleu: 50 pairs of one 40 KB token each side",
    endpoint: "/v1/metrics/bleu",
    body: {
      pairs: Array.from({ length: 50 }, (_, i) => ({
        reference: "x".repeat(40_000 + i),
        candidate: "x".repeat(40_000 + i),
      })),
    },
    expect: 200,
  });

  // CodeBLEU, every language it supports.
  const codebleu = (
    name: string,
    language: string,
    reference: string | string[],
    candidate: string,
    expect: PathCase["expect"],
    more = 1,
  ) =>
    cases.push({
      name: `codebleu ${language}: ${name}`,
      endpoint: "/v1/metrics/codebleu",
      body: { language, pairs: Array.from({ length: more }, () => ({ reference, candidate })) },
      expect,
    });
  for (const lang of CODEBLEU_LANGS) {
    codebleu("3,000-deep parentheses", lang, "x = " + "(".repeat(3_000) + "1" + ")".repeat(3_000), "x = 1", "either");
    codebleu("'(' x 65,000", lang, "(".repeat(BIG), "(".repeat(BIG), "either");
    codebleu("punctuation soup 64 KB", lang, soup(BIG), soup(BIG - 1), "either");
    codebleu("chain a+a+... 64 KB", lang, "x = " + "a+".repeat(BIG / 2) + "a", "x = a", "either");
    codebleu("64 KB of ordinary code", lang, realCode(lang, 60_000), realCode(lang, 58_000), 200);
  }
  // Long data-flow chains and nested loops (data flow doubles per loop level).
  const chain = Array.from({ length: 3_000 }, (_, i) => `a${i + 1} = a${i} + b${i % 10}`).join("\n");
  codebleu(
    "data-flow chain of 3,000 assignments",
    "python",
    `def f(a0, b0):\n    ${chain.replaceAll("\n", "\n    ")}\n    return a3000\n`,
    "def f(a0):\n    return a0\n",
    "either",
  );
  const loops = (d: number) =>
    Array.from({ length: d }, (_, i) => "    ".repeat(i + 1) + `for i${i} in range(n):`).join("\n") +
    "\n" +
    "    ".repeat(d + 1) +
    "x = x + 1";
  codebleu(
    "loops 24 deep",
    "python",
    `def f(n):\n    x = 0\n${loops(24)}\n    return x\n`,
    "def f(n):\n    return n\n",
    422,
  );
  codebleu(
    "150 pairs x 10 references of 2 KB",
    "python",
    Array.from({ length: 10 }, (_, k) => realCode("python", 2_000 + k)),
    realCode("python", 2_000),
    "either",
    150,
  );
  return cases;
}
