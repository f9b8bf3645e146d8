/**
 * Importing LongCodeU datasets in named parts (docs/longcodeu.md, "Importing in parts"): contexts
 * parts (`contexts-<nnnn>`) and examples parts (`<TASK>-<nnnn>`, one stored shard each) while the
 * dataset is `importing`, then a commit that checks every part is there, writes the manifest and
 * makes the dataset `ready`. Nothing reads an importing dataset, so a part or a commit cut off at any
 * point leaves nothing half-ready, and sending the same parts again completes it.
 *
 * A part is done once its `dataset_shards` row exists (written last, with its examples' `tasks` rows
 * in one D1 batch); the row keeps the sha256 of the part as its schema reads it, so the same part
 * again is a no-op and another part under the same name is a 409. The one-request import
 * (`importLongCodeU`) splits a release into the same parts.
 */
import { and, eq } from "drizzle-orm";
import { JSON_OBJECT, markReady, taskInserts } from "../../../lib/datasets/kind-store";
import { committedProvenance } from "../../../lib/datasets/provenance";
import * as schema from "../../../lib/db/schema";
import { datasetKeys } from "../../../lib/datasets/keys";
import { db } from "../../../lib/db/client";
import { deleteDataset, getDataset } from "../../../lib/datasets/store";
import type { ImportMeta } from "../../../lib/datasets/visibility";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import type { Env } from "../../../lib/env";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { CODEBLEU_METRIC } from "../../../lib/metrics/codebleu";
import { GRAMMARS, PARSER_RUNTIME } from "../../../lib/code/runtime";
import { sha256Hex } from "../../../lib/sha256";
import {
  BUCKET_KEYS,
  CONTEXT_FORMAT,
  EXAMPLE_SHARD_FORMAT,
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  bucketOf,
  parsePartName,
  partName,
  type ContextsPart,
  type ExamplesPart,
  type LengthBucket,
  type LongCodeUExample,
  type LongCodeURelease,
  type LongCodeUTask,
  type LongContext,
  type ReleaseHeader,
  TaskFieldsSchema,
} from "../dataset/index";
import {
  PROMPT_TEMPLATE_VERSION,
  SCORER_VERSION,
  TASK_CONTEXT_KIND,
  TASK_PAPER_METRIC,
  longcodeuKeys,
  longcodeuTaskId,
} from "../dataset/ids";
import type { ExampleShard, LongCodeUManifest, StoredContext, StoredExample } from "./index";

/** R2 reads and writes in flight at once. */
const R2_CONCURRENCY = 8;

/** Where a dataset's contexts are stored (one object each). */
const contextsPrefix = (datasetId: string) => longcodeuKeys.context(datasetId, "").slice(0, -".json".length);

/** What a stored context carries in its R2 custom metadata: all the commit and examples parts need. */
interface ContextMeta {
  part: string;
  /** The sha256 of the part that wrote it: an object left by a cut-off try of other content does not count. */
  part_sha256: string;
  /** Position in its part. */
  index: string;
  repo: string;
  kind: LongContext["kind"];
  tokens: string;
  bucket: LengthBucket;
  sha256: string;
}

/** What a part answers: its name, its sha256 and whether this request stored it. */
export interface PartResult {
  part: string;
  sha256: string;
  items: number;
  stored: boolean;
}

/** What each task needs in anchor and answer (TaskFieldsSchema; ExampleSchema makes every field optional). */
function checkFields(e: LongCodeUExample): void {
  const checked = TaskFieldsSchema.safeParse(e);
  if (!checked.success) invalid(`Example "${e.id}" (${e.task}) needs ${checked.error.issues[0].message}.`);
}

/** An example's own checks: its id names its task, and its anchor and answer hold what the task needs. */
function checkExample(e: LongCodeUExample): void {
  if (!e.id.startsWith(`${e.task}-`)) invalid(`Example id "${e.id}" must start with "${e.task}-".`);
  checkFields(e);
}

/** A context's own check: its bucket holds its tokens. */
function checkContext(c: LongContext): void {
  if (bucketOf(c.tokens) !== c.bucket)
    invalid(
      `Context "${c.id}" has ${c.tokens} tokens, which is bucket ${bucketOf(c.tokens) ?? "(over 128K)"}, not ${c.bucket}.`,
    );
}

