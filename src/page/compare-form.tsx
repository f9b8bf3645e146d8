/**
 * "Pick two models, compare" under a leaderboard: a no-JS form to `/compare` with two selects of the
 * board's models, carrying the board's scope (benchmark, dataset, scoring and comment mode) and,
 * when the benchmark's pass rule reads one, its threshold, so the comparison reads the very
 * entries the board shows. Only entries with stored per-task samples can be paired
 * (docs/compare.md), so only those are offered.
 */
import { findBenchmark } from "../benchmarks/registry";
import type { LeaderboardResponse } from "../leaderboard/types";
import { HiddenFields } from "./controls";
import { thresholdKey } from "./format";

/** A model select of the form; `selected` is its slug. */
function ModelSelect(props: { label: string; name: string; models: { slug: string; name: string }[]; selected: string }) {
  return (
    <label>
      {props.label}
      <select name={props.name}>
        {props.models.map((m) => (
          <option value={m.slug} selected={m.slug === props.selected}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form, or nothing when fewer than two of the board's models have samples. */
export function CompareForm(props: { data: LeaderboardResponse }) {
  const { query, rows } = props.data;
  const models: { slug: string; name: string }[] = [];
  for (const row of rows) if (row.has_samples && !models.some((m) => m.slug === row.model_slug)) models.push({ slug: row.model_slug, name: row.model });
  if (models.length < 2) return null;
  const scope: Record<string, string> = { benchmark: query.benchmark, dataset: query.dataset, mode: query.mode, comment_mode: query.comment_mode };
  if (findBenchmark(query.benchmark)?.compare?.defaultThreshold !== undefined) scope.threshold = thresholdKey(query.threshold);
  return (
    <section id="compare">
      <h2>Compare two models</h2>
      <p class="note">A paired comparison on the same tasks of this board: which tasks both, only one or neither solved, McNemar's exact test and the difference with its interval.</p>
      <form class="filters" method="get" action="/compare">
        <ModelSelect label="Model A" name="a" models={models} selected={models[0].slug} />
        <ModelSelect label="Model B" name="b" models={models} selected={models[1].slug} />
        <HiddenFields fields={scope} />
        <button type="submit">Compare</button>
      </form>
    </section>
  );
}
