/** The leaderboard page (`GET /`): filters, the sortable table, data links, attribution, the metric. */
import { LONGCODEU_TASKS, isLongCodeUBenchmark } from "../leaderboard/longcodeu";
import { isPositionalBenchmark } from "../leaderboard/positional";
import { type LeaderboardKind, type LeaderboardQuery, type LeaderboardResponse, type LeaderboardRow } from "../leaderboard/types";
import { BenchmarkNav } from "./benchmarks";
import { PAGE_DEFAULTS, interval, linkify, pct, qs, queryParams, thresholdKey, when } from "./format";
import { FilterSelect, HiddenFields, KindSelect, Layout, ThresholdSelect } from "./layout";
import { LongCodeULeaderboardPage } from "./longcodeu-board";
import { PositionalLeaderboardPage } from "./positional-board";

/** Sorts the API answers itself; the page adds `n` and one per language, sorted here. */
const API_SORTS = new Set<string>(["rate", "-rate", "model", "-model"]);

/** Whether `sort` is one the API takes (else the page sorts the rows it got). */
export const isApiSort = (sort: string): sort is LeaderboardQuery["sort"] => API_SORTS.has(sort);

/**
 * The page's sort keys for a response: rate, model, n and each language; for a positional
 * benchmark rate, model, n and median_drop (one language only, Python); for LongCodeU rate
 * (the average), model, n, unparseable and each task.
 */
export const pageSortKeys = (languages: string[], positional = false, longcodeu = false) =>
  longcodeu ? ["rate", "model", "n", "unparseable", ...LONGCODEU_TASKS] : positional ? ["rate", "model", "n", "median_drop"] : ["rate", "model", "n", ...languages];

/**
 * Rows in the page's order. API sorts come back sorted; `n`, `median_drop`, `unparseable`,
 * per-task (LongCodeU) and per-language sorts are applied here, stable, rows without the value
 * last, ties by rank.
 */
export function sortRows(rows: LeaderboardRow[], sort: string): LeaderboardRow[] {
  if (isApiSort(sort)) return rows;
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  const value = (r: LeaderboardRow): number | null => {
    if (key === "n") return r.n;
    if (key === "median_drop") return r.median_drop ?? null;
    if (key === "unparseable") return r.unparseable ?? null;
    if (r.tasks && key in r.tasks) return r.tasks[key as keyof typeof r.tasks];
    return r.languages[key]?.rate ?? null;
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a.rank - b.rank : va === null ? 1 : -1;
    return (desc ? vb - va : va - vb) || a.rank - b.rank;
  });
}

/** A model name with a line-break opportunity after each "org/" (narrow screens break there, not mid-word). */
export function breakable(name: string) {
  return name.split(/(?<=[\w.-]\/)(?=\w)/).map((part, i) => (i > 0 ? [<wbr />, part] : part));
}

