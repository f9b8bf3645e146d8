/**
 * The refresh's state in D1: windows and their steps (src/lib/db/schema.ts). A step is claimed by
 * inserting its row, or by taking over a row whose lease ran out; a finished row is never claimed
 * again, so a redelivered message finds it and does nothing.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "../../lib/db/client";
import * as schema from "../../lib/db/schema";
import type { Env } from "../../lib/env";

export type WindowRow = typeof schema.refreshWindows.$inferSelect;
export type StepRow = typeof schema.refreshSteps.$inferSelect;

const W = schema.refreshWindows;
const S = schema.refreshSteps;

export async function getWindow(env: Env, id: string): Promise<WindowRow | undefined> {
  return db(env).query.refreshWindows.findFirst({ where: eq(W.id, id) });
}

/** Inserts the window unless it exists; whether this call created it. */
export async function createWindow(env: Env, row: WindowRow): Promise<boolean> {
  const inserted = await db(env).insert(W).values(row).onConflictDoNothing().returning({ id: W.id });
  return inserted.length === 1;
}

export async function updateWindow(env: Env, id: string, set: Partial<WindowRow>): Promise<void> {
  await db(env)
    .update(W)
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where(eq(W.id, id));
}

/** Windows, newest first; with `statuses`, only those. */
export async function listWindowRows(env: Env, statuses?: readonly WindowRow["status"][]): Promise<WindowRow[]> {
  return db(env)
    .select()
    .from(W)
    .where(statuses ? inArray(W.status, [...statuses]) : undefined)
    .orderBy(desc(W.start));
}

export async function stepsOf(env: Env, windowId: string): Promise<StepRow[]> {
  return db(env).select().from(S).where(eq(S.windowId, windowId)).orderBy(asc(S.seq), asc(S.step));
}

/** The window whose datasets include `datasetId`, if a refresh built it. */
export async function windowOfDataset(env: Env, datasetId: string): Promise<WindowRow | undefined> {
  const [row] = await db(env)
    .select()
    .from(W)
    .where(sql`EXISTS (SELECT 1 FROM json_each(${W.datasets}) WHERE json_each.value = ${datasetId})`)
    .limit(1);
  return row;
}

export type Claim = { kind: "claimed"; attempt: number } | { kind: "finished"; row: StepRow } | { kind: "busy" };

/**
 * Takes step `step` of a window for this delivery: a new row, or a `running` row whose lease has run
 * out (a delivery that died or gave up). A finished row, or another delivery's live lease, is not taken.
 */
export async function claimStep(
  env: Env,
  windowId: string,
  step: string,
  seq: number,
  now: Date,
  leaseSeconds: number,
): Promise<Claim> {
  const d = db(env);
  const lease = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const fresh = await d
    .insert(S)
    .values({ windowId, step, seq, status: "running", attempts: 1, leaseUntil: lease, startedAt: now.toISOString() })
    .onConflictDoNothing()
    .returning({ attempts: S.attempts });
  if (fresh.length) return { kind: "claimed", attempt: 1 };
  const row = await d.query.refreshSteps.findFirst({ where: and(eq(S.windowId, windowId), eq(S.step, step)) });
  if (!row) return { kind: "busy" };
  if (row.status !== "running") return { kind: "finished", row };
  if (row.leaseUntil && row.leaseUntil > now.toISOString()) return { kind: "busy" };
  // Compare-and-set on the lease seen: of two deliveries taking over at once, one wins.
  const taken = await d
    .update(S)
    .set({ attempts: row.attempts + 1, leaseUntil: lease, startedAt: now.toISOString(), reason: row.reason })
    .where(
      and(
        eq(S.windowId, windowId),
        eq(S.step, step),
        eq(S.status, "running"),
        row.leaseUntil === null ? sql`${S.leaseUntil} IS NULL` : eq(S.leaseUntil, row.leaseUntil),
      ),
    )
    .returning({ attempts: S.attempts });
  return taken.length ? { kind: "claimed", attempt: taken[0].attempts } : { kind: "busy" };
}

/** Ends a claimed step: `done`, `skipped` or `failed`, with its record and figures. */
export async function finishStep(
  env: Env,
  windowId: string,
  step: string,
  set: Pick<StepRow, "status"> & Partial<Omit<StepRow, "windowId" | "step" | "seq">>,
): Promise<void> {
  await db(env)
    .update(S)
    .set({ leaseUntil: null, finishedAt: new Date().toISOString(), ...set })
    .where(and(eq(S.windowId, windowId), eq(S.step, step)));
}

/** Gives a claimed step back after a failed try: its lease ends now, so the next delivery takes it. */
export async function releaseStep(env: Env, windowId: string, step: string, reason: string): Promise<void> {
  await db(env)
    .update(S)
    .set({ leaseUntil: new Date(0).toISOString(), reason })
    .where(and(eq(S.windowId, windowId), eq(S.step, step), eq(S.status, "running")));
}
