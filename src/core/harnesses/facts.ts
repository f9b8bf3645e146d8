/** What the harness formats say about a unit's prompt beside its messages (one list, so the formats agree). */
import type { PromptRecord } from "../units";

/** Task, language, position and size, the target's birth day, token count, and the prompt's and dataset's versions and hashes. */
export function unitFacts(r: PromptRecord) {
  return {
    task: r.task,
    language: r.language,
    position: r.position,
    context_size: r.context_size,
    born: r.born,
    prompt_tokens: r.prompt_tokens,
    prompt_sha256: r.prompt_sha256,
    prompt_template_version: r.prompt_template_version,
    dataset_sha256: r.dataset_sha256,
  };
}
