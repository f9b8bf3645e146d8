/**
 * `npm run bench` (LongCodeU part).
 *
 * 1. Building: `buildLongCodeUFromDisk` over the `email` and `json` packages of Python's standard
 *    library (fixture repositories without python3), every task, buckets up to 32K, 2 examples per
 *    task and bucket: seconds, examples, contexts and JSON size.
 * 2. Scoring cost per answer and task (Node's V8 running the Worker's scorer, CodeBLEU included),
 *    median of 5 passes over the built examples, for two answers each: the oracle's (the reference
 *    in the demanded format: the full path, every unit matched) and a degraded one (every other
 *    line of the oracle answer dropped).
 *
 * CodeBLEU per pair on its own is in scripts/bench-codebleu.mts.
 */
import { performance } from "node:perf_hooks";
import { ROOT } from "../cli/lib/api.ts";
import { pythonStdlibDir } from "../cli/lib/python-stdlib.ts";
import { buildLongCodeUFromDisk } from "../src/benchmarks/longcodeu/node/build.ts";
import { oracleAnswer } from "../src/benchmarks/longcodeu/score/baseline.ts";
import { LONGCODEU_TASKS } from "../src/benchmarks/longcodeu/dataset/index.ts";
import { scoreExample } from "../src/benchmarks/longcodeu/score/index.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const stdlib = pythonStdlibDir();
const repos = stdlib
  ? [`${stdlib}/email`, `${stdlib}/json`]
  : [`${ROOT}test/fixtures/longcodeu/inkwell`, `${ROOT}test/fixtures/longcodeu/tidepool`];

console.log("LongCodeU");
let t0 = performance.now();
const release = await buildLongCodeUFromDisk({ repos, seed: 0, perBucket: 2, buckets: ["0-8K", "8-16K", "16-32K"] });
const buildS = (performance.now() - t0) / 1000;
const contexts = release.repos.flatMap((p) => p.contexts);
const bucketOf = new Map(contexts.map((c) => [c.id, c.bucket]));
const examples = release.repos.flatMap((p) => p.examples.map((e) => ({ ...e, bucket: bucketOf.get(e.context)! })));
const tokens = contexts.reduce((n, c) => n + c.tokens, 0);
console.log(
  `  build (${stdlib ? "stdlib email + json" : "fixture repositories"}, buckets 0-8K..16-32K, 2 per task and bucket): ` +
    `${buildS.toFixed(1)} s, ${examples.length} examples, ${contexts.length} contexts (${(tokens / 1000).toFixed(0)}K tokens), ` +
    `${(JSON.stringify(release).length / 1e6).toFixed(1)} MB`,
);

const degrade = (answer: string) =>
  answer
    .split("\n")
    .filter((_, i) => i % 2 === 0)
    .join("\n");
console.log("  scoring one answer (median of 5 passes), oracle / degraded:");
for (const task of LONGCODEU_TASKS) {
  const mine = examples.filter((e) => e.task === task);
  if (!mine.length) continue;
  const answers = mine.map((e) => oracleAnswer(e));
  const cost = async (outputs: string[]) => {
    const passes: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      t0 = performance.now();
      for (const [i, e] of mine.entries()) await scoreExample(e, outputs[i]);
      passes.push((performance.now() - t0) / mine.length);
    }
    return median(passes);
  };
  await cost(answers); // grammar load and JIT warm-up
  const oracle = await cost(answers);
  const degraded = await cost(answers.map(degrade));
  const size = median(answers.map((a) => a.length));
  console.log(
    `    ${task.padEnd(7)} ${String(mine.length).padStart(3)} answers (median ${String(size).padStart(5)} chars): ${oracle.toFixed(2).padStart(7)} ms / ${degraded.toFixed(2).padStart(7)} ms`,
  );
}
