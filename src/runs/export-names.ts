/**
 * The file names of a run's exports, one rule for the service (its `Content-Disposition`) and
 * `npm run eval` (the files it writes to `--out`). Imports nothing, so the Node side loads it as is.
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
 * every run has, `results` the results JSON, `inspect` the run as inspect_ai's log.
 */
export function exportNames(label: string): {
  base: string;
  outputs: string;
  scores: string;
  samples: string;
  results: string;
  inspect: string;
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
    inspect: `${base}-inspect.json`,
  };
}
