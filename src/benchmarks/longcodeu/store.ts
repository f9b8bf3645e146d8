/**
 * Importing and reading LongCodeU datasets (layout in dataset.ts). An import is one request and all
 * or nothing: contexts and example shards go to R2, one D1 `tasks` row per example, then the
 * manifest, then the dataset becomes `ready`; a failure on the way deletes whatever was written.
 */
import { and, eq } from "drizzle-orm";
import { JSON_OBJECT, markReady, readyDatasetOf, runBatched, shardIndexStatements } from "../../datasets/kind-store";
import * as schema from "../../db/schema";
import { getStoredJson } from "../../datasets/json-cache";
import { datasetKeys } from "../../datasets/keys";
import { db, deleteDataset, getDataset } from "../../datasets/store";
import { codeLlamaTokenizer } from "../../datasets/tokenizer";
import type { Env } from "../../env";
import { ProblemError } from "../../errors";
import { CODEBLEU_METRIC } from "../../metrics/codebleu";
import { GRAMMARS, PARSER_RUNTIME, type GrammarVersions, type ParserRuntime } from "../../code/runtime";
import { sha256Hex } from "../../sha256";
import {
  BUCKET_KEYS,
  CONTEXT_FORMAT,
  EXAMPLE_SHARD_FORMAT,
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  bucketOf,
  type LengthBucket,
  type LongCodeUExample,
  type LongCodeURelease,
  type LongCodeUTask,
  type LongContext,
} from "./dataset";
import {
  PROMPT_TEMPLATE_VERSION,
  SCORER_VERSION,
  TASK_CONTEXT_KIND,
  TASK_METRIC,
  longcodeuKeys,
  longcodeuTaskId,
  taskOfUnit,
  type LongCodeUMetric,
} from "./ids";

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
  repos: { repo: string; source: Record<string, unknown>; contexts: number; examples: number }[];
  tasks: Partial<Record<LongCodeUTask, { examples: number; shards: number; metric: LongCodeUMetric; context_kind: LongContext["kind"] }>>;
  /** Examples per task and length bucket. */
  counts: Partial<Record<LongCodeUTask, Partial<Record<LengthBucket, number>>>>;
  contexts: { id: string; repo: string; kind: LongContext["kind"]; tokens: number; bucket: LengthBucket; key: string; sha256: string }[];
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

/** R2 writes in flight at once. */
const PUT_CONCURRENCY = 8;

const invalid = (detail: string): never => {
  throw new ProblemError("unprocessable-content", detail);
};

/** What each task needs in anchor and answer (the schema makes every field optional). */
function checkFields(e: LongCodeUExample): void {
  const { anchor: a, answer: r } = e;
  const need = (ok: unknown, what: string) => ok || invalid(`Example "${e.id}" (${e.task}) needs ${what}.`);
  switch (e.task) {
    case "CU_P":
      need(r.names?.length, "answer.names (at least one)");
      break;
    case "CU_SA":
      need(a.requirement, "anchor.requirement");
      need(r.units?.length === 1, "exactly one answer unit");
      break;
    case "CU_DFA":
      need(a.name, "anchor.name");
      need(a.variable, "anchor.variable");
      need(r.lines?.length, "answer.lines (at least one)");
      break;
    case "DRA_T1":
    case "SRE_T1":
      need(a.name, "anchor.name");
      need(a.code, "anchor.code");
      need(r.units?.length, "answer.units (at least one)");
      break;
    case "DRA_T2":
    case "SRE_T2":
      need(a.name, "anchor.name");
      need(a.requirement, "anchor.requirement");
      need(r.units?.length, "answer.units (at least one)");
      break;
    case "LDU":
      need(a.name, "anchor.name");
      need(r.section !== undefined, "answer.section");
      need(r.text, "answer.text");
      break;
  }
}

