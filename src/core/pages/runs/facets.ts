/**
 * A benchmark's facets of the sample browser (`BenchmarkViews.sampleFilters`): which views a run's
 * pages use (a benchmark's `views`, or its `runViews` when it has no board), the run's distinct
 * values the facets' choices are made from, a facet value from the URL checked against its
 * choices, and what a choice selects as SQL on the run's samples.
 */
import { and, asc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { findBenchmark } from "../../../benchmarks/registry";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import type {
  FacetChoice,
  FacetMatch,
  RunViews,
  SampleFacet,
  SampleFilterViews,
  SampleValues,
} from "../../../kit/pages/family";
import { invalidParam } from "../query";

/** The run pages' views of a benchmark: its board's views, or its run views; undefined for one no longer hosted or without any. */
export function runViewsOf(benchmark: string): RunViews | undefined {
  const b = findBenchmark(benchmark);
  return b?.views ?? b?.runViews;
}

/** The sample filters of a benchmark's browser; undefined: the shared language, depth and length. */
export const sampleFiltersOf = (benchmark: string): SampleFilterViews | undefined =>
  runViewsOf(benchmark)?.sampleFilters;

const s = schema.runSamples;

/** Grid positions are stored as doubles: a choice's position matches within this distance. */
const POSITION_EPSILON = 1e-9;

/** The samples a facet choice selects, as a condition on `run_samples` (always under the run's own `run_id`). */
export function facetWhere(m: FacetMatch): SQL | undefined {
  const column = s[m.column];
  if ("prefix" in m) return sql`substr(${column}, 1, ${m.prefix.length}) = ${m.prefix}`;
  if ("equals" in m) {
    if (m.column === "position" && typeof m.equals === "number")
      return and(gte(s.position, m.equals - POSITION_EPSILON), lte(s.position, m.equals + POSITION_EPSILON));
    return eq(column, m.equals);
  }
  return and(gte(column, m.lo), m.closed ? lte(column, m.hi) : lt(column, m.hi));
}

/** The distinct positions of a run's samples (a grid's few positions), for the facets that read them. */
async function distinctPositions(env: Env, runId: string): Promise<number[]> {
  const rows = await db(env)
    .selectDistinct({ position: s.position })
    .from(s)
    .where(eq(s.runId, runId))
    .orderBy(asc(s.position))
    .limit(MAX_POSITIONS);
  return rows.flatMap((r) => (r.position === null ? [] : [r.position]));
}

/** Positions a facet offers at most (a grid has 11; a run with continuous depths has no position facet). */
const MAX_POSITIONS = 101;

/** What a browser's facets read: the run's languages and lengths, and its positions when a facet reads them. */
export async function facetValues(
  env: Env,
  runId: string,
  seen: { languages: string[]; lengths: number[] },
  facets: readonly SampleFacet[],
): Promise<SampleValues> {
  const positions = facets.some((f) => f.readsPositions) ? await distinctPositions(env, runId) : [];
  return { ...seen, positions };
}

/** A facet with its choices for one run. */
export interface ChosenFacet {
  facet: SampleFacet;
  choices: FacetChoice[];
  /** The chosen value, if the URL names one. */
  selected?: FacetChoice;
}

/** The facets of a run's browser with their choices, each URL value checked against them (a 400 page names a value that is none). */
export function chooseFacets(
  facets: readonly SampleFacet[],
  seen: SampleValues,
  params: Record<string, string | undefined>,
): ChosenFacet[] {
  return facets.map((facet) => {
    const choices = facet.choices(seen);
    const value = params[facet.param];
    if (value === undefined || value === "") return { facet, choices };
    const selected = choices.find((c) => c.value === value);
    if (!selected)
      invalidParam(
        facet.param,
        choices.length ? `one of ${choices.map((c) => c.value).join(", ")}` : "empty: this run has no such values",
      );
    return { facet, choices, selected };
  });
}

/** The URL parameters of the chosen facet values. */
export const facetParams = (chosen: readonly ChosenFacet[]): Record<string, string> =>
  Object.fromEntries(chosen.flatMap((c) => (c.selected ? [[c.facet.param, c.selected.value]] : [])));

/** A browser's own filters for one run's URL: the chosen facets, the text box's placeholder, the chosen values' parameters and what they select. */
export interface OwnSampleFilters {
  facets: ChosenFacet[];
  placeholder?: string;
  params: Record<string, string>;
  matches: FacetMatch[];
}

/**
 * The benchmark's own filters of a run's browser under the URL's `params` (`seen`: the run's
 * languages and lengths, read only when it has own filters); undefined for a benchmark with the
 * shared ones.
 */
export async function ownSampleFilters(
  env: Env,
  run: { id: string; benchmark: string },
  params: Record<string, string | undefined>,
  seen: () => Promise<{ languages: string[]; lengths: number[] }>,
): Promise<OwnSampleFilters | undefined> {
  const own = sampleFiltersOf(run.benchmark);
  if (!own) return undefined;
  const facets = chooseFacets(own.facets, await facetValues(env, run.id, await seen(), own.facets), params);
  return {
    facets,
    placeholder: own.placeholder,
    params: facetParams(facets),
    matches: facets.flatMap((c) => (c.selected ? [c.selected.match] : [])),
  };
}
