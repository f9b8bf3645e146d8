/**
 * inspect_ai dataset samples (its `Sample`, as `json_dataset()` reads a JSONL file with the default
 * `FieldSpec`: `input`, `target`, `id`, `metadata`). `input` is the unit's chat messages (roles
 * system, user, assistant, as inspect_ai's `read_messages` accepts them); `target` is empty: the
 * answer stays on the server, which scores it (`POST /v1/score` with the metadata's benchmark,
 * dataset, unit and options). The metadata carries what a solver or scorer needs besides.
 */
import type { PromptRecord } from "../benchmarks/surface";

export function inspectSample(r: PromptRecord) {
  return {
    id: r.unit,
    input: r.messages,
    target: "",
    metadata: {
      benchmark: r.benchmark,
      dataset: r.dataset,
      unit: r.unit,
      options: r.options,
      task: r.task,
      language: r.language,
      prefill: r.prefill,
      max_tokens: r.max_tokens,
      position: r.position,
      context_size: r.context_size,
      prompt_tokens: r.prompt_tokens,
      prompt_sha256: r.prompt_sha256,
      prompt_template_version: r.prompt_template_version,
      dataset_sha256: r.dataset_sha256,
    },
  };
}
