/**
 * Writing leaderboard entries. Every write of a set of entries is one D1 batch (one transaction):
 * the replaced entries' rows go, the new ones (entry, samples, recomputed aggregates, rank values) come, and the
 * generation counter moves, or nothing happens at all. An entry whose content sha256 is unchanged
 * is not written, and when nothing changes the generation stays put (caches stay valid).
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import { heldOutContent, visibilityOf } from "../../lib/datasets/visibility";
import type { Env } from "../../lib/env";
import { sha256Hex } from "../../lib/sha256";
import type { LeaderboardKind } from "./types";
import type { Aggregate, Sample } from "./aggregate";
import { rankInserts, type RankValue } from "./ranks";

/** D1 allows 100 bound parameters per statement. */
const MAX_PARAMS = 99;
const SAMPLE_COLUMNS = 12;
const AGGREGATE_COLUMNS = 14;
const IDS_PER_DELETE = 90;

/** What one leaderboard row is about; unique in `leaderboard_entries`. */
export interface EntryScope {
  benchmark: string;
  dataset: string;
  /** The benchmark's scope options as one text (options.ts). */
  options: string;
  kind: LeaderboardKind;
}

export interface EntryWrite {
  model: string;
  source: string | null;
  license: string | null;
  trainSize: string | null;
  evalDate: string | null;
  receipt: Record<string, unknown> | null;
  /** null: aggregates only (a published summary without per-task rows). */
  samples: Sample[] | null;
  aggregates: Aggregate[];
  /** The values the entry is ranked by (`BenchmarkLeaderboard.ranks` of its aggregates). */
  ranks: RankValue[];
  n: number;
  errors: number;
  contextExceeded: number;
  contentSha256: string;
}

export type WriteStatus = "created" | "replaced" | "unchanged" | "kept";

export interface WriteResult {
  model: string;
  model_slug: string;
  status: WriteStatus;
}

export type EntryRow = typeof schema.leaderboardEntries.$inferSelect;

/** A sample without the part that names its target (`parts.target`), as a held-out dataset's rows are stored. */
function withoutTarget(s: Sample): Sample {
  if (!s.parts || !("target" in s.parts)) return s;
  const { target: _target, ...rest } = s.parts;
  return { ...s, parts: Object.keys(rest).length ? rest : null };
}

/**
 * A URL-safe id for a model name: "/" becomes "--", other characters outside [A-Za-z0-9._-] become
 * "~" and their code point in hex ("~20" for a space). Readable and, but for names that already
 * contain "--" or "~", reversible; collisions are settled when the slug is assigned.
 */
