/**
 * Models' training cutoffs (`model_cutoffs`; docs/contamination.md#cutoffs): stated by whoever runs,
 * submits, imports or corrects a model's results, stored with their precision and source, never
 * guessed. The unseen view (unseen.ts) scores a model only on units born on or after the first day
 * after its cutoff; a model without one is set apart there, not ranked.
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import type { Env } from "../../lib/env";
import { invalid, notFound, ProblemError } from "../../lib/errors";
import { parseCutoff } from "../../lib/born";
import { generationBump } from "./store";

/** A model's stated cutoff, as answers show it. */
export interface ModelCutoff {
  /** As stated: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  cutoff: string;
  precision: "year" | "month" | "day";
  /** The first UTC day after the cutoff's period: units born on or after it are unseen by the model. */
  first_unseen: string;
  /** Who stated it: `run <id>`, `import`, `admin`, ... */
  source: string;
  /** Where it comes from (a model card's URL), if given. */
  note: string | null;
  updated_at: string;
}

/** The longest `source` and `note` kept. */
const MAX_TEXT = 500;

/** A cutoff as the API takes it, checked (a 400 naming the field otherwise). */
export function checkedCutoff(text: string, field = "cutoff") {
  try {
    return parseCutoff(text);
  } catch (err) {
    const message = (err as Error).message;
    throw new ProblemError("validation-error", `${field}: ${message}`, { errors: [{ path: field, message }] });
  }
}

/** Sets (or replaces) `model`'s cutoff; the newest statement wins, and its source says whose it is. */
export function setCutoffStatement(
  env: Env,
  model: string,
  cutoff: string,
  source: string,
  note: string | null = null,
) {
  const c = checkedCutoff(cutoff);
  if (source.length > MAX_TEXT || (note?.length ?? 0) > MAX_TEXT)
    invalid(`source and note are at most ${MAX_TEXT} characters.`);
  const row = {
    model,
    cutoff: c.value,
    precision: c.precision,
    firstUnseen: c.firstUnseenDay,
    source,
    note,
    updatedAt: new Date().toISOString(),
  };
  const t = schema.modelCutoffs;
  return db(env).insert(t).values(row).onConflictDoUpdate({ target: t.model, set: row });
}

/** Sets `model`'s cutoff now; boards answer anew (the leaderboard's generation moves with it). */
export async function setCutoff(env: Env, model: string, cutoff: string, source: string, note: string | null = null) {
  await db(env).batch([setCutoffStatement(env, model, cutoff, source, note), generationBump(env)]);
}

/** Sets several models' cutoffs in one batch (an import's); nothing when there are none. */
export async function setCutoffs(env: Env, cutoffs: Readonly<Record<string, string>>, source: string) {
  const statements = Object.entries(cutoffs).map(([model, cutoff]) => setCutoffStatement(env, model, cutoff, source));
  if (statements.length) await db(env).batch([generationBump(env), ...statements]);
}

/** Removes `model`'s cutoff (unknown again); whether it had one. */
export async function clearCutoff(env: Env, model: string): Promise<boolean> {
  const t = schema.modelCutoffs;
  const [, gone] = await db(env).batch([
    generationBump(env),
    db(env).delete(t).where(eq(t.model, model)).returning({ model: t.model }),
  ]);
  return gone.length > 0;
}

/** A stored row as answers show it. */
const shown = (r: typeof schema.modelCutoffs.$inferSelect): ModelCutoff => ({
  cutoff: r.cutoff,
  precision: r.precision,
  first_unseen: r.firstUnseen,
  source: r.source,
  note: r.note,
  updated_at: r.updatedAt,
});

/** The cutoffs of these models (by name); a model without one is absent. At most 90 names a statement. */
export async function cutoffsOf(env: Env, models: readonly string[]): Promise<Map<string, ModelCutoff>> {
  const t = schema.modelCutoffs;
  const out = new Map<string, ModelCutoff>();
  const names = [...new Set(models)];
  for (let i = 0; i < names.length; i += 90) {
    const rows = await db(env)
      .select()
      .from(t)
      .where(inArray(t.model, names.slice(i, i + 90)));
    for (const r of rows) out.set(r.model, shown(r));
  }
  return out;
}

/**
 * The statement that reads the cutoffs of the models of a board page (`pageIds`: the subquery of
 * its entries' ids), for the page's batch; `byModel` turns its rows into a map by model name.
 */
export function pageCutoffs(env: Env, pageIds: SQL) {
  const t = schema.modelCutoffs;
  const e = schema.leaderboardEntries;
  return db(env).select().from(t).where(sql`${t.model} IN (SELECT ${e.model} FROM ${e} WHERE ${e.id} IN (${pageIds}))`);
}

/** A page's cutoff rows by model name. */
export const byModel = (rows: readonly (typeof schema.modelCutoffs.$inferSelect)[]) =>
  new Map(rows.map((r) => [r.model, shown(r)]));

/** The model name a leaderboard slug stands for (any of its entries'); a 404 when no entry has that slug. */
export async function modelOfSlug(env: Env, slug: string): Promise<string> {
  const e = schema.leaderboardEntries;
  const [row] = await db(env).select({ model: e.model }).from(e).where(eq(e.modelSlug, slug)).limit(1);
  if (!row) notFound(`No leaderboard entry has the model slug "${slug}".`);
  return row.model;
}

/** One model's cutoff, or null. */
export async function cutoffOf(env: Env, model: string): Promise<ModelCutoff | null> {
  return (await cutoffsOf(env, [model])).get(model) ?? null;
}
