/**
 * Importing LongCodeU datasets in named parts (docs/longcodeu.md, "Importing in parts"): the parts
 * (import-parts.ts) while the dataset is `importing`, then a commit (import-commit.ts) that checks
 * every part is there, writes the manifest and makes the dataset `ready`. Nothing reads an
 * importing dataset, so a part or a commit cut off at any point leaves nothing half-ready, and
 * sending the same parts again completes it. The one-request import (`importLongCodeU`) splits a
 * release into the same parts.
 */
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import { deleteDataset, getDataset } from "../../../lib/datasets/store";
import type { ImportMeta } from "../../../lib/datasets/visibility";
import type { Env } from "../../../lib/env";
import { conflict } from "../../../lib/errors";
import {
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  partName,
  type ContextsPart,
  type ExamplesPart,
  type LongCodeURelease,
  type ReleaseHeader,
} from "../dataset/index";
import type { LongCodeUManifest } from "./index";
import { checkRelease } from "./import-checks";
import { commitLongCodeU } from "./import-commit";
import { partSha256, putContextsPart, putExamplesPart } from "./import-parts";

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
