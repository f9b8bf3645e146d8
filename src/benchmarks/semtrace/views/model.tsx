/**
 * One model's page for the positional benchmarks (`GET /models/:slug?benchmark=semtrace&dataset=…`):
 * the three tasks of a "Sense and Sensitivity" study side by side — accuracy heatmaps (position × D),
 * relative-accuracy curves with the drop per D, the median drop beside the paper's, and SemTrace's
 * partial-match curve. Every chart has its numbers in a table.
 */
import type { LeaderboardKind } from "../../../kit/leaderboard/types";
import type { PageContent } from "../../../kit/pages/family";
import { interval, pct, qs, thresholdKey } from "../../../kit/pages/format";
import { Heatmap, type HeatmapLabels } from "../../../kit/pages/svg";
import { KindBadge } from "../../../kit/pages/table";
import { POSITIONAL_BENCHMARKS, type PositionalBenchmark } from "../dataset/ids";
import { PAPER_MEDIAN_DROP, type PositionalModelBreakdown } from "../leaderboard";
import { SHORT_NAMES, dropPct, positionalParams } from "./positional";
import { AccuracyCurve, PartialCurve, RelativeCurve, RelativeNote } from "./curves";

/** A model's breakdowns of the three tasks on one dataset; a task it was not run on is absent. */
export type PositionalTasks = Partial<Record<PositionalBenchmark, PositionalModelBreakdown>>;

/** The position × D heatmap's labels for one task. */
export const heatmapLabels = (b: PositionalBenchmark): HeatmapLabels => ({
  id: `heatmap-${b}`,
  corner: "position \\ D",
  column: (d) => `D=${d}`,
  row: (p) => p,
  title: (p, d, rate, n) => `${SHORT_NAMES[b]}, position ${p}, D=${d}: ${pct(rate)} % of ${n}`,
  metric: "exact match",
  cell: "(cell: accuracy % and number of targets; – none)",
});

const missing = (b: PositionalBenchmark, dataset: string) => (
  <p class="note missing" data-task={b}>
    No {SHORT_NAMES[b]} results for this model on <code>{dataset}</code>.
  </p>
);

