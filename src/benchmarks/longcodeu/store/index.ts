/** Reading LongCodeU datasets (layout in dataset.ts; importing in import.ts) and their stored shapes. */
import { and, eq } from "drizzle-orm";
import { readyDatasetOf } from "../../../lib/datasets/kind-store";
import * as schema from "../../../lib/db/schema";
import { getStoredJson } from "../../../lib/datasets/json-cache";
import { db } from "../../../lib/db/client";
import type { Env } from "../../../lib/env";
import { notFound, ProblemError } from "../../../lib/errors";
import type { GrammarVersions, ParserRuntime } from "../../../lib/code/runtime";
import {
  type CONTEXT_FORMAT,
  type EXAMPLE_SHARD_FORMAT,
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  type LengthBucket,
  type LongCodeUExample,
  type LongCodeUTask,
  type LongContext,
} from "../dataset/index";
import { longcodeuKeys, longcodeuTaskId, taskOfUnit, type PaperMetric } from "../dataset/ids";

/** A stored context: the release's context and the repository it belongs to. */
export interface StoredContext extends LongContext {
  format: typeof CONTEXT_FORMAT;
  repo: string;
}

/** A stored example: the release's example, its repository and its context's size. */
export interface StoredExample extends LongCodeUExample {
  repo: string;
  context_tokens: number;
  bucket: LengthBucket;
}

export interface ExampleShard {
  format: typeof EXAMPLE_SHARD_FORMAT;
  task: LongCodeUTask;
  examples: StoredExample[];
}

export interface LongCodeUManifest {
  format: "needlework/manifest@1";
  id: string;
  benchmark: typeof LONGCODEU_DATASET_BENCHMARK;
  name: string;
  seed: number;
  language: "python";
  /** The release's build record as given (SRE similarity kind, data-flow rules, tokenizer, ...). */
  build: Record<string, unknown>;
  /** The repositories' sources and the examples' born range (src/lib/datasets/provenance.ts); absent: undated and unsourced. */
  provenance?: Record<string, unknown>;
  repos: { repo: string; source: Record<string, unknown>; contexts: number; examples: number }[];
  tasks: Partial<
    Record<LongCodeUTask, { examples: number; shards: number; metric: PaperMetric; context_kind: LongContext["kind"] }>
  >;
  /** Examples per task and length bucket. */
  counts: Partial<Record<LongCodeUTask, Partial<Record<LengthBucket, number>>>>;
  contexts: {
    id: string;
    repo: string;
    kind: LongContext["kind"];
    tokens: number;
    bucket: LengthBucket;
    key: string;
    sha256: string;
  }[];
  shards: { key: string; task: LongCodeUTask; sha256: string; examples: number }[];
  prompt_template_version: string;
  scorer_version: string;
  codebleu_metric: string;
  /** The tree-sitter runtime and grammars CodeBLEU parses with (absent in manifests written before they were recorded). */
  parser_runtime?: ParserRuntime;
  grammars?: GrammarVersions;
  tokenizer: { name: string; version: string };
  notes: string[];
  /** sha256 over the sorted `<path below the dataset>:<sha256>` lines of every stored object. */
  content_sha256: string;
  created_at: string;
}

/** A ready LongCodeU dataset and its manifest (404 when missing, 422 when of another kind). */
export function readyLongCodeU(env: Env, datasetId: string) {
  return readyDatasetOf<LongCodeUManifest>(env, datasetId, LONGCODEU_DATASET_BENCHMARK, "a LongCodeU dataset");
}

/** One example of a dataset by its id (the run unit), read from its shard (cached per isolate). */
export async function longcodeuExample(
  env: Env,
  datasetId: string,
  exampleId: string,
): Promise<{ example: StoredExample; contentSha256: string; born: string | null }> {
  const { dataset } = await readyLongCodeU(env, datasetId);
  const task = taskOfUnit(exampleId);
  const missing = () =>
    new ProblemError("not-found", `Dataset "${datasetId}" has no LongCodeU example "${exampleId}".`);
  if (!task) throw missing();
  const row = await db(env).query.tasks.findFirst({
    where: and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.taskId, longcodeuTaskId(task, exampleId))),
  });
  if (!row) throw missing();
  const shard = await getStoredJson<ExampleShard>(env, row.shardKey, dataset.contentSha256);
  const example = shard.examples[row.shardIndex % LONGCODEU_LIMITS.examplesPerShard];
  if (!example || example.id !== exampleId)
    notFound("A stored part of this dataset is missing; re-import the dataset.");
  return { example, contentSha256: dataset.contentSha256, born: row.born };
}

/** A stored context (cached per isolate). */
export function longcodeuContext(
  env: Env,
  datasetId: string,
  contextId: string,
  contentSha256: string,
): Promise<StoredContext> {
  return getStoredJson<StoredContext>(env, longcodeuKeys.context(datasetId, contextId), contentSha256);
}

/** Example ids of a task, in dataset order. */
export async function longcodeuExampleIds(env: Env, datasetId: string, task: LongCodeUTask): Promise<string[]> {
  const rows = await db(env)
    .select({ name: schema.tasks.name, index: schema.tasks.shardIndex })
    .from(schema.tasks)
    .where(and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.repo, task)));
  return rows.sort((a, b) => a.index - b.index).map((r) => r.name);
}
