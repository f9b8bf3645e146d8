/**
 * The positional pages' figures of one task, shared by the model page (a model's published entry)
 * and the run page (a run's own samples): accuracy by position per D with 95 % Wilson intervals
 * (the paper's Figure 2 before normalisation), relative accuracy per D with the drop of each D,
 * SemTrace's partial match, and the tables of their numbers.
 */
import { interval, pct } from "../../../kit/pages/format";
import type { PositionalBreakdown, PositionalCell } from "../leaderboard";
import type { PositionalBenchmark } from "../dataset/ids";
import { DistractorLegend, PositionChart, type PositionSeries } from "./position-chart";
import { SHORT_NAMES, dropPct } from "./positional";

/** What the figures read of a task: a model's breakdown, or a run's summary as one (`fromRunSummary`). */
export type PositionalView = Pick<
  PositionalBreakdown,
  "positions" | "distractors" | "cells" | "drops" | "median_drop" | "mean_score" | "paper_median_drop"
>;

type CellValue = (c: PositionalCell) => number | null;

/** The cell at (D, position), if it has scored samples. */
const cellAt = (p: PositionalView, d: number, pos: string) =>
  p.cells.find((x) => x.distractors === d && x.position === pos);

/** One line per D of `value` over the grid's positions (null where a cell is missing); with `withInterval`, each point's Wilson interval and n. */
export function positionSeries(p: PositionalView, value: CellValue, withInterval = false): PositionSeries[] {
  return p.distractors.map((d) => ({
    distractors: d,
    points: p.positions.map((pos) => {
      const c = cellAt(p, d, pos);
      return {
        position: Number(pos),
        value: c ? value(c) : null,
        ...(withInterval && c ? { lo: c.ci_low, hi: c.ci_high, n: c.n ?? undefined } : {}),
      };
    }),
  }));
}

