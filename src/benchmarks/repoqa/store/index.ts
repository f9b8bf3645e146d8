/**
 * RepoQA datasets in R2 (shards, manifest) indexed in D1. Imports are two-phase: repositories are added
 * while the dataset is `importing`, then `commit` writes the manifest and makes it `ready`. A ready
 * dataset is immutable (re-importing answers 409); delete it first to replace it.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { loadLanguage } from "../../../lib/code";
import type { Language } from "../../../lib/code/languages";
import * as schema from "../../../lib/db/schema";
import type { Env } from "../../../lib/env";
import { sha256Hex } from "../../../lib/sha256";
import { conflict, invalid, notFound, ProblemError } from "../../../lib/errors";
import { SCORER_VERSION } from "../score/version";
import wasmManifest from "../../../../wasm/manifest.json";
import { PARSER_RUNTIME } from "../../../lib/code/runtime";
import { buildShard } from "./build-shard";
import { DEFAULT_CONTEXT_CONFIG, buildContextShards, type ContextConfig, type ContextShard } from "./contexts";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import { taskInserts } from "../../../lib/datasets/kind-store";
import { committedProvenance, partProvenance } from "../../../lib/datasets/provenance";
import type { Visibility } from "../../../lib/datasets/visibility";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import type { ReleaseRepo } from "../dataset/release";
import { buildContextsScoreIndex, buildRepoScoreIndex, scoreIndexKey } from "./score-index";
import { MANIFEST_FORMAT, datasetKeys, taskId, type DatasetManifest, type RepoShard } from "../dataset/shard";

/** The code contexts a RepoQA dataset was imported with (the `context_config` column holds each family's own shape). */
export const contextConfigOf = (row: { contextConfig: Record<string, unknown> | null }): ContextConfig | null =>
  (row.contextConfig as ContextConfig | null) ?? null;

/** The manifest always says how needles were cut from their files (./context.ts, step 1). */
const withNeedleOffsets = (config: ContextConfig | null): ContextConfig | null =>
  config && { ...config, needle_offsets: config.needle_offsets ?? "reference" };

/**
 * A held-out task's id: `<language>::<repo>::t-<12 random hex digits>`, so that no unit id names its
 * target (a public dataset's ids are the reference's, `<language>::<repo>::<function name>`).
 */
const heldOutTaskId = (language: string, repo: string) =>
  taskId(
    language,
    repo,
    `t-${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("")}`,
  );

/**
 * Adds (or replaces) one repository of a dataset that is still importing, with its code contexts.
 * The first repository fixes the dataset's context configuration (`null`: no contexts) and its
 * visibility (`held-out`: task ids that do not name their targets, docs/api.md#held-out-datasets).
 */
