/**
 * The sample browser (`GET /runs/{id}/samples`): filters, an order, a search in the answers, a page
 * of samples, links to each (carrying the filters, order and search, so a sample page's previous /
 * next stay within them). The filter controls are a list (`filterControls`): one entry per filter
 * of `SAMPLE_FILTERS`.
 */
import type { Child } from "hono/jsx";
import type { RunRow } from "../../runs/store";
import { FilterSelect } from "../../../kit/pages/controls";
import type { PageContent } from "../../../kit/pages/family";
import { qs } from "../../../kit/pages/format";
import {
  SampleList,
  SampleTable,
  benchmarkColumns,
  placeText,
  scoreText,
  verdictOf,
  type OutcomeWords,
  type SampleColumn,
  type SampleTableProps,
} from "../../../kit/pages/sample-table";
import { runViewsOf, type ChosenFacet } from "./facets";
import { RunsStyle, num, runLinks } from "./parts";
import {
  DEPTH_BUCKETS,
  OUTCOMES,
  SAMPLES_PER_PAGE,
  SAMPLE_SORTS,
  SEARCH_MAX_CHARACTERS,
  filterParams,
  type HeldOutRefused,
  type SampleFilters,
  type SampleListRow,
  type SampleSort,
} from "./queries";
import { SEARCH_BYTES, SEARCH_SAMPLES, type Match, type Scan } from "./search";

/** A sample's outcome in words (a scored one in its benchmark's, `words`), with a symbol so it does not rely on colour. */
export const outcomeOf = (r: Pick<SampleListRow, "status" | "passed">, words?: OutcomeWords): string =>
  verdictOf(r.status, Boolean(r.passed), words).text;

/** The orders in words. */
export const SORT_TEXT: Record<SampleSort | "", string> = {
  "": "unit",
  score: "score, lowest first",
  "-score": "score, highest first",
};

/** Whether the browser's URL filters, orders or searches (its list differs from the run's samples in unit order). */
export const filtered = (f: SampleFilters) => Object.values(filterParams(f)).some((v) => v !== undefined);

/** A sample's page, within the browser's filters, order and search. */
export const sampleHref = (runId: string, unit: string, f: SampleFilters) =>
  `${runLinks(runId).sample(unit)}${qs(filterParams(f))}`;

export interface SampleListing {
  rows: SampleListRow[];
  total: number;
  pages: number;
  facets: { languages: string[]; lengths: number[] };
  /** The benchmark's own filters (`BenchmarkViews.sampleFilters`), in place of language, depth and length. */
  own?: OwnFacets;
  /** What the run's dataset refuses (a held-out one's `HELD_OUT_REFUSALS`): the form does not offer it. */
  refused?: readonly HeldOutRefused[];
}

/** A benchmark's own facets of the browser, as chosen in the URL, and its text box's placeholder. */
export interface OwnFacets {
  facets: ChosenFacet[];
  placeholder?: string;
}

/** A search's result: the window looked at (from `from`, `scan.scanned` samples) and its matches. */
export interface SearchListing {
  rows: SampleListRow[];
  total: number;
  from: number;
  scan: Scan;
  facets: SampleListing["facets"];
  own?: OwnFacets;
}

/**
 * The form's controls of the filters, in `SAMPLE_FILTERS`' order (a filter without choices in this
 * run shows none); a benchmark's own facets (`own`) stand in place of language, depth and length.
 */
