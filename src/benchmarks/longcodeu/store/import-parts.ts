/**
 * The parts of a LongCodeU import (docs/longcodeu.md, "Importing in parts"): contexts parts
 * (`contexts-<nnnn>`) and examples parts (`<TASK>-<nnnn>`, one stored shard each), stored while the
 * dataset is `importing`.
 *
 * A part is done once its `dataset_shards` row exists (written last, with its examples' `tasks` rows
 * in one D1 batch); the row keeps the sha256 of the part as its schema reads it, so the same part
 * again is a no-op and another part under the same name is a 409.
 */
import { and, eq } from "drizzle-orm";
import { JSON_OBJECT, taskInserts } from "../../../lib/datasets/kind-store";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import type { Env } from "../../../lib/env";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { sha256Hex } from "../../../lib/sha256";
import {
  CONTEXT_FORMAT,
  EXAMPLE_SHARD_FORMAT,
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  parsePartName,
  type ContextsPart,
  type ExamplesPart,
  type LengthBucket,
  type LongCodeUTask,
} from "../dataset/index";
import { longcodeuKeys, longcodeuTaskId } from "../dataset/ids";
import type { ExampleShard, StoredContext, StoredExample } from "./index";
import { checkContext, checkExample, checkExampleContext } from "./import-checks";
import { type ContextMeta, R2_CONCURRENCY, contextsPrefix, eachLimited } from "./import-objects";

/** What a part answers: its name, its sha256 and whether this request stored it. */
export interface PartResult {
  part: string;
  sha256: string;
  items: number;
  stored: boolean;
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
