/**
 * The parts every leaderboard table is built of, whatever its benchmark: sorting, the sortable
 * headers, the kind badge, the first and last cells of a row, the data links and the sources of
 * reported results. A library the benchmarks' views import.
 */
import type { LeaderboardKind, LeaderboardQuery, LeaderboardRow } from "../leaderboard/types";
import { interval, linkify, pct, qs } from "./format";

/** Sorts the API answers itself; the page adds `n`, one per language and a benchmark's own columns, sorted here. */
const API_SORTS = new Set<string>(["rate", "-rate", "model", "-model"]);

/** Whether `sort` is one the API takes (else the page sorts the rows it got). */
export const isApiSort = (sort: string): sort is LeaderboardQuery["sort"] => API_SORTS.has(sort);

/** A benchmark's own column of a row, for sorting (null: no value; undefined: not one of its columns). */
export type ColumnValue = (row: LeaderboardRow, key: string) => number | null | undefined;

/**
 * Rows in the page's order. API sorts come back sorted; `n`, per-language sorts and a benchmark's
 * own columns (`column`) are applied here, stable, rows without the value last, ties by rank.
 */
export function sortRows(rows: LeaderboardRow[], sort: string, column?: ColumnValue): LeaderboardRow[] {
  if (isApiSort(sort)) return rows;
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const value = (r: LeaderboardRow): number | null => {
    if (key === "n") return r.n;
    const own = column?.(r, key);
    if (own !== undefined) return own;
    return r.languages[key]?.rate ?? null;
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a.rank - b.rank : va === null ? 1 : -1;
    return (desc ? vb - va : va - vb) || a.rank - b.rank;
  });
}

/** The slugs of models listed twice (verified and reported): each of their rows links to its own entry. */
export function listedTwice(rows: LeaderboardRow[]): Set<string> {
  return new Set(
    rows.filter((r, i) => rows.findIndex((o) => o.model_slug === r.model_slug) !== i).map((r) => r.model_slug),
  );
}

/** A model name with a line-break opportunity after each "org/" (narrow screens break there, not mid-word). */
export function breakable(name: string) {
  return name.split(/(?<=[\w.-]\/)(?=\w)/).map((part, i) => (i > 0 ? [<wbr />, part] : part));
}

/** Whether a receipt is that of a run scored from submitted outputs (its `source`, set by src/core/runs/submitted.ts). */
export const fromSubmittedOutputs = (receipt: Record<string, unknown> | null | undefined) =>
  receipt?.source === "submitted outputs";

/**
 * The kind badge: a word and a symbol, so it does not rely on colour. A verified entry whose receipt
 * says its answers were submitted (not generated here) says so: "scored from submitted outputs"
 * (`submitted`: a model breakdown's `submitted_outputs`, for views without the receipt).
 */
export function KindBadge(props: {
  kind: LeaderboardKind;
  receipt?: Record<string, unknown> | null;
  submitted?: boolean;
}) {
  if (props.kind === "verified" && (props.submitted ?? fromSubmittedOutputs(props.receipt))) {
    return (
      <span
        class="badge verified"
        title="Scored by this service from outputs submitted to it (no model was called here); the receipt has their sha256"
      >
        ✓ scored from submitted outputs
      </span>
    );
  }
  return props.kind === "verified" ? (
    <span class="badge verified" title="Run by this service; the receipt is in the JSON">
      ✓ verified
    </span>
  ) : (
    <span class="badge reported" title="Imported from published results">
      ◇ reported
    </span>
  );
}

/** The query parameters of a board's link in the given sort. */
export type SortLink = (sort: string) => Record<string, string>;

/** A sortable column header, linking to the board (`link`) in its next sort. */
export function SortHeader(props: {
  label: string;
  sortKey: string;
  sort: string;
  cls?: string;
  title?: string;
  link: SortLink;
}) {
  const current = props.sort.replace(/^-/, "") === props.sortKey;
  const desc = props.sort.startsWith("-");
  // A first click sorts best first (numbers descending, names A to Z); a second click reverses.
  const first = props.sortKey === "model" ? "model" : `-${props.sortKey}`;
  const next = current ? (desc ? props.sortKey : `-${props.sortKey}`) : first;
  return (
    <th
      class={props.cls}
      scope="col"
      title={props.title}
      aria-sort={current ? (desc ? "descending" : "ascending") : undefined}
    >
      <a href={`/${qs(props.link(next))}`}>{props.label}</a>
    </th>
  );
}