export async function importRepo(
  env: Env,
  datasetId: string,
  language: Language,
  repo: ReleaseRepo,
  opts: { name?: string; contexts?: ContextConfig | null; visibility?: Visibility } = {},
) {
  const existing = await getDataset(env, datasetId);
  if (existing?.status === "ready") {
    conflict(`Dataset "${datasetId}" is already committed; delete it before importing again.`);
  }
  const contextConfig = existing
    ? contextConfigOf(existing)
    : opts.contexts === undefined
      ? DEFAULT_CONTEXT_CONFIG
      : opts.contexts;
  if (
    existing &&
    opts.contexts !== undefined &&
    JSON.stringify(opts.contexts) !== JSON.stringify(existing.contextConfig)
  ) {
    conflict(
      `Dataset "${datasetId}" is being imported with other context settings: ${JSON.stringify(existing.contextConfig)}.`,
    );
  }
  if (existing && opts.visibility !== undefined && opts.visibility !== existing.visibility) {
    conflict(`Dataset "${datasetId}" is being imported as ${existing.visibility}, not ${opts.visibility}.`);
  }
  const visibility = existing?.visibility ?? opts.visibility ?? "public";
  const built = buildShard(language, await loadLanguage(language), repo);
  const shard =
    visibility === "held-out"
      ? { ...built, needles: built.needles.map((n) => ({ ...n, task_id: heldOutTaskId(language, repo.repo) })) }
      : built;
  const shardJson = JSON.stringify(shard);
  const shardKey = datasetKeys.shard(datasetId, language, repo.repo);
  const contexts = contextConfig
    ? await buildContextShards(
        language,
        repo,
        shard.needles.map((n) => n.task_id),
        contextConfig,
      )
    : [];
  const contextJsons = contexts.map((c) => JSON.stringify(c));
  // The repository's identity covers its contexts too: what a model is shown is part of the task.
  const [shardSha256, sha256] = await Promise.all([
    sha256Hex(shardJson),
    sha256Hex([shardJson, ...contextJsons].join("\n")),
  ]);
  // Score indexes (src/benchmarks/repoqa/store/score-index.ts): what scoring reads instead of these objects.
  const indexes: [string, Uint8Array][] = [
    [scoreIndexKey(shardKey, sha256), buildRepoScoreIndex(shard, sha256, contexts.length === 0)],
    ...contexts.map((c): [string, Uint8Array] => [
      scoreIndexKey(datasetKeys.contexts(datasetId, c.size, c.comment_mode, language, repo.repo), sha256),
      buildContextsScoreIndex(c, sha256),
    ]),
  ];
  await Promise.all([
    ...indexes.map(([key, bytes]) =>
      env.DATASETS.put(key, bytes, { httpMetadata: { contentType: "application/octet-stream" } }),
    ),
    ...contexts.map((c, i) =>
      env.DATASETS.put(datasetKeys.contexts(datasetId, c.size, c.comment_mode, language, repo.repo), contextJsons[i], {
        httpMetadata: { contentType: "application/json" },
      }),
    ),
    env.DATASETS.put(datasetKeys.source(datasetId, language, repo.repo), JSON.stringify(repo), {
      httpMetadata: { contentType: "application/json" },
    }),
    env.DATASETS.put(shardKey, shardJson, { httpMetadata: { contentType: "application/json" }, sha256: shardSha256 }),
  ]);

  const now = new Date().toISOString();
  const d = db(env);
  const taskRows = shard.needles.map((n) => ({
    datasetId,
    taskId: n.task_id,
    language,
    repo: repo.repo,
    name: n.name,
    shardIndex: n.index,
    shardKey,
    born: repo.needles[n.index]?.born ?? null,
  }));
  const inserts = taskInserts(env, taskRows);
  // One batch = one transaction: the index never points at half a repository.
  await d.batch([
    d
      .insert(schema.datasets)
      .values({
        id: datasetId,
        benchmark: "repoqa-snf",
        name: opts.name ?? datasetId,
        status: "importing",
        languages: [],
        contextConfig: contextConfig as Record<string, unknown> | null,
        visibility,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: schema.datasets.id, set: { updatedAt: now } }),
    d
      .delete(schema.tasks)
      .where(
        and(
          eq(schema.tasks.datasetId, datasetId),
          eq(schema.tasks.language, language),
          eq(schema.tasks.repo, repo.repo),
        ),
      ),
    d
      .insert(schema.datasetShards)
      .values({
        datasetId,
        language,
        repo: repo.repo,
        key: shardKey,
        sha256,
        taskCount: shard.needles.length,
        functionCount: shard.functions.length,
      })
      .onConflictDoUpdate({
        target: [schema.datasetShards.datasetId, schema.datasetShards.language, schema.datasetShards.repo],
        set: { key: shardKey, sha256, taskCount: shard.needles.length, functionCount: shard.functions.length },
      }),
    ...inserts,
    ...partProvenance(env, datasetId, `${language}/${repo.repo}`, repo.provenance),
  ]);
  return {
    dataset: datasetId,
    language,
    repo: repo.repo,
    tasks: shard.needles.length,
    functions: shard.functions.length,
    sha256,
  };
}

