/**
 * The comparison picker (`GET /compare` without both sides; docs/compare.md, "The picker"): with no
 * side, a form per benchmark and dataset of recent completed runs and per leaderboard scope of
 * entries with stored samples; with side `a` only ("compare with…" on model, run and /runs pages),
 * one form offering every side it pairs with. No JavaScript: plain GET forms to `/compare`.
 */
import type { Candidate, CandidateGroup, PickedSide, Scope } from "../compare/candidates";
import { ENTRIES_LISTED, RUNS_LISTED } from "../compare/candidates";
import { PairForm } from "./compare-form";
import type { PageContent } from "../../kit/pages/family";
import { qs } from "../../kit/pages/format";

/** A scope's query parameters: benchmark, dataset and its options (a run group has none). */
const scopeParams = (s: Scope): Record<string, string> => ({
  benchmark: s.benchmark,
  dataset: s.dataset,
  ...s.options,
});

const scopeText = (s: Scope) => [s.benchmark, s.dataset, ...Object.values(s.options)].filter(Boolean).join(" · ");

function Groups(props: { id: string; title: string; note: string; groups: CandidateGroup[]; empty: string }) {
  return (
    <section id={props.id}>
      <h2>{props.title}</h2>
      <p class="note">{props.note}</p>
      {props.groups.length === 0 ? <p class="muted">{props.empty}</p> : null}
      {props.groups.map((g) => (
        <div data-scope={scopeText(g.scope)}>
          <h3>{scopeText(g.scope)}</h3>
          <PairForm a={g.candidates} b={g.candidates} hidden={scopeParams(g.scope)} />
        </div>
      ))}
    </section>
  );
}

/** `/compare` with no side: every group that can be compared. */
export function pickerPage(groups: { runs: CandidateGroup[]; entries: CandidateGroup[] }): PageContent {
  return {
    title: "Compare – needlework",
    description:
      "Pick two runs or two leaderboard entries of the same benchmark and dataset to compare them task by task.",
    body: (
      <>
        <h1>Compare</h1>
        <p class="lede">
          A paired comparison of two runs or leaderboard entries on the same tasks: which tasks both, only one or
          neither solved, the difference with its interval, and every task where they disagree with both answers side by
          side. Pick two below, or start from a model's page, a run's page or <a href="/runs">the run list</a> ("Compare
          with…").
        </p>
        <Groups
          id="pick-runs"
          title="Two runs"
          note={`Completed runs of one benchmark and dataset (the newest ${RUNS_LISTED} completed runs).`}
          groups={groups.runs}
          empty="No benchmark and dataset has two completed runs yet."
        />
        <Groups
          id="pick-entries"
          title="Two leaderboard entries"
          note={`Entries with stored per-task samples in one leaderboard scope (at most ${ENTRIES_LISTED} entries); a verified entry's answers are its run's.`}
          groups={groups.entries}
          empty="No leaderboard scope has two entries with per-task samples yet."
        />
      </>
    ),
  };
}

/** `/compare?a=…` without `b`: what side A pairs with, or the scopes to choose first. */
export function compareWithPage(picked: PickedSide): PageContent {
  if (picked.found === "scopes") {
    return {
      title: `Compare ${picked.model} with… – needlework`,
      description: `Choose which of ${picked.model}'s leaderboard entries to compare.`,
      body: (
        <>
          <h1>Compare {picked.model} with…</h1>
          <p class="lede">
            {picked.model} has entries with per-task samples in several scopes; a comparison pairs one of them. Choose:
          </p>
          <ul id="scopes">
            {picked.scopes.map((s) => (
              <li>
                <a href={`/compare${qs({ a: picked.slug, ...scopeParams(s) })}`}>{scopeText(s)}</a>
              </li>
            ))}
          </ul>
        </>
      ),
    };
  }
  const { side, scope, others } = picked;
  const hidden = scopeParams(scope);
  return {
    title: `Compare ${side.label} with… – needlework`,
    description: `Pick what to compare with ${side.label} on ${scope.benchmark} (${scope.dataset}).`,
    body: (
      <>
        <h1>Compare with…</h1>
        <p class="lede">
          A: <strong id="side-a">{side.label}</strong> on <code>{scope.benchmark}</code>, dataset{" "}
          <code>{scope.dataset}</code>. Pick B among the completed runs of the same benchmark and dataset and the
          leaderboard entries with per-task samples in the same scope.
        </p>
        {others.length === 0 ? (
          <p>
            Nothing else to compare with yet: no other completed run of this benchmark and dataset, and no other entry
            with samples in this scope.
          </p>
        ) : (
          <PairForm a={side.value} b={others satisfies Candidate[]} hidden={hidden} bLabel="B" />
        )}
        <p class="links">
          <a href="/compare">Pick any two instead</a>
        </p>
      </>
    ),
  };
}