/** A whole release's checks, before anything is stored (the one-request import is all or nothing). */
function checkRelease(release: LongCodeURelease): void {
  const contexts = new Set<string>();
  const exampleIds = new Set<string>();
  const perTask = new Map<LongCodeUTask, number>();
  for (const part of release.repos) {
    const local = new Map<string, LongContext>();
    for (const c of part.contexts) {
      if (contexts.has(c.id)) invalid(`Context id "${c.id}" appears twice in the release.`);
      checkContext(c);
      contexts.add(c.id);
      local.set(c.id, c);
    }
    for (const e of part.examples) {
      if (exampleIds.has(e.id)) invalid(`Example id "${e.id}" appears twice in the release.`);
      exampleIds.add(e.id);
      checkExample(e);
      checkExampleContext(e, part.repo, local.get(e.context));
      perTask.set(e.task, (perTask.get(e.task) ?? 0) + 1);
    }
  }
  if (contexts.size > LONGCODEU_LIMITS.contextsPerRelease)
    invalid(`The release has ${contexts.size} contexts; the limit is ${LONGCODEU_LIMITS.contextsPerRelease}.`);
  for (const [task, n] of perTask)
    if (n > LONGCODEU_LIMITS.examplesPerTask)
      invalid(`The release has ${n} ${task} examples; the limit is ${LONGCODEU_LIMITS.examplesPerTask}.`);
}

/** The example's context belongs to its repository and is of the kind its task needs. */
function checkExampleContext(
  e: LongCodeUExample,
  repo: string,
  context: { repo?: string; kind: LongContext["kind"] } | undefined,
): void {
  if (!context || (context.repo !== undefined && context.repo !== repo))
    invalid(`Example "${e.id}" names context "${e.context}", which ${repo} does not have.`);
  if (context!.kind !== TASK_CONTEXT_KIND[e.task])
    invalid(
      `Example "${e.id}" (${e.task}) needs a "${TASK_CONTEXT_KIND[e.task]}" context; "${e.context}" is "${context!.kind}".`,
    );
}

/**
 * Runs `f` over `items` with at most `limit` in flight. After a failure nothing new starts, and it
 * rejects only once the calls in flight have ended, so a clean-up never races a late write.
 */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await f(items[i], i);
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

/** The sha256 a part is known by: of its JSON as its schema reads it (what the CLI computes too). */
export const partSha256 = (part: ContextsPart | ExamplesPart) => sha256Hex(JSON.stringify(part));

/**
 * The dataset row of an import in progress, created by its first part: 409 when the id holds a
 * committed dataset or one of another benchmark.
 */
