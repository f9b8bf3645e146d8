/**
 * A line chart over the target's position in the context (0 … 1), one line per distractor count D:
 * the positional pages' relative-accuracy and partial-match curves. Inline SVG, no script; the
 * numbers are always in a table beside it.
 */
import { pct } from "../../../page/format";
import { seriesStyle } from "../../../page/svg";

export interface PositionSeries {
  /** D, the series' name. */
  distractors: number;
  /** Points by position; a null value leaves a gap (the line is not drawn through it). */
  points: { position: number; value: number | null }[];
}

const f = (v: number) => v.toFixed(1);

/** The style of D's line: the Okabe–Ito colours and dashes of the threshold chart, in D order. */
export function distractorStyle(d: number, all: number[]) {
  return seriesStyle(String(d), all.map(String));
}

/**
 * Lines of `series` on a 0–100 % axis against position. `width`/`height` set the viewBox: a chart
 * shown a third of the page wide gets a smaller box, so its 12-unit labels stay legible.
 */
export function PositionChart(props: { id: string; title: string; series: PositionSeries[]; positions: number[]; valueLabel: string; width?: number; height?: number }) {
  const W = props.width ?? 640;
  const H = props.height ?? 300;
  const M = { left: 40, right: 12, top: 12, bottom: 44 };
  const x = (p: number) => M.left + p * (W - M.left - M.right);
  const y = (v: number) => M.top + (1 - v) * (H - M.top - M.bottom);
  const all = props.series.map((s) => s.distractors);
  // Every grid position labelled when they fit (about 30 units apart), else every other one.
  const step = (W - M.left - M.right) / Math.max(1, props.positions.length - 1) >= 30 ? 1 : 2;
  const labelled = props.positions.filter((_, i) => i % step === 0 || i === props.positions.length - 1);
  return (
    // A small box is shown near its own size everywhere: it keeps 12-unit labels on phones (class "small").
    <svg class={W < 500 ? "chart small" : "chart"} id={props.id} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${props.id}-title`}>
      <title id={`${props.id}-title`}>{props.title}</title>
      {[0, 0.25, 0.5, 0.75, 1].map((v) => (
        <g>
          <line x1={M.left} x2={W - M.right} y1={f(y(v))} y2={f(y(v))} stroke="#d0d7de" stroke-width="1" />
          <text x={M.left - 6} y={f(y(v))} text-anchor="end" dominant-baseline="middle">{Math.round(v * 100)}</text>
        </g>
      ))}
      {labelled.map((p) => (
        <text x={f(x(p))} y={H - M.bottom + 18} text-anchor="middle">{String(p)}</text>
      ))}
      <text x={f((M.left + W - M.right) / 2)} y={H - 6} text-anchor="middle">target position in the context</text>
      {props.series.map((s) => {
        const style = distractorStyle(s.distractors, all);
        // Consecutive non-null points make one segment; a null breaks the line.
        const runs: { position: number; value: number }[][] = [[]];
        for (const p of s.points) {
          if (p.value === null) runs.push([]);
          else runs[runs.length - 1].push({ position: p.position, value: p.value });
        }
        const drawn = runs.filter((r) => r.length > 0);
        if (drawn.length === 0) return null;
        return (
          <g class="series" data-series={String(s.distractors)}>
            {drawn.map((r) =>
              r.length > 1 ? (
                <polyline points={r.map((p) => `${f(x(p.position))},${f(y(p.value))}`).join(" ")} fill="none" stroke={style.colour} stroke-width="2" stroke-dasharray={style.dash} stroke-linejoin="round" />
              ) : null,
            )}
            {drawn.flat().map((p) => (
              <circle cx={f(x(p.position))} cy={f(y(p.value))} r="3" fill={style.colour}>
                <title>{`D=${s.distractors}, position ${p.position}: ${props.valueLabel} ${pct(p.value)} %`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** The legend of a PositionChart, in HTML so it wraps on a phone. */
export function DistractorLegend(props: { distractors: number[]; note?: (d: number) => string | undefined }) {
  return (
    <ul class="legend">
      {props.distractors.map((d) => {
        const s = distractorStyle(d, props.distractors);
        const note = props.note?.(d);
        return (
          <li>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="1" x2="27" y1="5" y2="5" stroke={s.colour} stroke-width="2" stroke-dasharray={s.dash} />
            </svg>
            D={d}
            {note ? <span class="muted"> ({note})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
