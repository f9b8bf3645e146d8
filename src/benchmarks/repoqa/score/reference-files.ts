/**
 * A RepoQA run in the reference's own file formats, so its results can be checked with the
 * reference tooling: model outputs as `search_needle_function.py` writes them (JSONL, the task's
 * fields plus `output: [text]`), scores as `compute_score` writes `<model>-SCORES.json`.
 * Only scored samples appear: the reference has no notion of a failed call or an overflow.
 */
import type { CommentMode } from "../dataset/context";
import { getShard } from "../store/shard-cache";
import { locateTasks } from "../store/tasks";
import type { RunRow, RunSampleRow as SampleRow } from "../../../lib/db/schema";
import type { Env } from "../../../lib/env";
import type { ReferenceFiles, RunRecord } from "../../types";
import { parseUnit } from "../dataset/unit";
import { INSTRUCTION } from "../prompt";
import { passAt1 } from "./scorer";
import { storedContext } from "./service";

/** The reference's TEMPLATE: the task keys whose values, concatenated, are the prompt. */
export const REFERENCE_TEMPLATE = "instruction\ncode_context\ndescription\ninstruction";

interface RunOptions {
  benchmark_options?: { context_size?: number; comment_mode?: CommentMode };
}

async function sampleContexts(env: Env, run: RunRow, rows: SampleRow[]) {
  const locations = await locateTasks(env, run.datasetId, [...new Set(rows.map((r) => r.taskId))]);
  const options = (run.options as RunOptions).benchmark_options ?? {};
  return async (row: SampleRow) => {
    const location = locations.get(row.taskId)!;
    const { depth } = parseUnit(row.unit);
    const [shard, context] = await Promise.all([
      getShard(env, location.shardKey, location.contentSha256),
      storedContext(env, location, { size: options.context_size, comment_mode: options.comment_mode, depth }),
    ]);
    return { needle: shard.shard.needles[location.needleIndex], task: context.task, repo: location.repo };
  };
}

/** The outputs JSONL, one line per scored sample, generated as it is sent a page of samples at a time (each line carries a whole context). */
export async function* referenceOutputLines(env: Env, run: RunRecord): AsyncGenerator<string> {
  for await (const page of run.pages()) {
    const rows = page.filter((r) => r.status === "scored" && r.outputKey);
    if (rows.length) yield* pageLines(env, run, rows);
  }
}

async function* pageLines(env: Env, run: RunRecord, rows: SampleRow[]): AsyncGenerator<string> {
  const contextOf = await sampleContexts(env, run.row, rows);
  for (const row of rows) {
    const [{ needle, task, repo }, output] = await Promise.all([contextOf(row), run.output(row.outputKey!)]);
    const line = {
      repo,
      name: needle.name,
      language: row.language,
      path: needle.path,
      position_ratio: task.position_ratio,
      description: `\nFunction Description:${needle.description}\n`,
      instruction: INSTRUCTION,
      template: REFERENCE_TEMPLATE,
      code_context: task.code_context,
      needle_token_start: task.needle_token_start,
      needle_token_end: task.needle_token_end,
      code_context_ntokens: task.code_context_ntokens,
      output: [output?.output ?? ""],
    };
    yield JSON.stringify(line) + "\n";
  }
}

/** `<model>-SCORES.json`: pass@1 per language and "all" at every threshold, and the per-task rows. */
export async function referenceScores(env: Env, { row: run, samples }: RunRecord) {
  const rows = (await samples()).filter((r) => r.status === "scored");
  const contextOf = await sampleContexts(env, run, rows);
  const verdicts = rows.map((r) => ({
    language: r.language,
    pass_at: (r.detail?.pass_at ?? {}) as Record<string, boolean>,
  }));
  const scores: Record<string, Record<string, { "pass@1": number }>> = {};
  for (const [group, { pass_at_1 }] of Object.entries(passAt1(verdicts))) {
    scores[group] = Object.fromEntries(Object.entries(pass_at_1).map(([t, rate]) => [t, { "pass@1": rate }]));
  }
  const results: Record<string, unknown[]> = {};
  for (const row of rows) {
    const { needle, task, repo } = await contextOf(row);
    const detail = row.detail ?? {};
    (results[row.language] ??= []).push({
      repo,
      name: needle.name,
      needle_position: task.position_ratio,
      is_best_similar: detail.is_best === true,
      best_similar_score: row.score ?? 0,
      best_target: (detail.best_target as string | null) ?? null,
      position: { token_start: task.needle_token_start, token_end: task.needle_token_end },
    });
  }
  return { [run.modelLabel]: { eval_date: run.finishedAt ?? run.createdAt, train_size: null, scores, results } };
}

/** RepoQA's reference files, as `Benchmark.referenceFiles`. */
export const repoqaReferenceFiles: ReferenceFiles = { outputLines: referenceOutputLines, scores: referenceScores };
