/**
 * The oracle (`baseline:oracle`) on a built LongCodeU release, scored with the run's own functions
 * (`oracleAnswer`, then `scoreExample`), without a service:
 *
 *   npx tsx scripts/longcodeu-oracle.mts <build dir>     (what `npm run longcodeu -- build` writes)
 *   npx tsx scripts/longcodeu-oracle.mts release.json    (a whole release, as the one-request import takes)
 *
 * Prints per task the examples, mean and minimum recall and precision, and every example below 1;
 * exits 1 when there is one (the builder must never pick an answer the metric cannot give 1).
 */
import "../cli/lib/tree-sitter-node.ts";
import { readFileSync, statSync } from "node:fs";
import { releaseFromBuild } from "../src/benchmarks/longcodeu/node/parts.ts";
import { oracleAnswer } from "../src/benchmarks/longcodeu/score/baseline.ts";
import { LONGCODEU_TASKS, ReleaseSchema } from "../src/benchmarks/longcodeu/dataset/index.ts";
import { scoreExample } from "../src/benchmarks/longcodeu/score/index.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx scripts/longcodeu-oracle.mts <build dir | release.json>");
  process.exit(2);
}
const release = ReleaseSchema.parse(
  statSync(file).isDirectory() ? releaseFromBuild(file) : JSON.parse(readFileSync(file, "utf8")),
);
const rows = new Map<
  string,
  { n: number; recall: number; precision: number; minRecall: number; minPrecision: number }
>();
const below: string[] = [];
for (const part of release.repos) {
  const bucketOf = new Map(part.contexts.map((c) => [c.id, c.bucket]));
  for (const e of part.examples) {
    const v = await scoreExample({ ...e, bucket: bucketOf.get(e.context)! }, oracleAnswer(e));
    const { recall, precision } = v.detail as { recall: number; precision: number };
    const r = rows.get(e.task) ?? { n: 0, recall: 0, precision: 0, minRecall: 1, minPrecision: 1 };
    r.n++;
    r.recall += recall;
    r.precision += precision;
    r.minRecall = Math.min(r.minRecall, recall);
    r.minPrecision = Math.min(r.minPrecision, precision);
    rows.set(e.task, r);
    if (recall < 1 - 1e-9 || precision < 1 - 1e-9)
      below.push(`${e.id}: recall ${recall.toFixed(4)}, precision ${precision.toFixed(4)}`);
  }
}
console.log(
  `${"task".padEnd(8)}${"n".padStart(6)}${"recall".padStart(9)}${"min".padStart(9)}${"precision".padStart(11)}${"min".padStart(9)}`,
);
for (const task of LONGCODEU_TASKS) {
  const r = rows.get(task);
  if (!r) continue;
  const f = (x: number) => x.toFixed(4).padStart(9);
  console.log(
    `${task.padEnd(8)}${String(r.n).padStart(6)}${f(r.recall / r.n)}${f(r.minRecall)}${f(r.precision / r.n).padStart(11)}${f(r.minPrecision)}`,
  );
}
for (const line of below) console.log(`  below 1: ${line}`);
process.exit(below.length ? 1 : 0);