export async function beginImport(env: Env, datasetId: string, name?: string): Promise<void> {
  const check = (row: Awaited<ReturnType<typeof getDataset>>) => {
    if (row?.benchmark !== undefined && row.benchmark !== LONGCODEU_DATASET_BENCHMARK)
      conflict(
        `Dataset "${datasetId}" is a ${row.benchmark} dataset; delete it before importing a LongCodeU release under its id.`,
      );
    if (row?.status === "ready")
      conflict(`Dataset "${datasetId}" is already committed; delete it before importing again.`);
    return row;
  };
  if (check(await getDataset(env, datasetId))) return;
  const now = new Date().toISOString();
  await db(env)
    .insert(schema.datasets)
    .values({
      id: datasetId,
      benchmark: LONGCODEU_DATASET_BENCHMARK,
      name: name ?? datasetId,
      status: "importing",
      languages: [],
      contextConfig: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  check(await getDataset(env, datasetId));
}

async function storedPart(env: Env, datasetId: string, name: string) {
  return db(env).query.datasetShards.findFirst({
    where: and(
      eq(schema.datasetShards.datasetId, datasetId),
      eq(schema.datasetShards.language, "python"),
      eq(schema.datasetShards.repo, name),
    ),
  });
}

/** The part's outcome when a row for its name exists: a no-op for the same content, else 409. */
function samePart(row: { sha256: string; taskCount: number }, name: string, sha256: string): PartResult {
  if (row.sha256 !== sha256)
    conflict(
      `Part "${name}" is already stored with other content (sha256 ${row.sha256}); delete the dataset to import another build.`,
    );
  return { part: name, sha256, items: row.taskCount, stored: false };
}

/** Stores a contexts part (each context under its id, with its metadata for the examples and the commit). */
export async function putContextsPart(
  env: Env,
  datasetId: string,
  name: string,
  part: ContextsPart,
  sha256: string,
): Promise<PartResult> {
  const parsed = parsePartName(name);
  if (parsed?.kind !== "contexts")
    invalid(`Part "${name}" is not a contexts part: name contexts parts contexts-0000, contexts-0001, ...`);
  await beginImport(env, datasetId);
  const existing = await storedPart(env, datasetId, name);
  if (existing) return samePart(existing, name, sha256);
  const ids = new Set<string>();
  for (const c of part.contexts) {
    if (ids.has(c.id)) invalid(`Context id "${c.id}" appears twice in part "${name}".`);
    ids.add(c.id);
    checkContext(c);
  }
  // A context id is the dataset's: another part holding it is a conflict, this part's own earlier try is not.
  await eachLimited(part.contexts, R2_CONCURRENCY, async (c) => {
    const head = await env.DATASETS.head(longcodeuKeys.context(datasetId, c.id));
    const owner = head?.customMetadata?.part;
    if (head && owner !== name) conflict(`Context "${c.id}" is already stored by part "${owner}".`);
  });
  await eachLimited(part.contexts, R2_CONCURRENCY, async (c, index) => {
    const stored: StoredContext = { format: CONTEXT_FORMAT, repo: part.repo, ...c };
    const body = JSON.stringify(stored);
    const sha = await sha256Hex(body);
    const meta: ContextMeta = {
      part: name,
      part_sha256: sha256,
      index: String(index),
      repo: part.repo,
      kind: c.kind,
      tokens: String(c.tokens),
      bucket: c.bucket,
      sha256: sha,
    };
    await env.DATASETS.put(longcodeuKeys.context(datasetId, c.id), body, {
      ...JSON_OBJECT,
      sha256: sha,
      customMetadata: { ...meta },
    });
  });
  return recordPart(env, datasetId, name, { key: contextsPrefix(datasetId), sha256, items: part.contexts.length }, []);
}

/**
 * Writes a part's row (and its examples' rows) in one D1 batch: the part is stored exactly when its
 * row exists. A row written meanwhile by the same part is a no-op; an example id stored by another
 * part is a 409.
 */
async function recordPart(
  env: Env,
  datasetId: string,
  name: string,
  row: { key: string; sha256: string; items: number },
  tasks: (typeof schema.tasks.$inferInsert)[],
): Promise<PartResult> {
  const d = db(env);
  const statements = [
    ...taskInserts(env, tasks),
    d.insert(schema.datasetShards).values({
      datasetId,
      language: "python",
      repo: name,
      key: row.key,
      sha256: row.sha256,
      taskCount: row.items,
      functionCount: 0,
    }),
  ];
  try {
    await d.batch(statements as never);
  } catch (err) {
    if (
      !/UNIQUE constraint/i.test(
        String((err as Error)?.message ?? err) + String((err as { cause?: Error })?.cause?.message ?? ""),
      )
    )
      throw err;
    const now = await storedPart(env, datasetId, name);
    if (now) return samePart(now, name, row.sha256);
    conflict(`An example id of part "${name}" is already stored by another part.`);
  }
  return { part: name, sha256: row.sha256, items: row.items, stored: true };
}

/** Stores an examples part as the task's shard number `index`, each example checked against its stored context. */
export async function putExamplesPart(
  env: Env,
  datasetId: string,
  name: string,
  part: ExamplesPart,
  sha256: string,
): Promise<PartResult> {
  const parsed = parsePartName(name);
  if (parsed?.kind !== "examples")
    invalid(`Part "${name}" is not an examples part: name them <TASK>-0000, <TASK>-0001, ...`);
  const { task, index } = parsed as { task: LongCodeUTask; index: number };
  if (part.task !== task) invalid(`Part "${name}" holds ${task} examples, not ${part.task}.`);
  await beginImport(env, datasetId);
  const existing = await storedPart(env, datasetId, name);
  if (existing) return samePart(existing, name, sha256);
  const ids = new Set<string>();
  for (const e of part.examples) {
    if (e.task !== task) invalid(`Example "${e.id}" is a ${e.task} example in part "${name}" of ${task}.`);
    if (ids.has(e.id)) invalid(`Example id "${e.id}" appears twice in part "${name}".`);
    ids.add(e.id);
    checkExample(e);
  }
  const recorded = new Map(
    (
      await db(env)
        .select({ part: schema.datasetShards.repo, sha256: schema.datasetShards.sha256 })
        .from(schema.datasetShards)
        .where(eq(schema.datasetShards.datasetId, datasetId))
    ).map((r) => [r.part, r.sha256]),
  );
  const contextIds = [...new Set(part.examples.map((e) => e.context))];
  const contexts = new Map<string, ContextMeta>();
  // A context counts once the part that wrote it is recorded (one cut off before its row is not stored).
  await eachLimited(contextIds, R2_CONCURRENCY, async (id) => {
    const meta = (await env.DATASETS.head(longcodeuKeys.context(datasetId, id)))?.customMetadata as
      | ContextMeta
      | undefined;
    if (meta && recorded.get(meta.part) === meta.part_sha256) contexts.set(id, meta);
  });
  for (const e of part.examples) {
    const c = contexts.get(e.context);
    if (!c)
      invalid(
        `Example "${e.id}" names context "${e.context}", which is not stored: send the contexts parts before the examples.`,
      );
    checkExampleContext(e, e.repo, c);
  }
  const examples: StoredExample[] = part.examples.map((e) => {
    const c = contexts.get(e.context)!;
    return { ...e, context_tokens: Number(c.tokens), bucket: c.bucket };
  });
  const shard: ExampleShard = { format: EXAMPLE_SHARD_FORMAT, task, examples };
  const body = JSON.stringify(shard);
  const key = longcodeuKeys.shard(datasetId, task, index);
  const shardSha = await sha256Hex(body);
  const buckets: Partial<Record<LengthBucket, number>> = {};
  for (const e of examples) buckets[e.bucket] = (buckets[e.bucket] ?? 0) + 1;
  await env.DATASETS.put(key, body, {
    ...JSON_OBJECT,
    sha256: shardSha,
    customMetadata: { sha256: shardSha, buckets: JSON.stringify(buckets) },
  });
  const per = LONGCODEU_LIMITS.examplesPerShard;
  const rows = examples.map((e, i) => ({
    datasetId,
    taskId: longcodeuTaskId(task, e.id),
    language: "python",
    repo: task,
    name: e.id,
    shardIndex: index * per + i,
    shardKey: key,
    born: e.born ?? null,
  }));
  return recordPart(env, datasetId, name, { key, sha256, items: examples.length }, rows);
}

/** The parts stored so far of a dataset being imported (or committed), by name. */
export async function listParts(
  env: Env,
  datasetId: string,
): Promise<{ status: string; parts: Omit<PartResult, "stored">[] }> {
  const dataset = await getDataset(env, datasetId);
  if (!dataset || dataset.benchmark !== LONGCODEU_DATASET_BENCHMARK) notFound(`No LongCodeU dataset "${datasetId}".`);
  const rows = await db(env).select().from(schema.datasetShards).where(eq(schema.datasetShards.datasetId, datasetId));
  const parts = rows
    .map((r) => ({ part: r.repo, sha256: r.sha256, items: r.taskCount }))
    .sort((a, b) => (a.part < b.part ? -1 : 1));
  return { status: dataset.status, parts };
}

/** Every stored context's metadata, from R2's listing (1000 a page). */
async function storedContexts(env: Env, datasetId: string): Promise<(ContextMeta & { id: string; key: string })[]> {
  const prefix = contextsPrefix(datasetId);
  const out: (ContextMeta & { id: string; key: string })[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.DATASETS.list({ prefix, cursor, include: ["customMetadata"] });
    for (const o of page.objects)
      out.push({
        ...(o.customMetadata as unknown as ContextMeta),
        id: o.key.slice(prefix.length, -".json".length),
        key: o.key,
      });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/**
 * Commits an import: every part the header implies is stored (each repository's contexts, every
 * task's shards numbered from 0 with only the last one short, as many examples as the header
 * says), else 409 naming what is missing. Then the manifest, then `ready`.
 */
export async function commitLongCodeU(
  env: Env,
  datasetId: string,
  header: ReleaseHeader,
  meta: ImportMeta = {},
): Promise<LongCodeUManifest> {
  const dataset = await getDataset(env, datasetId);
  if (!dataset || dataset.benchmark !== LONGCODEU_DATASET_BENCHMARK)
    notFound(`No LongCodeU dataset "${datasetId}" is being imported.`);
  if (dataset.status === "ready") conflict(`Dataset "${datasetId}" is already committed.`);
  const rows = await db(env).select().from(schema.datasetShards).where(eq(schema.datasetShards.datasetId, datasetId));
  const parts = new Map(rows.map((r) => [r.repo, r]));

  // Contexts: only those written by a recorded part count (a part cut off before its row is not stored).
  const contexts = (await storedContexts(env, datasetId)).filter((c) => parts.get(c.part)?.sha256 === c.part_sha256);
  const perRepo = new Map<string, number>();
  for (const c of contexts) perRepo.set(c.repo, (perRepo.get(c.repo) ?? 0) + 1);
  const declared = new Set(header.repos.map((r) => r.repo));
  for (const repo of perRepo.keys())
    if (!declared.has(repo)) invalid(`Contexts of repository "${repo}" are stored, but the commit does not list it.`);
  for (const r of header.repos) {
    const n = perRepo.get(r.repo) ?? 0;
    if (n !== r.contexts)
      conflict(
        `The import is incomplete: ${r.repo} has ${n} of its ${r.contexts} contexts stored; send its remaining contexts parts.`,
      );
  }
  if (contexts.length > LONGCODEU_LIMITS.contextsPerRelease)
    invalid(`The release has ${contexts.length} contexts; the limit is ${LONGCODEU_LIMITS.contextsPerRelease}.`);
  contexts.sort((a, b) => (a.part === b.part ? Number(a.index) - Number(b.index) : a.part < b.part ? -1 : 1));

  // Shards: numbered from 0 per task, each but the last full.
  const per = LONGCODEU_LIMITS.examplesPerShard;
  const shardRows = new Map<LongCodeUTask, { index: number; key: string; examples: number }[]>();
  for (const r of rows) {
    const p = parsePartName(r.repo);
    if (p?.kind === "examples")
      (shardRows.get(p.task) ?? shardRows.set(p.task, []).get(p.task)!).push({
        index: p.index,
        key: r.key,
        examples: r.taskCount,
      });
  }
  let exampleCount = 0;
  for (const [task, list] of shardRows) {
    list.sort((a, b) => a.index - b.index);
    list.forEach((s, i) => {
      if (s.index !== i) conflict(`The import is incomplete: part ${partName(task, i)} is missing.`);
      if (i < list.length - 1 && s.examples !== per)
        conflict(
          `Part ${partName(task, i)} holds ${s.examples} examples; every ${task} part but the last holds ${per}.`,
        );
    });
    const n = list.reduce((k, s) => k + s.examples, 0);
    if (n > LONGCODEU_LIMITS.examplesPerTask)
      invalid(`The release has ${n} ${task} examples; the limit is ${LONGCODEU_LIMITS.examplesPerTask}.`);
    exampleCount += n;
  }
  const expected = header.repos.reduce((k, r) => k + r.examples, 0);
  if (exampleCount !== expected)
    conflict(
      `The import is incomplete: ${exampleCount} of ${expected} examples are stored; send the remaining examples parts.`,
    );

  const shards: LongCodeUManifest["shards"] = [];
  const tasks: LongCodeUManifest["tasks"] = {};
  const counts: LongCodeUManifest["counts"] = {};
  for (const task of LONGCODEU_TASKS) {
    const list = shardRows.get(task);
    if (!list) continue;
    const heads = new Array<{ sha256: string; buckets: Partial<Record<LengthBucket, number>> }>(list.length);
    await eachLimited(list, R2_CONCURRENCY, async (s, i) => {
      const head = await env.DATASETS.head(s.key);
      if (!head?.customMetadata?.sha256)
        conflict(
          `A stored part of dataset "${datasetId}" is missing (${s.key}); delete the dataset and import it again.`,
        );
      heads[i] = { sha256: head!.customMetadata!.sha256, buckets: JSON.parse(head!.customMetadata!.buckets ?? "{}") };
    });
    const perBucket: Partial<Record<LengthBucket, number>> = {};
    list.forEach((s, i) => {
      shards.push({ key: s.key, task, sha256: heads[i].sha256, examples: s.examples });
      for (const [b, k] of Object.entries(heads[i].buckets))
        perBucket[b as LengthBucket] = (perBucket[b as LengthBucket] ?? 0) + k!;
    });
    tasks[task] = {
      examples: list.reduce((k, s) => k + s.examples, 0),
      shards: list.length,
      metric: TASK_PAPER_METRIC[task],
      context_kind: TASK_CONTEXT_KIND[task],
    };
    counts[task] = Object.fromEntries(BUCKET_KEYS.filter((b) => perBucket[b]).map((b) => [b, perBucket[b]]));
  }

  const identity = [
    ...contexts.map((c) => `${longcodeuKeys.contextPath(c.id)}:${c.sha256}`),
    ...shards.map((s) => `${s.key.slice(datasetKeys.prefix(datasetId).length)}:${s.sha256}`),
  ];
  const contentSha256 = await sha256Hex(
    identity
      .sort()
      .map((l) => `${l}\n`)
      .join(""),
  );
  const name = meta.name ?? dataset.name;
  const manifest: LongCodeUManifest = {
    format: "needlework/manifest@1",
    id: datasetId,
    benchmark: LONGCODEU_DATASET_BENCHMARK,
    name,
    seed: header.seed,
    language: header.language,
    build: header.build,
    repos: header.repos.map((r) => ({ repo: r.repo, source: r.source, contexts: r.contexts, examples: r.examples })),
    tasks,
    counts,
    contexts: contexts.map((c) => ({
      id: c.id,
      repo: c.repo,
      kind: c.kind,
      tokens: Number(c.tokens),
      bucket: c.bucket,
      key: c.key,
      sha256: c.sha256,
    })),
    shards,
    prompt_template_version: PROMPT_TEMPLATE_VERSION,
    scorer_version: SCORER_VERSION,
    codebleu_metric: CODEBLEU_METRIC,
    parser_runtime: { ...PARSER_RUNTIME },
    grammars: { ...GRAMMARS },
    tokenizer: { name: codeLlamaTokenizer.name, version: codeLlamaTokenizer.version },
    notes: notes(header, tasks, counts),
    content_sha256: contentSha256,
    created_at: dataset.createdAt,
  };
  // Each repository's `source` is its provenance (where its code came from, how its examples were dated).
  const filed = { parts: Object.fromEntries(header.repos.map((r) => [r.repo, r.source])) };
  const provenance = await committedProvenance(env, datasetId, hasRecords(filed.parts) ? filed : null);
  if (provenance) manifest.provenance = provenance;
  await env.DATASETS.put(datasetKeys.manifest(datasetId), JSON.stringify(manifest, null, 2), JSON_OBJECT);
  await db(env)
    .update(schema.datasets)
    .set({ name, visibility: meta.visibility ?? dataset.visibility, provenance })
    .where(eq(schema.datasets.id, datasetId));
  await markReady(env, datasetId, {
    repoCount: header.repos.length,
    taskCount: exampleCount,
    contentSha256,
    manifestKey: datasetKeys.manifest(datasetId),
  });
  return manifest;
}

/** Whether any repository's source says anything. */
const hasRecords = (parts: Record<string, Record<string, unknown>>) =>
  Object.values(parts).some((r) => Object.keys(r).length > 0);

function notes(
  header: ReleaseHeader,
  tasks: LongCodeUManifest["tasks"],
  counts: LongCodeUManifest["counts"],
): string[] {
  const out = [
    "Built by this project from the repositories under `repos`, following the paper's construction; the paper's own data set (its repositories and examples) is not used.",
  ];
  const similarity = header.build.similarity as { kind?: string; name?: string } | undefined;
  if (tasks.SRE_T1 || tasks.SRE_T2) {
    if (similarity?.kind === "lexical")
      out.push(
        `SRE ground truth ranks by a lexical similarity (${similarity.name ?? "unnamed"}), not by the paper's stella_en_400M_v5 code embeddings.`,
      );
    else if (similarity?.kind === "embedding")
      out.push(
        `SRE ground truth ranks by cosine similarity of ${similarity.name ?? "unnamed"} embeddings; the paper used stella_en_400M_v5.`,
      );
    else out.push("The build does not record which similarity ranked the SRE ground truth.");
  }
  const absent = LONGCODEU_TASKS.filter((t) => !tasks[t]);
  if (absent.length) out.push(`Tasks the paper has and this build lacks: ${absent.join(", ")}.`);
  const buckets = BUCKET_KEYS.filter((b) => !Object.values(counts).some((c) => c?.[b]));
  if (buckets.length) out.push(`No examples in the ${buckets.join(", ")} length bucket(s); the paper covers 0-128K.`);
  out.push(
    "CU_DFA line numbers and the LDU sequence number are recorded per sample, not scored (EM compares lines, BLEU the documentation text).",
  );
  if (Array.isArray(header.build.notes)) out.push(...(header.build.notes as unknown[]).map(String));
  return out;
}

/** A release cut into the parts of a multi-part import, in the order they are sent, and its commit header. */
export function releaseParts(release: LongCodeURelease): {
  contexts: [string, ContextsPart][];
  examples: [string, ExamplesPart][];
  header: ReleaseHeader;
} {
  const contexts: [string, ContextsPart][] = [];
  for (const repo of release.repos) {
    for (let at = 0; at < repo.contexts.length; at += LONGCODEU_LIMITS.contextsPerPart) {
      contexts.push([
        partName("contexts", contexts.length),
        { repo: repo.repo, contexts: repo.contexts.slice(at, at + LONGCODEU_LIMITS.contextsPerPart) },
      ]);
    }
  }
  const examples: [string, ExamplesPart][] = [];
  for (const task of LONGCODEU_TASKS) {
    const all = release.repos.flatMap((r) =>
      r.examples.filter((e) => e.task === task).map((e) => ({ ...e, repo: r.repo })),
    );
    for (let at = 0, n = 0; at < all.length; at += LONGCODEU_LIMITS.examplesPerShard, n++) {
      examples.push([partName(task, n), { task, examples: all.slice(at, at + LONGCODEU_LIMITS.examplesPerShard) }]);
    }
  }
  const { repos, ...rest } = release;
  const header: ReleaseHeader = {
    ...rest,
    repos: repos.map((r) => ({
      repo: r.repo,
      source: r.source,
      contexts: r.contexts.length,
      examples: r.examples.length,
    })),
  };
  return { contexts, examples, header };
}

/**
 * Imports a whole release under `datasetId` (which must not exist yet) in one call, through the same
 * parts and commit as the multi-part import; all or nothing: a failure deletes what was written.
 */
export async function importLongCodeU(
  env: Env,
  datasetId: string,
  release: LongCodeURelease,
  meta: ImportMeta = {},
): Promise<LongCodeUManifest> {
  if (await getDataset(env, datasetId))
    conflict(`Dataset "${datasetId}" already exists; delete it before importing again.`);
  checkRelease(release);
  const now = new Date().toISOString();
  try {
    await db(env)
      .insert(schema.datasets)
      .values({
        id: datasetId,
        benchmark: LONGCODEU_DATASET_BENCHMARK,
        name: meta.name ?? datasetId,
        status: "importing",
        languages: [],
        contextConfig: null,
        visibility: meta.visibility ?? "public",
        createdAt: now,
        updatedAt: now,
      });
  } catch {
    // Another import of this id won the race; its objects are not ours to delete.
    conflict(`Dataset "${datasetId}" already exists; delete it before importing again.`);
  }
  try {
    const { contexts, examples, header } = releaseParts(release);
    for (const [name, part] of contexts) await putContextsPart(env, datasetId, name, part, await partSha256(part));
    for (const [name, part] of examples) await putExamplesPart(env, datasetId, name, part, await partSha256(part));
    return await commitLongCodeU(env, datasetId, header, meta);
  } catch (err) {
    await deleteDataset(env, datasetId).catch(() => {});
    throw err;
  }
}
