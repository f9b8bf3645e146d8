/**
 * Where a dataset's code came from and how its targets were dated (`datasets.provenance`;
 * docs/contamination.md): each imported part's own record (a repository and commit, or a package's
 * versions with their integrity, and the birth rule), gathered as the parts arrive, and at commit
 * the range of its tasks' births. A dataset whose parts carry no record and whose tasks are undated
 * keeps `provenance` null.
 */
import { eq, sql } from "drizzle-orm";
import * as schema from "../db/schema";
import type { Env } from "../env";
import { db } from "../db/client";

/** The range of a dataset's births, as receipts and pages show it. */
export interface BornRange {
  earliest: string | null;
  latest: string | null;
  dated: number;
  undated: number;
}

/**
 * The statement that files one part's record under `parts.<part>` (merged into what the other parts
 * filed; sent again, it replaces its own). Nothing when the part has none.
 */
export function partProvenance(env: Env, datasetId: string, part: string, record: Record<string, unknown> | undefined) {
  if (!record || Object.keys(record).length === 0) return [];
  const t = schema.datasets;
  const patch = JSON.stringify({ parts: { [part]: record } });
  return [
    db(env)
      .update(t)
      .set({ provenance: sql`json_patch(coalesce(${t.provenance}, '{}'), ${patch})` })
      .where(eq(t.id, datasetId)),
  ];
}

/** The births of a dataset's tasks: earliest, latest, how many are dated and undated. One aggregate over its task rows. */
export async function bornRange(env: Env, datasetId: string): Promise<BornRange> {
  const t = schema.tasks;
  const [row] = await db(env)
    .select({
      earliest: sql<string | null>`min(${t.born})`,
      latest: sql<string | null>`max(${t.born})`,
      dated: sql<number>`count(${t.born})`,
      all: sql<number>`count(*)`,
    })
    .from(t)
    .where(eq(t.datasetId, datasetId));
  return { earliest: row.earliest, latest: row.latest, dated: row.dated, undated: row.all - row.dated };
}

/**
 * The dataset's provenance at commit: the parts' records and its tasks' born range (the rules the
 * parts name, once each); null when no part carries a record and no task is dated.
 */
export async function committedProvenance(
  env: Env,
  datasetId: string,
  filed: Record<string, unknown> | null,
): Promise<Record<string, unknown> | null> {
  const born = await bornRange(env, datasetId);
  const parts = (filed?.parts ?? {}) as Record<string, { rule?: unknown }>;
  if (born.dated === 0 && Object.keys(parts).length === 0) return null;
  const rules = [...new Set(Object.values(parts).flatMap((p) => (typeof p?.rule === "string" ? [p.rule] : [])))];
  return { ...filed, rules, born };
}
