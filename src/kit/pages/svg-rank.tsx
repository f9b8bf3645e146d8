/**
 * A board's chart of its top models: one row per model, its name and figures above a line on the
 * fixed 0–100 % axis, the rate a dot and its 95 % interval a bar (a forest plot). Inline SVG, no
 * script; each row links to the model's page. A row's text sits above its bar, so the chart reads
 * on a phone as on a desktop.
 */
import type { LeaderboardRow } from "../leaderboard/types";
import { interval, pct } from "./format";
import { PERCENT_TICKS, f } from "./svg";

/** Models a board's chart shows at most. */
export const TOP_MODELS = 10;

/**
 * Characters of a model's name a row shows (the whole name is its tooltip): with its figures on
 * the same line, what fits a phone's width at the phone's larger chart font.
 */
const NAME_CHARS = 34;

const W = 640;
const ROW = 38;
const M = { left: 14, right: 18, top: 8, bottom: 40 };
const x = (v: number) => M.left + v * (W - M.left - M.right);

/** One model of the chart. */
export interface RankRow {
  model: string;
  href: string;
  rate: number;
  ci_low: number | null;
  ci_high: number | null;
  /** Reported rows are hollow diamonds, verified ones filled dots. */
  kind: LeaderboardRow["kind"];
}

/** The best `TOP_MODELS` rows by rate (ties in the API's order: by name, verified first). */
export function topRows<R extends Pick<LeaderboardRow, "rate">>(rows: readonly R[]): R[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.rate - a.r.rate || a.i - b.i)
    .slice(0, TOP_MODELS)
    .map(({ r }) => r);
}

const short = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);

/** A row's figures: the rate and its interval, in percent. */
const figures = (r: RankRow) => `${pct(r.rate)}${interval(r) ? ` (${interval(r)})` : ""}`;

/**
 * The top models of `rows` (already the board's top, see `topRows`) on a 0–100 % axis of
 * `metric`; `note` says what an interval is (or why there is none).
 */
export function RankChart(props: { id: string; metric: string; rows: RankRow[]; note: string }) {
  const rows = props.rows;
  if (rows.length === 0) return null;
  const H = M.top + rows.length * ROW + M.bottom;
  const top = (i: number) => M.top + i * ROW;
  return (
    <figure class="rank-chart" id={`${props.id}-figure`}>
      <svg
        class="chart"
        id={props.id}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${props.id}-title`}
        style="max-width:44rem"
      >
        <title id={`${props.id}-title`}>{`Top ${rows.length} models by ${props.metric} (%), ${props.note}`}</title>
        {PERCENT_TICKS.map((v) => (
          <g>
            <line x1={f(x(v))} x2={f(x(v))} y1={M.top} y2={f(H - M.bottom + 4)} stroke="#d0d7de" stroke-width="1" />
            <text x={f(x(v))} y={f(H - M.bottom + 20)} text-anchor={v === 0 ? "start" : v === 1 ? "end" : "middle"}>
              {Math.round(v * 100)}
            </text>
          </g>
        ))}
        <text x={f((M.left + W - M.right) / 2)} y={H - 4} text-anchor="middle">{`${props.metric} (%)`}</text>
        {rows.map((r, i) => {
          const y = top(i) + 27;
          const cx = x(r.rate);
          return (
            <a href={r.href} class="rank-row" data-model={r.model}>
              <title>{`${r.model}: ${pct(r.rate)} %${interval(r) ? `, 95 % interval ${interval(r)}` : ""} (${r.kind})`}</title>
              <text x={M.left} y={top(i) + 14} class="name">{`${i + 1}. ${short(r.model)}`}</text>
              <text x={f(x(1))} y={top(i) + 14} text-anchor="end" class="figures">
                {figures(r)}
              </text>
              <line x1={f(x(0))} x2={f(x(1))} y1={y} y2={y} stroke="#eaeef2" stroke-width="6" stroke-linecap="round" />
              {r.ci_low !== null && r.ci_high !== null ? (
                <path
                  class="interval"
                  d={`M${f(x(r.ci_low))} ${y - 5}V${y + 5}M${f(x(r.ci_low))} ${y}H${f(x(r.ci_high))}M${f(x(r.ci_high))} ${y - 5}V${y + 5}`}
                  stroke="#1b1f24"
                  stroke-width="2"
                  fill="none"
                />
              ) : null}
              {r.kind === "reported" ? (
                <path
                  class="dot"
                  d={`M${f(cx)} ${y - 6}L${f(cx + 6)} ${y}L${f(cx)} ${y + 6}L${f(cx - 6)} ${y}Z`}
                  fill="#ffffff"
                  stroke="#9a6700"
                  stroke-width="2"
                />
              ) : (
                <circle class="dot" cx={f(cx)} cy={y} r="5.5" fill="#0b5cad" />
              )}
            </a>
          );
        })}
      </svg>
      <figcaption class="note">
        <span aria-hidden="true">●</span> verified, <span aria-hidden="true">◇</span> reported; {props.note}. Each row
        links to the model's page.
      </figcaption>
    </figure>
  );
}

/** A board's top-models section from its rows (`href` gives a row's model page): a heading and the chart; nothing without rows. */
export function TopModels<R extends LeaderboardRow>(props: {
  rows: readonly R[];
  href: (r: R) => string;
  metric: string;
  note: string;
  id?: string;
}) {
  const rows = topRows(props.rows).map((r) => ({
    model: r.model,
    href: props.href(r),
    rate: r.rate,
    ci_low: r.ci_low,
    ci_high: r.ci_high,
    kind: r.kind,
  }));
  if (rows.length === 0) return null;
  return (
    <section>
      <h2>
        {rows.length === 1 ? "The model" : `Top ${rows.length} models`} by {props.metric}
      </h2>
      <RankChart id={props.id ?? "top-models"} metric={props.metric} rows={rows} note={props.note} />
    </section>
  );
}
