/**
 * A line chart over the target's position in the context (0 … 1), one line per distractor count D:
 * the positional pages' accuracy (with 95 % Wilson intervals), relative-accuracy and partial-match
 * curves, drawn by the pages' LineChart (src/kit/pages/svg-line.tsx) on its fixed 0–100 % axis. The
 * numbers are always in a table beside it.
 */
import { pct } from "../../../kit/pages/format";
import { seriesStyle } from "../../../kit/pages/svg";
import { LegendItem, LineChart } from "../../../kit/pages/svg-line";

export interface PositionSeries {
  /** D, the series' name. */
  distractors: number;
  /** Points by position; a null value leaves a gap (the line is not drawn through it). `lo`/`hi`: its 95 % interval. */
  points: { position: number; value: number | null; lo?: number | null; hi?: number | null; n?: number }[];
}

/** The style of D's line: the Okabe–Ito colours and dashes of the threshold chart, in D order. */
export function distractorStyle(d: number, all: number[]) {
  return seriesStyle(String(d), all.map(String));
}

/** A point's tooltip: D, position, the value, and its interval and count when it has them. */
function pointTitle(d: number, p: PositionSeries["points"][number], valueLabel: string): string {
  const ci =
    p.lo !== null && p.lo !== undefined && p.hi !== null && p.hi !== undefined
      ? ` (95 % interval ${pct(p.lo)}–${pct(p.hi)})`
      : "";
  return `D=${d}, position ${p.position}: ${valueLabel} ${pct(p.value)} %${ci}${p.n !== undefined ? `, n=${p.n}` : ""}`;
}

/**
 * Lines of `series` on a 0–100 % axis against position; with `intervals`, each point's 95 %
 * interval is a whisker. `width`/`height` set the viewBox (a chart a third of the page wide gets a
 * smaller one, so its labels stay legible).
 */
export function PositionChart(props: {
  id: string;
  title: string;
  series: PositionSeries[];
  positions: number[];
  valueLabel: string;
  width?: number;
  height?: number;
  intervals?: boolean;
}) {
  const all = props.series.map((s) => s.distractors);
  return (
    <LineChart
      id={props.id}
      title={props.title}
      width={props.width}
      height={props.height}
      intervals={props.intervals}
      x={{ ticks: props.positions.map((p) => ({ at: p, label: String(p) })), label: "target position in the context" }}
      series={props.series.map((s) => ({
        key: String(s.distractors),
        style: distractorStyle(s.distractors, all),
        points: s.points.map((p) => ({
          x: p.position,
          value: p.value,
          lo: p.lo,
          hi: p.hi,
          title: pointTitle(s.distractors, p, props.valueLabel),
        })),
      }))}
    />
  );
}

/** The legend of a PositionChart, in HTML so it wraps on a phone. */
export function DistractorLegend(props: { distractors: number[]; note?: (d: number) => string | undefined }) {
  return (
    <ul class="legend">
      {props.distractors.map((d) => (
        <LegendItem
          style={{ ...distractorStyle(d, props.distractors), width: 2 }}
          text={`D=${d}`}
          note={props.note?.(d)}
        />
      ))}
    </ul>
  );
}
