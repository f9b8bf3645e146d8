/**
 * Importing and reading SemTrace-family datasets. An import is one request and all or nothing: the
 * shards, pool and index rows are written, then the manifest, then the dataset becomes `ready`.
 */
import { and, eq } from "drizzle-orm";
import {
  JSON_OBJECT,
  markReady,
  readyDatasetOf,
  runBatched,
  shardIndexStatements,
} from "../../lib/datasets/kind-store";
import * as schema from "../../lib/db/schema";
import { getStoredJson } from "../../lib/datasets/json-cache";
import { datasetKeys } from "../../lib/datasets/keys";
import { db } from "../../lib/db/client";
import { deleteDataset, getDataset } from "../../lib/datasets/store";
import type { ImportMeta } from "../../lib/datasets/visibility";
import { codeLlamaTokenizer } from "../../lib/datasets/tokenizer";
import type { Env } from "../../lib/env";
import { conflict, invalid, invalidIssues, notFound } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import {
  POOL_FORMAT,
  SUITE_LIMITS,
  SensitivityTargetsRule,
  TARGET_SHARD_FORMAT,
  suiteKeys,
  suiteTaskId,
  type SuiteManifest,
  type SuitePool,
  type SuiteRelease,
  type SuiteTask,
  type TargetShard,
} from "./dataset/index";
import { FAMILY_DATASET_BENCHMARK } from "./dataset/ids";
import { PROMPT_TEMPLATE_VERSION } from "./prompt/index";
import { SCORER_VERSION } from "./score/index";

/** Checks what the release's shape cannot: ids unique, pool ids dense, distractors valid for the grid, sensitivity variants whole (`SensitivityTargetsRule`). */
function checkRelease(release: SuiteRelease): void {
  const poolSize = release.pool.functions.length;
  for (const [i, f] of release.pool.functions.entries())
    if (f.id !== i) invalid(`pool.functions[${i}] has id ${f.id}; ids must be 0..n-1 in order.`);
  const grid = release.grid;
  if (
    new Set(grid.distractors).size !== grid.distractors.length ||
    new Set(grid.positions).size !== grid.positions.length
  )
    invalid("grid values must be distinct.");
  if (Math.max(...grid.distractors) > poolSize)
    invalid(`grid asks for ${Math.max(...grid.distractors)} distractors but the pool has ${poolSize} functions.`);
  const tasks = Object.entries(release.tasks) as [SuiteTask, NonNullable<SuiteRelease["tasks"][SuiteTask]>][];
  if (tasks.length === 0) invalid("The suite holds no tasks.");
  for (const [task, { targets }] of tasks) {
    if (task.startsWith("sensitivity-")) {
      const rule = SensitivityTargetsRule.safeParse(targets);
      if (!rule.success) invalidIssues(rule.error.issues, ["tasks", task, "targets"]);
    }
    const ids = new Set<string>();
    const positional = !task.startsWith("sensitivity-");
    for (const t of targets) {
      if (ids.has(t.id)) invalid(`${task}: target "${t.id}" appears twice.`);
      ids.add(t.id);
      if (!positional) continue;
      for (const d of grid.distractors) {
        const list = t.distractors?.[String(d)];
        if (!list || list.length !== d) invalid(`${task}: target "${t.id}" needs ${d} distractor ids for D=${d}.`);
        if (list!.some((id) => id >= poolSize) || new Set(list).size !== d)
          invalid(`${task}: target "${t.id}" has distractor ids outside the pool or repeated at D=${d}.`);
      }
    }
  }
}

/** Imports a whole suite under `datasetId` (which must not exist yet). */
export async function importSuite(
  env: Env,
  datasetId: string,
  release: SuiteRelease,
  meta: ImportMeta = {},
): Promise<SuiteManifest> {
  if (await getDataset(env, datasetId))
    conflict(`Dataset "${datasetId}" already exists; delete it before importing again.`);
  checkRelease(release);
  try {
    return await writeSuite(env, datasetId, release, meta);
  } catch (err) {
    await deleteDataset(env, datasetId).catch(() => {});
    throw err;
  }
}

