/**
 * "Pick two models, compare" under a leaderboard: a no-JS form to `/compare` with two selects of the
 * board's models, carrying the board's scope (benchmark, dataset, scoring and comment mode) and,
 * when the benchmark's pass rule reads one, its threshold, so the comparison reads the very
 * entries the board shows. Only entries with stored per-task samples can be paired
 * (docs/compare.md), so only those are offered.
 */
import { findBenchmark } from "../../benchmarks/registry";
import type { LeaderboardResponse } from "../../kit/leaderboard/types";
import { scopeValues } from "../../kit/leaderboard/options";
import { leaderboardOf } from "../leaderboard/queries";
import { HiddenFields } from "../../kit/pages/controls";
import { thresholdKey } from "../../kit/pages/format";

/** A side's select: each option a side's `a`/`b` value (a run id or a model slug) with its label. */
export function SideSelect(props: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  selected: string;
}) {
  return (
    // Model names are long: a row of its own on a phone, never clipped.
    <label class="wide">
      {props.label}
      <select name={props.name}>
        {props.options.map((m) => (
          <option value={m.value} selected={m.value === props.selected}>
            {m.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A GET form to `/compare`: side A (a select, or fixed as a hidden field), side B's select, the scope carried along. */
export function PairForm(props: {
  a: { value: string; label: string }[] | string;
  b: { value: string; label: string }[];
  hidden: Record<string, string>;
  aLabel?: string;
  bLabel?: string;
}) {
  const fixed = typeof props.a === "string";
  const b = props.b;
  return (
    <form class="filters" method="get" action="/compare">
      {typeof props.a === "string" ? (
        <HiddenFields fields={{ a: props.a }} />
      ) : (
        <SideSelect label={props.aLabel ?? "A"} name="a" options={props.a} selected={props.a[0].value} />
      )}
      <SideSelect label={props.bLabel ?? "B"} name="b" options={b} selected={(fixed ? b[0] : (b[1] ?? b[0])).value} />
      <HiddenFields fields={props.hidden} />
      <button type="submit">Compare</button>
    </form>
  );
}

/** The form, or nothing when fewer than two of the board's models have samples. */
export function CompareForm(props: { data: LeaderboardResponse }) {
  const { query, rows } = props.data;
  const models: { value: string; label: string }[] = [];
  for (const row of rows)
    if (row.has_samples && !models.some((m) => m.value === row.model_slug))
      models.push({ value: row.model_slug, label: row.model });
  if (models.length < 2) return null;
  const scope: Record<string, string> = {
    benchmark: query.benchmark,
    dataset: query.dataset,
    ...Object.fromEntries(
      Object.entries(scopeValues(leaderboardOf(query.benchmark)?.params, query.options)).map(([k, v]) => [
        k,
        String(v),
      ]),
    ),
  };
  if (findBenchmark(query.benchmark)?.compare?.defaultThreshold !== undefined && query.threshold !== undefined)
    scope.threshold = thresholdKey(Number(query.threshold));
  return (
    <section id="compare">
      <h2>Compare two models</h2>
      <p class="note">
        A paired comparison on the same tasks of this board: which tasks both, only one or neither solved, McNemar's
        exact test and the difference with its interval.
      </p>
      <PairForm a={models} b={models} hidden={scope} aLabel="Model A" bLabel="Model B" />
    </section>
  );
}