/** Writes the manifest and marks the dataset ready. */
export async function commitDataset(
  env: Env,
  datasetId: string,
  meta: { name?: string; source?: DatasetManifest["source"]; build?: DatasetManifest["build"] } = {},
): Promise<DatasetManifest> {
  const existing = await getDataset(env, datasetId);
  if (!existing) notFound(`No dataset "${datasetId}" is being imported.`);
  if (existing.status === "ready") conflict(`Dataset "${datasetId}" is already committed.`);
  const d = db(env);
  const shards = await d
    .select()
    .from(schema.datasetShards)
    .where(eq(schema.datasetShards.datasetId, datasetId))
    .orderBy(asc(schema.datasetShards.key));
  if (shards.length === 0) conflict(`Dataset "${datasetId}" has no repositories yet.`);

  const languages: DatasetManifest["languages"] = {};
  for (const s of shards) {
    const entry = (languages[s.language as Language] ??= { repos: 0, tasks: 0 });
    entry.repos++;
    entry.tasks += s.taskCount;
  }
  const contentSha256 = await sha256Hex(shards.map((s) => `${s.key}:${s.sha256}\n`).join(""));
  const tasks = shards.reduce((n, s) => n + s.taskCount, 0);
  const manifest: DatasetManifest = {
    format: MANIFEST_FORMAT,
    id: datasetId,
    benchmark: "repoqa-snf",
    name: meta.name ?? existing.name,
    source: meta.source ?? { kind: "repoqa-release" },
    ...(meta.build && { build: meta.build }),
    languages,
    counts: { repos: shards.length, tasks, functions: shards.reduce((n, s) => n + s.functionCount, 0) },
    parser_runtime: { ...PARSER_RUNTIME },
    grammars: Object.fromEntries(
      Object.entries(wasmManifest.modules).map(([k, m]) => [
        k,
        { package: m.package, version: m.version, sha256: m.sha256 },
      ]),
    ),
    tokenizer: existing.contextConfig ? { name: codeLlamaTokenizer.name, version: codeLlamaTokenizer.version } : null,
    contexts: withNeedleOffsets(contextConfigOf(existing)),
    scorer_version: SCORER_VERSION,
    content_sha256: contentSha256,
    created_at: existing.createdAt,
    shards: shards.map((s) => ({
      key: s.key,
      language: s.language as Language,
      repo: s.repo,
      sha256: s.sha256,
      tasks: s.taskCount,
      functions: s.functionCount,
    })),
  };
  const provenance = await committedProvenance(env, datasetId, existing.provenance);
  if (provenance) manifest.provenance = provenance;
  const manifestKey = datasetKeys.manifest(datasetId);
  await env.DATASETS.put(manifestKey, JSON.stringify(manifest, null, 2), {
    httpMetadata: { contentType: "application/json" },
  });
  await d
    .update(schema.datasets)
    .set({
      status: "ready",
      name: manifest.name,
      languages: Object.keys(languages),
      repoCount: shards.length,
      taskCount: tasks,
      contentSha256,
      manifestKey,
      provenance,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(schema.datasets.id, datasetId));
  return manifest;
}

export interface TaskLocation {
  datasetId: string;
  taskId: string;
  language: Language;
  repo: string;
  needleIndex: number;
  shardKey: string;
  /** The repository's sha256 (shard and contexts): names its score indexes. Null if unknown. */
  shardSha256: string | null;
  /** The target function's name (the needle's). */
  name: string;
  /** When the needle's code was born; null when undated. */
  born: string | null;
  contentSha256: string;
  contextConfig: ContextConfig | null;
}

/** Where each requested task of a ready dataset lives; tasks that do not exist are absent. */
export async function locateTasks(
  env: Env,
  datasetId: string,
  taskIds: readonly string[],
): Promise<Map<string, TaskLocation>> {
  const dataset = await getDataset(env, datasetId);
  if (dataset?.status !== "ready" || !dataset.contentSha256) {
    throw new ProblemError("not-found", `No ready dataset "${datasetId}".`, { dataset: datasetId });
  }
  // Scoring and prompts by task id are RepoQA's; other datasets are scored through runs.
  if (dataset.benchmark !== "repoqa-snf") {
    throw new ProblemError(
      "unprocessable-content",
      `Dataset "${datasetId}" is a ${dataset.benchmark} dataset; its tasks are run and scored through POST /v1/runs; to score one answer send \`benchmark\` and \`unit\` to POST /v1/score (GET /v1/benchmarks lists the benchmarks, .../datasets/{dataset}/units their units).`,
      { dataset: datasetId },
    );
  }
  const unique = [...new Set(taskIds)];
  const found = new Map<string, TaskLocation>();
  const d = db(env);
  // Chunked IN lists stay under D1's 100 bound parameters.
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await d
      .select({
        taskId: schema.tasks.taskId,
        language: schema.tasks.language,
        repo: schema.tasks.repo,
        needleIndex: schema.tasks.shardIndex,
        shardKey: schema.tasks.shardKey,
        shardSha256: schema.datasetShards.sha256,
        name: schema.tasks.name,
        born: schema.tasks.born,
      })
      .from(schema.tasks)
      .leftJoin(
        schema.datasetShards,
        and(
          eq(schema.datasetShards.datasetId, schema.tasks.datasetId),
          eq(schema.datasetShards.language, schema.tasks.language),
          eq(schema.datasetShards.repo, schema.tasks.repo),
        ),
      )
      .where(and(eq(schema.tasks.datasetId, datasetId), inArray(schema.tasks.taskId, unique.slice(i, i + 90))));
    for (const r of rows) {
      found.set(r.taskId, {
        datasetId,
        taskId: r.taskId,
        language: r.language as Language,
        repo: r.repo,
        needleIndex: r.needleIndex,
        shardKey: r.shardKey,
        shardSha256: r.shardSha256,
        name: r.name,
        born: r.born,
        contentSha256: dataset.contentSha256,
        contextConfig: contextConfigOf(dataset),
      });
    }
  }
  return found;
}

