/**
 * One sample's page (`GET /runs/{id}/samples/{unit}`): its outcome and figures, the prompt
 * (collapsed, with where the target sits marked), the raw answer, its benchmark's own part
 * (`BenchmarkViews.sample`), and every failed model call the run recorded (`detail.attempts`): for a
 * failed sample why it failed, for an answer that needed retries what it rode out.
 */
import type { Child } from "hono/jsx";
import type { ChatMessage } from "../../../benchmarks/types";
import { WITHHELD } from "../../../lib/datasets/visibility";
import { BASELINE_NOTE, isBaselineSpec } from "../../runs/models";
import type { AttemptRecord } from "../../runs/retry";
import type { RunRow, SampleRow } from "../../runs/store";
import type { PageContent } from "../../../kit/pages/family";
import { qs, when } from "../../../kit/pages/format";
import { runViewsOf } from "./facets";
import { RunsStyle, num, runLinks } from "./parts";
import { SAMPLES_PER_PAGE, filterParams, type SampleFilters } from "./queries";
import { SORT_TEXT, filtered, outcomeOf, sampleHref } from "./samples";

/** The sample's prompt, as loaded for the page (null when its task can no longer be loaded, with why). */
export type LoadedPrompt = { messages: ChatMessage[] } | { missing: string };

/** A message's text with the first occurrence of `mark` wrapped in `<mark id="target">`. */
function Marked(props: { text: string; mark?: string }) {
  const at = props.mark ? props.text.indexOf(props.mark) : -1;
  if (at < 0) return <>{props.text}</>;
  return (
    <>
      {props.text.slice(0, at)}
      <mark id="target">{props.mark}</mark>
      {props.text.slice(at + props.mark!.length)}
    </>
  );
}

/** The failed calls a run recorded with the sample (`detail.attempts`); null for samples stored before it did. */
function attemptsOf(sample: SampleRow): AttemptRecord[] | null {
  const attempts = sample.detail?.attempts;
  return Array.isArray(attempts) && attempts.length > 0 ? (attempts as AttemptRecord[]) : null;
}

