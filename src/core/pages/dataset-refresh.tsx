/**
 * The part of a dataset's page (./dataset.tsx) for a dataset the scheduled refresh built: its window,
 * every step's record (why a source was skipped, what was built or imported, its subrequests and
 * bytes) and every version fetched with the integrity hash it was checked against.
 */
import { when } from "../../kit/pages/format";
import { isObject } from "../../lib/sources/json";
import type { StepRecord, WindowRecord } from "../refresh/views";
import { lastDayOf, windowState } from "./windows";

/** Bytes as "1.7 KiB"; "–" when not measured. */
export function bytes(b: number | null | undefined): string {
  if (b === null || b === undefined) return "–";
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${(b / 1024 / 1024).toFixed(1)} MiB`;
}

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

/** A refresh-built dataset's window and the record of every step. */
export function RefreshSection(props: { refresh: WindowRecord }) {
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
