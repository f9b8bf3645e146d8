/**
 * RepoQA datasets in R2 (shards, manifest) indexed in D1. Imports are two-phase: repositories are added
 * while the dataset is `importing`, then `commit` writes the manifest and makes it `ready`. A ready
 * dataset is immutable (re-importing answers 409); delete it first to replace it.
 */
import { and, asc, eq } from "drizzle-orm";
import { loadLanguage } from "../../../lib/code";
import type { Language } from "../../../lib/code/languages";
import * as schema from "../../../lib/db/schema";
import type { Env } from "../../../lib/env";
import { sha256Hex } from "../../../lib/sha256";
import { conflict, notFound } from "../../../lib/errors";
import { SCORER_VERSION } from "../score/version";
import wasmManifest from "../../../../wasm/manifest.json";
import { PARSER_RUNTIME } from "../../../lib/code/runtime";
import { buildShard } from "./build-shard";
import { DEFAULT_CONTEXT_CONFIG, buildContextShards, type ContextConfig } from "./contexts";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import { taskInserts } from "../../../lib/datasets/kind-store";
import { committedProvenance, partProvenance } from "../../../lib/datasets/provenance";
import type { Visibility } from "../../../lib/datasets/visibility";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import type { ReleaseRepo } from "../dataset/release";
import { buildContextsScoreIndex, buildRepoScoreIndex, scoreIndexKey } from "./score-index";
import { MANIFEST_FORMAT, datasetKeys, taskId, type DatasetManifest } from "../dataset/shard";

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
