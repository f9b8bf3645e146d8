/**
 * `npm run bench` (CodeBLEU part): cost of the CodeBLEU port per (reference, candidate) pair, in Node
 * (V8 running the Worker's code, the same wasm grammars).
 *
 * Pairs are real Python functions from the fixture repositories (test/fixtures/repoqa-mini), each
 * scored against three model-like candidates: itself with renamed variables, itself with a third of
 * its lines dropped, and another function. Figures, each the median of 5 passes:
 * - single pairs: `codeBleu(reference, candidate)` one pair at a time (every call parses both);
 * - batch: one `calcCodeBleu` over all pairs as a corpus (parses cached per distinct string);
 * - components: n-gram parts alone, parsing (tree-sitter + S-expressions), data-flow extraction;
 * - whole files: the same three candidates for each fixture .py file (tens to hundreds of lines).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import "../cli/lib/tree-sitter-node.ts";
import { extractFunctions } from "../src/lib/code/functions.ts";
import { calcCodeBleu, codeBleu, loadCodeBleuGrammar, DATAFLOW_MAX_STEPS } from "../src/lib/metrics/codebleu/index.ts";
import { extractDataFlow } from "../src/lib/metrics/codebleu/dataflow.ts";
import { dfgPython } from "../src/lib/metrics/codebleu/dfg/python.ts";
import { KEYWORDS } from "../src/lib/metrics/codebleu/keywords.ts";
import { ngramSampleStats, pySplit } from "../src/lib/metrics/codebleu/ngram.ts";
import { parseCode } from "../src/lib/metrics/codebleu/tree.ts";
import { weightedSampleStats } from "../src/lib/metrics/codebleu/weighted-ngram.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const root = new URL("../test/fixtures/repoqa-mini/", import.meta.url).pathname;

function pythonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? pythonFiles(path) : name.endsWith(".py") ? [path] : [];
  });
}

const functions: string[] = [];
const files = pythonFiles(root)
  .map((file) => readFileSync(file, "utf8"))
  .filter((text) => text.split("\n").length >= 20);
for (const text of files) {
  for (const fn of await extractFunctions("python", text)) functions.push(fn.text);
}
const renamed = (code: string) => code.replace(/\b(self|result|value|item|name|line|text|job)\b/g, (w) => `${w}_2`);
const dropped = (code: string) =>
  code
    .split("\n")
    .filter((_, i) => i === 0 || i % 3 !== 1)
    .join("\n");
const candidates = (list: string[]) =>
  list.flatMap((ref, i) => [
    { reference: ref, candidate: renamed(ref) },
    { reference: ref, candidate: dropped(ref) },
    { reference: ref, candidate: list[(i + 7) % list.length] },
  ]);
const pairs = candidates(functions);
const filePairs = candidates(files);
const lines = functions.reduce((s, f) => s + f.split("\n").length, 0);

/** Microseconds per pair of `run`, median of 5 passes over all `count` pairs. */
async function perPair(run: () => unknown | Promise<unknown>, count = pairs.length): Promise<number> {
  const passes: number[] = [];
  for (let p = 0; p < 5; p++) {
    const start = performance.now();
    await run();
    passes.push(((performance.now() - start) * 1000) / count);
  }
  return median(passes);
}

const grammar = await loadCodeBleuGrammar("python");
await codeBleu(pairs[0].reference, pairs[0].candidate, "python"); // warm-up (grammar load)

console.log("CodeBLEU (codebleu 0.7.x port), Python");
console.log(
  `  ${pairs.length} pairs from ${functions.length} fixture functions (median ${median(functions.map((f) => f.split("\n").length))} lines, ${lines} lines in all)`,
);
const figures: Record<string, number> = {
  "single pairs (codeBleu per pair)": await perPair(async () => {
    for (const p of pairs) await codeBleu(p.reference, p.candidate, "python");
  }),
  "batch (one calcCodeBleu over all pairs)": await perPair(() =>
    calcCodeBleu(
      pairs.map((p) => p.reference),
      pairs.map((p) => p.candidate),
      "python",
    ),
  ),
  "n-gram + weighted n-gram only": await perPair(() => {
    for (const p of pairs) {
      const refs = [pySplit(p.reference)];
      const hyp = pySplit(p.candidate);
      ngramSampleStats(refs, hyp);
      weightedSampleStats(refs, hyp, KEYWORDS.python);
    }
  }),
  "parse both sides (tree-sitter, S-expressions, plain tree)": await perPair(() => {
    for (const p of pairs) {
      parseCode(grammar, p.reference);
      parseCode(grammar, p.candidate);
    }
  }),
  "data-flow extraction of both sides (parsed beforehand)": await (async () => {
    const parsed = pairs.map((p) =>
      [p.reference, p.candidate].map((code) => ({ code, root: parseCode(grammar, code).root })),
    );
    return perPair(() => {
      for (const sides of parsed) for (const s of sides) extractDataFlow(s.code, s.root, dfgPython, DATAFLOW_MAX_STEPS);
    });
  })(),
  [`whole files, single pairs (${filePairs.length} pairs, median ${median(files.map((f) => f.split("\n").length))} lines)`]:
    await perPair(async () => {
      for (const p of filePairs) await codeBleu(p.reference, p.candidate, "python");
    }, filePairs.length),
};
for (const [what, us] of Object.entries(figures)) console.log(`  ${what}: ${us.toFixed(0)} µs per pair`);
