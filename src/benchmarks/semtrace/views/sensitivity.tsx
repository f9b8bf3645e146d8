/**
 * A sensitivity run on its page (the paper's §3.2 and Figure 3): exact-match accuracy by the share
 * of a function's lines removed, each point with its 95 % Wilson interval, and semantic recall
 * sensitivity (Eq. 1) per snippet and in aggregate. Sensitivity benchmarks have no board, so these
 * are their `runViews`.
 */
import type { Child } from "hono/jsx";
import { wilson } from "../../../kit/leaderboard/wilson";
import type { RunSummary, RunViews } from "../../../kit/pages/family";
import { pct } from "../../../kit/pages/format";
import { seriesStyle } from "../../../kit/pages/svg";
import { LineChart } from "../../../kit/pages/svg-line";
import type { SensitivityBenchmark } from "../dataset/ids";
import type { SensitivitySummary } from "../summary/sensitivity";
import { familySample } from "./sample";

/** A bucket key as people read it: "complete", "≤ 10 %", "10–20 %". */
const bucketLabel = (c: SensitivitySummary["curve"][number]) =>
  c.hi === 0
    ? "complete"
    : c.lo === 0
      ? `≤ ${Math.round(c.hi * 100)} %`
      : `${Math.round(c.lo * 100)}–${Math.round(c.hi * 100)} %`;

/** A sensitivity value (Eq. 1, 1 = the interpreter's, 0 = removing lines changes nothing) with three decimals. */
const sens = (v: number | null) => (v === null ? "–" : v.toFixed(3));

/** The curve's points: accuracy at each bucket's upper end (0 for complete functions), with its Wilson interval. */
export function sensitivityPoints(curve: SensitivitySummary["curve"]) {
  return curve.map((c) => {
    const passed = Math.round(c.accuracy * c.n);
    const ci = wilson(passed, c.n);
    return { x: c.hi, value: c.accuracy, lo: ci.low, hi: ci.high, n: c.n, passed, label: bucketLabel(c) };
  });
}

function SensitivityRun({ summary }: RunSummary): Child {
  const { sensitivity: s, without_complete: left } = (summary ?? {}) as {
    sensitivity?: SensitivitySummary | null;
    without_complete?: { note: string };
  };
  // Snippets without a scored complete version are left out of the figures (summary.ts): said first.
  const leftOut = left ? (
    <p class="note" id="sensitivity-left-out">
      {left.note}
    </p>
  ) : null;
  if (!s) return leftOut ?? <p class="note">No scored samples.</p>;
  const points = sensitivityPoints(s.curve);
  return (
    <>
      {leftOut}
      <dl class="figures" id="sensitivity">
        <div title="Eq. 1 per snippet whose complete version was answered right, averaged">
          <dt>sensitivity (mean per snippet)</dt>
          <dd>{sens(s.per_snippet.mean)}</dd>
        </div>
        <div title="Eq. 1 with R(C) = accuracy on every complete version, over every incomplete version">
          <dt>sensitivity (aggregate)</dt>
          <dd>{sens(s.aggregate)}</dd>
        </div>
        <div title="Snippets with Eq. 1 (their complete version answered right)">
          <dt>snippets</dt>
          <dd>{s.per_snippet.snippets}</dd>
        </div>
        <div title="Snippets whose complete version was answered wrong: Eq. 1 divides by ε there, so they are counted apart">
          <dt>unsolved snippets</dt>
          <dd>{s.per_snippet.unsolved}</dd>
        </div>
      </dl>
      <p class="note">
        Semantic recall sensitivity (the paper's Eq. 1): the mean over a function's incomplete versions of (R(C) − R(C
        <sub>inc</sub>)) / R(C). 1 is the Python interpreter's behaviour (every incomplete version fails where the
        complete one succeeds: the paper measures a 76-point fall after one removed line); near 0, removing lines
        changes nothing, so the model answers by pattern, not from the code.
      </p>
      <h3>Accuracy by lines removed</h3>
      <figure>
        <LineChart
          id="sensitivity-curve"
          title="Exact-match accuracy (%) by share of the function's lines removed, with 95 % Wilson intervals"
          x={{
            ticks: points.map((p) => ({ at: p.x, label: p.x === 0 ? "0" : String(p.x) })),
            label: "share of lines removed (bucket's upper end)",
          }}
          series={[
            {
              key: "accuracy",
              style: seriesStyle("all", []),
              points: points.map((p) => ({
                ...p,
                title: `${p.label}: ${pct(p.value)} % (95 % interval ${pct(p.lo)}–${pct(p.hi)}), n=${p.n}`,
              })),
            },
          ]}
          intervals
        />
      </figure>
      <div class="scroll fit">
        <table id="sensitivity-table" class="compact">
          <thead>
            <tr>
              <th class="l" scope="col">
                lines removed
              </th>
              <th scope="col">accuracy %</th>
              <th scope="col">n</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr>
                <th class="l" scope="row">
                  {p.label}
                </th>
                <td>
                  {pct(p.value)}
                  <span class="ci">{`${pct(p.lo)}–${pct(p.hi)}`}</span>
                </td>
                <td>{p.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The run pages' views of a sensitivity benchmark. */
export const sensitivityRunViews = (task: SensitivityBenchmark): RunViews => ({
  passLabel: {
    label: "accuracy",
    title: "Exact-match answers of the scored samples, complete and incomplete functions together",
  },
  run: SensitivityRun,
  sample: familySample(task),
  // Its units are target ids: no position or length to filter by.
  sampleFilters: { facets: [], placeholder: "target id" },
});
