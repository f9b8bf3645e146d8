/**
 * What a benchmark shows on the HTML pages (`Benchmark.views`): its leaderboard table and controls,
 * its model page and its own page parameters, and on the run pages a finished run's summary and its
 * part of one sample's page. The core pages reach a benchmark's views only through
 * the registry and wrap what they return in the site's layout; this module is a library a family's
 * views import (it imports no registry, route or family).
 */
import type { Child } from "hono/jsx";
import type { RunRow, RunSampleRow } from "../../lib/db/schema";
import type { Env } from "../../lib/env";
import type { Aggregate } from "../leaderboard/aggregate";
import type {
  BoardDataset,
  LeaderboardKind,
  LeaderboardQuery,
  LeaderboardResponse,
  ModelBreakdown,
} from "../leaderboard/types";

/** Which page of a board a board page shows (`BenchmarkViews.board`). */
export interface BoardPaging {
  /** The links to the previous and next pages and where this one is; absent on an empty board. */
  pager?: Child;
  /** What the table's JSON and CSV links add: the page's `cursor`, and its `limit` when that is not the API's default and the board has more than one page. */
  api: Record<string, string>;
  /** The page's `limit` when its URL has one: its sort links and filter form carry it (a new sort or filter starts at the first page). */
  keep: Record<string, string>;
}

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
   * Its leaderboard page for one API response (one page of the board), rows in the page's `sort`;
   * `defaults` are the API's (see ModelRequest); `datasets`, the datasets with entries of the
   * benchmark, are its dataset picker's choices (`DatasetSelect` of controls.tsx); `paging`, which
   * page of the board this is: its links to the previous and next pages go right after its table,
   * its API parameters into the table's JSON and CSV links.
   */
  board(
    data: LeaderboardResponse,
    sort: string,
    defaults: LeaderboardQuery,
    datasets?: readonly BoardDataset[],
    paging?: BoardPaging,
  ): PageContent;
  /** Its model page; throws the not-found problem when the model has no entry. */
  model(request: ModelRequest): Promise<PageContent>;
  /**
   * What the run pages call the share of a run's scored samples that passed, and what passing is
   * (e.g. "accuracy", "exact match"); `passed` and `failed` name a scored sample's outcome in the
   * sample browser and on a sample's page (a graded benchmark's pass flag is a full score: "recall
   * 1", "recall below 1"). Absent: pass@1; passed and failed.
   */
  passLabel?: PassWords;
  /** A finished run's own summary views on its run page (threshold curve, heatmap, grids); absent: the page's pass@1 table only. */
  run?(summary: RunSummary): Child;
  /**
   * A graded benchmark's headline figures of a finished run (e.g. mean recall), shown on its run
   * page in place of the pass share and the passed/failed counts (while it runs: the scored count).
   * Absent: the pass share (`passLabel`) headlines.
   */
  figures?(summary: RunSummary): RunFigure[];
  /** The facets its sample browser filters by, in place of the shared language, depth and length; absent: those. */
  sampleFilters?: SampleFilterViews;
  /** Its part of one sample's page; absent: the page shows the stored verdict detail as it is. */
  sample?(request: SampleRequest): Promise<SampleContent>;
  /** Stylesheet rules of its own tables, added once to the site's stylesheet. */
  css?: string;
}

/** What a benchmark calls its passed share (`BenchmarkViews.passLabel`), and optionally a scored sample's two outcomes. */
export interface PassWords {
  label: string;
  title: string;
  passed?: string;
  failed?: string;
}

/** The views a run's pages use: a benchmark's `views`, or `Benchmark.runViews` for a benchmark without a board. */
export type RunViews = Pick<BenchmarkViews, "passLabel" | "run" | "figures" | "sample" | "sampleFilters" | "css">;

/** One headline figure of a finished run (`BenchmarkViews.figures`). */
export interface RunFigure {
  label: string;
  /** As shown ("61.3"). */
  value: string;
  /** Its `data-figure` name. */
  name: string;
  title?: string;
}

/** The columns of a sample a facet can select by (`run_samples`). */
export type FacetColumn = "unit" | "taskId" | "language" | "position" | "contextSize";

/** Which samples one facet value selects: a column equal to a value, within a range, or starting with a prefix. */
export type FacetMatch =
  | { column: FacetColumn; equals: string | number }
  /** lo <= value < hi; with `closed`, lo <= value <= hi. */
  | { column: "position" | "contextSize"; lo: number; hi: number; closed?: boolean }
  | { column: "unit" | "taskId"; prefix: string };

/** One choice of a facet's select: the URL value, its label, and what it selects. */
export interface FacetChoice {
  value: string;
  label: string;
  match: FacetMatch;
}

/** The distinct values of a run's samples a facet's choices are made from (positions only when a facet reads them). */
export interface SampleValues {
  languages: string[];
  lengths: number[];
  positions: number[];
}

/** A sample's columns as a facet's table cell reads them. */
export interface FacetRow {
  unit: string;
  taskId: string;
  language: string;
  position: number | null;
  contextSize: number | null;
}

/** One facet of the sample browser: a select in its form and a column of its table. */
export interface SampleFacet {
  /** The URL parameter (never one of the browser's own: outcome, task, page...). */
  param: string;
  label: string;
  /** The column header's tooltip. */
  title?: string;
  /** Whether its choices read the run's distinct positions (one more small query). */
  readsPositions?: boolean;
  /** The choices, from what the run's samples hold; a value that is none of them is a 400 page. */
  choices(seen: SampleValues): FacetChoice[];
  /** The sample's cell in the table. */
  cell(row: FacetRow): string;
}

/** How a benchmark's sample browser filters (`BenchmarkViews.sampleFilters`). */
export interface SampleFilterViews {
  facets: SampleFacet[];
  /** The text box's placeholder (it finds samples whose unit or task id starts with the text). */
  placeholder?: string;
}
