/** The runs routes' longer OpenAPI prose: what each export holds and how it is named, parts, deletion, results. */

/** The `Content-Disposition` of an export, in the OpenAPI document. */
export const FILE_NAME_HEADER = {
  "Content-Disposition": {
    description:
      "The export's file name (`<model>.jsonl`, `<model>-samples.jsonl`, `<model>-SCORES.json`, `<model>-results.json`): the run's label with `/` as `_slash_` and every character but ASCII letters, digits, `.`, `_`, `-`, `+`, `@` as `_` (no `:`); the log, inspect_ai's own name, which its log listing reads: `<created>_needlework-<benchmark>_<run id without ->.json`, the time as `2026-12-07T14-52-51+00-00` (no `:`)",
    schema: { type: "string" as const },
  },
};

/** `PUT /v1/runs/{id}/outputs/{part}`: what each status means. */
export const PUT_PART =
  '201: stored; 200: this part was already stored with the same outputs (nothing changes: re-send freely after a lost answer); 409: stored with other outputs; 422: a unit the dataset lacks or one already in another part (named; nothing of this part is stored); 413: too many outputs or too large a body. See docs/runs.md, "Big submissions in parts".';

/** `DELETE /v1/runs/{id}`: what a delete leaves. */
export const REMOVE =
  'A running run is a 409 (cancel it first). A published leaderboard entry keeps its own rows. `complete: false` means objects were left for the hourly prune (a run of more than 10,000 samples). See docs/runs.md, "Deleting runs".';

/** `GET /v1/runs/{id}/results`: every run's fields, then each kind of benchmark's own. */
export const RESULTS =
  'Every run: `run`, `benchmark`, `model`, `label`, `status`, `samples`, `scored`, `errors`, `context_exceeded`, `receipt`. A benchmark that sweeps a similarity threshold adds `threshold`, `thresholds`, `pass_at_1` (group → threshold → rate) and `by_depth`; one whose samples pass or fail without a threshold adds `pass_at_1` (group → rate); a benchmark with its own results adds `summary` (docs/runs.md, "Results").';

/** `GET /v1/runs/{id}/outputs.jsonl`: the two formats and the default. */
export const OUTPUTS =
  "`format=samples` (every benchmark): one line per sample in unit order, `{run, unit, task_id, language, position, context_size, status, output, finish_reason, verdict: {passed, score, detail} | null, error, attempts, prompt_sha256, prompt_tokens, completion_tokens, cached, calls, latency_ms, scorer_version, finished_at}`; `after` and `limit` page it. " +
  "`format=reference` (benchmarks with reference files): the reference's own JSONL, one scored task per line with its fields and `output: [text]`. " +
  "Without `format`: `reference` where the run's benchmark has reference files, else `samples`. Generated as it is sent. `Content-Disposition` names the file (`<model>.jsonl`, `<model>-samples.jsonl`).";

/** `GET /v1/runs/{id}/log`: inspect_ai's log as this service writes it. */
export const LOG =
  "Every benchmark. `eval` (task `needlework/<benchmark>`, dataset, model, generation config, the scorer `needlework` with metrics `passed` accuracy and `score` mean), `plan` (one `generate` step), `results` (per score: its metric over the scored samples, scored and unscored counts; left out while the run is running), `stats` (times, token usage), then `samples` in unit order, each made from the per-sample export's view of the sample (`outputs.jsonl?format=samples`): `input` (the unit and its prompt's sha256 and address; no prompt), `target` \"\" (answers stay on the server), `output` (the model's answer), `scores.needlework` (value `{passed, score}`, the detail as metadata), an unscored sample's reason as its `error`. `after` and `limit` cut the samples as they cut `outputs.jsonl?format=samples` (each part a whole log: the same header, part of the samples). Generated as it is sent; top-level fields the run has nothing for are left out, as inspect_ai writes them. `Content-Disposition` names the file as inspect_ai names its logs (`<created>_needlework-<benchmark>_<run id without ->.json`), which its log listing (`inspect view`) requires. docs/integrations.md#a-run-as-an-inspect_ai-log";
