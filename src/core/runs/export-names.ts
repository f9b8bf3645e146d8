/**
 * The file names of a run's exports, one rule for the service (its `Content-Disposition`) and
 * `npm run eval` (the files it writes to `--out`). Imports nothing, so the Node side loads it as is.
 * The run as inspect_ai's log is named by inspect_ai's rule instead (`inspectLogName`).
 */

/** The longest base name kept (a label may be 200 characters and each `/` grows to 7). */
const MAX_BASE = 120;

/**
 * The reference's names for a model label, made safe for every file system and shell:
 * `search_needle_function.py` writes `<model with "/" as "_slash_">.jsonl` and `compute_score`
 * `<same>-SCORES.json` beside it; past that rule every character but ASCII letters, digits, `.`,
 * `_`, `-`, `+` and `@` becomes `_` (the `:` of `baseline:bm25` or `qwen2.5-coder:7b` is not a
 * file-name character on Windows, a space splits a shell word), as does a leading `.` or `-` (a
 * hidden file, an option), and the base is cut at 120 characters. `samples` is the per-sample JSONL
 * every run has, `results` the results JSON.
 */
export function exportNames(label: string): {
  base: string;
  outputs: string;
  scores: string;
  samples: string;
  results: string;
} {
  const base =
    label
      .replaceAll("/", "_slash_")
      .replace(/[^A-Za-z0-9._+@-]/g, "_")
      .replace(/^[.-]/, "_")
      .slice(0, MAX_BASE) || "_";
  return {
    base,
    outputs: `${base}.jsonl`,
    scores: `${base}-SCORES.json`,
    samples: `${base}-samples.jsonl`,
    results: `${base}-results.json`,
  };
}

/**
 * The run's task id in inspect_ai's log (`eval.task_id`) and file name: the run id without its `-`,
 * because inspect_ai's listing reads a name's id up to its first `-` (what follows is a suffix).
 */
export const inspectTaskId = (runId: string) => runId.replaceAll("-", "");

/**
 * The name inspect_ai gives a log, `<created>_<task>_<task id>.json`, so that its `list_eval_logs`
 * (and `inspect view`, which lists a directory with it) takes the file: it lists a `.json` only when
 * the name starts with the creation time (`2026-12-07T14-52-51+00-00`, `:` as `-`), and splits the
 * rest at `_` into the task (`needlework-<benchmark>`: no `/` in a file name, no `_`) and the id.
 */
export function inspectLogName(run: { id: string; benchmark: string; createdAt: string }): string {
  const created = new Date(run.createdAt).toISOString().slice(0, 19).replaceAll(":", "-");
  const task = `needlework-${run.benchmark}`.replace(/[^A-Za-z0-9.-]/g, "-");
  return `${created}+00-00_${task}_${inspectTaskId(run.id)}.json`;
}