/** Checks what the schema cannot; returns each example's context. */
function checkRelease(release: LongCodeURelease): Map<string, LongContext> {
  const contexts = new Map<string, LongContext>();
  const exampleIds = new Set<string>();
  const perTask = new Map<LongCodeUTask, number>();
  for (const part of release.repos) {
    const local = new Map<string, LongContext>();
    for (const c of part.contexts) {
      if (contexts.has(c.id)) invalid(`Context id "${c.id}" appears twice in the release.`);
      if (bucketOf(c.tokens) !== c.bucket) invalid(`Context "${c.id}" has ${c.tokens} tokens, which is bucket ${bucketOf(c.tokens) ?? "(over 128K)"}, not ${c.bucket}.`);
      contexts.set(c.id, c);
      local.set(c.id, c);
    }
    for (const e of part.examples) {
      if (exampleIds.has(e.id)) invalid(`Example id "${e.id}" appears twice in the release.`);
      exampleIds.add(e.id);
      if (!e.id.startsWith(`${e.task}-`)) invalid(`Example id "${e.id}" must start with "${e.task}-".`);
      const context = local.get(e.context);
      if (!context) invalid(`Example "${e.id}" names context "${e.context}", which ${part.repo} does not have.`);
      if (context!.kind !== TASK_CONTEXT_KIND[e.task]) invalid(`Example "${e.id}" (${e.task}) needs a "${TASK_CONTEXT_KIND[e.task]}" context; "${e.context}" is "${context!.kind}".`);
      checkFields(e);
      perTask.set(e.task, (perTask.get(e.task) ?? 0) + 1);
    }
  }
  if (contexts.size > LONGCODEU_LIMITS.contextsPerRelease) invalid(`The release has ${contexts.size} contexts; the limit is ${LONGCODEU_LIMITS.contextsPerRelease}.`);
  for (const [task, n] of perTask) if (n > LONGCODEU_LIMITS.examplesPerTask) invalid(`The release has ${n} ${task} examples; the limit is ${LONGCODEU_LIMITS.examplesPerTask}.`);
  return contexts;
}


/**
 * Runs `f` over `items` with at most `limit` in flight. After a failure nothing new starts, and it
 * rejects only once the calls in flight have ended, so a clean-up never races a late write.
 */
