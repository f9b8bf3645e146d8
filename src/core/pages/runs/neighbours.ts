/**
 * A sample page's previous and next (docs/runs.md, "Run pages"): within the filters, order and
 * search of the browser it was opened from. Without a search, the neighbours in the order (one
 * batch of three indexed statements); under a search, the nearest sample each way whose stored
 * answer has the text, looking at most `SEARCH_NEAR` samples each way (./search.ts's bounds).
 */
import type { Env } from "../../../lib/env";
import type { RunSampleRow } from "../../../lib/db/schema";
import { neighboursOf, type SampleFilters } from "./queries";
import type { SampleNeighbours } from "./sample";
import { SEARCH_NEAR, scanAnswers } from "./search";

export async function sampleNeighbours(
  env: Env,
  runId: string,
  f: SampleFilters,
  sample: Pick<RunSampleRow, "unit" | "score">,
): Promise<SampleNeighbours> {
  const q = f.q;
  const n = await neighboursOf(env, runId, f, sample, q === undefined ? 1 : SEARCH_NEAR);
  if (q === undefined)
    return { f, place: n.place, total: n.total, prev: n.before[0]?.unit ?? null, next: n.after[0]?.unit ?? null };
  const [before, after] = await Promise.all([scanAnswers(env, n.before, q), scanAnswers(env, n.after, q)]);
  const first = (rows: typeof n.before, matches: Map<string, unknown>) =>
    rows.find((r) => matches.has(r.unit))?.unit ?? null;
  return {
    f,
    place: n.place,
    total: n.total,
    prev: first(n.before, before.matches),
    next: first(n.after, after.matches),
    looked: { before: before.scanned, after: after.scanned, near: SEARCH_NEAR },
  };
}
