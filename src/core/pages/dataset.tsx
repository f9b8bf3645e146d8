/**
 * A dataset's page (`GET /datasets/:id`): what GET /v1/datasets/{id} answers, laid out: its name,
 * kind, visibility, units, when its code was born and where it came from, links to its units and
 * boards; for a dataset the scheduled refresh built, its window and every step's record (what was
 * fetched, with its integrity; what was built or imported; why a source was skipped). Nothing a
 * held-out dataset withholds is read here: no unit, target or answer.
 */
import { allBenchmarks } from "../../benchmarks/registry";
import type { PageContent } from "../../kit/pages/family";
import { qs, when } from "../../kit/pages/format";
import type { BornRange } from "../../lib/datasets/provenance";
import type { DatasetRow } from "../../lib/datasets/store";
import { isObject } from "../../lib/sources/json";
import type { WindowRecord } from "../refresh/views";
import { RefreshSection } from "./dataset-refresh";
import { BORN_CAVEAT } from "./unseen";

/** What the page shows: the dataset's row as the API reads it, and the refresh window that built it. */
export interface DatasetPageView {
  row: Pick<
    DatasetRow,
    | "id"
    | "name"
    | "benchmark"
    | "status"
    | "languages"
    | "repoCount"
    | "taskCount"
    | "contentSha256"
    | "visibility"
    | "provenance"
    | "createdAt"
  >;
  refresh: WindowRecord | null;
}

/** A provenance lists at most this many parts on the page; its JSON has all. */
const PARTS_SHOWN = 50;

const n = (k: number) => k.toLocaleString("en");

/** One part of a provenance in a line: its source (package and version, or repository and commit) and rule. */
function partSource(part: unknown): string {
  const source = isObject(part) && isObject(part.source) ? part.source : isObject(part) ? part : {};
  const pick = ["kind", "spec", "repo", "url", "name", "version", "commit", "published_at"]
    .filter((k) => typeof source[k] === "string" || typeof source[k] === "number")
    .map((k) => `${k} ${source[k]}`);
  return pick.join(" · ");
}

const range = (b: Partial<BornRange> | undefined) =>
  b?.earliest ? `${b.earliest} to ${b.latest}` : b ? "undated" : "–";

/** The page's content for one dataset. */
export function datasetPage(view: DatasetPageView): PageContent {
  const { row, refresh } = view;
  const provenance = isObject(row.provenance) ? row.provenance : null;
  const born = (isObject(provenance?.born) ? provenance.born : undefined) as BornRange | undefined;
  const of = allBenchmarks().filter((b) => b.datasetKind === row.benchmark);
  const boards = of.filter((b) => b.leaderboard && b.views);
  const id = encodeURIComponent(row.id);
  const parts = isObject(provenance?.parts) ? Object.entries(provenance.parts) : [];
  const rules = Array.isArray(provenance?.rules) ? (provenance.rules as unknown[]).map(String) : [];
  return {
    title: `Dataset ${row.id} – needlework`,
    description: `${row.name}: a ${row.benchmark} dataset of ${n(row.taskCount)} units, ${row.visibility}.`,
    body: (
      <>
        <h1>
          Dataset <code>{row.id}</code>
        </h1>
        <p class="lede">{row.name}</p>
        <p class="links" id="dataset-links">
          <a href={`/v1/datasets/${id}`}>JSON of this dataset</a>
          {of.map((b) => (
            <a href={`/v1/benchmarks/${encodeURIComponent(b.id)}/datasets/${id}/units`} data-link="units">
              {of.length > 1 ? `${b.id} units (JSON)` : "Its units (JSON)"}
            </a>
          ))}
          {boards.map((b) => (
            <a href={`/${qs({ benchmark: b.id, dataset: row.id })}`} data-link="board">
              {boards.length > 1 ? `${b.views!.shortName} board` : "Its board"}
            </a>
          ))}
        </p>
        <div class="scroll fit">
          <table class="facts" id="dataset-facts">
            <tbody>
              <tr>
                <th class="l" scope="row">
                  Kind
                </th>
                <td class="l">
                  <code>{row.benchmark}</code>
                  {of.length ? <span class="ci">read by {of.map((b) => b.id).join(", ")}</span> : null}
                </td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Visibility
                </th>
                <td class="l wrap" id="visibility">
                  {row.visibility}
                  {row.visibility === "held-out" ? (
                    <span class="ci">
                      Its answers, targets and runs' outputs are withheld from every page and answer.
                    </span>
                  ) : null}
                </td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Status
                </th>
                <td class="l">{row.status}</td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Units
                </th>
                <td class="l">
                  {n(row.taskCount)} from {n(row.repoCount)} {row.repoCount === 1 ? "repository" : "repositories"}
                  {row.languages.length ? <span class="ci">{row.languages.join(", ")}</span> : null}
                </td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Born
                </th>
                <td class="l" id="born-range">
                  {range(born)}
                  {born ? (
                    <span class="ci">
                      {n(born.dated)} dated, {n(born.undated)} undated
                    </span>
                  ) : null}
                </td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Content
                </th>
                <td class="l wrap">
                  <code>{row.contentSha256 ?? "not committed yet"}</code>
                </td>
              </tr>
              <tr>
                <th class="l" scope="row">
                  Created
                </th>
                <td class="l">{when(row.createdAt)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <section id="provenance">
          <h2>Where its code came from</h2>
          {provenance ? (
            <>
              {rules.length ? (
                <p>
                  Dated by {rules.length === 1 ? "the rule" : "the rules"}{" "}
                  {rules.map((r, i) => (
                    <>
                      {i ? ", " : ""}
                      <code>{r}</code>
                    </>
                  ))}
                  .
                </p>
              ) : null}
              {parts.length ? (
                <div class="scroll">
                  <table id="provenance-parts">
                    <thead>
                      <tr>
                        <th class="l" scope="col">
                          Part
                        </th>
                        <th class="l" scope="col">
                          Source
                        </th>
                        <th class="l" scope="col">
                          Born
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {parts.slice(0, PARTS_SHOWN).map(([key, part]) => (
                        <tr>
                          <td class="l">{key}</td>
                          <td class="l wrap">{partSource(part)}</td>
                          <td class="l">
                            {range(
                              isObject(part) && isObject(part.born) ? (part.born as Partial<BornRange>) : undefined,
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {parts.length > PARTS_SHOWN ? (
                <p class="note">
                  The first {PARTS_SHOWN} of {n(parts.length)} parts; <a href={`/v1/datasets/${id}`}>its JSON</a> has
                  every one.
                </p>
              ) : null}
            </>
          ) : (
            <p>No provenance was recorded: its units are undated.</p>
          )}
          <p class="note">{BORN_CAVEAT}</p>
        </section>
        {refresh ? <RefreshSection refresh={refresh} /> : null}
      </>
    ),
  };
}
