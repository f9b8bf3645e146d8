/**
 * A leaderboard entry's per-task results (`GET /models/{slug}/samples`): the rows an import or a
 * published run stored, 50 a page, filtered by status and task, sorted by task or score. Each row's
 * verdict is the benchmark's comparison rule at the page's threshold (the rule `GET /v1/compare`
 * pairs with). A reported entry stores verdicts, not answers, and the page says so; a verified
 * entry's answers are its run's, linked.
 */
import type { CompareRule } from "../../benchmarks/types";
import { entryCompareSample } from "../../compare/sides";
import { FilterSelect, HiddenFields } from "../controls";
import type { PageContent } from "../family";
import { qs } from "../format";
import { Pager } from "../runs/pager";
import { RunsStyle, num } from "../runs/parts";
import { compareWithHref, entryParams } from "./links";
import { ENTRY_SAMPLES_PER_PAGE, ENTRY_SORTS, ENTRY_STATUSES, type EntrySampleFilters, type EntrySampleRow, type ModelEntry } from "./queries";

export interface EntrySampleListing {
  rows: EntrySampleRow[];
  total: number;
  pages: number;
  /** Whether where each target sits may be shown (not for a held-out dataset). */
  positions: boolean;
}

/** A row's verdict in words under the benchmark's rule, with a symbol so it does not rely on colour. */
function verdictOf(row: EntrySampleRow, rule: CompareRule | undefined, threshold: number): string {
  if (row.status === "error") return "! error";
  if (row.status === "context_exceeded") return "⊘ context exceeded";
  if (!rule?.passes) return "scored";
  return rule.passes(entryCompareSample(row), threshold) ? "✓ passed" : "✗ failed";
}

const SORT_TEXT: Record<EntrySampleFilters["sort"], string> = { task: "task", score: "score, lowest first", "-score": "score, highest first" };

export function entrySamplesPage(entry: ModelEntry, f: EntrySampleFilters, list: EntrySampleListing, rule: CompareRule | undefined, threshold: number): PageContent {
  const scope = entryParams(entry);
  const self = `/models/${encodeURIComponent(entry.slug)}/samples`;
  const params = (page: number) => ({ ...scope, status: f.status, task: f.task, sort: f.sort === "task" ? undefined : f.sort, page: page === 1 ? undefined : page });
  const first = (f.page - 1) * ENTRY_SAMPLES_PER_PAGE;
  const precision = list.rows.some((r) => r.precision !== null);
  const bucket = list.rows.some((r) => r.bucket !== null);
  const compare = compareWithHref(entry);
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
          The {entry.kind} leaderboard entry on <code>{entry.benchmark}</code>, dataset <code>{entry.dataset}</code>, {entry.mode} scoring,{" "}
          {entry.comment_mode} comments.{" "}
          {entry.run ? (
            <>
              Its answers are those of its run: <a href={`/runs/${encodeURIComponent(entry.run)}/samples`}>browse them</a>.
            </>
          ) : (
            <strong id="no-answers">Reported results give a verdict per task, not the answer: no answer is stored for them.</strong>
          )}
        </p>
        <p class="lede">
          {list.total === 0 ? "No rows match." : `Rows ${num(first + 1)}–${num(first + list.rows.length)} of ${num(list.total)} matching, by ${SORT_TEXT[f.sort]}.`}
          {rule?.passes && rule.defaultThreshold !== undefined ? ` Verdicts at threshold ${threshold}.` : ""}
        </p>
        <form class="filters" method="get" action={self}>
          <FilterSelect label="Status" name="status" values={["", ...ENTRY_STATUSES]} selected={f.status ?? ""} text={(v) => (v ? v.replace("_", " ") : "all")} />
          <FilterSelect label="Sort" name="sort" values={ENTRY_SORTS} selected={f.sort} text={(v) => SORT_TEXT[v as EntrySampleFilters["sort"]]} />
          <label>
            Task (id or its start)
            <input type="text" name="task" value={f.task ?? ""} maxlength={300} />
          </label>
          <HiddenFields fields={scope} />
          <button type="submit">Apply</button>
        </form>
        {list.rows.length ? (
          <div class="scroll">
            <table id="entry-samples">
              <thead>
                <tr>
                  <th class="l" scope="col">Task</th>
                  <th class="l" scope="col">Verdict</th>
                  <th scope="col" title="The stored score (best similarity, recall, partial score)">Score</th>
                  {precision ? <th scope="col">Precision</th> : null}
                  <th scope="col" title="Where the target sits in the context (0 start, 1 end), or the grid position">Position</th>
                  <th scope="col" title="Context size in tokens, or the grid's D">Size</th>
                  {bucket ? <th class="l" scope="col">Bucket</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((r) => (
                  <tr data-task={r.taskId}>
                    <td class="unit">{r.taskId}</td>
                    <td class="l">{verdictOf(r, rule, threshold)}</td>
                    <td>{r.status === "scored" ? r.bestSimilarity.toFixed(3) : "–"}</td>
                    {precision ? <td>{r.precision === null ? "–" : r.precision.toFixed(3)}</td> : null}
                    <td>{list.positions ? r.needlePosition.toFixed(2) : "–"}</td>
                    <td>{num(r.contextSize)}</td>
                    {bucket ? <td class="l">{r.bucket ?? "–"}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pager page={f.page} pages={list.pages} href={(n) => `${self}${qs(params(n))}`} />
      </>
    ),
  };
}