/** A position × D table of one cell value in percent (the numbers behind a curve); with `withInterval`, each cell's interval below it. */
export function GridTable(props: {
  id: string;
  p: PositionalView;
  value: CellValue;
  caption: string;
  withInterval?: boolean;
}) {
  const { p } = props;
  return (
    <div class="scroll fit">
      <table id={props.id} class="compact">
        <caption class="muted">{props.caption}</caption>
        <thead>
          <tr>
            <th class="l" scope="col">
              position
            </th>
            {p.distractors.map((d) => (
              <th scope="col">D={d}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.positions.map((pos) => (
            <tr>
              <th class="l" scope="row">
                {pos}
              </th>
              {p.distractors.map((d) => {
                const c = cellAt(p, d, pos);
                return (
                  <td>
                    {pct(c ? props.value(c) : null)}
                    {props.withInterval && c && interval(c) ? <span class="ci">{interval(c)}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The drop of each D: the best accuracy, the worst interior position and how far it falls. */
export function DropTable(props: { b: PositionalBenchmark; p: PositionalView }) {
  return (
    <div class="scroll fit">
      <table id={`drops-${props.b}`} class="compact">
        <thead>
          <tr>
            <th class="l" scope="col">
              D
            </th>
            <th scope="col" title="Best accuracy over positions at this D (100 % relative)">
              best %
            </th>
            <th scope="col" title="Interior position (0 < p < 1) with the lowest relative accuracy">
              worst at
            </th>
            <th scope="col" title="1 − the lowest relative accuracy at an interior position">
              drop %
            </th>
          </tr>
        </thead>
        <tbody>
          {props.p.drops.map((d) => (
            <tr>
              <th class="l" scope="row">
                {d.distractors}
              </th>
              <td>{pct(d.best)}</td>
              <td>{d.min_position ?? "–"}</td>
              <td>{dropPct(d.drop)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Chart sizes: a full-width chart, or one of three side by side (`small`). */
const size = (small?: boolean) => (small ? { width: 360, height: 240 } : {});

/** Exact-match accuracy by position, one line per D, each point with its 95 % Wilson interval, and its table. */
export function AccuracyCurve(props: { b: PositionalBenchmark; p: PositionalView; small?: boolean }) {
  const { b, p } = props;
  return (
    <>
      <figure>
        <PositionChart
          id={`accuracy-${b}`}
          title={`${SHORT_NAMES[b]}: exact-match accuracy (%) by target position, one line per D, with 95 % Wilson intervals`}
          series={positionSeries(p, (c) => c.rate, true)}
          positions={p.positions.map(Number)}
          valueLabel="accuracy"
          intervals
          {...size(props.small)}
        />
        <figcaption>
          <DistractorLegend distractors={p.distractors} />
        </figcaption>
      </figure>
      <details>
        <summary>Accuracy table with intervals</summary>
        <GridTable
          id={`accuracy-table-${b}`}
          p={p}
          value={(c) => c.rate}
          caption="accuracy %, by position and D; 95 % Wilson interval below"
          withInterval
        />
      </details>
    </>
  );
}

/** Relative accuracy by position per D (the paper's Figure 2), the median drop beside the paper's, and each D's drop. */
export function RelativeCurve(props: { b: PositionalBenchmark; p: PositionalView; small?: boolean }) {
  const { b, p } = props;
  return (
    <>
      <p class="drop-figure" id={`median-drop-${b}`}>
        median drop <strong>{dropPct(p.median_drop)} %</strong>{" "}
        <span class="muted">(paper: {dropPct(p.paper_median_drop)} %)</span>
      </p>
      <figure>
        <PositionChart
          id={`relative-${b}`}
          title={`${SHORT_NAMES[b]}: relative accuracy (%) by target position, one line per D`}
          series={positionSeries(p, (c) => c.relative)}
          positions={p.positions.map(Number)}
          valueLabel="relative accuracy"
          {...size(props.small)}
        />
        <figcaption>
          <DistractorLegend
            distractors={p.distractors}
            note={(d) =>
              p.drops.find((x) => x.distractors === d)?.best === 0 ? "no exact match: not drawn" : undefined
            }
          />
        </figcaption>
      </figure>
      <DropTable b={b} p={p} />
      <details>
        <summary>Relative accuracy table</summary>
        <GridTable
          id={`relative-table-${b}`}
          p={p}
          value={(c) => c.relative}
          caption="relative accuracy %, by position and D"
        />
      </details>
    </>
  );
}

/** SemTrace's mean partial score by position per D (the paper's Figure 8), and its table. */
export function PartialCurve(props: { p: PositionalView }) {
  const { p } = props;
  return (
    <>
      <p class="note">
        Mean partial score by position: the fraction of the output list's positions the model got right, averaged over
        the targets of each cell (exact match counts 100 %). Overall {pct(p.mean_score)} %.
      </p>
      <figure>
        <PositionChart
          id="partial-semtrace"
          title="SemTrace: mean partial score (%) by target position, one line per D"
          series={positionSeries(p, (c) => c.mean_score)}
          positions={p.positions.map(Number)}
          valueLabel="mean partial score"
        />
        <figcaption>
          <DistractorLegend distractors={p.distractors} />
        </figcaption>
      </figure>
      <GridTable
        id="partial-table-semtrace"
        p={p}
        value={(c) => c.mean_score}
        caption="mean partial score %, by position and D"
      />
    </>
  );
}

/** What the relative-accuracy figures mean (the paper's normalisation and drop). */
export const RelativeNote = () => (
  <p class="note">
    Accuracy divided by the best position's at the same D (100 % = the best). A task whose recall is lexical stays near
    100 % everywhere; one that needs semantic recall dips toward the middle. The <strong>drop</strong> at D is 1 − the
    lowest relative accuracy strictly inside the context ({"0 < position < 1"}); the <strong>median drop</strong> is its
    median over D. The paper reports 2.39 % for lexical recall, 53.36 % for CRUXEval-O and 92.73 % for SemTrace.
  </p>
);
