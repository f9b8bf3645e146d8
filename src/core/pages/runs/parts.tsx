/** What the run pages share: their stylesheet, the links between them, and how a run's figures read. */
import type { RunProgress } from "../../runs/config";
import type { RunRow } from "../../runs/store";
import { DIFF_CSS } from "../../../kit/pages/diff";
import type { PassWords } from "../../../kit/pages/family";
import { pct } from "../../../kit/pages/format";

/** The run pages' own rules, added to their pages (the site's stylesheet covers the rest). */
export const RUNS_CSS = `${DIFF_CSS}
dl.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .5rem 1rem; margin: .75rem 0; }
dl.figures div { padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px; }
dl.figures dt { font-size: .8rem; color: var(--muted); }
dl.figures dd { margin: 0; font-size: 1.15rem; font-variant-numeric: tabular-nums; }
progress { width: 100%; max-width: 32rem; height: 1rem; }
.status { font-weight: 600; }
form.filters input[type="text"], form.filters input[type="search"] { font: inherit; font-size: 1rem; padding: .3rem .5rem; min-height: 2.25rem; }
@media (max-width: 40rem) { form.filters input[type="text"], form.filters input[type="search"] { width: 100%; } }
code.snippet { display: block; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; min-width: 14rem; max-width: 32rem; }
code.snippet mark { background: #fff8c5; outline: 1px solid #d4a72c; }
nav.sample-nav { align-items: baseline; }
nav.sample-nav .here { color: var(--muted); }
`;

/** A run page's stylesheet, as a `<style>` element at the top of its content. */
export const RunsStyle = () => <style dangerouslySetInnerHTML={{ __html: RUNS_CSS }} />;

/** Where a run's pages and JSON are. */
export const runLinks = (id: string) => ({
  page: `/runs/${id}`,
  samples: `/runs/${id}/samples`,
  sample: (unit: string) => `/runs/${id}/samples/${encodeURIComponent(unit)}`,
  json: `/v1/runs/${id}`,
  results: `/v1/runs/${id}/results`,
  events: `/v1/runs/${id}/events`,
});

/** What a benchmark calls its passed share (`BenchmarkViews.passLabel`). */
export type PassLabel = PassWords;

/** The passed share's name when a benchmark gives none. */
export const PASS_AT_1: PassLabel = {
  label: "pass@1",
  title: "Passed of the scored samples (errors and context overflows not counted)",
};

/** pass@1 of a run's answered samples so far, in percent ("–" before the first). */
export const passRate = (counts: Pick<RunProgress["counts"], "passed" | "scored">) =>
  counts.scored > 0 ? pct(counts.passed / counts.scored) : "–";

/** Units finished (done or skipped) out of all. */
export const finished = (p: Pick<RunProgress, "counts">) => p.counts.done + p.counts.skipped;

/** A count with thousands separators. */
export const num = (n: number | null | undefined) => (n === null || n === undefined ? "–" : n.toLocaleString("en-US"));

/**
 * A run's progress as its pages show it: the coordinator's, under the status its D1 row records
 * once the run has ended there (the row is the record of how a run ended; a run whose coordinator
 * state is gone still reads as ended).
 */
export function progressOf(run: RunRow, progress: RunProgress): RunProgress {
  return run.status !== "running" && progress.status === "running"
    ? { ...progress, status: run.status, finished_at: run.finishedAt }
    : progress;
}