/** The JSON and CSV links of a leaderboard table; `params` is the API query the table shows. */
export function TableLinks(props: { params: Record<string, string | undefined> }) {
  return (
    <p class="links">
      <a href={`/v1/leaderboard${qs(props.params)}`}>JSON of this table</a>
      <a href={`/v1/leaderboard${qs({ ...props.params, format: "csv" })}`}>CSV</a>
    </p>
  );
}

/** The header cells every leaderboard table starts with: rank, model (sortable), kind. */
export function HeadCells(props: { rankTitle: string; sort: string; link: SortLink }) {
  return (
    <>
      <th scope="col" title={props.rankTitle}>
        #
      </th>
      <SortHeader label="Model" sortKey="model" sort={props.sort} cls="l sticky" link={props.link} />
      <th class="l kind" scope="col">
        Kind
      </th>
    </>
  );
}

/** The last header cells of a family's table: failed calls, and context overflows when any row has one (neither is in n). */
export function FailureHeads(props: { showExceeded: boolean }) {
  return (
    <>
      <th scope="col" title="Model calls that failed (not in n)">
        errors
      </th>
      {props.showExceeded ? (
        <th scope="col" title="Prompts longer than the model's context window (not in n)">
          context exceeded
        </th>
      ) : null}
    </>
  );
}

/** A row's cells under {@link FailureHeads}. */
export function FailureCells(props: { row: LeaderboardRow; showExceeded: boolean }) {
  return (
    <>
      <td>{props.row.errors || ""}</td>
      {props.showExceeded ? <td>{props.row.context_exceeded || ""}</td> : null}
    </>
  );
}

/** The page's `sort` as a parameter a link or form carries along: none when it is the API's default. */
export const sortParam = (sort: string, defaults: LeaderboardQuery): { sort?: string } =>
  sort === defaults.sort ? {} : { sort };

/** The API query of a benchmark page: its parameters, plus its sort when the API has it and it is not the default. */
export const apiQuery = (params: Record<string, string>, sort: string, defaults: LeaderboardQuery) => ({
  ...params,
  ...(isApiSort(sort) ? sortParam(sort, defaults) : {}),
});

/** A row's kind badge; a verified row's links to the run it was published from (its receipt's `run`). */
function RowBadge(props: { row: LeaderboardRow }) {
  const run = props.row.receipt?.run;
  if (props.row.kind !== "verified" || typeof run !== "string")
    return <KindBadge kind={props.row.kind} receipt={props.row.receipt} />;
  return (
    <a href={`/runs/${encodeURIComponent(run)}`} class="run-link" title={`Its run, ${run}`}>
      <KindBadge kind="verified" receipt={props.row.receipt} />
    </a>
  );
}

/** The rank, model (a link, with its kind on phones) and kind cells a row starts with. */
export function ModelCells(props: { row: LeaderboardRow; href: string }) {
  const r = props.row;
  return (
    <>
      <td>{r.rank}</td>
      <td class="l model sticky">
        <a href={props.href}>{breakable(r.model)}</a> <RowBadge row={r} />
      </td>
      <td class="l kind">
        <RowBadge row={r} />
      </td>
    </>
  );
}

/** The first cells of a leaderboard row: {@link ModelCells}, then the rate with its interval. */
export function RowHead(props: { row: LeaderboardRow; href: string }) {
  const r = props.row;
  return (
    <>
      <ModelCells row={r} href={props.href} />
      <td class="rate" data-rate={String(r.rate)}>
        <strong>{pct(r.rate)}</strong>
        {interval(r) ? <span class="ci">{interval(r)}</span> : null}
      </td>
    </>
  );
}

/** The sources and licences of the reported rows shown, with how many models each gave; nothing when none is reported. */
export function Attribution(props: { rows: LeaderboardRow[] }) {
  const sources = new Map<string, { source: string; license: string; models: number }>();
  for (const r of props.rows) {
    if (r.kind !== "reported") continue;
    const source = r.source ?? "unknown source";
    const license = r.license ?? "licence not stated";
    const key = `${source}\u0000${license}`;
    const entry = sources.get(key) ?? { source, license, models: 0 };
    entry.models++;
    sources.set(key, entry);
  }
  if (sources.size === 0) return null;
  return (
    <section>
      <h2>Sources of reported results</h2>
      <ul class="note">
        {[...sources.values()].map((s) => (
          <li>
            {linkify(s.source).map((part) =>
              part.href ? (
                <a href={part.href} rel="nofollow noopener">
                  {part.text}
                </a>
              ) : (
                part.text
              ),
            )}{" "}
            (licence: {s.license}; {s.models} {s.models === 1 ? "model" : "models"})
          </li>
        ))}
      </ul>
    </section>
  );
}
