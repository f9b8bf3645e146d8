/**
 * The unseen view on the pages (docs/contamination.md#the-unseen-view): the switch every board page
 * shows between all units and each model's unseen ones, the unseen board itself (the same table for
 * every benchmark: rank, model, score on code born after its cutoff, interval, n, cutoff), and a model
 * page's results by the month its code was born, with the cutoff marked. Dates are evidence, not
 * proof: each says what a birth date misses and links to the page that says more.
 */
import type { Child } from "hono/jsx";
import type { DatasetBirths, LeaderboardResponse } from "../../kit/leaderboard/types";
import type { BornMonth } from "../leaderboard/unseen";
import type { PageContent } from "../../kit/pages/family";
import { interval, pct, qs } from "../../kit/pages/format";
import { LineChart } from "../../kit/pages/svg-line";

/** What a birth date can miss, in one sentence every view of dates shows. */
export const BORN_CAVEAT =
  "A unit's birth is when its target code first appeared in the history or versions read: code copied from elsewhere, squashed or rebased histories and vendored files make it look newer than it is.";

/** The board page's switch between every unit and the unseen view, keeping the page's other parameters. */
export function UnseenSwitch(props: { data: LeaderboardResponse; params: Record<string, string> }) {
  const { cursor: _cursor, unseen: _unseen, since: _since, until: _until, ...rest } = props.params;
  const on = props.data.query.unseen === 1;
  return (
    <nav class="links" aria-label="Which units" id="unseen-switch">
      {on ? <a href={`/${qs(rest)}`}>Every unit</a> : <strong>Every unit</strong>}
      {on ? (
        <strong>Unseen code only</strong>
      ) : (
        <a href={`/${qs({ ...rest, unseen: "1" })}`} data-link="unseen">
          Unseen code only: each model on code born after its training cutoff
        </a>
      )}
    </nav>
  );
}

