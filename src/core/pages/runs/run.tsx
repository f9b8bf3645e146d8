/**
 * One run's page (`GET /runs/{id}`): its progress, live while it runs (the events stream, or a
 * refresh every few seconds without JavaScript), its figures, errors by kind and receipt, then once
 * it has ended its benchmark's own summary views (`BenchmarkViews.run`).
 */
import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import type { Aggregate } from "../../../kit/leaderboard/aggregate";
import type { RunProgress } from "../../runs/config";
import { BASELINE_NOTE, isBaselineSpec } from "../../runs/models";
import type { RunRow } from "../../runs/store";
import type { PageContent, RunFigure } from "../../../kit/pages/family";
import { pct, qs, when } from "../../../kit/pages/format";
import { RunsStyle, finished, num, passRate, runLinks, type PassLabel } from "./parts";
import { fromSubmittedOutputs } from "../../../kit/pages/table";

/** Seconds between reloads of a running run's page without JavaScript. */
export const REFRESH_SECONDS = 5;

/**
 * Keeps a running run's figures current from its events stream (`progress` events), and reloads
 * the page on `done` so it ends on the summary. Without JavaScript the `<noscript>` refresh does it.
 */
const LIVE_SCRIPT = `(() => {
  const root = document.getElementById("progress");
  if (!root || !window.EventSource) return;
  const source = new EventSource(root.dataset.events);
  const set = (name, value) => { for (const el of root.querySelectorAll('[data-figure="' + name + '"]')) el.textContent = value; };
  const num = (n) => Number(n).toLocaleString("en-US");
  source.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    const done = p.counts.done + p.counts.skipped;
    const bar = root.querySelector("progress");
    if (bar) { bar.value = done; bar.max = p.units; }
    set("status", p.status);
    set("finished", num(done));
    set("passed", num(p.counts.passed));
    set("failed", num(p.counts.scored - p.counts.passed));
    set("scored", num(p.counts.scored));
    set("error", num(p.counts.error));
    set("context_exceeded", num(p.counts.context_exceeded));
    set("pass", p.counts.scored > 0 ? (100 * p.counts.passed / p.counts.scored).toFixed(1) : "–");
    set("tokens", num(p.tokens.prompt + p.tokens.completion));
    set("calls", num(p.model_calls));
    set("cached", num(p.cached));
    root.dataset.status = p.status;
    if (p.status !== "running" && p.finished_at) end();
  });
  // The ended run's page has its summary: load it once, whichever event says so first.
  let ended = false;
  function end() { if (ended) return; ended = true; source.close(); location.reload(); }
  source.addEventListener("done", end);
})();`;

/** What the page shows beyond the run and its progress. */
export interface RunPageParts {
  /** What the run's benchmark calls the passed share. */
  pass: PassLabel;
  /** Error kinds with their counts, most first. */
  errors: [string, number][];
  /** The run's summary: its benchmark's views, or the pass@1 table; null while it runs. */
  summary: Child | null;
  /** A graded benchmark's headline figures (`BenchmarkViews.figures`; empty while it runs), in place of the pass share and passed/failed; undefined: those. */
  figures?: RunFigure[];
}

function Figure(props: { label: string; name: string; value: string; title?: string }) {
  return (
    <div title={props.title}>
      <dt>{props.label}</dt>
      <dd data-figure={props.name}>{props.value}</dd>
    </div>
  );
}

