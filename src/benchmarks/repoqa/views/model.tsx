/** One model's page (`GET /models/:slug`): threshold curve, per-language table, depth and length buckets, heatmap. */
import type { BucketRate, LeaderboardKind, LeaderboardQuery, PassRateBreakdown } from "../../../kit/leaderboard/types";
import { FilterForm, ThresholdSelect } from "../../../kit/pages/controls";
import type { PageContent } from "../../../kit/pages/family";
import { THRESHOLDS, interval, pct, qs, thresholdKey } from "../../../kit/pages/format";
import { ChartLegend, Heatmap, ThresholdChart, lengthLabel } from "../../../kit/pages/svg";
import { KindBadge } from "../../../kit/pages/table";

/** The languages of a breakdown, in the order the API gives them, without "all". */
export function breakdownLanguages(data: Pick<PassRateBreakdown, "thresholds">): string[] {
  const out: string[] = [];
  for (const k of THRESHOLDS)
    for (const l of Object.keys(data.thresholds[k] ?? {})) if (l !== "all" && !out.includes(l)) out.push(l);
  return out;
}

/** Rates per bucket as bars with the 95 % interval drawn over them; numbers beside for reading. */
export function BucketTable(props: {
  id: string;
  label: string;
  buckets: BucketRate[];
  format?: (bucket: string) => string;
}) {
  return (
    <div class="scroll">
      <table id={props.id}>
        <thead>
          <tr>
            <th class="l" scope="col">
              {props.label}
            </th>
            <th class="l" scope="col">
              pass@1
            </th>
            <th scope="col" title="pass@1 in percent, 95 % Wilson interval below">
              %
            </th>
            <th scope="col">n</th>
          </tr>
        </thead>
        <tbody>
          {props.buckets.map((b) => (
            <tr>
              <td class="l">{props.format ? props.format(b.bucket) : b.bucket}</td>
              <td class="l" style="width:50%">
                <div class="bar" aria-hidden="true">
                  <span class="fill" style={`width:${(b.rate * 100).toFixed(1)}%`}></span>
                  {b.ci_low !== null && b.ci_high !== null ? (
                    <span
                      class="band"
                      style={`left:${(b.ci_low * 100).toFixed(1)}%;width:${((b.ci_high - b.ci_low) * 100).toFixed(1)}%`}
                    ></span>
                  ) : null}
                </div>
              </td>
              <td>
                {pct(b.rate)}
                {interval(b) ? <span class="ci">{interval(b)}</span> : null}
              </td>
              <td>{b.n ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** pass@1 at every threshold (rows) in every language (columns), the breakdown's threshold highlighted. */
export function ThresholdTable(props: {
  data: Pick<PassRateBreakdown, "thresholds" | "threshold">;
  languages: string[];
}) {
  const cols = ["all", ...props.languages];
  return (
    <div class="scroll fit">
      <table id="thresholds" class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">
              threshold
            </th>
            {cols.map((l) => (
              <th scope="col">{l}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {THRESHOLDS.filter((t) => props.data.thresholds[t]).map((t) => (
            <tr class={t === thresholdKey(props.data.threshold) ? "selected" : undefined}>
              <th class="l" scope="row">
                {t}
              </th>
              {cols.map((l) => {
                const r = props.data.thresholds[t][l];
                return <td title={r && interval(r) ? `95 % interval ${interval(r)}` : undefined}>{pct(r?.rate)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A RepoQA breakdown: the pass-rate breakdown under its scoring and comment modes. */
export type RepoqaBreakdown = PassRateBreakdown & { mode: string; comment_mode: string };

/** Query parameters that select this breakdown (non-default ones only, threshold always). */
function params(data: RepoqaBreakdown, defaults: LeaderboardQuery, kind?: LeaderboardKind): Record<string, string> {
  return {
    threshold: thresholdKey(data.threshold),
    ...(kind ? { kind } : {}),
    ...(data.dataset !== defaults.dataset ? { dataset: data.dataset } : {}),
    ...(data.mode !== defaults.mode ? { mode: data.mode } : {}),
    ...(data.comment_mode !== defaults.comment_mode ? { comment_mode: data.comment_mode } : {}),
    ...(data.benchmark !== defaults.benchmark ? { benchmark: data.benchmark } : {}),
  };
}

/**
 * The model page for one breakdown. `kind` is the kind asked for, if any (a model with both a
 * verified and a reported entry shows the verified one unless asked), kept in the page's links.
 */
export function modelPage(data: RepoqaBreakdown, defaults: LeaderboardQuery, kind?: LeaderboardKind): PageContent {
  return {
    title: `${data.model} – RepoQA – needlework`,
    description: `RepoQA Searching Needle Function results of ${data.model}.`,
    body: <ModelBody data={data} defaults={defaults} kind={kind} />,
  };
}

function ModelBody(props: { data: RepoqaBreakdown; defaults: LeaderboardQuery; kind?: LeaderboardKind }) {
  const { data } = props;
  const languages = breakdownLanguages(data);
  const p = params(data, props.defaults, props.kind);
  const slug = encodeURIComponent(data.model_slug);
  const { threshold: _t, ...hidden } = p;
  return (
    <>
      <p class="links">
        <a href={`/${qs(p)}`}>← Leaderboard</a>
      </p>
      <h1>
        {data.model} <KindBadge kind={data.kind} submitted={data.submitted_outputs} />
      </h1>
      <p class="lede">
        Dataset <code>{data.dataset}</code>, {data.mode} scoring, {data.comment_mode} comments
        {data.depth.length > 0 ? `; depth, length and heatmap at threshold ${thresholdKey(data.threshold)}` : ""}.
      </p>
      <FilterForm action={`/models/${slug}`} hidden={hidden}>
        <ThresholdSelect threshold={data.threshold} />
      </FilterForm>
      <p class="links">
        <a href={`/v1/leaderboard/models/${slug}${qs(p)}`}>JSON of this model</a>
      </p>

      <h2>pass@1 (%) by similarity threshold</h2>
      <figure>
        <ThresholdChart thresholds={data.thresholds} languages={languages} selected={data.threshold} />
        <figcaption>
          <ChartLegend languages={languages} />
        </figcaption>
      </figure>
      <ThresholdTable data={data} languages={languages} />

      {data.depth.length === 0 && data.length.length === 0 && data.heatmap.length === 0 ? (
        <p class="note">
          Only aggregate scores were published for this model, not per-task rows, so there is no breakdown by needle
          depth or context length.
        </p>
      ) : (
        <>
          <h2>By needle depth (“lost in the middle”)</h2>
          <p class="note">Where the needle function sits in the context: 0.0 is the start, 1.0 the end.</p>
          <BucketTable id="depth" label="depth" buckets={data.depth} />
          {data.length.length > 0 ? (
            <>
              <h2>By context length</h2>
              <BucketTable id="length" label="length" buckets={data.length} format={lengthLabel} />
            </>
          ) : null}
          <h2>Depth × length</h2>
          <Heatmap cells={data.heatmap} depth={data.depth} length={data.length} />
        </>
      )}
    </>
  );
}