async function writeSuite(
  env: Env,
  datasetId: string,
  release: SuiteRelease,
  meta: ImportMeta,
): Promise<SuiteManifest> {
  const now = new Date().toISOString();
  const d = db(env);
  await d.insert(schema.datasets).values({
    id: datasetId,
    benchmark: FAMILY_DATASET_BENCHMARK,
    name: meta.name ?? datasetId,
    status: "importing",
    languages: [],
    contextConfig: null,
    visibility: meta.visibility ?? "public",
    createdAt: now,
    updatedAt: now,
  });

  const pool: SuitePool = { format: POOL_FORMAT, functions: release.pool.functions };
  const poolJson = JSON.stringify(pool);
  const poolSha = await sha256Hex(poolJson);
  await env.DATASETS.put(suiteKeys.pool(datasetId), poolJson, { ...JSON_OBJECT, sha256: poolSha });

  const shards: SuiteManifest["shards"] = [];
  const tasks: SuiteManifest["tasks"] = {};
  const statements = [];
  for (const [task, entry] of Object.entries(release.tasks) as [
    SuiteTask,
    NonNullable<SuiteRelease["tasks"][SuiteTask]>,
  ][]) {
    const per = SUITE_LIMITS.targetsPerShard;
    let n = 0;
    for (let start = 0; start < entry.targets.length; start += per, n++) {
      const shard: TargetShard = {
        format: TARGET_SHARD_FORMAT,
        task,
        targets: entry.targets.slice(start, start + per),
      };
      const shardJson = JSON.stringify(shard);
      const key = suiteKeys.shard(datasetId, task, n);
      const sha256 = await sha256Hex(shardJson);
      await env.DATASETS.put(key, shardJson, { ...JSON_OBJECT, sha256 });
      shards.push({ key, task, sha256, targets: shard.targets.length });
      const rows = shard.targets.map((t, i) => ({
        datasetId,
        taskId: suiteTaskId(task, t.id),
        language: "python",
        repo: task,
        name: t.id,
        shardIndex: start + i,
        shardKey: key,
      }));
      statements.push(...shardIndexStatements(env, { datasetId, repo: `${task}/${n}`, key, sha256 }, rows));
    }
    tasks[task] = { targets: entry.targets.length, shards: n, source: entry.source };
  }
  await runBatched(env, statements);

  // The identity covers the pool, every shard and the grid: what a model is shown is the task.
  const identity = [
    `pool:${poolSha}`,
    `grid:${JSON.stringify(release.grid)}`,
    `seed:${release.seed}`,
    ...shards.map((s) => `${s.key}:${s.sha256}`),
  ].sort();
  const contentSha256 = await sha256Hex(identity.map((l) => `${l}\n`).join(""));
  const targetCount = shards.reduce((n, s) => n + s.targets, 0);
  const manifest: SuiteManifest = {
    format: "needlework/manifest@1",
    id: datasetId,
    benchmark: FAMILY_DATASET_BENCHMARK,
    name: meta.name ?? datasetId,
    seed: release.seed,
    grid: release.grid,
    build: release.build,
    pool: {
      key: suiteKeys.pool(datasetId),
      sha256: poolSha,
      functions: pool.functions.length,
      source: release.pool.source,
      filter: release.pool.filter,
    },
    tasks,
    prompt_template_version: PROMPT_TEMPLATE_VERSION,
    tokenizer: { name: codeLlamaTokenizer.name, version: codeLlamaTokenizer.version },
    scorer_version: SCORER_VERSION,
    notes: [
      "CRUXEval input prediction is not offered: verifying an input means executing the function, and a Worker has no Python.",
      ...(Array.isArray(release.build.notes) ? (release.build.notes as unknown[]).map(String) : []),
    ],
    content_sha256: contentSha256,
    created_at: now,
    shards,
  };
  const manifestKey = datasetKeys.manifest(datasetId);
  await env.DATASETS.put(manifestKey, JSON.stringify(manifest, null, 2), JSON_OBJECT);
  await markReady(env, datasetId, { repoCount: shards.length, taskCount: targetCount, contentSha256, manifestKey });
  return manifest;
}

/** A ready suite dataset and its manifest (a 404/422 when it is missing or of another kind). */
export function readySuite(env: Env, datasetId: string) {
  return readyDatasetOf<SuiteManifest>(env, datasetId, FAMILY_DATASET_BENCHMARK, "a SemTrace suite");
}

/** One target of a suite with its pool (cached per isolate). */
export async function suiteTarget(env: Env, datasetId: string, task: SuiteTask, targetId: string) {
  const { dataset, manifest } = await readySuite(env, datasetId);
  const row = await db(env).query.tasks.findFirst({
    where: and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.taskId, suiteTaskId(task, targetId))),
  });
  if (!row) notFound(`Dataset "${datasetId}" has no ${task} target "${targetId}".`);
  const [shard, pool] = await Promise.all([
    getStoredJson<TargetShard>(env, row.shardKey, dataset.contentSha256),
    getStoredJson<SuitePool>(env, manifest.pool.key, dataset.contentSha256),
  ]);
  const target = shard.targets[row.shardIndex % SUITE_LIMITS.targetsPerShard];
  if (!target || target.id !== targetId) notFound("A stored part of this dataset is missing; re-import the dataset.");
  return { target, pool, manifest };
}

/** Target ids of a task, in dataset order. */
export async function suiteTargetIds(env: Env, datasetId: string, task: SuiteTask): Promise<string[]> {
  const rows = await db(env)
    .select({ name: schema.tasks.name, index: schema.tasks.shardIndex })
    .from(schema.tasks)
    .where(and(eq(schema.tasks.datasetId, datasetId), eq(schema.tasks.repo, task)));
  return rows.sort((a, b) => a.index - b.index).map((r) => r.name);
}
