/** Reading a ready RepoQA dataset's tasks: where each one lives, and a page of them. */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Language } from "../../../lib/code/languages";
import * as schema from "../../../lib/db/schema";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import type { Env } from "../../../lib/env";
import { ProblemError } from "../../../lib/errors";
import type { ContextConfig } from "./contexts";
import { contextConfigOf } from "./index";

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
