/**
 * @needlework/client: a typed client of the needlework service (docs/integrations.md#a-typed-client).
 */
export { Needlework, type CallOptions, type NeedleworkOptions } from "./client.js";
export {
  DEFAULT_PART_BYTES,
  MAX_PART_BYTES,
  PART_LIMITS,
  needsParts,
  splitParts,
  type SubmitOptions,
} from "./parts.js";
export { NeedleworkError, errorOf, type Problem } from "./problem.js";
export { SseParser, sseEvents, type SseEvent, type SseOptions } from "./sse.js";
export { jsonLinesOf } from "./lines.js";
export { chatRequest, foldPrefill, promptfooTest, type UnitVars } from "./promptfoo.js";
export { placePrefill, scoreRequest, type PrefillPlacement, type UnitRef } from "./prompts.js";
export type * from "./types.js";