/** The unseen board of a response (`query.unseen`): its ranked rows and the models set apart. */
export function unseenBoardPage(data: LeaderboardResponse, params: Record<string, string>, pager?: Child): PageContent {
  const q = data.query;
  const u = data.unseen!;
  const scope = { benchmark: q.benchmark, dataset: q.dataset };
  const modelHref = (slug: string) => `/models/${encodeURIComponent(slug)}${qs(scope)}`;
  const window = [u.since ? `from ${u.since}` : "", u.until ? `until ${u.until}` : ""].filter(Boolean).join(" ");
  const what = u.metric === "pass" ? "pass@1" : "mean score";
  return {
    title: `${q.benchmark} on unseen code (${q.dataset}) – needlework`,
    description: `${q.benchmark}: each model scored only on the units of ${q.dataset} born after its training cutoff.`,
    body: (
      <>
        <UnseenSwitch data={data} params={params} />
        <h1>
          <code>{q.benchmark}</code> on code each model cannot have seen
        </h1>
        <p class="lede">
          Dataset <code>{q.dataset}</code>
          {window ? `, units born ${window}` : ""}. Each model's {what} counts only the units born on or after the first
          day after its training cutoff; a model without a stated cutoff, or with fewer than {u.min_n} such units, is
          set apart. {BORN_CAVEAT} (docs/contamination.md in needlework's repository says how births and cutoffs are
          read.)
        </p>
        <p class="links">
          <a href={`/v1/leaderboard${qs({ ...params, cursor: undefined })}`}>JSON of this table</a>
        </p>
        {data.rows.length === 0 ? (
          <p id="unseen-empty">
            No model is ranked here yet: a model needs a stated cutoff (<code>--cutoff</code> on its run,{" "}
            <code>cutoffs</code> on an import, or an administrator's{" "}
            <code>PUT /v1/leaderboard/models/&#123;model&#125;/cutoff</code>) and at least {u.min_n} units born after
            it.
          </p>
        ) : (
          <div class="scroll">
            <table id="unseen-board">
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th class="l" scope="col">
                    Model
                  </th>
                  <th scope="col">{what}</th>
                  <th scope="col">95 % CI</th>
                  <th scope="col">n unseen</th>
                  <th class="l" scope="col">
                    Cutoff
                  </th>
                  <th class="l" scope="col">
                    Counted from
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr data-model={r.model_slug}>
                    <td>{r.rank}</td>
                    <td class="l model">
                      <a href={modelHref(r.model_slug)}>{r.model}</a>
                      <span class="ci">{r.kind}</span>
                    </td>
                    <td>{pct(r.rate)}</td>
                    <td class="ci">{interval(r)}</td>
                    <td>{r.n}</td>
                    <td class="l">
                      {r.cutoff?.cutoff}
                      <span class="ci">{r.cutoff?.source}</span>
                    </td>
                    <td class="l">
                      {u.since && u.since > (r.cutoff?.first_unseen ?? "") ? u.since : r.cutoff?.first_unseen}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pager}
        {u.births ? <BirthsSection births={u.births} benchmark={q.benchmark} dataset={q.dataset} /> : null}
        {u.set_apart_total > 0 ? (
          <section id="set-apart">
            <h2>Set apart ({u.set_apart_total.toLocaleString("en")})</h2>
            <ul>
              {u.set_apart.map((s) => (
                <li data-model={s.model_slug}>
                  <a href={modelHref(s.model_slug)}>{s.model}</a> ({s.kind}):{" "}
                  {s.reason === "no cutoff" ? "no stated cutoff" : `${s.n} unseen units, fewer than ${u.min_n}`}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </>
    ),
  };
}

/**
 * The dataset's units by birth year, each year saying which cutoffs cannot have seen its units: what
 * the board can say about the data before any model is ranked on it.
 */
function BirthsSection(props: { births: DatasetBirths; benchmark: string; dataset: string }) {
  const { births, benchmark, dataset } = props;
  const units = `/v1/benchmarks/${encodeURIComponent(benchmark)}/datasets/${encodeURIComponent(dataset)}/units`;
  const n = (k: number) => k.toLocaleString("en");
  return (
    <section id="births">
      <h2>The dataset's units by when their code was born</h2>
      {births.years.length === 0 ? (
        <p>
          None of the {n(births.units)} units of <code>{dataset}</code> is dated, so no model can be scored on unseen
          code here.
        </p>
      ) : (
        <div class="scroll">
          <table id="births-table">
            <thead>
              <tr>
                <th class="l" scope="col">
                  Born in
                </th>
                <th scope="col">Units</th>
                <th class="l" scope="col">
                  Unseen by a model whose cutoff is
                </th>
              </tr>
            </thead>
            <tbody>
              {births.years.map((y) => (
                <tr data-year={y.year}>
                  <td class="l">{y.year}</td>
                  <td>{n(y.units)}</td>
                  <td class="l">{Number(y.year) - 1} or earlier</td>
                </tr>
              ))}
              {births.undated > 0 ? (
                <tr data-year="undated">
                  <td class="l">undated</td>
                  <td>{n(births.undated)}</td>
                  <td class="l">never counted</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}
      <p class="note">
        Each unit's day is its <code>born</code> in <a href={units}>the dataset's units</a>. {BORN_CAVEAT}
      </p>
    </section>
  );
}

/** The month a cutoff's first unseen day falls in (`YYYY-MM`), where a chart marks it. */
const monthOf = (day: string) => day.slice(0, 7);

/** A model page's results by the month its units' code was born, the cutoff marked; nothing without dated units. */
export function BornMonthsSection(props: {
  months: readonly BornMonth[];
  cutoff: { cutoff: string; first_unseen: string } | null;
}) {
  const { months, cutoff } = props;
  if (months.length === 0) return null;
  const at = cutoff ? months.findIndex((m) => m.month >= monthOf(cutoff.first_unseen)) : -1;
  const marker = cutoff ? { at: (at < 0 ? months.length : at) - 0.5, label: `cutoff ${cutoff.cutoff}` } : undefined;
  return (
    <section id="born-months">
      <h2>By when the code was born</h2>
      <p class="note">
        Results on the units whose target code was born in each month (dated units only).{" "}
        {cutoff
          ? `Units born on or after ${cutoff.first_unseen} (after the stated cutoff ${cutoff.cutoff}) cannot have been in its training data; a drop after the line is evidence of contamination before it.`
          : "No training cutoff is stated for this model."}{" "}
        {BORN_CAVEAT}
      </p>
      <LineChart
        id="born-chart"
        title="Results by the month the code was born, with 95 % intervals"
        series={[
          {
            key: "born",
            style: { colour: "#0b5cad", width: 2 },
            points: months.map((m, i) => ({
              x: i,
              value: m.rate,
              lo: m.ci_low,
              hi: m.ci_high,
              title: `${m.month}: ${pct(m.rate)} % of ${m.n}`,
            })),
          },
        ]}
        x={{
          domain: [-0.5, months.length - 0.5],
          ticks: months.map((m, i) => ({ at: i, label: m.month })),
          label: "Month the code was born",
        }}
        intervals
        marker={marker}
      />
      <div class="scroll">
        <table id="born-months-table">
          <thead>
            <tr>
              <th class="l" scope="col">
                Born
              </th>
              <th scope="col">Rate</th>
              <th scope="col">95 % CI</th>
              <th scope="col">n</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr data-month={m.month}>
                <td class="l">{m.month}</td>
                <td>{pct(m.rate)}</td>
                <td class="ci">{interval(m)}</td>
                <td>{m.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
