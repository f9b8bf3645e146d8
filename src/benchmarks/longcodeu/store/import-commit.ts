/**
 * The commit of a LongCodeU import: it checks every part is there, writes the manifest and makes the
 * dataset `ready`. Nothing reads an importing dataset, so a commit cut off at any point leaves
 * nothing half-ready, and committing again completes it.
 */
import { eq } from "drizzle-orm";
import { JSON_OBJECT, markReady } from "../../../lib/datasets/kind-store";
import { committedProvenance } from "../../../lib/datasets/provenance";
import * as schema from "../../../lib/db/schema";
import { datasetKeys } from "../../../lib/datasets/keys";
import { db } from "../../../lib/db/client";
import { getDataset } from "../../../lib/datasets/store";
import type { ImportMeta } from "../../../lib/datasets/visibility";
import { codeLlamaTokenizer } from "../../../lib/datasets/tokenizer";
import type { Env } from "../../../lib/env";
import { conflict, invalid, notFound } from "../../../lib/errors";
import { CODEBLEU_METRIC } from "../../../lib/metrics/codebleu";
import { GRAMMARS, PARSER_RUNTIME } from "../../../lib/code/runtime";
import { sha256Hex } from "../../../lib/sha256";
import {
  BUCKET_KEYS,
  LONGCODEU_DATASET_BENCHMARK,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  parsePartName,
  partName,
  type LengthBucket,
  type LongCodeUTask,
  type ReleaseHeader,
} from "../dataset/index";
import {
  PROMPT_TEMPLATE_VERSION,
  SCORER_VERSION,
  TASK_CONTEXT_KIND,
  TASK_PAPER_METRIC,
  longcodeuKeys,
} from "../dataset/ids";
import type { LongCodeUManifest } from "./index";
import { R2_CONCURRENCY, eachLimited, storedContexts } from "./import-objects";

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