/** The kind badge: a word and a symbol, so it does not rely on colour. */
export function KindBadge(props: { kind: LeaderboardKind }) {
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

/** A sortable column header; `params` replaces the query's own link parameters (positional pages). */
export function SortHeader(props: { label: string; sortKey: string; sort: string; q: LeaderboardQuery; cls?: string; title?: string; params?: Record<string, string> }) {
  const current = props.sort.replace(/^-/, "") === props.sortKey;
  const desc = props.sort.startsWith("-");
  // A first click sorts best first (numbers descending, names A to Z); a second click reverses.
  const first = props.sortKey === "model" ? "model" : `-${props.sortKey}`;
  const next = current ? (desc ? props.sortKey : `-${props.sortKey}`) : first;
  return (
    <th class={props.cls} scope="col" title={props.title} aria-sort={current ? (desc ? "descending" : "ascending") : undefined}>
      <a href={`/${qs(props.params ? { ...props.params, sort: next } : queryParams(props.q, { sort: next }))}`}>{props.label}</a>
    </th>
  );
}

function Filters(props: { q: LeaderboardQuery; languages: string[]; sort: string }) {
  const { q } = props;
  // Everything the form does not show is carried along, so "Apply" changes only what was chosen.
  const hidden = queryParams(q, { sort: props.sort === PAGE_DEFAULTS.sort ? undefined : props.sort, threshold: undefined, language: undefined, kind: undefined });
  return (
    <form class="filters" method="get" action="/">
      <ThresholdSelect threshold={q.threshold} />
      <FilterSelect label="Language" name="language" values={["all", ...props.languages]} selected={q.language} />
      <KindSelect kind={q.kind} />
      <HiddenFields fields={hidden} />
      <button type="submit">Apply</button>
    </form>
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
export function HeadCells(props: { rankTitle: string; sort: string; q: LeaderboardQuery; params?: Record<string, string> }) {
  return (
    <>
      <th scope="col" title={props.rankTitle}>
        #
      </th>
      <SortHeader label="Model" sortKey="model" sort={props.sort} q={props.q} cls="l sticky" params={props.params} />
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

/** The API query of a benchmark page: its parameters, plus its sort when the API has it and it is not the default. */
export const apiQuery = (params: Record<string, string>, sort: string) => ({ ...params, ...(isApiSort(sort) && sort !== PAGE_DEFAULTS.sort ? { sort } : {}) });

/** The first cells of a leaderboard row: rank, model (with its kind on phones), kind, rate with its interval. */
export function RowHead(props: { row: LeaderboardRow; href: string }) {
  const r = props.row;
  return (
    <>
      <td>{r.rank}</td>
      <td class="l model sticky">
        <a href={props.href}>{breakable(r.model)}</a> <KindBadge kind={r.kind} />
      </td>
      <td class="l kind">
        <KindBadge kind={r.kind} />
      </td>
      <td class="rate" data-rate={String(r.rate)}>
        <strong>{pct(r.rate)}</strong>
        {interval(r) ? <span class="ci">{interval(r)}</span> : null}
      </td>
    </>
  );
}

function Attribution(props: { rows: LeaderboardRow[] }) {
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
            {linkify(s.source).map((part) => (part.href ? <a href={part.href} rel="nofollow noopener">{part.text}</a> : part.text))}
            {" "}(licence: {s.license}; {s.models} {s.models === 1 ? "model" : "models"})
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The leaderboard page for one API response, rows shown in the page's `sort` (see sortRows).
 * Positional benchmarks (positional-board.tsx) and LongCodeU (longcodeu-board.tsx) have their own tables.
 */
export function LeaderboardPage(props: { data: LeaderboardResponse; sort: string }) {
  const { data, sort } = props;
  const q = data.query;
  if (isPositionalBenchmark(q.benchmark)) return <PositionalLeaderboardPage data={data} sort={sort} />;
  if (isLongCodeUBenchmark(q.benchmark)) return <LongCodeULeaderboardPage data={data} sort={sort} />;
  const rows = sortRows(data.rows, sort);
  const showErrors = rows.some((r) => r.errors > 0);
  const showExceeded = rows.some((r) => r.context_exceeded > 0);
  const apiParams = queryParams(q, { sort: isApiSort(sort) ? (sort === PAGE_DEFAULTS.sort ? undefined : sort) : undefined });
  const modelParams = queryParams(q, { sort: undefined, language: undefined, kind: undefined });
  // A model listed twice (verified and reported) links each row to its own entry.
  const twice = new Set(rows.filter((r, i) => rows.findIndex((o) => o.model_slug === r.model_slug) !== i).map((r) => r.model_slug));
  const modelHref = (r: LeaderboardRow) =>
    `/models/${encodeURIComponent(r.model_slug)}${qs({ ...modelParams, ...(twice.has(r.model_slug) ? { kind: r.kind } : {}) })}`;
  const scope = q.language === "all" ? "all languages" : q.language;
  return (
    <Layout title={`RepoQA leaderboard (${q.dataset}, threshold ${thresholdKey(q.threshold)}) – needlework`} description="Long-context code understanding: RepoQA Searching Needle Function pass@1 by model.">
      <BenchmarkNav q={q} />
      <h1>RepoQA “Searching Needle Function” leaderboard</h1>
      <p class="lede">
        Dataset <code>{q.dataset}</code>, {q.mode} scoring, similarity threshold {thresholdKey(q.threshold)}, {scope}
        {q.kind === "all" ? "" : `, ${q.kind} results only`}.
        {data.updated_at ? ` Updated ${when(data.updated_at)}.` : ""}
      </p>
      <Filters q={q} languages={data.languages} sort={sort} />
      <TableLinks params={apiParams} />
      {rows.length === 0 ? (
        <p>
          No results for this query yet. An administrator loads the published results with{" "}
          <code>npm run leaderboard -- import …</code> (docs/deploying.md).
        </p>
      ) : (
        <div class="scroll">
          <table id="leaderboard">
            <thead>
              <tr>
                <HeadCells rankTitle="Rank by pass@1 at this threshold" sort={sort} q={q} />
                <SortHeader label={`pass@1 %${q.language === "all" ? "" : ` (${q.language})`}`} sortKey="rate" sort={sort} q={q} title="pass@1 in percent, 95 % Wilson interval below" />
                <SortHeader label="n" sortKey="n" sort={sort} q={q} title="Tasks scored" />
                {data.languages.map((l) => (
                  <SortHeader label={l} sortKey={l} sort={sort} q={q} title={`pass@1 % in ${l}`} />
                ))}
                {showErrors ? <th scope="col" title="Requests that failed">errors</th> : null}
                {showExceeded ? <th scope="col" title="Prompts longer than the model's context window">context exceeded</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-model={r.model_slug}>
                  <RowHead row={r} href={modelHref(r)} />
                  <td>{r.n ?? "–"}</td>
                  {data.languages.map((l) => {
                    const rate = r.languages[l];
                    return <td title={rate && interval(rate) ? `95 % interval ${interval(rate)}` : undefined}>{pct(rate?.rate)}</td>;
                  })}
                  {showErrors ? <td>{r.errors || ""}</td> : null}
                  {showExceeded ? <td>{r.context_exceeded || ""}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Attribution rows={rows} />
      <section>
        <h2>What the numbers mean</h2>
        <p class="note">
          Each task hides one function (the needle) in a long code context and describes it in words; the model must
          reproduce it. An answer passes when, among the repository's needles, the one most similar to the answer's
          code (BLEU) is the target and that similarity reaches the threshold. <strong>pass@1</strong> is the share of
          tasks passed, in percent; the small numbers are its 95 % Wilson score interval. <strong>Verified</strong>{" "}
          rows were run by this service (the receipt is in the JSON); <strong>reported</strong> rows are published
          results imported with their source. A higher threshold asks for a closer reproduction.
        </p>
      </section>
    </Layout>
  );
}
