/**
 * One model's LongCodeU page (`GET /models/:slug?benchmark=longcodeu[&dataset=…]`): mean recall by
 * context length per task as a chart, the task × context-length grids for recall and for precision
 * (grids.tsx), the average over tasks per length, and the unparseable outputs, errors and context
 * overflows apart.
 */
import type { LeaderboardKind } from "../../../kit/leaderboard/types";
import type { PageContent } from "../../../kit/pages/family";
import { qs } from "../../../kit/pages/format";
import { KindBadge } from "../../../kit/pages/table";
import { BUCKET_KEYS, LONGCODEU_TASKS, type LongCodeUBreakdown, type LongCodeUModelBreakdown } from "../leaderboard";
import { count, longcodeuParams, metricNames, score } from "./board";
import { CountTable, ScoreGrid, type CountRow } from "./grids";
import { LengthChart } from "./length-chart";

/** Unparseable outputs per task and length bucket, as "unparseable of scored". */
function UnparseableGrid(props: { l: LongCodeUBreakdown }) {
  const { l } = props;
  return (
    <div class="scroll fit">
      <table id="unparseable-grid" class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">
              task \ length
            </th>
            {BUCKET_KEYS.map((b) => (
              <th scope="col">{b}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LONGCODEU_TASKS.map((t) => (
            <tr data-task={t}>
              <th class="l" scope="row">
                {t}
              </th>
              {BUCKET_KEYS.map((b) => {
                const c = l.tasks[t]?.buckets[b];
                return <td>{c && c.n > 0 ? `${c.unparseable} of ${c.n}` : "–"}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The LongCodeU model page for one breakdown. `kind` is the kind asked for, if any, kept in the
 * links (a model with both kinds shows the verified entry unless asked).
 */
export function modelPage(data: LongCodeUModelBreakdown, kind?: LeaderboardKind): PageContent {
  return {
    title: `${data.model} – LongCodeU (${data.dataset}) – needlework`,
    description: `LongCodeU results of ${data.model}: recall and precision per task and context length.`,
    body: <ModelBody data={data} kind={kind} />,
  };
}

function ModelBody(props: { data: LongCodeUModelBreakdown; kind?: LeaderboardKind }) {
  const { data } = props;
  const l = data.longcodeu;
  const params = longcodeuParams({ dataset: data.dataset, kind: props.kind });
  const slug = encodeURIComponent(data.model_slug);
  const all = l.average.all;
  return (
    <>
      <p class="links">
        <a href={`/${qs(params)}`}>← LongCodeU leaderboard</a>
      </p>
      <h1>
        {data.model} <KindBadge kind={data.kind} submitted={data.submitted_outputs} />
      </h1>
      <p class="lede">
        Dataset <code>{data.dataset}</code>: {count(all.n, "example")} scored over {count(all.tasks, "task")}; average
        recall <strong>{score(all.recall)} %</strong>, precision <strong>{score(all.precision)} %</strong>.{" "}
        {all.unparseable} unparseable (scored 0), {count(all.errors, "error")} and{" "}
        {count(all.context_exceeded, "context overflow")} (not scored).
      </p>
      <p class="links">
        <a href={`/v1/leaderboard/models/${slug}${qs(params)}`}>JSON of this model</a>
      </p>

      <h2>Recall by task and context length</h2>
      <p class="note">{metricNames("recall")}, in percent. Lengths in CodeLlama tokens of the context (1K = 1024).</p>
      <LengthChart id="length-chart" l={l} metric="recall" />
      <ScoreGrid l={l} metric="recall" />

      <h2>Precision by task and context length</h2>
      <p class="note">{metricNames("precision")}, in percent.</p>
      <ScoreGrid l={l} metric="precision" />

      <h2>Unparseable outputs, errors and overflows</h2>
      <p class="note">
        An output that cannot be parsed in the format its instruction asks for scores 0 and counts in the means above; a
        failed call or a prompt over the model's context window is not an answer and counts in no mean.
      </p>
      <CountTable
        id="counts"
        rows={[...LONGCODEU_TASKS.map((t): CountRow => [t, t, l.tasks[t]?.all]), ["all", "all tasks", l.average.all]]}
        scoredTitle="Examples scored (unparseable ones included)"
      />
      <h3>Unparseable outputs by context length</h3>
      <UnparseableGrid l={l} />
    </>
  );
}
