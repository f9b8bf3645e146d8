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
import type { StepRecord, WindowRecord } from "../refresh/views";
import { BORN_CAVEAT } from "./unseen";
import { lastDayOf, windowState } from "./windows";

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

/** Bytes as "1.7 KiB"; "–" when not measured. */
export function bytes(b: number | null | undefined): string {
  if (b === null || b === undefined) return "–";
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${(b / 1024 / 1024).toFixed(1)} MiB`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A version a step fetched, as its lock record names it. */
export interface FetchedVersion {
  name: string;
  version: string;
  published: string | null;
  integrity: string;
  archive: string | null;
}

/**
 * The versions a step's record says it fetched: every lock record in it (an object with a version
 * and an integrity), wherever the family's builder filed it, once each.
 */
export function fetchedVersions(record: unknown): FetchedVersion[] {
  const out = new Map<string, FetchedVersion>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 8) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    if (!isObject(v)) return;
    const integrity = v.integrity;
    if (typeof v.version === "string" && isObject(integrity) && typeof integrity.digest === "string") {
      const name = typeof v.name === "string" ? v.name : String(v.source ?? "");
      const key = `${name}@${v.version}`;
      if (!out.has(key))
        out.set(key, {
          name,
          version: v.version,
          published: typeof v.publishedAt === "string" ? v.publishedAt : null,
          integrity: `${String(integrity.algorithm ?? "")}-${integrity.digest}`,
          archive: typeof v.archiveUrl === "string" ? v.archiveUrl : null,
        });
      return;
    }
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(record, 0);
  return [...out.values()];
}

/** Keys of a step's record the steps table does not repeat: the step's name says them, or another table does. */
const UNSUMMED = new Set(["benchmark", "fetched", "provenance", "counts", "benchmarks", "dated", "undated_reasons"]);

/** What a step's record says it built, imported or named, in a line: its plain values, its births, its datasets. */
export function recordSummary(record: Record<string, unknown> | null): string {
  if (!record) return "";
  const parts: string[] = [];
  for (const [k, v] of Object.entries(record)) {
    if (UNSUMMED.has(k)) continue;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") parts.push(`${k} ${v}`);
    else if (k === "datasets" && isObject(v)) parts.push(`datasets ${Object.values(v).join(", ")}`);
  }
  const born = isObject(record.provenance) ? record.provenance.born : undefined;
  if (isObject(born) && typeof born.earliest === "string") parts.push(`born ${born.earliest} to ${born.latest}`);
  if (Array.isArray(record.fetched)) parts.push(`${record.fetched.length} URLs fetched`);
  return parts.join(" · ");
}

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

/** A refresh-built dataset's window and the record of every step. */
function RefreshSection(props: { refresh: WindowRecord }) {
  const { window: w, steps, dates } = props.refresh;
  const versions = steps.flatMap((s) => fetchedVersions(s.record).map((v) => ({ step: s.step, ...v })));
  return (
    <section id="refresh" data-window={w.id}>
      <h2>
        Built by the scheduled refresh: window <code>{w.id}</code>
      </h2>
      <p>
        Code born {w.start} to {lastDayOf(w)} (versions published before {w.end}); {windowState(w)}.
        {w.completed_at ? ` Imported ${when(w.completed_at)}.` : ""}{" "}
        <a href={`/v1/refresh/windows/${encodeURIComponent(w.id)}`}>The window's record (JSON)</a>
      </p>
      {w.error ? <p id="window-error">Failed: {w.error}</p> : null}
      <p class="note">{dates}</p>
      <h3>Steps</h3>
      <div class="scroll">
        <table id="refresh-steps">
          <caption>
            Under each step: why it was skipped or why a try failed, then what its record says it built or imported.
          </caption>
          <thead>
            <tr>
              <th class="l" scope="col">
                Step
              </th>
              <th class="l" scope="col">
                Status
              </th>
              <th scope="col">Tries</th>
              <th scope="col">Subrequests</th>
              <th scope="col">Fetched</th>
              <th scope="col">Stored</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <StepRow step={s} />
            ))}
          </tbody>
        </table>
      </div>
      <h3>Versions fetched</h3>
      {versions.length === 0 ? (
        <p>No step recorded a version it fetched.</p>
      ) : (
        <div class="scroll">
          <table id="refresh-versions">
            <thead>
              <tr>
                <th class="l" scope="col">
                  Step
                </th>
                <th class="l" scope="col">
                  Package
                </th>
                <th class="l" scope="col">
                  Published
                </th>
                <th class="l" scope="col">
                  Integrity
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr data-step={v.step}>
                  <td class="l">{v.step}</td>
                  <td class="l">
                    {v.archive ? (
                      <a href={v.archive} rel="nofollow">
                        {v.name}@{v.version}
                      </a>
                    ) : (
                      `${v.name}@${v.version}`
                    )}
                  </td>
                  <td class="l">{v.published ? when(v.published) : "–"}</td>
                  <td class="l wrap">
                    <code class="integrity">{v.integrity}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p class="note">
        Each version is the lock record its build read: the registry's integrity hash, which the archive fetched was
        checked against.
      </p>
    </section>
  );
}

/** A step's row: its name with why it was skipped or tried again and what it recorded, then its figures. */
function StepRow(props: { step: StepRecord }) {
  const s = props.step;
  const summary = recordSummary(s.record);
  return (
    <tr data-step={s.step} data-status={s.status}>
      <td class="l wrap step">
        {s.step}
        {s.reason ? <span class="why">{s.reason}</span> : null}
        {summary ? <span class="ci">{summary}</span> : null}
      </td>
      <td class="l">{s.status}</td>
      <td>{s.attempts}</td>
      <td>{s.subrequests ?? "–"}</td>
      <td>{bytes(s.fetched_bytes)}</td>
      <td>{bytes(s.stored_bytes)}</td>
    </tr>
  );
}
