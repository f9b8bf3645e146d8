/**
 * What leaves the service about a dataset's units, by the dataset's visibility
 * (docs/api.md#held-out-datasets): the one seam every response, page and export of verdicts,
 * prompts, samples and outputs goes through. A public dataset's view shows everything as stored; a
 * held-out dataset's view keeps the verdict (passed, the headline score) and what its benchmark's
 * `heldOutDetail` schema lets through, and withholds the rest: the expected answer, the target's
 * code, name and position, per-candidate similarities, and the model outputs of its runs (an
 * output that passes is an answer). Nothing here names a family.
 */
import { z } from "@hono/zod-openapi";
import type { Env } from "../lib/env";
import { refuseAsHeldOut, visibilityOf, type Visibility } from "../lib/datasets/visibility";
import { findBenchmark } from "../benchmarks/registry";

/** A held-out dataset's verdict: passed and the headline score; its detail is the benchmark's `heldOutDetail`, or nothing. */
const HeldOutVerdict = z.object({ passed: z.boolean().nullable(), score: z.number().nullable() });

type Verdictish = { passed: boolean | null; score: number | null; detail: Record<string, unknown> | null };

export interface DatasetView {
  visibility: Visibility;
  heldOut: boolean;
  /** A verdict (or a stored sample) as this dataset may show it: for a held-out one, the verdict fields and the benchmark's public detail. */
  verdict<V extends Verdictish>(benchmark: string, v: V): V;
  /** A unit's position (where its target sits) or null when withheld. */
  position(position: number | null): number | null;
  /** A stored run sample as this dataset may show it: its verdict (`verdict`) and position (`position`). */
  sample<S extends Verdictish & { position: number | null }>(benchmark: string, s: S): S;
  /** Whether model outputs of runs over this dataset may be shown. */
  showsOutputs: boolean;
  /** A 422 for a request that cannot be answered without showing what the dataset hides; `what` names it, `instead` what to use. */
  refuse(what: string, instead?: string): void;
  /**
   * A 422 for a scoring request that guesses at one unit more than once (a held-out dataset's batch
   * scores each unit at most once, so the rate limit bounds guesses per unit: docs/limits.md#probing-held-out-datasets).
   */
  oneGuessPerUnit(units: readonly string[]): void;
}

/**
 * A held-out verdict's detail: what the benchmark's `heldOutDetail` lets through (nothing without
 * one, or when the detail does not parse), and a run sample's `attempts` (its failed model calls,
 * the service's own record, no answer in them).
 */
const detailOf = (benchmark: string, detail: Record<string, unknown> | null): Record<string, unknown> | null => {
  if (detail === null) return null;
  const parsed = findBenchmark(benchmark)?.heldOutDetail?.safeParse(detail);
  return {
    ...(parsed?.success ? parsed.data : {}),
    ...(detail.attempts !== undefined && { attempts: detail.attempts }),
  };
};

const PUBLIC: Omit<DatasetView, "refuse" | "oneGuessPerUnit"> = {
  visibility: "public",
  heldOut: false,
  verdict: (_b, v) => v,
  position: (p) => p,
  sample: (_b, s) => s,
  showsOutputs: true,
};

const HELD_OUT: Omit<DatasetView, "refuse" | "oneGuessPerUnit"> = {
  visibility: "held-out",
  heldOut: true,
  verdict: (benchmark, v) => ({ ...v, ...HeldOutVerdict.parse(v), detail: detailOf(benchmark, v.detail) }),
  position: () => null,
  sample: (benchmark, s) => ({ ...HELD_OUT.verdict(benchmark, s), position: null }),
  showsOutputs: false,
};

/**
 * The view of dataset `id`'s units, by its current visibility: `known` when a read of its row
 * already gave it (a family's `units` / `hasUnit`), else read here.
 */
export async function datasetView(env: Env, id: string, known?: Visibility): Promise<DatasetView> {
  const visibility = known ?? (await visibilityOf(env, id));
  const base = visibility === "held-out" ? HELD_OUT : PUBLIC;
  const refuse = (what: string, instead?: string) => {
    if (base.heldOut) refuseAsHeldOut(id, what, instead);
  };
  return {
    ...base,
    refuse,
    oneGuessPerUnit(units) {
      const twice = units.find((u, i) => units.indexOf(u) !== i);
      if (twice !== undefined)
        refuse(
          `scoring unit ${JSON.stringify(twice)} more than once in one request (a guess per unit per request; docs/limits.md#probing-held-out-datasets)`,
        );
    },
  };
}
