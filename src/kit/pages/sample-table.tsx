/**
 * The one table of samples the pages share (docs/runs.md, "Tables of samples"): a run's sample
 * browser, a leaderboard entry's per-task results and a comparison's discordant tasks. Every one has
 * the same parts in the same order — the sample's key linking to its detail, its verdict as a badge
 * (a symbol and words, never colour alone), its score, the benchmark's own columns, the page's own
 * — and the same line of where the page is, empty state and paging controls. The benchmark's
 * columns are its sample browser's facets (`BenchmarkViews.sampleFilters`), or the shared language,
 * depth and length: this module names no benchmark. Held-out data is redacted before rows reach it
 * (src/core/dataset-view.ts: a withheld position is null and shows as "–").
 */
import type { Child } from "hono/jsx";
import type { FacetRow, PassWords, SampleFacet, SampleFilterViews } from "./family";
import { Pager } from "./pager";

// ---------------------------------------------------------------------------------------------
// Verdict badges
// ---------------------------------------------------------------------------------------------

/** A verdict's tone: its badge's colour, which its symbol and words repeat. */
export type VerdictTone = "passed" | "failed" | "error" | "context_exceeded" | "a" | "b";

export interface Verdict {
  tone: VerdictTone;
  /** The symbol and words ("✓ passed", "⊘ context exceeded"). */
  text: string;
}

/** A benchmark's words for a scored sample's two outcomes (`BenchmarkViews.passLabel`). */
export type OutcomeWords = Pick<PassWords, "passed" | "failed">;

/** A stored sample's verdict: a scored one passed or failed, in its benchmark's words, or why it has none. */
export function verdictOf(
  status: "scored" | "error" | "context_exceeded",
  passed: boolean,
  words?: OutcomeWords,
): Verdict {
  if (status === "error") return { tone: "error", text: "! error" };
  if (status === "context_exceeded") return { tone: "context_exceeded", text: "⊘ context exceeded" };
  return passed
    ? { tone: "passed", text: `✓ ${words?.passed ?? "passed"}` }
    : { tone: "failed", text: `✗ ${words?.failed ?? "failed"}` };
}

export const VerdictBadge = (props: { v: Verdict }) => <span class={`verdict ${props.v.tone}`}>{props.v.text}</span>;

/** The badges' rules, in the site's stylesheet. */
export const SAMPLE_TABLE_CSS = `
td.unit { white-space: normal; overflow-wrap: anywhere; min-width: 10rem; max-width: 24rem; text-align: left; }
.verdict { display: inline-block; font-size: .8rem; line-height: 1.2; padding: .1rem .45rem; border-radius: 999px; border: 1px solid var(--line); white-space: nowrap; }
.verdict.passed { color: #0f5323; background: #dafbe1; border-color: #4ac26b; }
.verdict.failed { color: #82071e; background: #ffebe9; border-color: #ff8182; }
.verdict.error, .verdict.context_exceeded { color: #4d3800; background: #fff8c5; border-color: #d4a72c; border-style: dashed; }
.verdict.a, .verdict.b { color: var(--fg); background: var(--soft); }
td .verdict + a, td a + .verdict { margin-left: .35rem; }
@media (max-width: 40rem) { td.unit { min-width: 8rem; } }
p.empty { padding: .75rem; border: 1px dashed var(--line); border-radius: 6px; color: var(--muted); }
`;

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

/** One column after the key and the verdict. */
export interface SampleColumn<R> {
  label: string;
  /** The header's tooltip. */
  title?: string;
  /** Text, left-aligned (numbers are right-aligned). */
  text?: boolean;
  /** The cell's class beyond its alignment. */
  class?: string;
  cell(row: R): Child;
}

/** A score as every table shows it ("–" when there is none). */
export const scoreText = (x: number | null | undefined, digits = 3) =>
  x === null || x === undefined ? "–" : x.toFixed(digits);