export function filterControls(
  f: SampleFilters,
  facets: SampleListing["facets"],
  own?: OwnFacets,
  words?: OutcomeWords,
  refused: readonly HeldOutRefused[] = [],
): Child[] {
  const outcome = (v: string) =>
    (v === "passed" ? words?.passed : v === "failed" ? words?.failed : undefined) ?? (v ? v.replace("_", " ") : "all");
  return [
    <FilterSelect
      label="Outcome"
      name="outcome"
      values={["", ...OUTCOMES]}
      selected={f.outcome ?? ""}
      text={outcome}
    />,
    ...(own
      ? own.facets.map((c) => (
          <FilterSelect
            label={c.facet.label}
            name={c.facet.param}
            values={["", ...c.choices.map((x) => x.value)]}
            selected={c.selected?.value ?? ""}
            text={(v) => c.choices.find((x) => x.value === v)?.label ?? "all"}
          />
        ))
      : [
          <FilterSelect
            label="Language"
            name="language"
            values={["", ...facets.languages]}
            selected={f.language ?? ""}
            text={(v) => v || "all"}
          />,
          refused.includes("depth") ? null : (
            <FilterSelect
              label="Depth"
              name="depth"
              values={["", ...DEPTH_BUCKETS]}
              selected={f.depth ?? ""}
              text={(v) => v || "all"}
            />
          ),
          facets.lengths.length ? (
            <FilterSelect
              label="Length (tokens)"
              name="length"
              values={["", ...facets.lengths.map(String)]}
              selected={f.length?.toString() ?? ""}
              text={(v) => v || "all"}
            />
          ) : null,
        ]),
    <label>
      Task or unit (its start)
      <input
        type="text"
        name="task"
        value={f.task ?? ""}
        maxlength={300}
        placeholder={own?.placeholder ?? "python::"}
      />
    </label>,
  ];
}

function Form(props: {
  run: RunRow;
  f: SampleFilters;
  facets: SampleListing["facets"];
  own?: OwnFacets;
  refused?: readonly HeldOutRefused[];
}) {
  const { f, refused = [] } = props;
  return (
    <form class="filters" method="get" action={runLinks(props.run.id).samples}>
      {filterControls(f, props.facets, props.own, runViewsOf(props.run.benchmark)?.passLabel, refused)}
      <FilterSelect
        label="Order"
        name="sort"
        values={["", ...SAMPLE_SORTS]}
        selected={f.sort ?? ""}
        text={(v) => SORT_TEXT[v as SampleSort | ""]}
      />
      {refused.includes("q") ? null : (
        <label>
          Search in answers
          <input
            type="search"
            name="q"
            value={f.q ?? ""}
            maxlength={SEARCH_MAX_CHARACTERS}
            placeholder="text in the raw answer"
          />
        </label>
      )}
      <button type="submit">Apply</button>
    </form>
  );
}

/** An answer's snippet around its match, the match marked. */
const Snippet = (props: { m: Match }) => (
  <code class="snippet">
    {props.m.before}
    <mark>{props.m.match}</mark>
    {props.m.after}
  </code>
);

/** The browser's columns after the benchmark's: what a run adds to a sample (tokens, model calls). */
const RUN_COLUMNS: SampleColumn<SampleListRow>[] = [
  { label: "Tokens", cell: (r) => num((r.promptTokens ?? 0) + (r.completionTokens ?? 0)) },
  {
    label: "Calls",
    title: "Model calls (retries included); 0 for cached answers",
    cell: (r) => (r.cached ? "cached" : r.calls),
  },
];

/** A page of the browser's samples in the shared table (src/kit/pages/sample-table.tsx), each linking to its page within the filters. */
function runSampleTable(
  run: RunRow,
  f: SampleFilters,
  matches?: Map<string, Match>,
): Omit<SampleTableProps<SampleListRow>, "rows"> {
  const views = runViewsOf(run.benchmark);
  const snippet: SampleColumn<SampleListRow>[] = matches
    ? [
        {
          label: "Where the answer has it",
          text: true,
          class: "match",
          cell: (r) => <Snippet m={matches.get(r.unit)!} />,
        },
      ]
    : [];
  return {
    id: "samples",
    keyLabel: "Unit",
    head: (r) => ({ text: r.unit, href: sampleHref(run.id, r.unit, f) }),
    verdict: (r) => verdictOf(r.status, Boolean(r.passed), views?.passLabel),
    columns: [
      SCORE_COLUMN,
      ...snippet,
      ...benchmarkColumns<SampleListRow>(views?.sampleFilters, (r) => r),
      ...RUN_COLUMNS,
    ],
    data: (r) => ({ unit: r.unit, outcome: r.status === "scored" ? (r.passed ? "passed" : "failed") : r.status }),
  };
}

