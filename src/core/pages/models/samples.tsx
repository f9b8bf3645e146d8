/**
 * A leaderboard entry's per-task results (`GET /models/{slug}/samples`): the rows an import or a
 * published run stored, 50 a page, filtered by status and task, sorted by task or score. Each row's
 * verdict is the benchmark's comparison rule at the page's threshold (the rule `GET /v1/compare`
 * pairs with). A reported entry stores verdicts, not answers, and the page says so; a verified
 * entry's answers are its run's, linked.
 */
import type { CompareRule } from "../../../benchmarks/types";
import type { DatasetView } from "../../dataset-view";
import { entryCompareSample } from "../../compare/sides";
import { FilterSelect, HiddenFields } from "../../../kit/pages/controls";
import type { FacetRow, PageContent, RunViews } from "../../../kit/pages/family";
import { qs } from "../../../kit/pages/format";
import { RunsStyle } from "../runs/parts";
import {
  SampleList,
  benchmarkColumns,
  placeText,
  scoreText,
  verdictOf,
  type SampleColumn,
} from "../../../kit/pages/sample-table";
import { compareWithHref, entryParams, optionsText } from "./links";
import {
  ENTRY_SAMPLES_PER_PAGE,
  ENTRY_SORTS,
  ENTRY_STATUSES,
  type EntrySampleFilters,
  type EntrySampleRow,
  type ModelEntry,
} from "./queries";

export interface EntrySampleListing {
  rows: EntrySampleRow[];
  total: number;
  pages: number;
  /** The dataset's view of where each target sits (a held-out dataset's: withheld, src/core/dataset-view.ts). */
  view: Pick<DatasetView, "position">;
}

/** What the benchmark gives the page: its comparison rule (each row's verdict) and its views' outcome words and columns. */
export interface EntryBenchmark {
  rule?: CompareRule;
  views?: Pick<RunViews, "passLabel" | "sampleFilters">;
}

const SORT_TEXT: Record<EntrySampleFilters["sort"], string> = {
  task: "task",
  score: "score, lowest first",
  "-score": "score, highest first",
};

/**
 * A row as the benchmark's columns read a sample: its task id stands for the unit; a row whose
 * context size is 0 has no known length.
 */
const facetRow = (r: EntrySampleRow, view: EntrySampleListing["view"]): FacetRow => ({
  unit: r.taskId,
  taskId: r.taskId,
  language: r.language,
  position: view.position(r.position),
  contextSize: r.contextSize === 0 ? null : r.contextSize,
});

/** The numeric parts the rows carry (a graded benchmark's precision), one column each. */
function partColumns(rows: readonly EntrySampleRow[]): SampleColumn<EntrySampleRow>[] {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.parts ?? {})))].filter((k) =>
    rows.some((r) => typeof r.parts?.[k] === "number"),
  );
  return keys.map((k) => ({
    label: k.charAt(0).toUpperCase() + k.slice(1).replace(/_/g, " "),
    cell: (r) => scoreText(typeof r.parts?.[k] === "number" ? (r.parts[k] as number) : null),
  }));
}

export function entrySamplesPage(
  entry: ModelEntry,
  f: EntrySampleFilters,
  list: EntrySampleListing,
  benchmark: EntryBenchmark,
  threshold: number,
): PageContent {
  const { rule, views } = benchmark;
  const scope = entryParams(entry);
  const self = `/models/${encodeURIComponent(entry.slug)}/samples`;
  const params = (page: number) => ({
    ...scope,
    status: f.status,
    task: f.task,
    sort: f.sort === "task" ? undefined : f.sort,
    page: page === 1 ? undefined : page,
  });
  const first = (f.page - 1) * ENTRY_SAMPLES_PER_PAGE;
  const parts = partColumns(list.rows);
  const compare = compareWithHref(entry);
  // A verified entry's answers are its run's: each task links to the run's samples of that task.
  const answers = entry.run
    ? (task: string) => `/runs/${encodeURIComponent(entry.run!)}/samples${qs({ task })}`
    : undefined;
  return {
    title: `Per-task results of ${entry.model} on ${entry.benchmark} (${entry.dataset}) – needlework`,
    description: `The per-task results of ${entry.model}'s ${entry.kind} leaderboard entry on ${entry.benchmark}, dataset ${entry.dataset}.`,
    body: (
      <>
        <RunsStyle />
        <p class="links">
          <a href={`/models/${encodeURIComponent(entry.slug)}${qs(scope)}`}>← {entry.model}</a>
          {compare ? <a href={compare}>Compare with…</a> : null}
        </p>
        <h1>Per-task results: {entry.model}</h1>
        <p class="lede">
          The {entry.kind} leaderboard entry on <code>{entry.benchmark}</code>, dataset <code>{entry.dataset}</code>
          {optionsText(entry) ? `, ${optionsText(entry)}` : ""}.{" "}
          {entry.run ? (
            <>
              Its answers are those of its run:{" "}
              <a href={`/runs/${encodeURIComponent(entry.run)}/samples`}>browse them</a>; each task links to its samples
              there.
            </>
          ) : (
            <strong id="no-answers">
              Reported results give a verdict per task, not the answer: no answer is stored for them.
            </strong>
          )}
        </p>
        <p class="lede">
          {placeText("Rows", first, list.rows.length, list.total)}
          {list.rows.length ? `, by ${SORT_TEXT[f.sort]}.` : ""}
          {rule?.passes && rule.defaultThreshold !== undefined ? ` Verdicts at threshold ${threshold}.` : ""}
        </p>
        <form class="filters" method="get" action={self}>
          <FilterSelect
            label="Status"
            name="status"
            values={["", ...ENTRY_STATUSES]}
            selected={f.status ?? ""}
            text={(v) => (v ? v.replace("_", " ") : "all")}
          />
          <FilterSelect
            label="Sort"
            name="sort"
            values={ENTRY_SORTS}
            selected={f.sort}
            text={(v) => SORT_TEXT[v as EntrySampleFilters["sort"]]}
          />
          <label>
            Task (id or its start)
            <input type="text" name="task" value={f.task ?? ""} maxlength={300} />
          </label>
          <HiddenFields fields={scope} />
          <button type="submit">Apply</button>
        </form>
        <SampleList
          id="entry-samples"
          rows={list.rows}
          keyLabel="Task id"
          head={(r) => ({ text: r.taskId, href: answers?.(r.taskId) })}
          // A row's verdict is the benchmark's pass rule at the page's threshold (the rule `GET /v1/compare` pairs with); a graded benchmark's, its stored pass flag, as a run's sample shows it.
          verdict={(r) =>
            verdictOf(
              r.status,
              rule?.passes ? rule.passes(entryCompareSample(r), threshold) : r.passed,
              views?.passLabel,
            )
          }
          columns={[
            SCORE_COLUMN,
            ...parts,
            ...benchmarkColumns(views?.sampleFilters, (r: EntrySampleRow) => facetRow(r, list.view)),
          ]}
          data={(r) => ({ task: r.taskId })}
          empty={{
            text: "No rows match these filters.",
            reset: f.status || f.task || f.sort !== "task" ? `${self}${qs(scope)}` : undefined,
          }}
          paging={{ page: f.page, pages: list.pages, href: (n) => `${self}${qs(params(n))}` }}
        />
      </>
    ),
  };
}

/** The stored score of a row (a scored one's; an error has none). */
const SCORE_COLUMN: SampleColumn<EntrySampleRow> = {
  label: "Score",
  title: "The stored score (best similarity, recall, partial score)",
  cell: (r) => (r.status === "scored" ? scoreText(r.score) : "–"),
};
