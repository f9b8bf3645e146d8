/**
 * SemTrace contexts of the paper's length: distractors chosen by token length so that D
 * distractors make about 200 x D tokens (Štorek et al., §4: ~4K at D = 20 to ~16K at D = 80), built
 * from real code on this machine (Python's standard library) and counted with the manifest's tokenizer.
 * Statistic: the median token length of the code block (D distractors + the target) over a task's
 * 800 targets, per D.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildDistractorPool, nearestMeanWindow } from "../../src/benchmarks/semtrace/node/distractors";
import { pythonStdlibDir } from "../../cli/lib/python-stdlib";
import { buildSuiteFromDisk, contextLengthTable } from "../../src/benchmarks/semtrace/node/suite";
import {
  PAPER_CONTEXT,
  SUITE_BUILDER_VERSION,
  contextTokenLengths,
  equallySpaced,
  targetContextTokens,
} from "../../src/benchmarks/semtrace/curate/index";
import type { SuiteRelease } from "../../src/benchmarks/semtrace/dataset/index";
import { contextFunctions, joinFunctions } from "../../src/benchmarks/semtrace/prompt/index";
import { codeLlamaTokenizer } from "../../src/lib/datasets/tokenizer";

const FIXTURE = new URL("../fixtures/distractor-src", import.meta.url).pathname;
const PAPER_GRID = { distractors: [20, 40, 60, 80], positions: equallySpaced(11) };

describe("nearestMeanWindow", () => {
  it("slides a window of ceil(n/2) values to the mean nearest the target, the first on a tie", () => {
    // n = 6, width 3: means of [1,2,3]=2, [2,3,10]=5, [3,10,11]=8, [10,11,12]=11.
    expect(nearestMeanWindow([1, 2, 3, 10, 11, 12], 7)).toEqual({ start: 2, width: 3 });
    expect(nearestMeanWindow([1, 2, 3, 10, 11, 12], 6.5)).toEqual({ start: 1, width: 3 });
    expect(nearestMeanWindow([1, 2, 3, 10, 11, 12], 0)).toEqual({ start: 0, width: 3 });
    expect(nearestMeanWindow([1, 2, 3, 10, 11, 12], 99)).toEqual({ start: 3, width: 3 });
    // n = 5, width 3.
    expect(nearestMeanWindow([4, 4, 4, 4, 4], 4)).toEqual({ start: 0, width: 3 });
  });
});

describe("buildDistractorPool by tokens, on the fixture", () => {
  // A tokenizer that counts characters, so the eligible functions' "tokens" are the chars of
  // distractors.test.ts: tiny 20, __init__ 40, tabbed 48, fib 62, add 113, outer 116, clamp 125,
  // drain 140, medium_length_function 154, long_function_with_several_steps 429.
  const chars = { name: "characters", version: "1", count: (s: string) => [...s].length };

  it("keeps the half whose mean is nearest the target, by hand", async () => {
    // Width 5. Windows: [20..113] 56.6, [40..116] 75.8, [48..125] 92.8, [62..140] 111.2,
    // [113..154] 129.6, [116..429] 192.8. Target 110: the window 62..140 (fib, add, outer, clamp, drain).
    const pool = await buildDistractorPool(FIXTURE, { tokens: { perFunction: 110, tokenizer: chars } });
    expect(pool.functions.map((f) => [f.name, f.tokens])).toEqual(
      expect.arrayContaining([
        ["fib", 62],
        ["add", 113],
        ["outer", 116],
        ["clamp", 125],
        ["drain", 140],
      ]),
    );
    expect(pool.functions).toHaveLength(5);
    expect({ ...pool.filter, rule: undefined }).toEqual({
      by: "tokens",
      extracted: 15,
      eligible: 10,
      tokenizer: "characters",
      target_tokens: 110,
      min_tokens: 62,
      max_tokens: 140,
      mean_tokens: 111.2,
      reached: true,
      kept: 5,
      rule: undefined,
    });
    expect(pool.filter.rule).toContain("mean tokens is nearest 110");
  });

  it("says when the corpus cannot reach the target, keeping the longest half", async () => {
    const pool = await buildDistractorPool(FIXTURE, { tokens: { perFunction: 500, tokenizer: chars } });
    expect([pool.filter.min_tokens, pool.filter.max_tokens, pool.filter.mean_tokens, pool.filter.reached]).toEqual([
      116,
      429,
      192.8,
      false,
    ]);
  });
});

describe("a SemTrace build from Python's standard library", () => {
  const dir = pythonStdlibDir();
  let suite: SuiteRelease;
  const log: string[] = [];

  beforeAll(async () => {
    expect(dir, "python3 and its standard library are needed").toBeTruthy();
    suite = await buildSuiteFromDisk({
      tasks: ["semtrace"],
      seed: 0,
      digits: 2,
      grid: PAPER_GRID,
      targets: 800,
      variants: { targets: 1, cap: 1 },
      distractorDir: dir!,
      log: (line) => log.push(line),
    });
  }, 180_000);

  it("matches the paper's context length per D within 10 % (median tokens of the code block)", () => {
    const table = suite.build.context_tokens as Record<string, Record<string, { median: number; contexts: number }>>;
    for (const d of PAPER_GRID.distractors) {
      const { median, contexts } = table.semtrace[String(d)];
      expect(contexts).toBe(800);
      const paper = targetContextTokens(d);
      expect(Math.abs(median - paper) / paper, `D=${d}: median ${median} vs the paper's ~${paper}`).toBeLessThan(0.1);
    }
  });

  it("counts a context as the sum of its functions and separators: the same as tokenizing it whole", async () => {
    await codeLlamaTokenizer.ready!();
    const poolTokens = suite.pool.functions.map((f) => codeLlamaTokenizer.count(f.code));
    const lengths = contextTokenLengths(suite, poolTokens, (c) => codeLlamaTokenizer.count(c)).semtrace!;
    for (const [i, position] of [
      [0, 0],
      [7, 0.5],
      [123, 0.7],
      [799, 1],
    ] as const) {
      const target = suite.tasks.semtrace!.targets[i];
      for (const d of PAPER_GRID.distractors) {
        const code = suite.pool.functions;
        const block = joinFunctions(
          contextFunctions(
            target.code,
            target.distractors![String(d)].map((id) => code[id].code),
            position,
          ).functions,
        );
        expect(lengths[String(d)][i], `target ${i}, D=${d}, position ${position}`).toBe(
          codeLlamaTokenizer.count(block),
        );
      }
    }
    expect(contextLengthTable(suite, poolTokens)).toEqual(suite.build.context_tokens);
  });

  it("records the rule and the builder version in the manifest, and prints the distribution beside the paper's", () => {
    expect(suite.build.builder).toBe(SUITE_BUILDER_VERSION);
    expect(suite.build.distractor_selection).toMatchObject({
      by: "tokens",
      tokens_per_distractor: 200,
      paper: PAPER_CONTEXT,
    });
    expect(suite.pool.filter).toMatchObject({ by: "tokens", target_tokens: 200, reached: true });
    expect(String(suite.pool.filter.rule)).toContain(
      "tokens = len(tokenize(text)) with codellama/CodeLlama-7b-Instruct-hf",
    );
    const table = suite.build.context_tokens as Record<string, Record<string, { median: number }>>;
    for (const d of PAPER_GRID.distractors) {
      const row = log.find((l) => l.trimStart().startsWith(`${d} `));
      expect(row, log.join("\n")).toMatch(
        new RegExp(`^\\s+${d}\\s+${table.semtrace[String(d)].median} \\[\\d+-\\d+\\]\\s+${d * 200}\\s+~${d * 200}$`),
      );
    }
  });
});