/** The summary: accuracy, interval, n, errors and median drop of each task, with the paper's drop. */
function Summary(props: { tasks: PositionalTasks; dataset: string; params: (b: string) => string }) {
  return (
    <div class="scroll fit">
      <table id="positional-summary">
        <thead>
          <tr>
            <th class="l" scope="col">
              task
            </th>
            <th scope="col" title="Exact-match accuracy over every (D, position) cell, 95 % Wilson interval below">
              accuracy %
            </th>
            <th scope="col" title="Median over D of the relative drop toward the middle">
              median drop %
            </th>
            <th scope="col" title="The paper's median relative drop for this task">
              paper %
            </th>
            <th scope="col" title="Targets × cells scored">
              n
            </th>
            <th scope="col" title="Model calls that failed, and prompts over the context window (not in n)">
              errors
            </th>
          </tr>
        </thead>
        <tbody>
          {POSITIONAL_BENCHMARKS.map((b) => {
            const t = props.tasks[b];
            // Exact match: the same at every threshold.
            const all = t?.thresholds[thresholdKey(t.threshold)]?.all;
            const p = t?.positional;
            return (
              <tr data-task={b}>
                <th class="l" scope="row">
                  {t ? (
                    <a href={`/models/${encodeURIComponent(t.model_slug)}${props.params(b)}`}>{SHORT_NAMES[b]}</a>
                  ) : (
                    SHORT_NAMES[b]
                  )}
                </th>
                {/* The two drops side by side first: what a phone shows without scrolling. */}
                {t && all && p ? (
                  <>
                    <td>
                      {pct(all.rate)}
                      {interval(all) ? <span class="ci">{interval(all)}</span> : null}
                    </td>
                    <td>
                      <strong>{dropPct(p.median_drop)}</strong>
                    </td>
                    <td class="muted">{dropPct(PAPER_MEDIAN_DROP[b])}</td>
                    <td>{all.n ?? "–"}</td>
                    <td>{p.errors + p.context_exceeded || ""}</td>
                  </>
                ) : (
                  <>
                    <td colspan={2} class="l muted">
                      not run on this dataset
                    </td>
                    <td class="muted">{dropPct(PAPER_MEDIAN_DROP[b])}</td>
                    <td colspan={2}></td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The positional model page. `focus` is the benchmark asked for (its breakdown decides the model,
 * dataset and kind shown); `kind` is the kind asked for, if any, kept in the links.
 */
export function modelPage(tasks: PositionalTasks, focus: PositionalBenchmark, kind?: LeaderboardKind): PageContent {
  const main = tasks[focus]!;
  return {
    title: `${main.model} – ${SHORT_NAMES[focus]} (${main.dataset}) – needlework`,
    description: `Lexical vs semantic recall of ${main.model} by target position and number of distractors.`,
    body: <ModelBody tasks={tasks} focus={focus} kind={kind} />,
  };
}

function ModelBody(props: { tasks: PositionalTasks; focus: PositionalBenchmark; kind?: LeaderboardKind }) {
  const main = props.tasks[props.focus]!;
  const { dataset } = main;
  const slug = encodeURIComponent(main.model_slug);
  const params = (b: string) => qs(positionalParams(b, dataset, props.kind));
  const present = POSITIONAL_BENCHMARKS.filter((b) => props.tasks[b]?.positional);
  const semtrace = props.tasks.semtrace?.positional;
  return (
    <>
      <p class="links">
        <a href={`/${params(props.focus)}`}>← {SHORT_NAMES[props.focus]} leaderboard</a>
      </p>
      <h1>
        {main.model} <KindBadge kind={main.kind} submitted={main.submitted_outputs} />
      </h1>
      <p class="lede">
        Dataset <code>{dataset}</code>: a target function among D distractor functions, at positions from the start (0)
        to the end (1) of the context (Štorek et al., “Sense and Sensitivity”). Exact-match accuracy; errors and context
        overflows are counted apart.
      </p>
      <p class="links">
        {present.map((b) => (
          <a href={`/v1/leaderboard/models/${slug}${params(b)}`}>JSON: {SHORT_NAMES[b]}</a>
        ))}
      </p>

      <h2>Summary</h2>
      <Summary tasks={props.tasks} dataset={dataset} params={params} />

      <h2>Accuracy by position × D</h2>
      <div class="triptych" id="heatmaps">
        {POSITIONAL_BENCHMARKS.map((b) => {
          const t = props.tasks[b];
          return (
            <section data-task={b}>
              <h3>{SHORT_NAMES[b]}</h3>
              {t ? (
                <Heatmap cells={t.heatmap} depth={t.depth} length={t.length} labels={heatmapLabels(b)} />
              ) : (
                missing(b, dataset)
              )}
            </section>
          );
        })}
      </div>

      <h2>Accuracy by position, per D</h2>
      <p class="note">
        Exact-match accuracy at each target position, one line per number of distractors D, each point with its 95 %
        Wilson interval (the whiskers; the table below each chart has the numbers).
      </p>
      <div class="triptych" id="accuracy-curves">
        {POSITIONAL_BENCHMARKS.map((b) => {
          const p = props.tasks[b]?.positional;
          return (
            <section data-task={b}>
              <h3>{SHORT_NAMES[b]}</h3>
              {p ? <AccuracyCurve b={b} p={p} small /> : missing(b, dataset)}
            </section>
          );
        })}
      </div>

      <h2>Relative accuracy by position</h2>
      <RelativeNote />
      <div class="triptych" id="relative-curves">
        {POSITIONAL_BENCHMARKS.map((b) => {
          const p = props.tasks[b]?.positional;
          return (
            <section data-task={b}>
              <h3>{SHORT_NAMES[b]}</h3>
              {p ? <RelativeCurve b={b} p={p} small /> : missing(b, dataset)}
            </section>
          );
        })}
      </div>

      <h2>SemTrace partial match</h2>
      {semtrace ? <PartialCurve p={semtrace} /> : missing("semtrace", dataset)}
    </>
  );
}
