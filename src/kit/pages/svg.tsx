/**
 * The pages' chart library (inline SVG and CSS grids, no script; it names no benchmark): series
 * styles, the fixed percentage axis, the threshold curve and the heatmaps. Line charts with
 * intervals are in svg-line.tsx, the boards' top-models chart in svg-rank.tsx.
 */
import type { BucketRate, PassRateBreakdown, Rate } from "../leaderboard/types";
import { HEAT_GRADIENT, THRESHOLDS, heatColour, interval, pct } from "./format";

/** Okabe–Ito colours (distinguishable with colour-blindness), plus a dash pattern each so print and grey scale work too. */
const SERIES = [
  { colour: "#E69F00", dash: "6 3" },
  { colour: "#56B4E9", dash: "2 3" },
  { colour: "#009E73", dash: "8 3 2 3" },
  { colour: "#D55E00", dash: "4 4" },
  { colour: "#CC79A7", dash: "1 2" },
  { colour: "#0072B2", dash: "10 4" },
  { colour: "#999999", dash: "3 6" },
  { colour: "#8C6D00", dash: "12 3 3 3" },
];

/** Line style of a series: "all" is solid black and thicker, the others (languages, D, tasks) cycle through SERIES. */
export function seriesStyle(name: string, languages: string[]): { colour: string; dash?: string; width: number } {
  if (name === "all") return { colour: "#1b1f24", width: 3 };
  const s = SERIES[Math.max(0, languages.indexOf(name)) % SERIES.length];
  return { colour: s.colour, dash: s.dash, width: 1.75 };
}

const W = 640;
const H = 300;
const M = { left: 44, right: 18, top: 14, bottom: 52 };
const x = (t: number) => M.left + t * (W - M.left - M.right);
/** A coordinate as the charts write it (one decimal). */
export const f = (v: number) => v.toFixed(1);

/**
 * The ticks of every percentage axis: 0, 25, 50, 75 and 100 %. Percentage axes are fixed at
 * 0–100 everywhere, so two charts (two models, two runs) read on the same scale.
 */
export const PERCENT_TICKS = [0, 0.25, 0.5, 0.75, 1] as const;

/** Points of one series over the sweep, skipping thresholds without a value. */
function points(thresholds: PassRateBreakdown["thresholds"], name: string): { t: number; r: Rate }[] {
  return THRESHOLDS.flatMap((k) => (thresholds[k]?.[name] ? [{ t: Number(k), r: thresholds[k][name] }] : []));
}

/**
 * pass@1 against the similarity threshold (0.0 … 1.0): "all" with its 95 % band, one line per
 * language, and the page's current threshold marked. Scales with its container (viewBox).
 */
