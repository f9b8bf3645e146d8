/**
 * The run list (`GET /runs`): newest first, paged, optionally one model's runs (`model`). Each row:
 * two radio buttons to pick the run as side A or B of a comparison (completed runs; the form's
 * "Compare" goes to `/compare`), the model, progress and the passed share, then what it ran. On a
 * phone the columns after the passed share fold into a line under the model, so the model, the
 * passed share and the pickers fit 390 px without an inner scroller.
 */
import type { RunProgress } from "../../runs/config";
import { BASELINE_NOTE, isBaselineSpec } from "../../runs/models";
import type { RunRow } from "../../runs/store";
import type { PageContent } from "../../../kit/pages/family";
import { qs, when } from "../../../kit/pages/format";
import { breakable, fromSubmittedOutputs, KindBadge } from "../../../kit/pages/table";
import { Pager } from "../../../kit/pages/pager";
import { RunsStyle, finished, num, passRate, runLinks, type PassLabel } from "./parts";

/** One run of the list with its coordinator's progress. */
export interface ListedRun {
  row: RunRow;
  progress: RunProgress;
  /** What its benchmark calls the passed share. */
  pass: PassLabel;
}

/** The list's own rules: the pickers, and the phone layout (wide columns fold under the model). */
const CSS = `
td.pick { white-space: nowrap; text-align: left; padding-right: .2rem; }
td.pick label { display: inline-flex; align-items: center; gap: .1rem; margin-right: .35rem; font-size: .8rem; color: var(--muted); }
td.pick input { margin: 0; width: 1.1rem; height: 1.1rem; }
.sub { display: none; color: var(--muted); font-size: .8rem; }
form.pick-runs { margin: .75rem 0; }
form.pick-runs .pick-bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .5rem 0; }
form.pick-runs button { font: inherit; background: var(--accent); color: #fff; border: 0; border-radius: 4px; padding: .35rem 1rem; min-height: 2.25rem; cursor: pointer; }
@media (max-width: 40rem) {
  #runs th.wide, #runs td.wide { display: none; }
  #runs .sub { display: block; }
  #runs td.model { min-width: 0; max-width: none; }
  #runs td.pass { padding-left: .2rem; }
}
`;

export function runListPage(
  runs: ListedRun[],
  page: number,
  pages: number,
  total: number,
  model?: string,
): PageContent {
  const pageHref = (n: number) => `/runs${qs({ model, page: n === 1 ? undefined : n })}`;
  const comparable = runs.filter((r) => r.row.status === "completed").length;
  return {
    title: model ? `Runs of ${model} – needlework` : "Runs – needlework",
    description: "Evaluation runs: model, benchmark, dataset, status, progress, pass@1 and tokens.",
    body: (
      <>
        <RunsStyle />
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
        <h1>{model ? <>Runs of {model}</> : "Runs"}</h1>
        <p class="lede">
          {num(total)} evaluation runs
          {model ? (
            <>
              {" "}
              of this model (<a href="/runs">all runs</a>)
            </>
          ) : null}
          , newest first. Each links to its progress, results and samples. <a href={`/v1/runs`}>JSON</a>
        </p>
        {runs.length === 0 ? (
          <p>
            No runs yet: start one with <code>POST /v1/runs</code> or <code>npm run eval</code> (docs/runs.md).
          </p>
        ) : (
          <form class="pick-runs" method="get" action="/compare">
            {comparable >= 1 ? (
              <div class="pick-bar">
                <span class="note">Pick a completed run as A and another as B (same benchmark and dataset), then</span>
                <button type="submit">Compare A with B</button>
              </div>
            ) : null}
            <div class="scroll">
              <table id="runs">
                <thead>
                  <tr>
                    <th class="l" scope="col" title="Pick two completed runs to compare">
                      Compare
                    </th>
                    <th class="l" scope="col">
                      Model
                    </th>
                    <th class="l wide" scope="col">
                      Status
                    </th>
                    <th class="wide" scope="col" title="Units finished of all">
                      Progress
                    </th>
                    <th
                      scope="col"
                      title="The share of scored samples that passed, in percent, as each benchmark names it (errors and context overflows not counted)"
                    >
                      passed (%)
                    </th>
                    <th class="l wide" scope="col">
                      Benchmark
                    </th>
                    <th class="l wide" scope="col">
                      Dataset
                    </th>
                    <th class="l wide" scope="col">
                      Started
                    </th>
                    <th
                      class="wide"
                      scope="col"
                      title="Prompt + completion tokens of model calls (cached answers cost none)"
                    >
                      Tokens
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {runs.map(({ row, progress: p, pass }) => (
                    <tr data-run={row.id}>
                      <td class="pick">
                        {row.status === "completed" ? (
                          <>
                            <label title="Side A">
                              <input
                                type="radio"
                                name="a"
                                value={row.id}
                                aria-label={`${row.modelLabel} (${row.id}) as A`}
                              />
                              A
                            </label>
                            <label title="Side B">
                              <input
                                type="radio"
                                name="b"
                                value={row.id}
                                aria-label={`${row.modelLabel} (${row.id}) as B`}
                              />
                              B
                            </label>
                          </>
                        ) : null}
                      </td>
                      <td class="l model">
                        <a href={runLinks(row.id).page}>{breakable(row.modelLabel)}</a>
                        {fromSubmittedOutputs(row.receipt) ? (
                          <>
                            {" "}
                            <KindBadge kind="verified" receipt={row.receipt} />
                          </>
                        ) : null}
                        <span class="sub">
                          {p.status} {num(finished(p))}/{num(p.units)} · {row.benchmark} · {row.datasetId}
                        </span>
                      </td>
                      <td class="l status wide">{p.status}</td>
                      <td class="wide">
                        {num(finished(p))} / {num(p.units)}
                      </td>
                      <td class="pass" title={pass.title}>
                        {passRate(p.counts)}
                        <span class="ci">{pass.label}</span>
                      </td>
                      <td class="l wide">{row.benchmark}</td>
                      <td class="l wide">{row.datasetId}</td>
                      <td class="l wide">{when(row.createdAt)}</td>
                      {isBaselineSpec(row.model) ? (
                        <td class="wide" title={BASELINE_NOTE}>
                          – (baseline)
                        </td>
                      ) : (
                        <td class="wide">{num(p.tokens.prompt + p.tokens.completion)}</td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </form>
        )}
        <Pager page={page} pages={pages} href={pageHref} />
      </>
    ),
  };
}
