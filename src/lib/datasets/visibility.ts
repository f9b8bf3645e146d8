/**
 * A dataset's visibility (docs/api.md#held-out-datasets): `public`, or `held-out`, whose answers,
 * targets and per-candidate similarities no response, page or export shows (the views are applied by
 * src/core/dataset-view.ts). Set at import and by an admin (`PATCH /v1/datasets/{id}`).
 */
import { z } from "@hono/zod-openapi";
import { and, eq, inArray, notLike, sql } from "drizzle-orm";
import * as schema from "../db/schema";
import type { Env } from "../env";
import { invalid, notFound } from "../errors";
import { db } from "../db/client";
import { getDataset } from "./store";

export const VISIBILITIES = ["public", "held-out"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const VisibilitySchema = z.enum(VISIBILITIES).openapi({
  description:
    "`public` (default): responses show expected answers and targets; `held-out`: they show verdicts and scores only (docs/api.md#held-out-datasets)",
});

/** What a page says where a held-out dataset's view withholds something. */
export const WITHHELD = "withheld: the dataset is held out";

/** What an import request says about the dataset it creates: its name and visibility (default public). */
export interface ImportMeta {
  name?: string;
  visibility?: Visibility;
}

/** The visibility of dataset `id`; a dataset that does not exist (or no longer does) counts as public: it has nothing to show. */
export async function visibilityOf(env: Env, id: string): Promise<Visibility> {
  return (await getDataset(env, id))?.visibility === "held-out" ? "held-out" : "public";
}

const HELD_OUT_MARK = "+held-out";

/**
 * The stored content identity of a leaderboard entry of a held-out dataset, written without target
 * names: another than the same content's written in public, so publishing it again once the dataset
 * is public writes it whole (src/kit/leaderboard/store.ts).
 */
export const heldOutContent = (sha256: string) =>
  sha256.endsWith(HELD_OUT_MARK) ? sha256 : `${sha256}${HELD_OUT_MARK}`;

/**
 * Sets a dataset's visibility: a 404 for an unknown dataset. Made held out, its leaderboard rows
 * lose the target names they stored (`parts.target`) and are marked so (`heldOutContent`), as a
 * held-out dataset's rows are written; made public again, a re-published run stores them anew.
 */
export async function setVisibility(env: Env, id: string, visibility: Visibility): Promise<void> {
  const d = db(env);
  const update = d
    .update(schema.datasets)
    .set({ visibility, updatedAt: new Date().toISOString() })
    .where(eq(schema.datasets.id, id))
    .returning({ id: schema.datasets.id });
  const e = schema.leaderboardEntries;
  const s = schema.leaderboardSamples;
  const entries = d.select({ id: e.id }).from(e).where(eq(e.dataset, id));
  const [[row]] =
    visibility === "public"
      ? [await update]
      : await d.batch([
          update,
          d
            .update(s)
            // A part object left empty is stored as null, as a sample without parts is written.
            .set({ parts: sql`nullif(json_remove(${s.parts}, '$.target'), '{}')` })
            .where(and(inArray(s.entryId, entries), sql`json_extract(${s.parts}, '$.target') IS NOT NULL`)),
          d
            .update(e)
            .set({ contentSha256: sql`${e.contentSha256} || ${HELD_OUT_MARK}` })
            .where(and(eq(e.dataset, id), notLike(e.contentSha256, `%${HELD_OUT_MARK}`))),
        ]);
  if (!row) notFound(`No dataset "${id}".`);
}

/** Throws the 422 of a request a held-out dataset cannot answer without showing what it hides; `what` names the request, `instead` what to use. */
export const refuseAsHeldOut = (id: string, what: string, instead?: string): never =>
  invalid(`Dataset "${id}" is held out: ${what} would show its answers${instead ? `; use ${instead}` : ""}.`);

/** Refuses (`refuseAsHeldOut`) a request about dataset `id` when it is held out (a family's original request shapes, which answer with the target). */
export async function refuseHeldOut(env: Env, id: string, what: string, instead?: string): Promise<void> {
  if ((await visibilityOf(env, id)) === "held-out") refuseAsHeldOut(id, what, instead);
}