export function ThresholdChart(props: {
  thresholds: PassRateBreakdown["thresholds"];
  languages: string[];
  selected: number;
}) {
  const series = [...props.languages, "all"]; // "all" drawn last, on top
  const all = points(props.thresholds, "all");
  const y = (r: number) => M.top + (1 - r) * (H - M.top - M.bottom);
  const band =
    all.every((p) => p.r.ci_low !== null && p.r.ci_high !== null) && all.length > 1
      ? [
          ...all.map((p) => `${f(x(p.t))},${f(y(p.r.ci_high!))}`),
          ...[...all].reverse().map((p) => `${f(x(p.t))},${f(y(p.r.ci_low!))}`),
        ].join(" ")
      : null;
  return (
    <svg
      class="chart"
      id="threshold-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby="threshold-chart-title"
    >
      <title id="threshold-chart-title">pass@1 (%) by similarity threshold, overall and per language</title>
      {PERCENT_TICKS.map((r) => (
        <g>
          <line x1={M.left} x2={W - M.right} y1={f(y(r))} y2={f(y(r))} stroke="#d0d7de" stroke-width="1" />
          <text x={M.left - 6} y={f(y(r))} text-anchor="end" dominant-baseline="middle">
            {Math.round(r * 100)}
          </text>
        </g>
      ))}
      {THRESHOLDS.map((k) => (
        <text x={f(x(Number(k)))} y={H - M.bottom + 22} text-anchor="middle">
          {k}
        </text>
      ))}
      <text x={f((M.left + W - M.right) / 2)} y={H - 6} text-anchor="middle">
        similarity threshold
      </text>
      <line
        class="selected"
        x1={f(x(props.selected))}
        x2={f(x(props.selected))}
        y1={M.top}
        y2={H - M.bottom}
        stroke="#0b5cad"
        stroke-dasharray="3 3"
      />
      {band ? <polygon class="band" points={band} fill="#1b1f24" fill-opacity="0.1" /> : null}
      {series.map((name) => {
        const pts = points(props.thresholds, name);
        if (pts.length === 0) return null;
        const style = seriesStyle(name, props.languages);
        return (
          <g class="series" data-series={name}>
            <polyline
              points={pts.map((p) => `${f(x(p.t))},${f(y(p.r.rate))}`).join(" ")}
              fill="none"
              stroke={style.colour}
              stroke-width={style.width}
              stroke-dasharray={style.dash}
              stroke-linejoin="round"
            />
            {name === "all"
              ? pts.map((p) => (
                  <circle cx={f(x(p.t))} cy={f(y(p.r.rate))} r="3.5" fill={style.colour}>
                    <title>{`threshold ${p.t.toFixed(1)}: ${pct(p.r.rate)} %${interval(p.r) ? ` (${interval(p.r)})` : ""}`}</title>
                  </circle>
                ))
              : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The chart's legend, in HTML so it wraps and stays legible on a phone. */
export function ChartLegend(props: { languages: string[] }) {
  return (
    <ul class="legend">
      {["all", ...props.languages].map((name) => {
        const s = seriesStyle(name, props.languages);
        return (
          <li>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="1" x2="27" y1="5" y2="5" stroke={s.colour} stroke-width={s.width} stroke-dasharray={s.dash} />
            </svg>
            {name === "all" ? "all languages (band: 95 % interval)" : name}
          </li>
        );
      })}
    </ul>
  );
}

/** A context-length bucket key ("16384") as people read it ("16,384 tokens"); other labels as they are. */
export const lengthLabel = (key: string) => (/^\d+$/.test(key) ? `${Number(key).toLocaleString("en-US")} tokens` : key);

/** Bucket labels in the order of the bucket list, then any others in order of appearance. */
function order(buckets: BucketRate[], seen: string[]): string[] {
  const out = buckets.map((b) => b.bucket);
  for (const s of seen) if (!out.includes(s)) out.push(s);
  return out;
}

/** What a heatmap's labels say; the default is needle depth × context length in pass@1. */
export interface HeatmapLabels {
  id: string;
  /** The corner cell ("depth \ length"). */
  corner: string;
  /** A column header from its key. */
  column: (key: string) => string;
  /** A row header from its key. */
  row: (key: string) => string;
  /** A cell's tooltip. */
  title: (row: string, column: string, rate: number, n: number) => string;
  /** The metric at the legend's 100 % end ("pass@1"). */
  metric: string;
  /** What a cell shows, after the legend. */
  cell: string;
}

const DEPTH_LENGTH_HEATMAP: HeatmapLabels = {
  id: "heatmap",
  corner: "depth \\ length",
  column: lengthLabel,
  row: (key) => key,
  title: (d, l, rate, n) => `depth ${d}, length ${lengthLabel(l)}: ${pct(rate)} % of ${n}`,
  metric: "pass@1",
  cell: "(cell: pass@1 % and number of tasks; – none)",
};

/**
 * Depth × context-length heatmap as a table of coloured cells (rows: needle depth, columns:
 * context length); each cell shows its rate and count, so colour is never the only carrier.
 * `labels` renames it for other grids (e.g. target position × distractor count); `cls` adds classes to
 * the figure.
 */
export function Heatmap(props: {
  cells: PassRateBreakdown["heatmap"];
  depth: BucketRate[];
  length: BucketRate[];
  labels?: HeatmapLabels;
  cls?: string;
}) {
  const labels = props.labels ?? DEPTH_LENGTH_HEATMAP;
  const depths = order(
    props.depth,
    props.cells.map((c) => c.depth),
  );
  const lengths = order(
    props.length,
    props.cells.map((c) => c.length),
  );
  const at = new Map(props.cells.map((c) => [`${c.depth}\u0000${c.length}`, c]));
  return (
    <figure class={props.cls}>
      <div class="scroll fit">
        <table id={labels.id} class="heatmap">
          <thead>
            <tr>
              <th class="l sticky" scope="col">
                {labels.corner}
              </th>
              {lengths.map((l) => (
                <th scope="col">{labels.column(l)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {depths.map((d) => (
              <tr>
                <th class="l sticky" scope="row">
                  {labels.row(d)}
                </th>
                {lengths.map((l) => {
                  const c = at.get(`${d}\u0000${l}`);
                  return c && c.n > 0 ? (
                    <HeatCell
                      value={c.rate}
                      text={pct(c.rate)}
                      note={`n=${c.n}`}
                      title={labels.title(d, l, c.rate, c.n)}
                    />
                  ) : (
                    <HeatCell value={null} />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <HeatLegend metric={labels.metric} cell={labels.cell} />
    </figure>
  );
}

/** One cell of a heat grid (0..1 coloured on the ramp), or a muted dash when there is no value. */
export function HeatCell(props: { value: number | null; text?: string; note?: string; title?: string }) {
  if (props.value === null) return <td class="cell muted">–</td>;
  const { background, color } = heatColour(props.value);
  return (
    <td class="cell" style={`background:${background};color:${color}`} title={props.title}>
      {props.text}
      <small>{props.note}</small>
    </td>
  );
}

/** The colour ramp under a heat grid, from 0 % to 100 % of `metric`, and what a cell shows. */
export function HeatLegend(props: { metric: string; cell: string }) {
  return (
    <figcaption class="heat-legend">
      <span>0 %</span>
      <span class="ramp" style={`background:${HEAT_GRADIENT}`} aria-hidden="true"></span>
      <span>100 % {props.metric}</span>
      <span class="muted">{props.cell}</span>
    </figcaption>
  );
}
