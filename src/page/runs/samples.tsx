/** The sample browser (`GET /runs/{id}/samples`): filters, a page of samples, links to each. */
import type { RunRow } from "../../runs/store";
import { FilterSelect } from "../controls";
import type { PageContent } from "../family";
import { qs } from "../format";
import { Pager } from "./pager";
import { RunsStyle, num, runLinks } from "./parts";
import { DEPTH_BUCKETS, OUTCOMES, SAMPLES_PER_PAGE, type SampleFilters, type SampleListRow } from "./queries";

/** A sample's outcome in words, with a symbol so it does not rely on colour. */
export function outcomeOf(r: Pick<SampleListRow, "status" | "passed">): string {
  if (r.status === "scored") return r.passed ? "✓ passed" : "✗ failed";
  return r.status === "error" ? "! error" : "⊘ context exceeded";
}

/** The query parameters of a page of the browser under `f` (page 1 and empty filters left out). */
export function filterParams(f: SampleFilters, page = f.page): Record<string, string | undefined> {
  return { outcome: f.outcome, language: f.language, depth: f.depth, length: f.length?.toString(), task: f.task, page: page === 1 ? undefined : String(page) };
}

export interface SampleListing {
  rows: SampleListRow[];
  total: number;
  pages: number;
  facets: { languages: string[]; lengths: number[] };
}

export function samplesPage(run: RunRow, f: SampleFilters, list: SampleListing): PageContent {
  const links = runLinks(run.id);
  const first = (f.page - 1) * SAMPLES_PER_PAGE;
  return {
    title: `Samples of run ${run.id} – needlework`,
    description: `The samples of ${run.modelLabel} on ${run.benchmark} (${run.datasetId}), filtered and paged.`,
    body: (
      <>
        <RunsStyle />
        <p class="links">
          <a href="/runs">All runs</a>
          <a href={links.page}>This run</a>
        </p>
        <h1>
          Samples: {run.modelLabel} on {run.benchmark}
        </h1>
        <p class="lede">
          {list.total === 0 ? "No samples match." : `Samples ${num(first + 1)}–${num(first + list.rows.length)} of ${num(list.total)} matching, in unit order.`}{" "}
          <a href={`/v1/runs/${run.id}/samples`}>JSON</a>
        </p>
        <form class="filters" method="get" action={links.samples}>
          <FilterSelect label="Outcome" name="outcome" values={["", ...OUTCOMES]} selected={f.outcome ?? ""} text={(v) => (v ? v.replace("_", " ") : "all")} />
          <FilterSelect label="Language" name="language" values={["", ...list.facets.languages]} selected={f.language ?? ""} text={(v) => v || "all"} />
          <FilterSelect label="Depth" name="depth" values={["", ...DEPTH_BUCKETS]} selected={f.depth ?? ""} text={(v) => v || "all"} />
          {list.facets.lengths.length ? (
            <FilterSelect label="Length (tokens)" name="length" values={["", ...list.facets.lengths.map(String)]} selected={f.length?.toString() ?? ""} text={(v) => v || "all"} />
          ) : null}
          <label>
            Task (id or its start)
            <input type="text" name="task" value={f.task ?? ""} maxlength={300} placeholder="python::" />
          </label>
          <button type="submit">Apply</button>
        </form>
        {list.rows.length ? (
          <div class="scroll">
            <table id="samples">
              <thead>
                <tr>
                  <th class="l" scope="col">Unit</th>
                  <th class="l" scope="col">Outcome</th>
                  <th scope="col" title="The benchmark's score of the answer (best similarity, recall...)">Score</th>
                  <th class="l" scope="col">Language</th>
                  <th scope="col" title="Where the target sits in the context (0 start, 1 end)">Depth</th>
                  <th scope="col" title="Context size in tokens">Length</th>
                  <th scope="col">Tokens</th>
                  <th scope="col" title="Model calls (retries included); 0 for cached answers">Calls</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((r) => (
                  <tr data-unit={r.unit} data-outcome={r.status === "scored" ? (r.passed ? "passed" : "failed") : r.status}>
                    <td class="unit">
                      <a href={links.sample(r.unit)}>{r.unit}</a>
                    </td>
                    <td class="l">{outcomeOf(r)}</td>
                    <td>{r.score === null ? "–" : r.score.toFixed(3)}</td>
                    <td class="l">{r.language}</td>
                    <td>{r.position === null ? "–" : r.position.toFixed(2)}</td>
                    <td>{num(r.contextSize)}</td>
                    <td>{num((r.promptTokens ?? 0) + (r.completionTokens ?? 0))}</td>
                    <td>{r.cached ? "cached" : r.calls}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pager page={f.page} pages={list.pages} href={(n) => `${links.samples}${qs(filterParams(f, n))}`} />
      </>
    ),
  };
}
