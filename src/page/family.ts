/**
 * What a benchmark shows on the HTML pages (`Benchmark.views`): its leaderboard table and controls,
 * its model page and its own page parameters, and on the run pages a finished run's summary and its
 * part of one sample's page. The core pages reach a benchmark's views only through
 * the registry and wrap what they return in the site's layout; this module is a library a family's
 * views import (it imports no registry, route or family).
 */
import type { Child } from "hono/jsx";
import type { RunRow, RunSampleRow } from "../db/schema";
import type { Env } from "../env";
import type { Aggregate } from "../leaderboard/aggregate";
import type { BoardDataset, LeaderboardKind, LeaderboardQuery, LeaderboardResponse, ModelBreakdown } from "../leaderboard/types";

/** A page's own content, which the core wraps in the layout (head, header, footer). */
export interface PageContent {
  /** The document's `<title>`. */
  title: string;
  /** Its `<meta name="description">`. */
  description: string;
  /** Everything inside `<main>` (on a leaderboard page, after the benchmark picker). */
  body: Child;
}

/** One model's breakdown under a query, as `GET /v1/leaderboard/models/:model` answers it; undefined when there is none. */
export type BreakdownReader = (query: Partial<LeaderboardQuery>) => Promise<ModelBreakdown | undefined>;

/** What a model page is asked for. */
export interface ModelRequest {
  /** The model's slug, from the URL. */
  slug: string;
  /** The page's query (the benchmark's own parameters included). */
  query: Partial<LeaderboardQuery>;
  /** The kind asked for, if any (a model with both kinds shows its verified entry unless asked), kept in the page's links. */
  kind?: LeaderboardKind;
  /** Reads a breakdown: the model's, or another of the benchmark's tasks on the same dataset. */
  read: BreakdownReader;
  /** The API's defaults, which the page's links leave out like the API does. */
  defaults: LeaderboardQuery;
}

/** A finished run as its benchmark's summary views read it (`BenchmarkViews.run`). */
export interface RunSummary {
  /** The run's benchmark options as stored (threshold, scoring mode, ...). */
  options: Record<string, unknown>;
  /** The run's threshold as a key ("0.8"). */
  threshold: string;
  /** pass@1 per group at every threshold, as the benchmark's leaderboard aggregates samples; empty when it has no pass rates. */
  aggregates: readonly Aggregate[];
  /** `Benchmark.summarize` of the samples; null when the benchmark has none. */
  summary: Record<string, unknown> | null;
}

/** One sample as its benchmark's sample view reads it (`BenchmarkViews.sample`). */
export interface SampleRequest {
  env: Env;
  run: RunRow;
  sample: RunSampleRow;
  /** The raw model output from R2; null when nothing was generated or it is gone. */
  output: string | null;
}

/** A benchmark's part of a sample page. */
export interface SampleContent {
  /** Texts that show where the needle or target sits in the prompt: the first of them found there is marked (its first occurrence). */
  mark?: string[];
  /** Shown after the raw answer: what was extracted, the target and candidates, the verdicts. */
  body: Child;
}

/** The HTML views of one leaderboard benchmark. */
export interface BenchmarkViews {
  /** Its short name in the benchmark picker. */
  shortName: string;
  /**
   * The query parameters of its leaderboard when the picker links to it from the board showing
   * `current` (a family may carry the dataset along between its own benchmarks).
   */
  boardLink(current: LeaderboardQuery): Record<string, string>;
  /** The columns its table sorts by (each may take a leading '-'); any other `sort` is a 400 page. */
  sortKeys(data: LeaderboardResponse): string[];
  /**
   * Its leaderboard page for one API response, rows in the page's `sort`; `defaults` are the API's
   * (see ModelRequest); `datasets`, the datasets with entries of the benchmark, are its dataset
   * picker's choices (`DatasetSelect` of controls.tsx).
   */
  board(data: LeaderboardResponse, sort: string, defaults: LeaderboardQuery, datasets?: readonly BoardDataset[]): PageContent;
  /** Its model page; throws the not-found problem when the model has no entry. */
  model(request: ModelRequest): Promise<PageContent>;
  /**
   * What the run pages call the share of a run's scored samples that passed, and what passing is
   * (e.g. "accuracy", "exact match"). Absent: pass@1.
   */
  passLabel?: { label: string; title: string };
  /** A finished run's own summary views on its run page (threshold curve, heatmap, grids); absent: the page's pass@1 table only. */
  run?(summary: RunSummary): Child;
  /** Its part of one sample's page; absent: the page shows the stored verdict detail as it is. */
  sample?(request: SampleRequest): Promise<SampleContent>;
  /** Stylesheet rules of its own tables, added once to the site's stylesheet. */
  css?: string;
}
