/**
 * The comparison page (`GET /compare`): what `GET /v1/compare` answers, laid out for reading. It
 * renders the API's answer as it is (the same service call, no second computation): every figure
 * sits in a `<data>` element whose `value` is the JSON number and whose `data-field` is its path in
 * the answer, so a reader (or a test) can check the page against the API; the text beside it is
 * the same number rounded for reading.
 */
import type { Child } from "hono/jsx";
import type { PairedFigures } from "../compare/pair";
import { compareParams, type CompareResponse } from "../compare/service";
import type { SideInfo } from "../compare/sides";
import { HiddenFields } from "../../kit/pages/controls";
import type { PageContent } from "../../kit/pages/family";
import { Figure, grade, percent, points, pValue, signedGrade } from "./compare-figures";
import { DiscordantSection } from "./compare-discordant";
import { qs } from "../../kit/pages/format";

/** Lists longer than this start collapsed. */
const OPEN_LIST_MAX = 20;

/** The page's own few rules (the headline figures as a definition grid, one column on a phone). */
const CSS = `dl.figures{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:.5rem 0 1rem}dl.figures div{display:contents}dl.figures dt{color:var(--muted)}dl.figures dd{margin:0}td.key{white-space:normal;overflow-wrap:anywhere;min-width:10rem}@media (max-width:40rem){dl.figures{grid-template-columns:1fr;gap:0}dl.figures dd{margin:0 0 .5rem}}`;

/** An entry side's scope as query parameters. */
const entryScope = (side: SideInfo) => ({
  benchmark: side.benchmark,
  dataset: side.dataset,
  ...side.options,
  kind: side.entry_kind,
});

/** Where a side is read: a run's page, or the entry's model page in its scope. */
function sideHref(side: SideInfo): string {
  if (side.kind === "run") return `/runs/${encodeURIComponent(side.id)}`;
  return `/models/${encodeURIComponent(side.id)}${qs(entryScope(side))}`;
}

/** Where a side's JSON is: the run, or the entry's breakdown. */
function sideJson(side: SideInfo): string {
  if (side.kind === "run") return `/v1/runs/${encodeURIComponent(side.id)}`;
  return `/v1/leaderboard/models/${encodeURIComponent(side.id)}${qs(entryScope(side))}`;
}

/** The two sides: what each is, with links to it. */
function Sides(props: { a: SideInfo; b: SideInfo }) {
  const row = (name: "A" | "B", side: SideInfo) => (
    <tr data-side={name.toLowerCase()}>
      <th class="l" scope="row">
        {name}
      </th>
      <td class="l model">
        <a href={sideHref(side)}>{side.model}</a>
      </td>
      <td class="l">
        {side.kind === "run" ? "run" : `${side.entry_kind ?? ""} entry`} <code>{side.id}</code>
        {side.kind === "entry" ? (
          <span class="ci">{Object.values(side.options).filter(Boolean).join(", ")}</span>
        ) : null}
        {side.kind === "entry" && side.run ? (
          <span class="ci">
            from run <a href={`/runs/${encodeURIComponent(side.run)}`}>{side.run}</a>
          </span>
        ) : null}
      </td>
      <td class="l">
        <a href={sideJson(side)}>JSON</a>
      </td>
    </tr>
  );
  return (
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th class="l">Side</th>
            <th class="l">Model</th>
            <th class="l">What</th>
            <th class="l">Data</th>
          </tr>
        </thead>
        <tbody>
          {row("A", props.a)}
          {row("B", props.b)}
        </tbody>
      </table>
    </div>
  );
}

