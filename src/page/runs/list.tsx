/** The run list (`GET /runs`): newest first, paged, each run's progress and pass@1 first (what a phone shows without scrolling), then what it ran. */
import type { RunProgress } from "../../runs/config";
import type { RunRow } from "../../runs/store";
import type { PageContent } from "../family";
import { qs, when } from "../format";
import { breakable } from "../table";
import { Pager } from "./pager";
import { RunsStyle, finished, num, passRate, runLinks, type PassLabel } from "./parts";

/** One run of the list with its coordinator's progress. */
export interface ListedRun {
  row: RunRow;
  progress: RunProgress;
  /** What its benchmark calls the passed share. */
  pass: PassLabel;
}

export function runListPage(runs: ListedRun[], page: number, pages: number, total: number): PageContent {
  return {
    title: "Runs – needlework",
    description: "Evaluation runs: model, benchmark, dataset, status, progress, pass@1 and tokens.",
    body: (
      <>
        <RunsStyle />
        <h1>Runs</h1>
        <p class="lede">
          {num(total)} evaluation runs, newest first. Each links to its progress, results and samples. <a href="/v1/runs">JSON</a>
        </p>
        {runs.length === 0 ? (
          <p>No runs yet: start one with <code>POST /v1/runs</code> or <code>npm run eval</code> (docs/runs.md).</p>
        ) : (
          <div class="scroll">
            <table id="runs">
              <thead>
                <tr>
                  <th class="l sticky" scope="col">Model</th>
                  <th class="l" scope="col">Status</th>
                  <th scope="col" title="Units finished of all">Progress</th>
                  <th scope="col" title="The share of scored samples that passed, in percent, as each benchmark names it (errors and context overflows not counted)">passed (%)</th>
                  <th class="l" scope="col">Benchmark</th>
                  <th class="l" scope="col">Dataset</th>
                  <th class="l" scope="col">Started</th>
                  <th scope="col" title="Prompt + completion tokens of model calls (cached answers cost none)">Tokens</th>
                </tr>
              </thead>
              <tbody>
                {runs.map(({ row, progress: p, pass }) => (
                  <tr data-run={row.id}>
                    <td class="l model sticky">
                      <a href={runLinks(row.id).page}>{breakable(row.modelLabel)}</a>
                    </td>
                    <td class="l status">{p.status}</td>
                    <td>
                      {num(finished(p))} / {num(p.units)}
                    </td>
                    <td title={pass.title}>
                      {passRate(p.counts)}
                      <span class="ci">{pass.label}</span>
                    </td>
                    <td class="l">{row.benchmark}</td>
                    <td class="l">{row.datasetId}</td>
                    <td class="l">{when(row.createdAt)}</td>
                    <td>{num(p.tokens.prompt + p.tokens.completion)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} pages={pages} href={(n) => `/runs${qs({ page: n === 1 ? undefined : n })}`} />
      </>
    ),
  };
}
