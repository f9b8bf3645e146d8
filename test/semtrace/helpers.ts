/** A small SemTrace-family suite built the way `npm run semtrace -- build` builds one, for run tests. */
import { env } from "cloudflare:test";
import type { CruxRecord } from "../../src/benchmarks/semtrace/curate/index";
import type { SuiteRelease } from "../../src/benchmarks/semtrace/dataset/index";
import { ADMIN, importOnce, post } from "../helpers";
import { buildMiniSuite, type MiniSuiteOptions } from "./mini-suite";

/** CRUXEval records from the binding (vitest.config.ts reads ../shared/data/cruxeval). */
export function cruxRecords(): CruxRecord[] {
  const data = env.CRUXEVAL;
  if ("missing" in data) throw new Error(`CRUXEval is needed by this test: ${data.missing}`);
  return data.jsonl
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CruxRecord);
}

export { POOL_FUNCTIONS, type MiniSuiteOptions } from "./mini-suite";

export function miniSuite(o: MiniSuiteOptions = {}): Promise<SuiteRelease> {
  return buildMiniSuite(o, cruxRecords().slice(0, 50));
}

/** Imports a suite once per dataset id. */
export function suiteDataset(id: string, o: MiniSuiteOptions = {}): Promise<string> {
  return importOnce(id, async () => {
    const res = await post(`/v1/datasets/${id}/suite`, await miniSuite(o), ADMIN);
    if (res.status !== 200) throw new Error(`suite import: ${res.status} ${await res.text()}`);
  });
}