/** The 2×2 table of paired outcomes: A's pass or fail by row, B's by column. */
function TwoByTwo(props: { f: PairedFigures; field: string }) {
  const t = props.f.table!;
  const cell = (key: keyof typeof t) => (
    <td>
      <Figure field={`${props.field}table.${key}`} value={t[key]} />
    </td>
  );
  return (
    <div class="scroll fit">
      <table class="compact" aria-label="Paired outcomes: A by row, B by column">
        <thead>
          <tr>
            <th class="l">A \ B</th>
            <th>B passes</th>
            <th>B fails</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th class="l" scope="row">
              A passes
            </th>
            {cell("both")}
            {cell("only_a")}
          </tr>
          <tr>
            <th class="l" scope="row">
              A fails
            </th>
            {cell("only_b")}
            {cell("neither")}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The difference A − B with its interval, in the outcome's unit. */
function Difference(props: { f: PairedFigures; field: string; graded: boolean }) {
  const d = props.f.difference;
  if (!d) return <span class="muted">– (nothing pairs)</span>;
  const unit = props.graded ? signedGrade : points;
  return (
    <>
      <Figure field={`${props.field}difference.estimate`} value={d.estimate} text={unit} /> (95 %:{" "}
      <Figure field={`${props.field}difference.ci_low`} value={d.ci_low} text={unit} /> to{" "}
      <Figure field={`${props.field}difference.ci_high`} value={d.ci_high} text={unit} />)
    </>
  );
}

/** The headline figures of the whole comparison. */
function Headline(props: { r: CompareResponse }) {
  const { r } = props;
  const graded = r.outcome === "graded";
  const d = r.difference;
  const items: [string, Child][] = [["Tasks paired", <Figure field="n_paired" value={r.n_paired} />]];
  if (r.pass_at_1) {
    items.push([
      "pass@1",
      <>
        <Figure field="pass_at_1.a" value={r.pass_at_1.a} text={percent} /> (A) vs{" "}
        <Figure field="pass_at_1.b" value={r.pass_at_1.b} text={percent} /> (B)
      </>,
    ]);
  }
  if (r.mean_grade) {
    items.push([
      "Mean grade",
      <>
        <Figure field="mean_grade.a" value={r.mean_grade.a} text={grade} /> (A) vs{" "}
        <Figure field="mean_grade.b" value={r.mean_grade.b} text={grade} /> (B)
      </>,
    ]);
  }
  items.push([
    graded ? "Mean paired difference A − B" : "Difference of pass@1, A − B",
    <Difference f={r} field="" graded={graded} />,
  ]);
  if (d) {
    const method =
      "seed" in d ? (
        <>
          {d.method}, seed <Figure field="difference.seed" value={d.seed} />,{" "}
          <Figure field="difference.resamples" value={d.resamples} /> resamples
        </>
      ) : (
        d.method
      );
    items.push(["Interval method", <code>{method}</code>]);
  }
  if (r.mcnemar_p !== null)
    items.push(["McNemar's exact p", <Figure field="mcnemar_p" value={r.mcnemar_p} text={pValue} />]);
  return (
    <dl class="figures">
      {items.map(([term, value]) => (
        <div>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The same figures per group, one row each. */
function Groups(props: { r: CompareResponse }) {
  const { groups } = props.r;
  if (!groups) return null;
  const graded = props.r.outcome === "graded";
  const hasTable = groups.rows.some((row) => row.table);
  return (
    <section>
      <h2>By {groups.by}</h2>
      {graded ? (
        <p class="note">
          Each group's interval is its own paired bootstrap, with the same method, seed and number of resamples as the
          whole.
        </p>
      ) : null}
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th class="l">{groups.by}</th>
              <th>Paired</th>
              {hasTable ? (
                <>
                  <th>Both</th>
                  <th>Only A</th>
                  <th>Only B</th>
                  <th>Neither</th>
                  <th>McNemar p</th>
                  <th>pass@1 A / B</th>
                </>
              ) : null}
              {graded ? <th>Mean grade A / B</th> : null}
              <th>A − B (95 %)</th>
            </tr>
          </thead>
          <tbody>
            {groups.rows.map((row, i) => {
              const field = `groups.rows.${i}.`;
              return (
                <tr data-group={row.key}>
                  <td class="l">{row.key}</td>
                  <td>
                    <Figure field={`${field}n_paired`} value={row.n_paired} />
                  </td>
                  {hasTable
                    ? (["both", "only_a", "only_b", "neither"] as const).map((k) => (
                        <td>
                          <Figure field={`${field}table.${k}`} value={row.table?.[k] ?? null} />
                        </td>
                      ))
                    : null}
                  {hasTable ? (
                    <>
                      <td>
                        <Figure field={`${field}mcnemar_p`} value={row.mcnemar_p} text={pValue} />
                      </td>
                      <td>
                        <Figure field={`${field}pass_at_1.a`} value={row.pass_at_1?.a ?? null} text={percent} /> /{" "}
                        <Figure field={`${field}pass_at_1.b`} value={row.pass_at_1?.b ?? null} text={percent} />
                      </td>
                    </>
                  ) : null}
                  {graded ? (
                    <td>
                      <Figure field={`${field}mean_grade.a`} value={row.mean_grade?.a ?? null} text={grade} /> /{" "}
                      <Figure field={`${field}mean_grade.b`} value={row.mean_grade?.b ?? null} text={grade} />
                    </td>
                  ) : null}
                  <td style="white-space:normal">
                    <Difference f={row} field={field} graded={graded} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A named list of task keys, collapsed when long; `field` is its path in the answer. */
function KeyList(props: { title: string; field: string; keys: string[] }) {
  const { keys } = props;
  return (
    <details open={keys.length > 0 && keys.length <= OPEN_LIST_MAX} data-list={props.field}>
      <summary>
        {props.title}: {keys.length}
      </summary>
      {keys.length ? (
        <ul style="overflow-wrap:anywhere">
          {keys.map((k) => (
            <li>
              <code>{k}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">None.</p>
      )}
    </details>
  );
}

/** What did not pair: tasks on one side only, and tasks left out because a side did not score. */
function Unpaired(props: { r: CompareResponse }) {
  const { unpaired, not_scored } = props.r;
  return (
    <section>
      <h2>Not in the figures</h2>
      <p class="note">
        Tasks on one side only, and tasks whose sample on a side is an error or a context overflow (errors and overflows
        are not wrong answers).
      </p>
      <KeyList title="Only in A" field="unpaired.a" keys={unpaired.a} />
      <KeyList title="Only in B" field="unpaired.b" keys={unpaired.b} />
      <KeyList title="A: errors" field="not_scored.a.error" keys={not_scored.a.error} />
      <KeyList title="A: context exceeded" field="not_scored.a.context_exceeded" keys={not_scored.a.context_exceeded} />
      <KeyList title="B: errors" field="not_scored.b.error" keys={not_scored.b.error} />
      <KeyList title="B: context exceeded" field="not_scored.b.context_exceeded" keys={not_scored.b.context_exceeded} />
    </section>
  );
}

/** A no-JS form to ask again at another threshold (benchmarks whose pass rule reads one). */
function ThresholdForm(props: { r: CompareResponse }) {
  const { r } = props;
  if (r.threshold === null) return null;
  const { threshold: _t, ...keep } = compareParams(r);
  return (
    <form class="filters" method="get" action="/compare">
      <HiddenFields fields={keep} />
      <label>
        Threshold
        <input
          type="number"
          name="threshold"
          min="0"
          max="1"
          step="any"
          value={String(r.threshold)}
          style="font:inherit;padding:.3rem .5rem;width:6rem"
        />
      </label>
      <button type="submit">Compare</button>
    </form>
  );
}

/** The whole page's content for one answer of `GET /v1/compare`. */
export function comparePage(r: CompareResponse): PageContent {
  const graded = r.outcome === "graded";
  return {
    title: `${r.a.model} vs ${r.b.model} on ${r.benchmark} – needlework`,
    description: `Paired comparison of ${r.a.model} and ${r.b.model} on the same tasks of ${r.benchmark} (${r.dataset}).`,
    body: (
      <>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
        <h1>
          {r.a.model} <span class="muted">vs</span> {r.b.model}
        </h1>
        <p class="lede">
          Paired comparison on <code>{r.benchmark}</code>, dataset <code>{r.dataset}</code>
          {r.threshold !== null ? (
            <>
              , threshold <Figure field="threshold" value={r.threshold} />
            </>
          ) : null}
          . Every difference is A − B; {graded ? "graded outcomes (a grade per task)" : "pass/fail outcomes"}.
        </p>
        <Sides a={r.a} b={r.b} />
        <ThresholdForm r={r} />
        <h2>Result</h2>
        <Headline r={r} />
        {r.table ? <TwoByTwo f={r} field="" /> : null}
        <DiscordantSection r={r} />
        <Groups r={r} />
        <Unpaired r={r} />
        <h2>How</h2>
        <p class="note">{r.pairing}</p>
        {r.mcnemar ? <p class="note">{r.mcnemar}</p> : null}
        <p class="links">
          <a href={`/v1/compare${qs(compareParams(r))}`}>This comparison as JSON</a>
          <a href="/">Leaderboard</a>
        </p>
      </>
    ),
  };
}
