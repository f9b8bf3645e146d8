/**
 * What the core adds around a benchmark's model page (docs/leaderboard.md, "From a board to an
 * answer"): before it, where the model's answers are (a verified entry's run and its samples, a
 * reported entry's per-task rows), its runs and "compare with…"; after it, its newest runs.
 */
import type { Child } from "hono/jsx";
import { qs, when } from "../../../kit/pages/format";
import { MODEL_RUNS_LISTED, type ModelEntry, type runsOfModel } from "./queries";

export type ModelRuns = Awaited<ReturnType<typeof runsOfModel>>;

/** The entry's scope as query parameters (every one explicit, so a link means the same entry whatever the defaults). */
export const entryParams = (entry: ModelEntry): Record<string, string> => ({
  benchmark: entry.benchmark,
  dataset: entry.dataset,
  ...Object.fromEntries(Object.entries(entry.options).map(([k, v]) => [k, String(v)])),
  kind: entry.kind,
});

/** An entry's scope options in words ("official mode, original comment mode"); "" when it has none. */
export const optionsText = (entry: ModelEntry): string =>
  Object.entries(entry.options)
    .map(([name, value]) => `${value} ${name.replace(/_/g, " ")}`)
    .join(", ");

/** Where this model's answers are: its run's samples (verified), its per-task rows (reported), or a note that there are none. */
export const samplesHref = (entry: ModelEntry): string | null =>
  entry.run
    ? `/runs/${encodeURIComponent(entry.run)}/samples`
    : entry.hasSamples
      ? `/models/${encodeURIComponent(entry.slug)}/samples${qs(entryParams(entry))}`
      : null;

/** What "compare with…" starts from: a verified entry's run (its answers show side by side), else the entry itself. */
export const compareWithHref = (entry: ModelEntry): string | null => {
  if (entry.run) return `/compare${qs({ a: entry.run })}`;
  if (!entry.hasSamples) return null;
  const { kind: _kind, ...scope } = entryParams(entry);
  return `/compare${qs({ a: entry.slug, ...scope })}`;
};

/** The links above a model page. */
export function ModelNav(props: { entry: ModelEntry; runs: ModelRuns }) {
  const { entry, runs } = props;
  const samples = samplesHref(entry);
  const compare = compareWithHref(entry);
  const items: Child[] = [];
  if (entry.run)
    items.push(
      <a href={`/runs/${encodeURIComponent(entry.run)}`} data-link="run">
        Its run
      </a>,
    );
  if (samples)
    items.push(
      <a href={samples} data-link="samples">
        {entry.run
          ? `Its ${entry.rows.toLocaleString("en-US")} answers`
          : `Its ${entry.rows.toLocaleString("en-US")} per-task results`}
      </a>,
    );
  else
    items.push(
      <span class="muted" data-link="samples">
        Only aggregate scores were published: no per-task results
      </span>,
    );
  if (runs.total > 0)
    items.push(
      <a href={`/runs${qs({ model: entry.model })}`} data-link="runs">
        Runs of this model ({runs.total.toLocaleString("en-US")})
      </a>,
    );
  if (compare)
    items.push(
      <a href={compare} data-link="compare">
        Compare with…
      </a>,
    );
  return (
    <nav class="links model-nav" aria-label="This model's answers and runs" id="model-links">
      {items}
    </nav>
  );
}

/** The model's newest runs, after its page. */
export function ModelRunsSection(props: { entry: ModelEntry; runs: ModelRuns }) {
  const { entry, runs } = props;
  if (runs.total === 0) return null;
  return (
    <section id="model-runs">
      <h2>Runs of {entry.model}</h2>
      <p class="note">
        Every run of this service under this model's name, newest first
        {runs.total > MODEL_RUNS_LISTED ? (
          <>
            {" "}
            ({MODEL_RUNS_LISTED} of {runs.total.toLocaleString("en-US")}:{" "}
            <a href={`/runs${qs({ model: entry.model })}`}>all of them</a>)
          </>
        ) : null}
        .
      </p>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th class="l" scope="col">
                Run
              </th>
              <th class="l" scope="col">
                Benchmark
              </th>
              <th class="l" scope="col">
                Dataset
              </th>
              <th class="l" scope="col">
                Status
              </th>
              <th class="l" scope="col">
                Started
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.rows.map((r) => (
              <tr data-run={r.id}>
                <td class="l">
                  <a href={`/runs/${encodeURIComponent(r.id)}`}>{r.id}</a>
                  {r.id === entry.run ? <span class="ci">this entry's run</span> : null}
                </td>
                <td class="l">{r.benchmark}</td>
                <td class="l">{r.datasetId}</td>
                <td class="l">{r.status}</td>
                <td class="l">{when(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
