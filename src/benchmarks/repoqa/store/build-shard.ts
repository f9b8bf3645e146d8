/** Turns one repository of a RepoQA release into a needlework shard. Pure: no I/O. */
import { removeCommentsSync, type LoadedLanguage } from "../../../lib/code";
import type { Language } from "../../../lib/code/languages";
import { invalid } from "../../../lib/errors";
import { splitWhitespace } from "../../../lib/metrics/python-text";
import type { ReleaseFunction, ReleaseRepo } from "../dataset/release";
import { SHARD_FORMAT, taskId, type RepoShard, type ShardFunction, type ShardNeedle } from "../dataset/shard";

export function buildShard(language: Language, lang: LoadedLanguage, repo: ReleaseRepo): RepoShard {
  const lines = new Map<string, string[]>();
  const linesOf = (path: string): string[] => {
    let cached = lines.get(path);
    if (!cached) {
      const text = repo.content[path];
      if (text === undefined) {
        invalid(`Repository ${repo.repo}: "${path}" is referenced by a function but missing from "content".`);
      }
      lines.set(path, (cached = text.split("\n")));
    }
    return cached;
  };
  const toShardFunction = (path: string, fn: ReleaseFunction): ShardFunction => {
    // The reference's reference text: "\n".join(content[path].split("\n")[start_line:end_line]).
    const code = linesOf(path).slice(fn.start_line, fn.end_line).join("\n");
    return {
      name: fn.name,
      path,
      start_line: fn.start_line,
      end_line: fn.end_line,
      ...(fn.start_byte !== undefined && { start_byte: fn.start_byte }),
      ...(fn.end_byte !== undefined && { end_byte: fn.end_byte }),
      code,
      code_without_comments: removeCommentsSync(lang, code),
      ntokens: splitWhitespace(code).length,
    };
  };

  const functions: ShardFunction[] = [];
  const positions = new Map<string, number>();
  for (const [path, fns] of Object.entries(repo.functions)) {
    for (const fn of fns) {
      positions.set(`${path}\0${fn.start_line}\0${fn.name}`, functions.length);
      functions.push(toShardFunction(path, fn));
    }
  }

  const seen = new Set<string>();
  const needles: ShardNeedle[] = repo.needles.map((needle, index) => {
    if (seen.has(needle.name)) {
      invalid(`Repository ${repo.repo}: two needles are named "${needle.name}"; task ids must be unique.`);
    }
    seen.add(needle.name);
    const base = toShardFunction(needle.path, needle);
    let functionIndex = positions.get(`${needle.path}\0${needle.start_line}\0${needle.name}`);
    if (functionIndex === undefined) {
      // A needle the release's function list lacks is still a candidate of its own context.
      functionIndex = functions.length;
      functions.push(base);
    }
    return {
      ...base,
      index,
      task_id: taskId(language, repo.repo, needle.name),
      description: needle.description,
      function_index: functionIndex,
    };
  });

  return {
    format: SHARD_FORMAT,
    language,
    repo: repo.repo,
    ...(repo.commit_sha !== undefined && { commit_sha: repo.commit_sha }),
    ...(repo.entrypoint_path !== undefined && { entrypoint_path: repo.entrypoint_path }),
    ...(repo.topic !== undefined && { topic: repo.topic }),
    needles,
    functions,
  };
}
