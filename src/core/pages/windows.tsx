/**
 * The scheduled refresh on the board (docs/refresh.md#where-it-shows): the current window and a
 * picker of every imported window, each leading to the board of its dataset for the board's
 * benchmark; on the unseen board, per model, the windows after its training cutoff. Nothing of
 * either before the first window is imported, so a board without windows reads as it always did.
 */
import { findBenchmark } from "../../benchmarks/registry";
import type { LeaderboardResponse } from "../../kit/leaderboard/types";
import { qs } from "../../kit/pages/format";
import type { WindowList, WindowSummary, WindowsAfterCutoff } from "../refresh/views";

/** A window whose datasets are imported: held out or public (the picker's, the cutoffs' windows). */
export const isImported = (w: WindowSummary) => w.status === "held-out" || w.status === "public";

/** The windows a board offers; none before the first is imported. */
export const importedWindows = (list: WindowList | undefined) => (list?.windows ?? []).filter(isImported);

/**
 * The window's dataset a benchmark reads: the one built for it, else the one built for another
 * benchmark of its dataset kind (benchmarks of one family share their datasets).
 */
export function windowDatasetOf(w: WindowSummary, benchmark: string): string | undefined {
  if (w.datasets[benchmark]) return w.datasets[benchmark];
  const kind = findBenchmark(benchmark)?.datasetKind;
  if (kind === undefined) return undefined;
  return Object.entries(w.datasets).find(([b]) => findBenchmark(b)?.datasetKind === kind)?.[1];
}

/** The last day a window's units may be born on (its `end` is the day after). */
export function lastDayOf(w: Pick<WindowSummary, "end">): string {
  return new Date(Date.parse(`${w.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** How a window's state reads on a page. */
export function windowState(w: WindowSummary): string {
  if (w.status === "held-out") return `held out until ${w.public_after.slice(0, 10)}`;
  if (w.status === "public") return `public since ${(w.published_at ?? w.public_after).slice(0, 10)}`;
  return w.status;
}

/** Where a window leads from a board: the board of its dataset for `benchmark`, the unseen view kept. */
const boardOf = (benchmark: string, dataset: string, unseen: boolean) =>
  `/${qs({ benchmark, dataset, unseen: unseen ? "1" : undefined })}`;

/**
 * The board's windows: the current one (its days, its state, its board, dataset page and record)
 * and the picker of every imported window, the shown dataset's marked. Nothing without one.
 */
export function WindowsNav(props: { windows?: WindowList; data: LeaderboardResponse }) {
  const list = importedWindows(props.windows);
  if (list.length === 0) return null;
  const q = props.data.query;
  const unseen = q.unseen === 1;
  const current = props.windows!.current;
  const currentDataset = current ? windowDatasetOf(current, q.benchmark) : undefined;
  return (
    <section id="windows" aria-label="Refresh windows">
      {current ? (
        <p class="links" id="current-window" data-window={current.id}>
          <strong>Current window</strong> <code>{current.id}</code>: code born {current.start} to {lastDayOf(current)},{" "}
          {windowState(current)}.{" "}
          {currentDataset ? (
            <>
              <a href={boardOf(q.benchmark, currentDataset, unseen)} data-link="window-board">
                Its board
              </a>
              <a href={`/datasets/${encodeURIComponent(currentDataset)}`}>its dataset</a>
            </>
          ) : (
            <>
              <span class="muted">No dataset of it for {q.benchmark}.</span>{" "}
            </>
          )}
          <a href={`/v1/refresh/windows/${encodeURIComponent(current.id)}`}>its record (JSON)</a>
        </p>
      ) : null}
      <nav class="windows" aria-label="Windows" id="window-picker">
        <span class="muted">Windows:</span>
        {list.map((w) => {
          const dataset = windowDatasetOf(w, q.benchmark);
          const label = `${w.id} (${w.status})`;
          return dataset ? (
            <a
              href={boardOf(q.benchmark, dataset, unseen)}
              data-window={w.id}
              aria-current={dataset === q.dataset ? "page" : undefined}
              title={`Code born ${w.start} to ${lastDayOf(w)}, ${windowState(w)}`}
            >
              {label}
            </a>
          ) : (
            <span class="window muted" data-window={w.id} title={`No dataset of this window for ${q.benchmark}`}>
              {label}
            </span>
          );
        })}
      </nav>
      <details>
        <summary>What a window's dates mean</summary>
        <p class="note">{props.windows!.dates}</p>
      </details>
    </section>
  );
}

/**
 * Under the unseen board: per model of the page (ranked, then set apart), the imported windows whose
 * first day is on or after the first day after its cutoff: every unit of such a window is born after
 * it. Nothing when no window is imported.
 */
export function WindowsAfterCutoffsSection(props: {
  windows?: WindowList;
  after?: Readonly<Record<string, WindowsAfterCutoff>>;
  data: LeaderboardResponse;
}) {
  const list = importedWindows(props.windows);
  if (list.length === 0 || !props.after) return null;
  const q = props.data.query;
  const byId = new Map(list.map((w) => [w.id, w]));
  const models = [
    ...props.data.rows.map((r) => ({ model: r.model, slug: r.model_slug })),
    ...(props.data.unseen?.set_apart ?? []).map((s) => ({ model: s.model, slug: s.model_slug })),
  ].filter((m, i, all) => all.findIndex((o) => o.model === m.model) === i);
  if (models.length === 0) return null;
  return (
    <section id="windows-after-cutoffs">
      <h2>Windows after each model's cutoff</h2>
      <p class="note">
        A window counts for a model when its first day is on or after the first day after the model's stated cutoff:
        none of its code can have been in that model's training data. {props.windows!.dates}
      </p>
      <div class="scroll">
        <table id="windows-after-cutoffs-table">
          <thead>
            <tr>
              <th class="l" scope="col">
                Model
              </th>
              <th class="l" scope="col">
                Windows after its cutoff
              </th>
              <th class="l" scope="col">
                Cutoff
              </th>
              <th class="l" scope="col">
                Windows from
              </th>
            </tr>
          </thead>
          <tbody>
            {models.map((m) => {
              const a = props.after![m.model];
              return (
                <tr data-windows-of={m.slug}>
                  <td class="l model">
                    <a
                      href={`/models/${encodeURIComponent(m.slug)}${qs({ benchmark: q.benchmark, dataset: q.dataset })}`}
                    >
                      {m.model}
                    </a>
                  </td>
                  <td class="l wrap" data-windows={a?.windows?.join(" ") ?? ""}>
                    {!a || a.windows === null ? (
                      <span class="muted">unknown without a stated cutoff</span>
                    ) : a.windows.length === 0 ? (
                      <span class="muted">none yet</span>
                    ) : (
                      a.windows.map((id, i) => {
                        const w = byId.get(id);
                        const dataset = w ? windowDatasetOf(w, q.benchmark) : undefined;
                        return (
                          <>
                            {i ? ", " : ""}
                            {dataset ? <a href={boardOf(q.benchmark, dataset, true)}>{id}</a> : <code>{id}</code>}
                          </>
                        );
                      })
                    )}
                  </td>
                  <td class="l">{a?.cutoff ?? "not stated"}</td>
                  <td class="l">{a?.first_unseen ?? "–"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