export function slugify(model: string): string {
  return model.replace(/\//g, "--").replace(/[^A-Za-z0-9._-]/gu, (ch) => `~${ch.codePointAt(0)!.toString(16)}`);
}

/**
 * The current generation (0 before the first leaderboard write), and the state of the loaded
 * datasets (how many are ready, and the latest change): a read without `dataset` may resolve to a
 * loaded dataset (queries.ts, `defaultDataset`), so a cached answer must not outlive a dataset
 * loaded or deleted. One query.
 */
export async function leaderboardVersion(
  env: Env,
): Promise<{ generation: number; stamp: string; updatedAt: string | null; datasets: string }> {
  const row = await env.DB.prepare(
    "SELECT m.generation, m.stamp, m.updated_at, d.datasets FROM (SELECT count(*) || ':' || coalesce(max(updated_at), '') AS datasets FROM datasets WHERE status = 'ready') d LEFT JOIN leaderboard_meta m ON m.id = 1",
  ).first<{ generation: number | null; stamp: string | null; updated_at: string | null; datasets: string }>();
  const datasets = row?.datasets ?? "";
  return row?.generation != null
    ? { generation: row.generation, stamp: row.stamp!, updatedAt: row.updated_at, datasets }
    : { generation: 0, stamp: "0", updatedAt: null, datasets };
}

async function existingEntries(env: Env, scope: EntryScope, models: string[]): Promise<Map<string, EntryRow>> {
  const d = db(env);
  const found = new Map<string, EntryRow>();
  for (let i = 0; i < models.length; i += 90) {
    const rows = await d
      .select()
      .from(schema.leaderboardEntries)
      .where(and(scopeWhere(scope), inArray(schema.leaderboardEntries.model, models.slice(i, i + 90))));
    for (const r of rows) found.set(r.model, r);
  }
  return found;
}

/**
 * The statement that moves the leaderboard's generation (what caches and ETags key on), in the batch
 * of a write that changes what a read answers; it returns the new generation.
 */
export function generationBump(env: Env, now = new Date().toISOString()) {
  const meta = schema.leaderboardMeta;
  const stamp = crypto.randomUUID().slice(0, 8);
  return db(env)
    .insert(meta)
    .values({ id: 1, generation: 1, stamp, updatedAt: now })
    .onConflictDoUpdate({ target: meta.id, set: { generation: sql`${meta.generation} + 1`, stamp, updatedAt: now } })
    .returning({ generation: meta.generation });
}

/** Entries of one scope (`kind: "all"`: both kinds). */
export function scopeWhere(scope: Omit<EntryScope, "kind"> & { kind: EntryScope["kind"] | "all" }) {
  const e = schema.leaderboardEntries;
  return and(
    eq(e.benchmark, scope.benchmark),
    eq(e.dataset, scope.dataset),
    eq(e.options, scope.options),
    scope.kind === "all" ? undefined : eq(e.kind, scope.kind),
  );
}

/** The model's slug: the one it already has anywhere, else slugify()'s, made unique if taken. */
async function assignSlug(env: Env, model: string, taken: Map<string, string>): Promise<string> {
  const e = schema.leaderboardEntries;
  const d = db(env);
  const [own] = await d.select({ slug: e.modelSlug }).from(e).where(eq(e.model, model)).limit(1);
  if (own) return own.slug;
  let slug = slugify(model);
  const [other] = await d
    .select({ model: e.model })
    .from(e)
    .where(and(eq(e.modelSlug, slug), ne(e.model, model)))
    .limit(1);
  const inBatch = taken.get(slug);
  if (other || (inBatch !== undefined && inBatch !== model)) slug = `${slug}~${(await sha256Hex(model)).slice(0, 8)}`;
  return slug;
}

function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Writes entries of one scope in one transaction. An entry whose content sha256 is already stored
 * is left alone ("unchanged"); with `keepRicher`, a write does not replace a stored entry that
 * supersedes it ("kept", see `supersedes`). Returns per-model statuses and the generation after.
 */
/**
 * Whether a stored reported entry stays when another publication of the same model arrives: the
 * newest evaluation wins (a leaderboard shows a model's latest published result); for the same
 * evaluation, the entry with per-sample rows wins over an aggregates-only one.
 */
export function supersedes(
  old: { evalDate: string | null; hasSamples: boolean },
  write: { evalDate: string | null; samples: unknown },
): boolean {
  // eval_date is "YYYY-MM-DD hh:mm:ss.ffffff": text order is time order.
  if (old.evalDate && write.evalDate && old.evalDate !== write.evalDate) return old.evalDate > write.evalDate;
  return old.hasSamples && !write.samples;
}

export async function writeEntries(
  env: Env,
  scope: EntryScope,
  writes: readonly EntryWrite[],
  opts: { keepRicher?: boolean } = {},
): Promise<{ results: WriteResult[]; generation: number; existing: Map<string, EntryRow> }> {
  const d = db(env);
  const [existing, visibility] = await Promise.all([
    existingEntries(
      env,
      scope,
      writes.map((w) => w.model),
    ),
    visibilityOf(env, scope.dataset),
  ]);
  // A held-out dataset's rows keep no target name (docs/api.md#held-out-datasets): nothing shows one, so nothing stores one.
  // Their content identity says so, so the same content written once the dataset is public again is written whole.
  const heldOut = visibility === "held-out";
  const stored = heldOut ? withoutTarget : (s: Sample) => s;
  const contentOf = (w: EntryWrite) => (heldOut ? heldOutContent(w.contentSha256) : w.contentSha256);
  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  const replacedIds: string[] = [];
  const results: WriteResult[] = [];
  const slugs = new Map<string, string>();

  for (const w of writes) {
    const old = existing.get(w.model);
    if (old && old.contentSha256 === contentOf(w)) {
      results.push({ model: w.model, model_slug: old.modelSlug, status: "unchanged" });
      continue;
    }
    if (old && opts.keepRicher && supersedes(old, w)) {
      results.push({ model: w.model, model_slug: old.modelSlug, status: "kept" });
      continue;
    }
    const slug = old?.modelSlug ?? (await assignSlug(env, w.model, slugs));
    slugs.set(slug, w.model);
    if (old) replacedIds.push(old.id);
    const id = crypto.randomUUID();
    statements.push(
      d.insert(schema.leaderboardEntries).values({
        id,
        ...scope,
        model: w.model,
        modelSlug: slug,
        source: w.source,
        license: w.license,
        trainSize: w.trainSize,
        evalDate: w.evalDate,
        receipt: w.receipt,
        hasSamples: w.samples !== null,
        n: w.n,
        errors: w.errors,
        contextExceeded: w.contextExceeded,
        contentSha256: contentOf(w),
        createdAt: old?.createdAt ?? now,
        updatedAt: now,
      }),
    );
    for (const rows of chunk(w.samples ?? [], Math.floor(MAX_PARAMS / SAMPLE_COLUMNS))) {
      statements.push(d.insert(schema.leaderboardSamples).values(rows.map((s) => ({ entryId: id, ...stored(s) }))));
    }
    for (const rows of chunk(w.aggregates, Math.floor(MAX_PARAMS / AGGREGATE_COLUMNS))) {
      statements.push(d.insert(schema.leaderboardAggregates).values(rows.map((a) => ({ entryId: id, ...a }))));
    }
    statements.push(...rankInserts(env, id, scope, w.model, w.ranks));
    results.push({ model: w.model, model_slug: slug, status: old ? "replaced" : "created" });
  }

  if (statements.length === 0) return { results, generation: (await leaderboardVersion(env)).generation, existing };

  // The old versions go first, inside the same batch: readers see the old entry or the new one.
  const deletes: BatchItem<"sqlite">[] = [];
  for (const ids of chunk(replacedIds, IDS_PER_DELETE)) {
    deletes.push(
      d.delete(schema.leaderboardSamples).where(inArray(schema.leaderboardSamples.entryId, ids)),
      d.delete(schema.leaderboardAggregates).where(inArray(schema.leaderboardAggregates.entryId, ids)),
      d.delete(schema.leaderboardRanks).where(inArray(schema.leaderboardRanks.entryId, ids)),
      d.delete(schema.leaderboardEntries).where(inArray(schema.leaderboardEntries.id, ids)),
    );
  }
  const bump = generationBump(env, now);
  const out = await d.batch([bump, ...deletes, ...statements] as [typeof bump, ...BatchItem<"sqlite">[]]);
  const generation = (out[0] as { generation: number }[])[0].generation;
  return { results, generation, existing };
}