/**
 * Writes the score indexes of every repository of a dataset (src/benchmarks/repoqa/store/score-index.ts) from its
 * stored shards and contexts: for datasets imported before score indexes existed, which otherwise
 * index each shard in every isolate that scores against it. Idempotent (the keys are named after
 * the content); admin work of about the CPU of an import.
 */
export async function writeScoreIndexes(
  env: Env,
  datasetId: string,
): Promise<{ dataset: string; repos: number; objects: number; bytes: number }> {
  const dataset = await getDataset(env, datasetId);
  if (!dataset) notFound(`No dataset "${datasetId}".`);
  if (dataset.benchmark !== "repoqa-snf") {
    invalid(`Dataset "${datasetId}" is a ${dataset.benchmark} dataset; score indexes are RepoQA's.`);
  }
  const shards = await db(env)
    .select()
    .from(schema.datasetShards)
    .where(eq(schema.datasetShards.datasetId, datasetId))
    .orderBy(asc(schema.datasetShards.key));
  const config = contextConfigOf(dataset);
  let objects = 0;
  let bytes = 0;
  const read = async <T>(key: string): Promise<T> => {
    const object = await env.DATASETS.get(key);
    if (!object) notFound(`A stored part of dataset "${datasetId}" is missing (${key}); re-import it.`);
    return (await object.json()) as T;
  };
  const write = async (key: string, data: Uint8Array) => {
    await env.DATASETS.put(key, data, { httpMetadata: { contentType: "application/octet-stream" } });
    objects++;
    bytes += data.length;
  };
  for (const s of shards) {
    await write(scoreIndexKey(s.key, s.sha256), buildRepoScoreIndex(await read<RepoShard>(s.key), s.sha256, !config));
    for (const size of config?.sizes ?? []) {
      for (const mode of config?.comment_modes ?? []) {
        const key = datasetKeys.contexts(datasetId, size, mode, s.language, s.repo);
        await write(scoreIndexKey(key, s.sha256), buildContextsScoreIndex(await read<ContextShard>(key), s.sha256));
      }
    }
  }
  return { dataset: datasetId, repos: shards.length, objects, bytes };
}

/** A page of a dataset's tasks (`GET /v1/datasets/{id}/tasks`), ordered by task id (the cursor is the last id of the page). */
export async function listTasks(
  env: Env,
  datasetId: string,
  opts: { language?: string; limit: number; after?: string },
) {
  const d = db(env);
  const rows = await d
    .select({
      task: schema.tasks.taskId,
      language: schema.tasks.language,
      repo: schema.tasks.repo,
      name: schema.tasks.name,
      needle_index: schema.tasks.shardIndex,
    })
    .from(schema.tasks)
    .where(
      and(
        eq(schema.tasks.datasetId, datasetId),
        opts.language ? eq(schema.tasks.language, opts.language) : undefined,
        opts.after ? gt(schema.tasks.taskId, opts.after) : undefined,
      ),
    )
    .orderBy(asc(schema.tasks.taskId))
    .limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return { tasks: page, next: more ? page[page.length - 1].task : null };
}
