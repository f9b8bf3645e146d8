/**
 * Code contexts of a repository's tasks, built once per (dataset, size, comment mode) at import
 * and stored in R2 next to the shard. Each stored task carries the prompt's code context, the
 * needle's token position and the functions tree-sitter finds in that context: the candidates of
 * the `strict` scoring mode (the paper's design: "every function in the code context").
 *
 * Depths: by default needle i of n sits at the reference's `(i + 0.5) / n`. A dataset can ask for
 * a list of depths instead (e.g. the 11-point grid 0, 0.1, ..., 1): every needle is then placed at
 * every depth, so accuracy can be charted against depth.
 */
import { extractFunctionsSync, removeCommentsSync } from "../../../lib/code/functions";
import { loadLanguage, type LoadedLanguage } from "../../../lib/code/parser";
import type { Language } from "../../../lib/code/languages";
import { makeCodeContext, referenceDepths, type CommentMode, type NeedleOffsets } from "../dataset/context";
import { topologicalSort } from "../curate/topo";
import type { ReleaseRepo } from "../dataset/release";
import { loadCodeLlamaTokenizer } from "../../../lib/datasets/tokenizer";

export const CONTEXTS_FORMAT = "needlework/repoqa-contexts@1";

export interface ContextConfig {
  sizes: number[];
  comment_modes: CommentMode[];
  /** "reference" = (i + 0.5) / n per needle; a list = every needle at every depth. */
  depths: "reference" | number[];
  /**
   * How needles' byte offsets index their files (./context.ts): absent or `reference` as repoqa's
   * `make_code_context` does, `characters` for exact needles (datasets needlework builds itself).
   */
  needle_offsets?: NeedleOffsets;
}

export const DEFAULT_CONTEXT_CONFIG: ContextConfig = {
  sizes: [16384],
  comment_modes: ["original"],
  depths: "reference",
};

export interface ContextFunction {
  name: string;
  /** Whole lines of the context the function spans (as the reference's reference texts are). */
  code: string;
  /** `code` after the reference's comment removal (for `ignore_comments`). */
  code_without_comments: string;
}

export interface StoredContextTask {
  task_id: string;
  needle_index: number;
  position_ratio: number;
  code_context: string;
  needle_token_start: number;
  needle_token_end: number;
  code_context_ntokens: number;
  /** Every function tree-sitter finds in the context, in order. */
  functions: ContextFunction[];
  /** The target among `functions`. */
  target_index: number;
}

export interface ContextShard {
  format: typeof CONTEXTS_FORMAT;
  size: number;
  comment_mode: CommentMode;
  tokenizer: { name: string; version: string };
  tasks: StoredContextTask[];
}

export async function buildContextShards(
  language: Language,
  repo: ReleaseRepo,
  taskIds: readonly string[],
  config: ContextConfig,
): Promise<ContextShard[]> {
  const [lang, tokenizer] = await Promise.all([loadLanguage(language), loadCodeLlamaTokenizer()]);
  const order = topologicalSort(repo.dependency ?? Object.fromEntries(Object.keys(repo.content).map((p) => [p, []])));
  const files = order.filter((p) => repo.content[p] !== undefined).map((p) => [p, repo.content[p]] as const);
  const n = repo.needles.length;
  const placements = repo.needles.flatMap((needle, i) =>
    (config.depths === "reference" ? [referenceDepths(n)[i]] : config.depths).map((depth) => ({ needle, i, depth })),
  );
  const shards: ContextShard[] = [];
  for (const size of config.sizes) {
    for (const mode of config.comment_modes) {
      const tasks: StoredContextTask[] = [];
      for (const { needle, i, depth } of placements) {
        const ctx = await makeCodeContext(
          {
            language,
            files,
            needle: {
              name: needle.name,
              path: needle.path,
              start_byte: needle.start_byte ?? 0,
              end_byte: needle.end_byte ?? 0,
            },
            size,
            positionRatio: depth,
            commentMode: mode,
            needleOffsets: config.needle_offsets,
          },
          tokenizer,
        );
        const { functions, target } = contextFunctions(
          lang,
          ctx.code_context,
          needle.name,
          ctx.needle_offset,
          ctx.needle_code,
        );
        tasks.push({
          task_id: taskIds[i],
          needle_index: i,
          position_ratio: depth,
          code_context: ctx.code_context,
          needle_token_start: ctx.needle_token_start,
          needle_token_end: ctx.needle_token_end,
          code_context_ntokens: ctx.code_context_ntokens,
          functions,
          target_index: target,
        });
      }
      shards.push({
        format: CONTEXTS_FORMAT,
        size,
        comment_mode: mode,
        tokenizer: { name: tokenizer.name, version: tokenizer.version },
        tasks,
      });
    }
  }
  return shards;
}

/**
 * The functions of a context and which one is the target: an overlapping function with the
 * needle's name, else the function whose span best matches the needle's (intersection over
 * union, so an enclosing function does not win over the needle itself). The reference's byte/code-point slicing
 * can shift a needle in non-ASCII files, so the target may be a shifted, renamed fragment: it is
 * still what the model was shown. With no overlapping function, the first function of the needle's
 * name; failing that, the needle text itself is added as a candidate so the target always exists.
 */
export function contextFunctions(
  lang: LoadedLanguage,
  context: string,
  name: string,
  needleStart: number,
  needleCode: string,
) {
  const lines = context.split("\n");
  const found = extractFunctionsSync(lang, context);
  const entry = (fname: string, code: string): ContextFunction => ({
    name: fname,
    code,
    code_without_comments: removeCommentsSync(lang, code),
  });
  const functions = found.map((f) => entry(f.name, lines.slice(f.startLine, f.endLine).join("\n")));
  const needleEnd = needleStart + needleCode.length;
  let target = -1;
  let bestOverlap = 0;
  found.forEach((f, i) => {
    const overlap = Math.min(f.endIndex, needleEnd) - Math.max(f.startIndex, needleStart);
    if (overlap <= 0) return;
    const score =
      overlap / (Math.max(f.endIndex, needleEnd) - Math.min(f.startIndex, needleStart)) + (f.name === name ? 1 : 0);
    if (score > bestOverlap) [target, bestOverlap] = [i, score];
  });
  if (target < 0) target = found.findIndex((f) => f.name === name);
  if (target < 0) {
    target = functions.length;
    functions.push(entry(name, needleCode));
  }
  return { functions, target };
}