/** The shared columns when a benchmark has no facets of its own: language, depth (where the target sits) and length. */
const SHARED_COLUMNS: SampleColumn<FacetRow>[] = [
  { label: "Language", text: true, cell: (r) => r.language },
  {
    label: "Depth",
    title: "Where the target sits in the context (0 start, 1 end)",
    cell: (r) => scoreText(r.position, 2),
  },
  {
    label: "Length",
    title: "Context size in tokens",
    cell: (r) => (r.contextSize === null ? "–" : r.contextSize.toLocaleString("en-US")),
  },
];

const facetColumn = (facet: SampleFacet): SampleColumn<FacetRow> => ({
  label: facet.label,
  title: facet.title,
  text: true,
  cell: (r) => facet.cell(r),
});

/** The benchmark's columns of a sample (`row` reads a page's row as a facet does), from its sample browser's facets, or the shared ones. */
export function benchmarkColumns<R>(
  filters: SampleFilterViews | undefined,
  row: (r: R) => FacetRow,
): SampleColumn<R>[] {
  return (filters ? filters.facets.map(facetColumn) : SHARED_COLUMNS).map((c) => ({
    ...c,
    cell: (r: R) => c.cell(row(r)),
  }));
}

// ---------------------------------------------------------------------------------------------
// The table, its place line, empty state and pager
// ---------------------------------------------------------------------------------------------

export interface SampleTableProps<R> {
  /** The table's id (`samples`, `entry-samples`, `discordant-tasks`). */
  id: string;
  rows: readonly R[];
  /** The key column's header ("Unit", "Task"). */
  keyLabel: string;
  /** A row's key (its unit or task) and the link to its detail (none: there is no detail to show). */
  head(row: R): { text: string; href?: string };
  verdict(row: R): Verdict;
  columns: readonly SampleColumn<R>[];
  /** A row's `data-` attributes, what tests and scripts find it by. */
  data(row: R): Record<string, string>;
}

const cellClass = (c: SampleColumn<unknown>) => [c.text ? "l" : "", c.class ?? ""].join(" ").trim() || undefined;

export function SampleTable<R>(props: SampleTableProps<R>) {
  const columns = props.columns as readonly SampleColumn<unknown>[];
  return (
    <div class="scroll">
      <table id={props.id} class="samples">
        <thead>
          <tr>
            <th class="l" scope="col">
              {props.keyLabel}
            </th>
            <th class="l" scope="col">
              Verdict
            </th>
            {columns.map((c) => (
              <th class={c.text ? "l" : undefined} scope="col" title={c.title}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => {
            const key = props.head(r);
            const data = Object.fromEntries(Object.entries(props.data(r)).map(([k, v]) => [`data-${k}`, v]));
            return (
              <tr {...data}>
                <td class="unit key">{key.href ? <a href={key.href}>{key.text}</a> : key.text}</td>
                <td class="l">
                  <VerdictBadge v={props.verdict(r)} />
                </td>
                {columns.map((c) => (
                  <td class={cellClass(c)}>{c.cell(r)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Where a page of a list is: "Samples 51–100 of 1,234 matching" (`what`: the plural noun, capitalised). */
export const placeText = (what: string, first: number, shown: number, total: number) =>
  shown === 0
    ? `No ${what.toLowerCase()} match.`
    : `${what} ${(first + 1).toLocaleString("en-US")}–${(first + shown).toLocaleString("en-US")} of ${total.toLocaleString("en-US")} matching`;

export interface SampleListProps<R> extends SampleTableProps<R> {
  /** What there is to say when no row is on the page, and a way out (clear the filters). */
  empty: { text: Child; reset?: string };
  /** This page, how many, and each page's address. */
  paging: { page: number; pages: number; href: (page: number) => string };
}

/** A page of samples: the table (or the empty state in its place) and the paging controls under it. */
export function SampleList<R>(props: SampleListProps<R>) {
  return (
    <>
      {props.rows.length ? (
        <SampleTable {...props} />
      ) : (
        <p class="empty" id={`${props.id}-empty`}>
          {props.empty.text}
          {props.empty.reset ? (
            <>
              {" "}
              <a href={props.empty.reset}>Clear the filters</a>
            </>
          ) : null}
        </p>
      )}
      <Pager page={props.paging.page} pages={props.paging.pages} href={props.paging.href} />
    </>
  );
}
