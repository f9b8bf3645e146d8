/** What a code context is built from and what it is: its modes, limits, input and output. */
import type { Language } from "../../../lib/code/languages";

export type CommentMode = "original" | "positional_padding" | "no_padding";

/**
 * How a needle's `start_byte`/`end_byte` index its file: `reference` reads the UTF-8 byte offsets
 * as code-point indices (repoqa's `make_code_context`), `characters` slices the bytes they name.
 */
export type NeedleOffsets = "reference" | "characters";
export const NEEDLE_OFFSETS: readonly NeedleOffsets[] = ["reference", "characters"];
export const COMMENT_MODES: readonly CommentMode[] = ["original", "positional_padding", "no_padding"];

/** Context sizes the API accepts; the builder itself takes any positive integer. */
export const CONTEXT_SIZE = { min: 2048, max: 131072, default: 16384 } as const;

export interface ContextNeedle {
  name: string;
  path: string;
  start_byte: number;
  end_byte: number;
}

export interface ContextInput {
  language: Language;
  /** Files in topological order (dependencies first), as `[path, content]`. */
  files: readonly (readonly [path: string, content: string])[];
  needle: ContextNeedle;
  /** Token budget (the reference's `code_context_size`). */
  size: number;
  /** Needle depth in [0, 1]; the reference uses `(i + 0.5) / n` for needle i of n. */
  positionRatio: number;
  commentMode?: CommentMode;
  /** Default `reference` (see the module comment, step 1). */
  needleOffsets?: NeedleOffsets;
}

export interface CodeContext {
  code_context: string;
  needle_code: string;
  /** Where `needle_code` starts in `code_context` (UTF-16 index: the prefix's length). */
  needle_offset: number;
  needle_token_start: number;
  needle_token_end: number;
  code_context_ntokens: number;
  position_ratio: number;
  size: number;
  comment_mode: CommentMode;
}