/** The score column of a run's samples. */
const SCORE_COLUMN: SampleColumn<SampleListRow> = {
  label: "Score",
  title: "The benchmark's score of the answer (best similarity, recall...)",
  cell: (r) => scoreText(r.score),
};

function Head(props: { run: RunRow; children?: Child }) {
  const links = runLinks(props.run.id);
  return (
    <>
      <RunsStyle />
      <p class="links">
        <a href="/runs">All runs</a>
        <a href={links.page}>This run</a>
      </p>
      <h1>
        Samples: {props.run.modelLabel} on {props.run.benchmark}
      </h1>
      {props.children}
    </>
  );
}

export function samplesPage(run: RunRow, f: SampleFilters, list: SampleListing): PageContent {
  const links = runLinks(run.id);
  const first = (f.page - 1) * SAMPLES_PER_PAGE;
  return {
    title: `Samples of run ${run.id} – needlework`,
    description: `The samples of ${run.modelLabel} on ${run.benchmark} (${run.datasetId}), filtered and paged.`,
    body: (
      <Head run={run}>
        <p class="lede">
          {placeText("Samples", first, list.rows.length, list.total)}
          {list.rows.length ? `, by ${SORT_TEXT[f.sort ?? ""]}.` : ""} <a href={`/v1/runs/${run.id}/samples`}>JSON</a>
        </p>
        <Form run={run} f={f} facets={list.facets} own={list.own} refused={list.refused} />
        <SampleList
          {...runSampleTable(run, f)}
          rows={list.rows}
          empty={{ text: "No samples match these filters.", reset: filtered(f) ? links.samples : undefined }}
          paging={{
            page: f.page,
            pages: list.pages,
            href: (n) => `${links.samples}${qs(filterParams(f, { page: n === 1 ? undefined : n }))}`,
          }}
        />
      </Head>
    ),
  };
}

/** The browser under a search: the answers of one window of the filtered order looked at, the samples whose answer has the text. */
export function searchPage(run: RunRow, f: SampleFilters, s: SearchListing): PageContent {
  const links = runLinks(run.id);
  const end = s.from + s.scan.scanned;
  const hits = s.rows.slice(0, s.scan.scanned).filter((r) => s.scan.matches.has(r.unit));
  return {
    title: `“${f.q}” in the answers of run ${run.id} – needlework`,
    description: `Samples of ${run.modelLabel} on ${run.benchmark} whose answer contains “${f.q}”.`,
    body: (
      <Head run={run}>
        <p class="lede" id="search-status">
          {s.total === 0 ? (
            "No samples match the filters."
          ) : (
            <>
              Looked in the answers of samples {num(Math.min(s.from + 1, s.total))}–{num(end)} of {num(s.total)}{" "}
              matching the filters (by {SORT_TEXT[f.sort ?? ""]}):{" "}
              <strong>
                {num(hits.length)} {hits.length === 1 ? "contains" : "contain"} “{f.q}”
              </strong>
              .
            </>
          )}{" "}
          A search reads at most {SEARCH_SAMPLES} stored answers ({(SEARCH_BYTES / 1e6).toLocaleString("en-US")} MB) a
          request.
        </p>
        {s.scan.tooLong.length ? (
          <p class="note">
            Not searched (stored answer over {(SEARCH_BYTES / 1e6).toLocaleString("en-US")} MB):{" "}
            {s.scan.tooLong.join(", ")}.
          </p>
        ) : null}
        <Form run={run} f={f} facets={s.facets} own={s.own} />
        {hits.length ? <SampleTable {...runSampleTable(run, f, s.scan.matches)} rows={hits} /> : null}
        <nav class="pager" aria-label="Search">
          {s.from > 0 ? <a href={`${links.samples}${qs(filterParams(f))}`}>« From the first sample</a> : null}
          {end < s.total ? (
            <a rel="next" href={`${links.samples}${qs(filterParams(f, { from: end }))}`}>
              Search on: samples {num(end + 1)}–{num(Math.min(end + SEARCH_SAMPLES, s.total))} ›
            </a>
          ) : s.total > 0 ? (
            <span>Searched to the last sample.</span>
          ) : null}
        </nav>
      </Head>
    ),
  };
}