export function runPage(run: RunRow, p: RunProgress, parts: RunPageParts): PageContent {
  const links = runLinks(run.id);
  // A run receiving its submitted outputs in parts is on its way too (docs/runs.md#big-submissions-in-parts).
  const running = p.status === "running" || p.status === "receiving";
  const failed = p.counts.scored - p.counts.passed;
  return {
    title: `${run.modelLabel} on ${run.benchmark} (${run.datasetId}) – run ${run.id} – needlework`,
    description: `Run ${run.id}: ${run.model} on ${run.benchmark}, dataset ${run.datasetId}; ${p.status}.`,
    body: (
      <>
        <RunsStyle />
        {running ? <noscript>{raw(`<meta http-equiv="refresh" content="${REFRESH_SECONDS}">`)}</noscript> : null}
        <p class="links">
          <a href="/runs">All runs</a>
        </p>
        <h1>
          {run.modelLabel} on {run.benchmark}
        </h1>
        <p class="lede">
          Run <code>{run.id}</code> of <code>{run.model}</code>
          {fromSubmittedOutputs(run.receipt) ? " (scored from submitted outputs: no model was called here)" : ""} on
          dataset {run.datasetId}, started {when(run.createdAt)}
          {p.finished_at ? `, ended ${when(p.finished_at)}` : ""}.
          {isBaselineSpec(run.model) ? ` ${run.model} is ${BASELINE_NOTE}.` : ""}
        </p>
        <p class="links">
          <a href={links.samples}>Browse the {num(p.counts.done)} samples</a>
          {run.status === "completed" ? <a href={`/compare${qs({ a: run.id })}`}>Compare with…</a> : null}
          <a href={links.json}>JSON</a>
          <a href={links.results}>Results JSON</a>
          <a
            href={`/v1/runs/${run.id}/outputs.jsonl?format=samples`}
            title="One JSON line per sample: unit, output, verdict, task id (docs/runs.md, Exports)"
          >
            Samples JSONL
          </a>
        </p>
        <section id="progress" data-events={links.events} data-status={p.status}>
          <h2>Progress</h2>
          <p>
            <span class="status" data-figure="status">
              {p.status}
            </span>
            {p.parts && p.status === "receiving" ? (
              <>
                : <span data-figure="parts">{num(p.parts.received.length)}</span> of {num(p.parts.expected)} parts of
                its submitted outputs in (<a href={`/v1/runs/${run.id}/outputs`}>which</a>); it is scored when the last
                arrives
              </>
            ) : (
              <>
                : <span data-figure="finished">{num(finished(p))}</span> of {num(p.units)} units finished
              </>
            )}
            {running ? (
              <span class="note"> (updates live; without JavaScript the page reloads every {REFRESH_SECONDS} s)</span>
            ) : null}
          </p>
          <progress value={finished(p)} max={p.units}>
            {pct(p.units ? finished(p) / p.units : 0)} %
          </progress>
          <dl class="figures">
            {parts.figures ? (
              <>
                {parts.figures.map((f) => (
                  <Figure label={f.label} name={f.name} value={f.value} title={f.title} />
                ))}
                <Figure
                  label="scored"
                  name="scored"
                  value={num(p.counts.scored)}
                  title="Answers scored (errors and context overflows not counted)"
                />
              </>
            ) : (
              <>
                <Figure
                  label={`${parts.pass.label} (%)`}
                  name="pass"
                  value={passRate(p.counts)}
                  title={parts.pass.title}
                />
                <Figure label="passed" name="passed" value={num(p.counts.passed)} />
                <Figure label="failed" name="failed" value={num(failed)} />
              </>
            )}
            <Figure
              label="errors"
              name="error"
              value={num(p.counts.error)}
              title="Model calls that failed (not scored)"
            />
            <Figure
              label="context exceeded"
              name="context_exceeded"
              value={num(p.counts.context_exceeded)}
              title="Prompts longer than the model's window (not scored)"
            />
            {isBaselineSpec(run.model) ? (
              <Figure label="model calls, tokens" name="baseline" value="none" title={BASELINE_NOTE} />
            ) : (
              <>
                <Figure
                  label="tokens"
                  name="tokens"
                  value={num(p.tokens.prompt + p.tokens.completion)}
                  title={`${num(p.tokens.prompt)} prompt + ${num(p.tokens.completion)} completion`}
                />
                <Figure label="model calls" name="calls" value={num(p.model_calls)} title="Retries included" />
                <Figure
                  label="cache hits"
                  name="cached"
                  value={num(p.cached)}
                  title="Answers reused from the response cache (no call)"
                />
                {p.cost_usd !== null ? <Figure label="cost (USD)" name="cost" value={p.cost_usd.toFixed(4)} /> : null}
              </>
            )}
          </dl>
        </section>
        {parts.errors.length ? (
          <section>
            <h2>Errors by kind</h2>
            <div class="scroll fit">
              <table id="errors" class="compact">
                <thead>
                  <tr>
                    <th class="l" scope="col">
                      kind
                    </th>
                    <th scope="col">samples</th>
                  </tr>
                </thead>
                <tbody>
                  {parts.errors.map(([kind, n]) => (
                    <tr>
                      <td class="l">
                        <a href={`${links.samples}?outcome=error`}>{kind}</a>
                      </td>
                      <td>{num(n)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : null}
        {parts.summary ? (
          <section id="summary">
            <h2>Results</h2>
            {parts.summary}
          </section>
        ) : null}
        <section>
          <h2>Receipt</h2>
          <details>
            <summary>What was run: dataset hash, prompt template, scorer and service versions, parameters</summary>
            <pre class="code" id="receipt">
              {JSON.stringify(run.receipt, null, 2)}
            </pre>
          </details>
        </section>
        {running ? <script dangerouslySetInnerHTML={{ __html: LIVE_SCRIPT }} /> : null}
      </>
    ),
  };
}

/**
 * pass@1 overall and per language at the run's threshold, and the benchmark's own summary as
 * JSON: what a run page shows for a benchmark without summary views.
 */
export function PassRateTable(props: {
  aggregates: readonly Aggregate[];
  threshold: string;
  summary: Record<string, unknown> | null;
}) {
  const rows = props.aggregates.filter(
    (a) => (a.groupType === "all" || a.groupType === "language") && a.threshold === props.threshold,
  );
  const own = props.summary ? (
    <details open>
      <summary>The benchmark's own results (as in GET /v1/runs/{"{id}"}/results)</summary>
      <pre class="code" id="own-summary">
        {JSON.stringify(props.summary, null, 2)}
      </pre>
    </details>
  ) : null;
  if (rows.length === 0) return own ?? <p class="note">No scored samples.</p>;
  return (
    <>
      {own}
      <div class="scroll fit">
        <table id="pass-rates" class="compact">
          <caption>pass@1 at threshold {props.threshold}, 95 % Wilson interval</caption>
          <thead>
            <tr>
              <th class="l" scope="col">
                group
              </th>
              <th scope="col">pass@1 (%)</th>
              <th scope="col">n</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr>
                <td class="l">{a.groupKey}</td>
                <td>
                  {pct(a.rate)}
                  <span class="ci">
                    {pct(a.ciLow)}–{pct(a.ciHigh)}
                  </span>
                </td>
                <td>{num(a.n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