async function eachLimited<T>(items: readonly T[], limit: number, f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await f(items[next++]);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** Imports a whole release under `datasetId` (which must not exist yet). */
export async function importLongCodeU(env: Env, datasetId: string, release: LongCodeURelease, meta: { name?: string } = {}): Promise<LongCodeUManifest> {
  if (await getDataset(env, datasetId)) throw new ProblemError("conflict", `Dataset "${datasetId}" already exists; delete it before importing again.`);
  const contexts = checkRelease(release);
  const now = new Date().toISOString();
  try {
    await db(env).insert(schema.datasets).values({
      id: datasetId,
      benchmark: LONGCODEU_DATASET_BENCHMARK,
      name: meta.name ?? datasetId,
      status: "importing",
      languages: [],
      contextConfig: null,
      createdAt: now,
      updatedAt: now,
    });
  } catch {
    // Another import of this id won the race; its objects are not ours to delete.
    throw new ProblemError("conflict", `Dataset "${datasetId}" already exists; delete it before importing again.`);
  }
  try {
    return await writeRelease(env, datasetId, release, contexts, meta, now);
  } catch (err) {
    await deleteDataset(env, datasetId).catch(() => {});
    throw err;
  }
}

function notes(release: LongCodeURelease, tasks: LongCodeUManifest["tasks"], counts: LongCodeUManifest["counts"]): string[] {
  const out = ["Built by this project from the repositories under `repos`, following the paper's construction; the paper's own data set (its repositories and examples) is not used."];
  const similarity = release.build.similarity as { kind?: string; name?: string } | undefined;
  if (tasks.SRE_T1 || tasks.SRE_T2) {
    if (similarity?.kind === "lexical") out.push(`SRE ground truth ranks by a lexical similarity (${similarity.name ?? "unnamed"}), not by the paper's stella_en_400M_v5 code embeddings.`);
    else if (similarity?.kind === "embedding") out.push(`SRE ground truth ranks by cosine similarity of ${similarity.name ?? "unnamed"} embeddings; the paper used stella_en_400M_v5.`);
    else out.push("The build does not record which similarity ranked the SRE ground truth.");
  }
  const absent = LONGCODEU_TASKS.filter((t) => !tasks[t]);
  if (absent.length) out.push(`Tasks the paper has and this build lacks: ${absent.join(", ")}.`);
  const buckets = BUCKET_KEYS.filter((b) => !Object.values(counts).some((c) => c?.[b]));
  if (buckets.length) out.push(`No examples in the ${buckets.join(", ")} length bucket(s); the paper covers 0-128K.`);
  out.push("CU_DFA line numbers and the LDU sequence number are recorded per sample, not scored (EM compares lines, BLEU the documentation text).");
  if (Array.isArray(release.build.notes)) out.push(...(release.build.notes as unknown[]).map(String));
  return out;
}

async function writeRelease(
  env: Env,
  datasetId: string,
  release: LongCodeURelease,
  contexts: Map<string, LongContext>,
  meta: { name?: string },
  now: string,
): Promise<LongCodeUManifest> {
  const identity: string[] = [];

  const storedContexts: LongCodeUManifest["contexts"] = [];
  const contextJobs = release.repos.flatMap((part) => part.contexts.map((c) => ({ repo: part.repo, c })));
  await eachLimited(contextJobs, PUT_CONCURRENCY, async ({ repo, c }) => {
    const stored: StoredContext = { format: CONTEXT_FORMAT, repo, ...c };
    const body = JSON.stringify(stored);
    const sha256 = await sha256Hex(body);
    const key = longcodeuKeys.context(datasetId, c.id);
    await env.DATASETS.put(key, body, { ...JSON_OBJECT, sha256 });
    identity.push(`${longcodeuKeys.contextPath(c.id)}:${sha256}`);
    storedContexts.push({ id: c.id, repo, kind: c.kind, tokens: c.tokens, bucket: c.bucket, key, sha256 });
  });
  const order = new Map(contextJobs.map(({ c }, i) => [c.id, i]));
  storedContexts.sort((a, b) => order.get(a.id)! - order.get(b.id)!);

  // Examples of a task in release order across repositories.
  const byTask = new Map<LongCodeUTask, StoredExample[]>();
  for (const part of release.repos) {
    for (const e of part.examples) {
      const c = contexts.get(e.context)!;
      const list = byTask.get(e.task) ?? byTask.set(e.task, []).get(e.task)!;
      list.push({ ...e, repo: part.repo, context_tokens: c.tokens, bucket: c.bucket });
    }
  }

  const tasks: LongCodeUManifest["tasks"] = {};
  const counts: LongCodeUManifest["counts"] = {};
  const shards: LongCodeUManifest["shards"] = [];
  const statements = [];
  for (const task of LONGCODEU_TASKS) {
    const examples = byTask.get(task);
    if (!examples) continue;
    const per = LONGCODEU_LIMITS.examplesPerShard;
    let n = 0;
    for (let start = 0; start < examples.length; start += per, n++) {
      const shard: ExampleShard = { format: EXAMPLE_SHARD_FORMAT, task, examples: examples.slice(start, start + per) };
      const body = JSON.stringify(shard);
      const key = longcodeuKeys.shard(datasetId, task, n);
      const sha256 = await sha256Hex(body);
      await env.DATASETS.put(key, body, { ...JSON_OBJECT, sha256 });
      identity.push(`${longcodeuKeys.shardPath(task, n)}:${sha256}`);
      shards.push({ key, task, sha256, examples: shard.examples.length });
      const rows = shard.examples.map((e, i) => ({
        datasetId,
        taskId: longcodeuTaskId(task, e.id),
        language: "python",
        repo: task,
        name: e.id,
        needleIndex: start + i,
        shardKey: key,
      }));
      statements.push(...shardIndexStatements(env, { datasetId, repo: `${task}/${n}`, key, sha256 }, rows));
    }
    tasks[task] = { examples: examples.length, shards: n, metric: TASK_METRIC[task], context_kind: TASK_CONTEXT_KIND[task] };
    const perBucket: Partial<Record<LengthBucket, number>> = {};
    for (const b of BUCKET_KEYS) {
      const k = examples.filter((e) => e.bucket === b).length;
      if (k) perBucket[b] = k;
    }
    counts[task] = perBucket;
  }
  await runBatched(env, statements);

  const contentSha256 = await sha256Hex(identity.sort().map((l) => `${l}\n`).join(""));
  const exampleCount = shards.reduce((n, s) => n + s.examples, 0);
  const manifest: LongCodeUManifest = {
    format: "needlework/manifest@1",
    id: datasetId,
    benchmark: LONGCODEU_DATASET_BENCHMARK,
    name: meta.name ?? datasetId,
    seed: release.seed,
    language: release.language,
    build: release.build,
    repos: release.repos.map((p) => ({ repo: p.repo, source: p.source, contexts: p.contexts.length, examples: p.examples.length })),
    tasks,
    counts,
    contexts: storedContexts,
    shards,
    prompt_template_version: PROMPT_TEMPLATE_VERSION,
    scorer_version: SCORER_VERSION,
    codebleu_metric: CODEBLEU_METRIC,
    parser_runtime: { ...PARSER_RUNTIME },
    grammars: { ...GRAMMARS },
    tokenizer: { name: codeLlamaTokenizer.name, version: codeLlamaTokenizer.version },
    notes: notes(release, tasks, counts),
    content_sha256: contentSha256,
    created_at: now,
  };
  await env.DATASETS.put(datasetKeys.manifest(datasetId), JSON.stringify(manifest, null, 2), JSON_OBJECT);
  await markReady(env, datasetId, { repoCount: release.repos.length, taskCount: exampleCount, contentSha256, manifestKey: datasetKeys.manifest(datasetId) });
  return manifest;
}

/** A ready LongCodeU dataset and its manifest (404 when missing, 422 when of another kind). */
export function readyLongCodeU(env: Env, datasetId: string) {
  return readyDatasetOf<LongCodeUManifest>(env, datasetId, LONGCODEU_DATASET_BENCHMARK, "a LongCodeU dataset");
}

/** One example of a dataset by its id (the run unit), read from its shard (cached per isolate). */
export async function longcodeuExample(env: Env, datasetId: string, exampleId: string): Promise<{ example: StoredExample; contentSha256: string }> {
  const { dataset } = await readyLongCodeU(env, datasetId);
  const task = taskOfUnit(exampleId);
  const missing = () => new ProblemError("not-found", `Dataset "${datasetId}" has no LongCodeU example "${exampleId}".`);
  if (!task) throw missing();
  const row = await db(env).query.tasks.findFirst({ where: and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.taskId, longcodeuTaskId(task, exampleId))) });
  if (!row) throw missing();
  const shard = await getStoredJson<ExampleShard>(env, row.shardKey, dataset.contentSha256);
  const example = shard.examples[row.needleIndex % LONGCODEU_LIMITS.examplesPerShard];
  if (!example || example.id !== exampleId) throw new ProblemError("not-found", "A stored part of this dataset is missing; re-import the dataset.");
  return { example, contentSha256: dataset.contentSha256 };
}

/** A stored context (cached per isolate). */
export function longcodeuContext(env: Env, datasetId: string, contextId: string, contentSha256: string): Promise<StoredContext> {
  return getStoredJson<StoredContext>(env, longcodeuKeys.context(datasetId, contextId), contentSha256);
}

/** Example ids of a task, in dataset order. */
export async function longcodeuExampleIds(env: Env, datasetId: string, task: LongCodeUTask): Promise<string[]> {
  const rows = await db(env)
    .select({ name: schema.tasks.name, index: schema.tasks.needleIndex })
    .from(schema.tasks)
    .where(and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.repo, task)));
  return rows.sort((a, b) => a.index - b.index).map((r) => r.name);
}
