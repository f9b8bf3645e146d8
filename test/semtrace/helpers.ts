/** A small SemTrace-family suite built the way `npm run semtrace -- build` builds one, for run tests. */
import { env } from "cloudflare:test";
import { buildSuite, type CruxRecord } from "../../src/benchmarks/semtrace/build";
import type { SuiteRelease, SuiteTask } from "../../src/benchmarks/semtrace/dataset";
import { SUITE_TASKS } from "../../src/benchmarks/semtrace/dataset";
import { ADMIN, importOnce, post } from "../helpers";

/** Distractors: small real-looking Python functions (no `f`), distinct texts. */
export const POOL_FUNCTIONS = Array.from({ length: 12 }, (_, i) => ({
  id: i,
  name: `helper_${i}`,
  path: `lib/mod${i % 3}.py`,
  line: 10 * i,
  code: `def helper_${i}(items, limit=${i + 1}):\n    total = 0\n    for item in items[:limit]:\n        total += item * ${i + 2}\n    return total`,
}));

/** CRUXEval records from the binding (vitest.config.ts reads ../shared/data/cruxeval). */
export function cruxRecords(): CruxRecord[] {
  const data = env.CRUXEVAL;
  if ("missing" in data) throw new Error(`CRUXEval is needed by this test: ${data.missing}`);
  return data.jsonl
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CruxRecord);
}

export interface MiniSuiteOptions {
  tasks?: readonly SuiteTask[];
  targets?: number;
  grid?: SuiteRelease["grid"];
  variants?: { targets: number; cap: number };
  seed?: number;
}

export function miniSuite(o: MiniSuiteOptions = {}): Promise<SuiteRelease> {
  return buildSuite({
    seed: o.seed ?? 7,
    grid: o.grid ?? { distractors: [3, 6], positions: [0, 0.5, 1] },
    tasks: o.tasks ?? SUITE_TASKS,
    digits: 2,
    targets: o.targets ?? 2,
    variants: o.variants ?? { targets: 2, cap: 4 },
    pool: { source: { kind: "test" }, filter: { rule: "none" }, functions: POOL_FUNCTIONS },
    cruxeval: { source: { kind: "cruxeval", file: "binding" }, records: cruxRecords().slice(0, 50) },
  });
}

/** Imports a suite once per dataset id. */
export function suiteDataset(id: string, o: MiniSuiteOptions = {}): Promise<string> {
  return importOnce(id, async () => {
    const res = await post(`/v1/datasets/${id}/suite`, await miniSuite(o), ADMIN);
    if (res.status !== 200) throw new Error(`suite import: ${res.status} ${await res.text()}`);
  });
}