/** Each failed call: its number, what kind of failure (and HTTP status), the reason, and the wait before the next. */
function AttemptsTable(props: { attempts: AttemptRecord[] }) {
  return (
    <table id="attempt-list">
      <thead>
        <tr>
          <th>attempt</th>
          <th>failure</th>
          <th>reason</th>
          <th>wait before next (ms)</th>
        </tr>
      </thead>
      <tbody>
        {props.attempts.map((a) => (
          <tr>
            <td>{a.attempt}</td>
            <td>
              {a.status === undefined ? a.kind : `${a.kind} (HTTP ${a.status})`}
              {a.retryable ? "" : ", not retryable"}
            </td>
            <td>
              <code>{a.reason}</code>
            </td>
            <td>{a.delay_ms === null ? "–" : num(a.delay_ms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where a sample sits in the browser it was opened from: its filters, order and search, its place and neighbours. */
export interface SampleNeighbours {
  f: SampleFilters;
  /** Its 0-based place among the samples under the filters, in the order; null when they leave it out. */
  place: number | null;
  total: number;
  /** The previous and next sample (under a search: the nearest whose answer has the text), if any. */
  prev: string | null;
  next: string | null;
  /** Under a search: how many samples each way were looked at, of at most `near` (a match further away is not found). */
  looked?: { before: number; after: number; near: number };
}

/** Previous / next within the browser's filters, order and search, and the way back to its page. */
function SampleNav(props: { run: RunRow; n: SampleNeighbours }) {
  const { run, n } = props;
  const { f } = n;
  const searching = f.q !== undefined;
  const back = `${runLinks(run.id).samples}${qs(filterParams(f, { page: !searching && n.place !== null && n.place >= SAMPLES_PER_PAGE ? Math.floor(n.place / SAMPLES_PER_PAGE) + 1 : undefined }))}`;
  const what = searching ? "match" : "sample";
  const missing = (side: "before" | "after") => {
    if (!n.looked) return null;
    const looked = n.looked[side];
    // Fewer than `near` looked at: the list ended there.
    return (
      <span class="muted">
        {looked < n.looked.near
          ? `no ${side === "before" ? "earlier" : "later"} match`
          : `no match in the ${looked} samples ${side}`}
      </span>
    );
  };
  return (
    <nav class="pager sample-nav" aria-label="Samples" id="sample-nav">
      {n.prev ? (
        <a rel="prev" href={sampleHref(run.id, n.prev, f)}>
          ‹ Previous {what}
        </a>
      ) : (
        missing("before")
      )}
      <span class="here">
        {n.place !== null ? `Sample ${num(n.place + 1)} of ${num(n.total)}` : "Not among the samples"}
        {filtered(f) ? " matching the filters" : ""}, by {SORT_TEXT[f.sort ?? ""]}
        {searching ? `; searching answers for “${f.q}”` : ""} · <a href={back}>back to the list</a>
      </span>
      {n.next ? (
        <a rel="next" href={sampleHref(run.id, n.next, f)}>
          Next {what} ›
        </a>
      ) : (
        missing("after")
      )}
    </nav>
  );
}

export interface SamplePageParts {
  /** Where it sits in the browser it was opened from. */
  neighbours: SampleNeighbours;
  prompt: LoadedPrompt;
  /** The raw model output; null when nothing was generated, it is gone from storage or it is withheld. */
  output: string | null;
  /** Whether the run's outputs are withheld (a held-out dataset's). */
  withheld?: boolean;
  /** The benchmark's part: what to mark in the prompt and its own sections. */
  family: { mark?: string[]; body: Child };
}

export function samplePage(run: RunRow, sample: SampleRow, parts: SamplePageParts): PageContent {
  const links = runLinks(run.id);
  const { prompt, output, family } = parts;
  const text = "messages" in prompt ? prompt.messages.map((m) => m.content) : [];
  // The first of the benchmark's marks found in the prompt (a target can read differently in its context).
  const mark = family.mark?.find((m) => m !== "" && text.some((t) => t.includes(m)));
  const attempts = attemptsOf(sample);
  const words = runViewsOf(run.benchmark)?.passLabel;
  return {
    title: `${sample.unit} – run ${run.id} – needlework`,
    description: `Sample ${sample.unit} of ${run.modelLabel} on ${run.benchmark}: ${outcomeOf(sample, words)}.`,
    body: (
      <>
        <RunsStyle />
        <p class="links">
          <a href="/runs">All runs</a>
          <a href={links.page}>This run</a>
          <a href={links.samples}>All samples</a>
          {run.status === "completed" ? <a href={`/compare${qs({ a: run.id })}`}>Compare this run with…</a> : null}
        </p>
        <SampleNav run={run} n={parts.neighbours} />
        <h1>{sample.unit}</h1>
        <p class="lede">
          {run.modelLabel} on {run.benchmark} ({run.datasetId}):{" "}
          <strong id="outcome">{outcomeOf(sample, words)}</strong>
          {sample.score !== null ? `, score ${sample.score.toFixed(4)}` : ""}.
        </p>
        <dl class="figures">
          <div>
            <dt>language</dt>
            <dd>{sample.language}</dd>
          </div>
          {sample.position === null ? null : (
            <div>
              <dt>depth</dt>
              <dd>{sample.position.toFixed(2)}</dd>
            </div>
          )}
          <div>
            <dt>context (tokens)</dt>
            <dd>{num(sample.contextSize)}</dd>
          </div>
          <div>
            <dt>prompt tokens</dt>
            <dd>{num(sample.promptTokens)}</dd>
          </div>
          <div>
            <dt>completion tokens</dt>
            <dd>{num(sample.completionTokens)}</dd>
          </div>
          {isBaselineSpec(run.model) ? (
            <div title={BASELINE_NOTE}>
              <dt>model calls</dt>
              <dd>none (baseline)</dd>
            </div>
          ) : (
            <div>
              <dt>model calls</dt>
              <dd>{sample.cached ? "0 (cached)" : sample.calls}</dd>
            </div>
          )}
          <div>
            <dt>{isBaselineSpec(run.model) ? "answered in (ms)" : "latency (ms)"}</dt>
            <dd>{num(sample.latencyMs)}</dd>
          </div>
          <div>
            <dt>finished</dt>
            <dd>{when(sample.finishedAt)}</dd>
          </div>
        </dl>
        {sample.status !== "scored" ? (
          <section id="attempts">
            <h2>{sample.status === "error" ? "Why it failed" : "Why it was not sent"}</h2>
            <p>
              {sample.status === "error"
                ? `${sample.calls} model ${sample.calls === 1 ? "call was" : "calls were"} made (retries included, under the run's retry policy: ${JSON.stringify((run.options as { retry?: unknown }).retry ?? {})}). ${attempts ? "Every attempt and its reason:" : "The last attempt's reason:"}`
                : attempts
                  ? "The provider answered that the prompt does not fit the model's context window (not counted as a wrong answer):"
                  : "The prompt and max_tokens do not fit the model's context window, so it was never sent (not counted as a wrong answer):"}
            </p>
            {attempts ? (
              <AttemptsTable attempts={attempts} />
            ) : (
              <pre class="code">{sample.error ?? "no reason recorded"}</pre>
            )}
          </section>
        ) : attempts ? (
          <section id="attempts">
            <h2>Retries</h2>
            <p>
              Answered on attempt {sample.calls}, after {attempts.length} failed{" "}
              {attempts.length === 1 ? "call" : "calls"}:
            </p>
            <AttemptsTable attempts={attempts} />
          </section>
        ) : null}
        <section id="prompt">
          <h2>Prompt</h2>
          {"missing" in prompt ? (
            <p class="note">{prompt.missing}</p>
          ) : (
            <details>
              <summary>
                {prompt.messages.length} {prompt.messages.length === 1 ? "message" : "messages"},{" "}
                {num(prompt.messages.reduce((n, m) => n + m.content.length, 0))} characters
                {mark
                  ? "; the target is marked"
                  : sample.position !== null
                    ? `; the target sits at depth ${sample.position.toFixed(2)}`
                    : ""}
              </summary>
              {prompt.messages.map((m) => (
                <>
                  <h3>{m.role}</h3>
                  <pre class="code">
                    <Marked text={m.content} mark={mark} />
                  </pre>
                </>
              ))}
            </details>
          )}
        </section>
        <section id="answer">
          <h2>Raw answer</h2>
          {output === null ? (
            <p class="note">
              {parts.withheld
                ? `The answer is ${WITHHELD}.`
                : sample.outputKey
                  ? "The stored output is gone from storage."
                  : "Nothing was generated."}
            </p>
          ) : (
            <pre class="code">{output}</pre>
          )}
        </section>
        {family.body}
      </>
    ),
  };
}

/** The stored verdict detail as it is: a sample's part for a benchmark without its own view. */
export function DetailSection(props: { detail: Record<string, unknown> | null }) {
  if (!props.detail) return null;
  return (
    <section id="detail">
      <h2>Verdict</h2>
      <pre class="code">{JSON.stringify(props.detail, null, 2)}</pre>
    </section>
  );
}
