/**
 * A small SemTrace-family suite built the way `npm run semtrace -- build` builds one (no workerd
 * import: the browser walk builds it in Node too; test/semtrace/helpers.ts adds CRUXEval's records
 * from the workerd binding).
 */
import { buildSuite, type CruxRecord } from "../../src/benchmarks/semtrace/curate/index";
import type { SuiteRelease, SuiteTask } from "../../src/benchmarks/semtrace/dataset/index";
import { SUITE_TASKS } from "../../src/benchmarks/semtrace/dataset/index";

/** Distractors: small real-looking Python functions (no `f`), distinct texts. */
export const POOL_FUNCTIONS = Array.from({ length: 12 }, (_, i) => ({
  id: i,
  name: `helper_${i}`,
  path: `lib/mod${i % 3}.py`,
  line: 10 * i,
  code: `def helper_${i}(items, limit=${i + 1}):\n    total = 0\n    for item in items[:limit]:\n        total += item * ${i + 2}\n    return total`,
}));

export interface MiniSuiteOptions {
  tasks?: readonly SuiteTask[];
  targets?: number;
  grid?: SuiteRelease["grid"];
  variants?: { targets: number; cap: number };
  seed?: number;
}

/** The suite; `cruxeval` records are needed by the CRUXEval-based tasks only. */
export function buildMiniSuite(o: MiniSuiteOptions = {}, cruxeval?: CruxRecord[]): Promise<SuiteRelease> {
  return buildSuite({
    seed: o.seed ?? 7,
    grid: o.grid ?? { distractors: [3, 6], positions: [0, 0.5, 1] },
    tasks: o.tasks ?? SUITE_TASKS,
    digits: 2,
    targets: o.targets ?? 2,
    variants: o.variants ?? { targets: 2, cap: 4 },
    pool: { source: { kind: "test" }, filter: { rule: "none" }, functions: POOL_FUNCTIONS },
    cruxeval: cruxeval && { source: { kind: "cruxeval", file: "binding" }, records: cruxeval },
  });
}
