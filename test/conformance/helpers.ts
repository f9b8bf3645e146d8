/**
 * One fixture dataset per dataset kind, so the conformance tests can loop over every registered
 * benchmark. A benchmark whose dataset kind has no fixture here fails the conformance test: adding a
 * family means adding its fixture.
 */
import { env } from "cloudflare:test";
import { longcodeuDataset } from "../longcodeu/helpers";
import { get, importFixture, importOnce } from "../helpers";
import { suiteDataset } from "../semtrace/helpers";
import { TOY_DATASET_KIND, toyDataset } from "./toy/dataset";
import { storeToyDataset } from "./toy/store";

export const FIXTURES: Record<string, () => Promise<string>> = {
  "repoqa-snf": () => importOnce("conf-repoqa", () => importFixture("conf-repoqa")),
  "semtrace-suite": () => suiteDataset("conf-suite"),
  longcodeu: () => longcodeuDataset("conf-lcu"),
  [TOY_DATASET_KIND]: () => importOnce("conf-toy", () => storeToyDataset(env, "conf-toy", toyDataset())),
};

export interface BenchmarkInfo {
  id: string;
  title: string;
  dataset_kind: string;
  datasets: string[];
  default_max_tokens: number;
  baselines: string[];
  scorer_version: string;
}

export async function listBenchmarks(): Promise<BenchmarkInfo[]> {
  const res = await get("/v1/benchmarks");
  if (res.status !== 200) throw new Error(`GET /v1/benchmarks: ${res.status} ${await res.text()}`);
  return (await res.json<{ benchmarks: BenchmarkInfo[] }>()).benchmarks;
}

export const unitsPath = (benchmark: string, dataset: string) =>
  `/v1/benchmarks/${benchmark}/datasets/${dataset}/units`;
export const promptPath = (benchmark: string, dataset: string, unit: string) =>
  `${unitsPath(benchmark, dataset)}/${encodeURIComponent(unit)}/prompt`;

/** Every unit of a listing, page by page (`after` = the previous page's `next`). */
export async function allUnits(benchmark: string, dataset: string, query = "", limit = 5) {
  const units: { unit: string; task: string; language: string }[] = [];
  let after: string | null = null;
  let options: Record<string, unknown> = {};
  let total = 0;
  for (let page = 0; page < 1000; page++) {
    const res = await get(
      `${unitsPath(benchmark, dataset)}?limit=${limit}${query}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    );
    if (res.status !== 200) throw new Error(`units of ${benchmark}: ${res.status} ${await res.text()}`);
    const body = await res.json<{
      units: typeof units;
      next: string | null;
      options: Record<string, unknown>;
      total: number;
    }>();
    units.push(...body.units);
    options = body.options;
    total = body.total;
    if (!body.next) break;
    after = body.next;
  }
  return { units, options, total };
}
