/**
 * inspect_ai dataset samples (its `Sample`, as `json_dataset()` reads a JSONL file with the default
 * `FieldSpec`: `input`, `target`, `id`, `metadata`). `input` is the unit's chat messages (roles
 * system, user, assistant, as inspect_ai's `read_messages` accepts them); `target` is empty: the
 * answer stays on the server, which scores it (`POST /v1/score` with the metadata's benchmark,
 * dataset, unit and options). The metadata carries what a solver or scorer needs besides.
 */
import type { PromptRecord } from "../units";
import { unitFacts } from "./facts";

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
      prefill: r.prefill,
      max_tokens: r.max_tokens,
      ...unitFacts(r),
    },
  };
}
