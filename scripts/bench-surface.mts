/**
 * CPU of the benchmark-generic surface per request, per benchmark, against a fresh
 * `wrangler dev` (as scripts/bench-budget.mts: main-thread CPU of workerd from
 * /proc/<pid>/task/<pid>/schedstat, minus the median of a no-op GET /v1/health; each case is sent
 * once to warm the isolate, then the median of 5 is kept). Datasets: the RepoQA fixture, a small
 * SemTrace suite (CRUXEval from ../shared/data/cruxeval) and the LongCodeU fixture. Also RepoQA's
 * original `/v1/score` shape on the same answer, to show what the generic path adds (listing the
 * run's units to check the unit and resolve the options).
 *
 *   npx tsx scripts/bench-surface.mts
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT, api } from "../cli/lib/api.ts";
import { importReleaseFile } from "../src/benchmarks/repoqa/node/import-release.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { mainThreadNs, workerdDescendants } from "./lib/workerd-cpu.mts";
import { oracleAnswer } from "../src/benchmarks/longcodeu/score/baseline.ts";
import { buildSuite, type CruxRecord } from "../src/benchmarks/semtrace/curate/index.ts";
import { SUITE_TASKS } from "../src/benchmarks/semtrace/dataset/index.ts";
import { fixtureRelease } from "../test/longcodeu/fixture.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const instance = await startIsolatedInstance("nw-bench-surface");
try {
  const client = api(instance.url, instance.token);
  const admin = { authorization: `Bearer ${instance.token}`, "content-type": "application/json" };
  await importReleaseFile(client, join(ROOT, "test/fixtures/repoqa-mini.json"), {
    id: "repoqa",
    name: "fixture",
    license: "Apache-2.0",
  });
  const crux = readFileSync(join(ROOT, "../shared/data/cruxeval/cruxeval.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CruxRecord);
  const pool = Array.from({ length: 60 }, (_, i) => ({
    id: i,
    name: `helper_${i}`,
    path: `lib/mod${i % 3}.py`,
    line: 10 * i,
    code: `def helper_${i}(items, limit=${i + 1}):\n    total = 0\n    for item in items[:limit]:\n        total += item * ${i + 2}\n    return total`,
  }));
  const suite = await buildSuite({
    seed: 7,
    grid: { distractors: [20, 40], positions: [0, 0.5, 1] },
    tasks: SUITE_TASKS,
    digits: 2,
    targets: 4,
    variants: { targets: 2, cap: 4 },
    pool: { source: { kind: "bench" }, filter: { rule: "none" }, functions: pool },
    cruxeval: { source: { kind: "cruxeval", file: "shared" }, records: crux.slice(0, 50) },
  });
  for (const [path, body, ok] of [
    ["/v1/datasets/suite/suite", suite, 200],
    ["/v1/datasets/lcu/longcodeu", fixtureRelease(), 201],
  ] as const) {
    const res = await fetch(instance.url + path, { method: "POST", headers: admin, body: JSON.stringify(body) });
    if (res.status !== ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  }

  async function cpuOf(
    path: string,
    body?: unknown,
  ): Promise<{ cpu: number; wall: number; status: number; json: any }> {
    const pids = workerdDescendants();
    const c0 = mainThreadNs(pids);
    const t0 = performance.now();
    const res = await fetch(
      instance.url + path,
      body === undefined
        ? {}
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );
    const json = await res.json();
    return { cpu: (mainThreadNs(pids) - c0) / 1e6, wall: performance.now() - t0, status: res.status, json };
  }
  async function measure(path: string, body?: unknown) {
    const first = await cpuOf(path, body);
    if (first.status !== 200) throw new Error(`${path}: ${first.status} ${JSON.stringify(first.json)}`);
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await cpuOf(path, body));
    return { cpu: median(runs.map((r) => r.cpu)), wall: median(runs.map((r) => r.wall)), json: first.json };
  }

  for (let i = 0; i < 3; i++) await cpuOf("/v1/health");
  const noop = median(
    await Promise.all([0, 1, 2, 3, 4].map(async () => 0)).then(async () => {
      const xs = [];
      for (let i = 0; i < 7; i++) xs.push((await cpuOf("/v1/health")).cpu);
      return xs;
    }),
  );
  console.log(
    `benchmark-generic surface: CPU per request (warm isolate, median of 5, minus a no-op request of ${noop.toFixed(1)} ms)\n`,
  );
  const row = (name: string, r: { cpu: number; wall: number }) =>
    console.log(
      `  ${name.padEnd(58)} ${(r.cpu - noop).toFixed(1).padStart(7)} ms CPU ${r.wall.toFixed(0).padStart(5)} ms wall`,
    );

  const lcuExamples = new Map(fixtureRelease().repos.flatMap((p) => p.examples.map((e) => [e.id, e] as const)));
  const benchmarks = (await measure("/v1/benchmarks")).json.benchmarks as { id: string; dataset_kind: string }[];
  row("GET /v1/benchmarks", await measure("/v1/benchmarks"));
  const datasetOf: Record<string, string> = { "repoqa-snf": "repoqa", "semtrace-suite": "suite", longcodeu: "lcu" };
  for (const b of benchmarks) {
    const ds = datasetOf[b.dataset_kind];
    const base = `/v1/benchmarks/${b.id}/datasets/${ds}/units`;
    const list = await measure(`${base}?limit=100`);
    row(`${b.id}: units (${list.json.total}, page of 100)`, list);
    const unit = list.json.units[0].unit as string;
    const prompt = await measure(`${base}/${encodeURIComponent(unit)}/prompt`);
    row(`${b.id}: prompt (${prompt.json.prompt_tokens} tokens)`, prompt);
    const answer =
      b.id === "longcodeu"
        ? oracleAnswer(lcuExamples.get(unit)!)
        : b.id === "repoqa-snf"
          ? "```python\ndef f(x):\n    return x\n```"
          : b.id === "lexical-recall"
            ? "def f(x):\n    return x\n```"
            : " [1, 2, 3]\n```";
    row(`${b.id}: POST /v1/score`, await measure("/v1/score", { benchmark: b.id, dataset: ds, unit, answer }));
    const units = (list.json.units as { unit: string }[]).slice(0, 20);
    const answers = units.map((u) => ({
      unit: u.unit,
      answer: b.id === "longcodeu" ? oracleAnswer(lcuExamples.get(u.unit)!) : answer,
    }));
    row(
      `${b.id}: POST /v1/score/batch (${answers.length} answers)`,
      await measure("/v1/score/batch", { benchmark: b.id, dataset: ds, answers }),
    );
    if (b.id === "repoqa-snf")
      row(
        "repoqa-snf: POST /v1/score, the original shape (same answer)",
        await measure("/v1/score", { dataset: ds, task: unit, answer }),
      );
  }
} finally {
  await instance.stop();
}
