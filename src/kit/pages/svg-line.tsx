/**
 * A line chart on the fixed 0–100 % axis (svg.tsx's PERCENT_TICKS), one line per series, each
 * point optionally with its 95 % interval drawn as a whisker: accuracy by position per D,
 * accuracy by lines removed, mean score by context length. Inline SVG, no script; a point's
 * tooltip (`<title>`) has its numbers, and the pages print them in a table beside the chart.
 */
import { PERCENT_TICKS, f } from "./svg";

/** A series' line style (svg.tsx's seriesStyle gives the Okabe–Ito colours and dashes). */
export interface LineStyle {
  colour: string;
  dash?: string;
  width: number;
}

/** One point; a null value leaves a gap (the line is not drawn through it). */
export interface LinePoint {
  x: number;
  value: number | null;
  /** Its 95 % interval (both or neither), drawn as a whisker when the chart shows intervals. */
  lo?: number | null;
  hi?: number | null;
  /** The point's tooltip. */
  title?: string;
}

export interface LineSeries {
  /** Its `data-series` name. */
  key: string;
  points: LinePoint[];
  style: LineStyle;
}

/** The x axis: its domain (default 0 … 1), the labelled ticks and what it measures. */
export interface XAxis {
  domain?: [number, number];
  ticks: { at: number; label: string }[];
  label: string;
}

/** Horizontal offset between neighbouring series' whiskers, so intervals at one x do not hide each other. */
const DODGE = 4;

/** Points of a series split where a value is missing. */
function segments(points: LinePoint[]): (LinePoint & { value: number })[][] {
  const runs: (LinePoint & { value: number })[][] = [[]];
  for (const p of points) {
    if (p.value === null) runs.push([]);
    else runs[runs.length - 1].push(p as LinePoint & { value: number });
  }
  return runs.filter((r) => r.length > 0);
}

/**
 * Lines of `series` on a 0–100 % axis. `width`/`height` set the viewBox: a chart shown a third of
 * the page wide gets a smaller box (class "small"), so its 12-unit labels stay legible. With
 * `intervals`, each point's [lo, hi] is a whisker and the series are dodged sideways a little.
 */
export function LineChart(props: {
  id: string;
  title: string;
  series: LineSeries[];
  x: XAxis;
  valueLabel?: string;
  width?: number;
  height?: number;
  intervals?: boolean;
  /** A vertical dashed line at an x with its label (a model's training cutoff on a date axis). */
  marker?: { at: number; label: string };
}) {
  const W = props.width ?? 640;
  const H = props.height ?? 300;
  // A full-size chart's labels are drawn larger on a phone (the site's stylesheet): room for "100" on the left.
  const M = { left: W < 500 ? 40 : 48, right: 12, top: 12, bottom: 44 };
  const [x0, x1] = props.x.domain ?? [0, 1];
  const x = (v: number) => M.left + ((v - x0) / (x1 - x0 || 1)) * (W - M.left - M.right);
  const y = (v: number) => M.top + (1 - v) * (H - M.top - M.bottom);
  const k = props.series.length;
  const dodge = (i: number) => (props.intervals ? (i - (k - 1) / 2) * DODGE : 0);
  // Every tick labelled when they fit (about 30 units apart), else every other one (and the last).
  const ticks = props.x.ticks;
  const step = (W - M.left - M.right) / Math.max(1, ticks.length - 1) >= 30 ? 1 : 2;
  const labelled = ticks.filter((_, i) => i % step === 0 || i === ticks.length - 1);
  return (
    <svg
      class={W < 500 ? "chart small" : "chart"}
      id={props.id}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${props.id}-title`}
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      {PERCENT_TICKS.map((v) => (
        <g>
          <line x1={M.left} x2={W - M.right} y1={f(y(v))} y2={f(y(v))} stroke="#d0d7de" stroke-width="1" />
          <text x={M.left - 6} y={f(y(v))} text-anchor="end" dominant-baseline="middle">
            {Math.round(v * 100)}
          </text>
        </g>
      ))}
      {labelled.map((t, i) => (
        // A long last label ends at the chart's right edge instead of running past it.
        <text
          x={f(x(t.at))}
          y={H - M.bottom + 18}
          text-anchor={i === labelled.length - 1 && t.label.length > 2 ? "end" : "middle"}
        >
          {t.label}
        </text>
      ))}
      <text x={f((M.left + W - M.right) / 2)} y={H - 6} text-anchor="middle">
        {props.x.label}
      </text>
      {props.marker ? (
        <g class="marker" data-marker={props.marker.label}>
          <line
            x1={f(x(props.marker.at))}
            x2={f(x(props.marker.at))}
            y1={M.top}
            y2={H - M.bottom}
            stroke="#cf222e"
            stroke-width="1.5"
            stroke-dasharray="5 4"
          />
          <text x={f(x(props.marker.at) + 4)} y={M.top + 12} fill="#cf222e">
            {props.marker.label}
          </text>
        </g>
      ) : null}
      {props.series.map((s, i) => {
        const drawn = segments(s.points);
        if (drawn.length === 0) return null;
        const px = (p: LinePoint) => x(p.x) + dodge(i);
        return (
          <g class="series" data-series={s.key}>
            {drawn.map((r) =>
              r.length > 1 ? (
                <polyline
                  points={r.map((p) => `${f(px(p))},${f(y(p.value))}`).join(" ")}
                  fill="none"
                  stroke={s.style.colour}
                  stroke-width={Math.max(2, s.style.width)}
                  stroke-dasharray={s.style.dash}
                  stroke-linejoin="round"
                />
              ) : null,
            )}
            {props.intervals
              ? drawn
                  .flat()
                  .map((p) =>
                    p.lo === null || p.lo === undefined || p.hi === null || p.hi === undefined ? null : (
                      <path
                        class="whisker"
                        d={`M${f(px(p) - 2.5)} ${f(y(p.hi))}H${f(px(p) + 2.5)}M${f(px(p))} ${f(y(p.hi))}V${f(y(p.lo))}M${f(px(p) - 2.5)} ${f(y(p.lo))}H${f(px(p) + 2.5)}`}
                        stroke={s.style.colour}
                        stroke-width="1.25"
                        fill="none"
                      />
                    ),
                  )
              : null}
            {drawn.flat().map((p) => (
              <circle cx={f(px(p))} cy={f(y(p.value))} r="3" fill={s.style.colour}>
                {p.title ? <title>{p.title}</title> : null}
              </circle>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** A legend entry: a line sample in the series' style and its text. */
export function LegendItem(props: { style: LineStyle; text: string; note?: string }) {
  return (
    <li>
      <svg width="28" height="10" aria-hidden="true">
        <line
          x1="1"
          x2="27"
          y1="5"
          y2="5"
          stroke={props.style.colour}
          stroke-width={props.style.width}
          stroke-dasharray={props.style.dash}
        />
      </svg>
      {props.text}
      {props.note ? <span class="muted"> ({props.note})</span> : null}
    </li>
  );
}
