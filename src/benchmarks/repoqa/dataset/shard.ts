/**
 * needlework's stored form of a RepoQA-family dataset (format `needlework/repoqa-shard@1`).
 *
 * R2 layout, per dataset id:
 *   datasets/<id>/manifest.json                 the manifest (written last, when the import commits)
 *   datasets/<id>/repoqa/<lang>/<repo>.json      one shard per repository: needles + candidates
 *   datasets/<id>/source/<lang>/<repo>.json      the release's repo object as imported (for contexts)
 * D1 indexes datasets, shards and tasks so that scoring one answer is one indexed query + one shard.
 *
 * A shard precomputes what the scoring hot path needs: every candidate's reference text (the
 * reference's `"\n".join(lines[start_line:end_line])`), its comment-free twin and token count.
 */
import type { Language } from "../../../lib/code/languages";
import type { ParserRuntime } from "../../../lib/code/runtime";
import { datasetKeys as sharedDatasetKeys } from "../../../lib/datasets/keys";

export const SHARD_FORMAT = "needlework/repoqa-shard@1";
export const MANIFEST_FORMAT = "needlework/manifest@1";

export interface ShardFunction {
  name: string;
  path: string;
  start_line: number;
  end_line: number;
  start_byte?: number;
  end_byte?: number;
  /** Reference text: lines [start_line, end_line) of the file joined with "\n". */
  code: string;
  /** `code` after the reference's comment removal (for `ignore_comments`). */
  code_without_comments: string;
  /** Whitespace tokens of `code` (RepoQA tokenisation). */
  ntokens: number;
}

export interface ShardNeedle extends ShardFunction {
  /** Position in the release's needle list: the needle's index i. */
  index: number;
  task_id: string;
  description: string;
  /** Index of this needle in `functions` (strict-mode candidates of datasets without contexts). */
  function_index: number;
}

export interface RepoShard {
  format: typeof SHARD_FORMAT;
  language: Language;
  repo: string;
  commit_sha?: string;
  entrypoint_path?: string;
  topic?: string;
  needles: ShardNeedle[];
  /** Every function the release lists for the repository, file by file, in release order. */
  functions: ShardFunction[];
}

export interface ManifestShard {
  key: string;
  language: Language;
  repo: string;
  /** sha256 of the shard's JSON followed by its context objects' JSON (one per line). */
  sha256: string;
  tasks: number;
  functions: number;
}

export interface DatasetManifest {
  format: typeof MANIFEST_FORMAT;
  id: string;
  benchmark: "repoqa-snf";
  name: string;
  source: { kind: "repoqa-release"; name?: string; url?: string; license?: string };
  /** For datasets built by `npm run dataset -- build`: seed, needle options, description mode. */
  build?: Record<string, string | number | boolean>;
  /** Where the code came from and how the needles were dated (src/lib/datasets/provenance.ts); absent: undated. */
  provenance?: Record<string, unknown>;
  languages: Partial<Record<Language, { repos: number; tasks: number }>>;
  counts: { repos: number; tasks: number; functions: number };
  /** The tree-sitter runtime that parsed the code (absent in manifests written before it was recorded). */
  parser_runtime?: ParserRuntime;
  grammars: Record<string, { package: string; version: string; sha256: string }>;
  /** Tokenizer used to build code contexts; null when the dataset has none. */
  tokenizer: null | { name: string; version: string };
  /** The code contexts stored with the dataset (null: none, strict mode uses whole repositories). */
  /** `needle_offsets` (absent in manifests written before it was recorded: `reference`) says how needles were cut. */
  contexts: null | {
    sizes: number[];
    comment_modes: string[];
    depths: "reference" | number[];
    needle_offsets?: "reference" | "characters";
  };
  scorer_version: string;
  /** sha256 over the sorted `key:sha256` lines of every shard: the dataset's identity. */
  content_sha256: string;
  created_at: string;
  shards: ManifestShard[];
}

/** `<lang>::<repo>::<function name>`, as the reference names tasks. */
export function taskId(language: string, repo: string, name: string): string {
  return `${language}::${repo}::${name}`;
}

/** R2 keys for a dataset's objects. Repository names become one path segment (`/` -> `__`). */
export const datasetKeys = {
  ...sharedDatasetKeys,
  shard: (id: string, lang: string, repo: string) => `datasets/${id}/repoqa/${lang}/${repoSlug(repo)}.json`,
  source: (id: string, lang: string, repo: string) => `datasets/${id}/source/${lang}/${repoSlug(repo)}.json`,
  contexts: (id: string, size: number, mode: string, lang: string, repo: string) =>
    `datasets/${id}/contexts/${size}/${mode}/${lang}/${repoSlug(repo)}.json`,
};

function repoSlug(repo: string): string {
  return encodeURIComponent(repo.replaceAll("/", "__"));
}
