/**
 * `npm run bench` (fifth part): the SemTrace family.
 *
 * 1. Building the paper-size suite on this machine (`npm run semtrace -- build` defaults: 800
 *    targets per task, D in {20, 40, 60, 80}, 11 positions, 100 x 16 line-removal variants, the
 *    standard library as distractors, python3 for the CRUXEval interpreter curve): seconds and size.
 * 2. Scoring cost per answer of the pure scorers (Node's V8 running the Worker's code): CRUXEval-O
 *    over the 800 published outputs, SemTrace, lexical recall, and the restricted interpreter.
 * 3. Through a fresh local instance (wrangler dev): importing the suite, then runs of
 *    `baseline:oracle` over the first targets' whole grid per task, timed from POST to completed;
 *    each unit loads its target and pool from R2, assembles and token-counts a 4K-16K-token prompt,
 *    scores and writes D1. Prompt tokens per D come from the samples (the paper: about 4K to 16K).
 *
 * Options: --targets=N (targets per run, default 4: 176 units per positional task).
 */
import { performance } from "node:perf_hooks";
import { api } from "../cli/lib/api.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { DEFAULT_CRUXEVAL, buildSuiteFromDisk, readCruxeval } from "../src/benchmarks/semtrace/node/suite.ts";
import { equallySpaced } from "../src/benchmarks/semtrace/curate/index.ts";
import { SUITE_TASKS } from "../src/benchmarks/semtrace/dataset/index.ts";
import { runRestrictedPython } from "../src/benchmarks/semtrace/score/interpreter/index.ts";
import { scoreOutputPrediction, scoreRetrieval } from "../src/benchmarks/semtrace/score/index.ts";

const TARGETS = Number(process.argv.find((a) => a.startsWith("--targets="))?.slice(10) ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log("SemTrace family");
let t0 = performance.now();
const suite = await buildSuiteFromDisk({
  tasks: SUITE_TASKS,
  seed: 0,
  digits: 2,
  grid: { distractors: [20, 40, 60, 80], positions: equallySpaced(11) },
  targets: 800,
  variants: { targets: 100, cap: 16 },
  log: () => {},
});
const buildS = (performance.now() - t0) / 1000;
const json = JSON.stringify(suite);
const units = Object.fromEntries(
  Object.entries(suite.tasks).map(([t, e]) => [
    t,
    t.startsWith("sensitivity") ? e!.targets.length : e!.targets.length * 44,
  ]),
);
console.log(
  `  paper-size suite build: ${buildS.toFixed(1)} s, ${(json.length / 1e6).toFixed(1)} MB JSON, ${suite.pool.functions.length} distractors; units ${JSON.stringify(units)}`,
);

/** Microseconds per call of `fn` over `items`, median of 5 passes. */
function perCall<T>(items: readonly T[], fn: (x: T) => unknown): number {
  const passes: number[] = [];
  for (let p = 0; p < 5; p++) {
    const s = performance.now();
    for (const x of items) fn(x);
    passes.push(((performance.now() - s) * 1000) / items.length);
  }
  return median(passes);
}
const crux = (await readCruxeval(DEFAULT_CRUXEVAL)).records;
const semtrace = suite.tasks.semtrace!.targets;
const lexical = suite.tasks["lexical-recall"]!.targets;
const scoring = {
  "cruxeval-o (800 published outputs, continuation form)": perCall(crux, (r) =>
    scoreOutputPrediction(` ${r.output}\n\`\`\``, r.input, r.output, { partial: false }),
  ),
  "cruxeval-o (full assert line in a fence)": perCall(crux, (r) =>
    scoreOutputPrediction(`Sure!\n\`\`\`python\nassert f(${r.input}) == ${r.output}\n\`\`\``, r.input, r.output, {
      partial: false,
    }),
  ),
  "semtrace (800 answers, partial match)": perCall(semtrace, (t) =>
    scoreOutputPrediction(` ${t.output}\n\`\`\``, t.input, t.output, { partial: true }),
  ),
  "lexical-recall (800 keyed answers)": perCall(lexical, (t) =>
    scoreRetrieval(
      t.code
        .split("\n")
        .map((l, i) => `${(i + 0xa00000).toString(16)} ${l}`)
        .join("\n") + "\n```",
      t.code,
    ),
  ),
  "interpreter (800 SemTrace functions)": perCall(semtrace, (t) => runRestrictedPython(t.code, t.input)),
};
for (const [what, us] of Object.entries(scoring)) console.log(`  score ${what}: ${us.toFixed(1)} µs per answer`);

const instance = await startIsolatedInstance("nw-bench-semtrace");
try {
  const client = api(instance.url, instance.token);
  t0 = performance.now();
  await client.request("POST", "/v1/datasets/bench-suite/suite", suite, { auth: true });
  console.log(
    `  import of the paper-size suite (POST /v1/datasets/{id}/suite): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const benchmark of ["lexical-recall", "cruxeval-o", "semtrace"]) {
    const started = performance.now();
    const run = await client.request<{ id: string; units: number }>(
      "POST",
      "/v1/runs",
      {
        benchmark,
        dataset: "bench-suite",
        model: "baseline:oracle",
        limit: TARGETS * 44,
        concurrency: 16,
        publish: false,
      },
      { auth: true },
    );
    for (;;) {
      const view = await client.request<{ status: string; finished_at: string | null; counts: Record<string, number> }>(
        "GET",
        `/v1/runs/${run.id}`,
      );
      if (view.finished_at) {
        if (view.counts.passed !== run.units) throw new Error(`${benchmark}: ${JSON.stringify(view.counts)}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - started;
    const samples = (
      await client.request<{ samples: { contextSize: number; promptTokens: number }[] }>(
        "GET",
        `/v1/runs/${run.id}/samples?limit=500`,
      )
    ).samples;
    const tokens: Record<string, number[]> = {};
    for (const s of samples) (tokens[s.contextSize] ??= []).push(s.promptTokens);
    const perD = Object.entries(tokens)
      .map(([d, xs]) => `D=${d}: ${Math.round(median(xs))}`)
      .join(", ");
    console.log(
      `  ${benchmark} oracle run, ${run.units} units at concurrency 16: ${(ms / run.units).toFixed(1)} ms per unit (${((run.units * 1000) / ms).toFixed(0)}/s); median prompt tokens ${perD}`,
    );
  }
} finally {
  await instance.stop();
}
