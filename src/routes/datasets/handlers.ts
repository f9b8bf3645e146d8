/** The shared dataset handlers: a dataset's row as the API answers it, its visibility, its deletion. */
import type { z } from "@hono/zod-openapi";
import { datasetRefreshRecord } from "../../core/refresh/views";
import { deleteDataset, getDataset, listDatasets, readManifest, type DatasetRow } from "../../lib/datasets/store";
import { VISIBILITIES, setVisibility } from "../../lib/datasets/visibility";
import { invalid, notFound } from "../../lib/errors";
import { validationProblem } from "../../lib/middleware/openapi";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";
import type { DatasetSummary } from "./schemas";

const summary = (row: DatasetRow): z.infer<typeof DatasetSummary> => ({
  id: row.id,
  name: row.name,
  benchmark: row.benchmark,
  status: row.status,
  languages: row.languages,
  repos: row.repoCount,
  tasks: row.taskCount,
  content_sha256: row.contentSha256,
  visibility: row.visibility,
  born: (row.provenance?.born as z.infer<typeof DatasetSummary>["born"] | undefined) ?? null,
  created_at: row.createdAt,
});

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json({ datasets: (await listDatasets(c.env)).map(summary) }, 200);

export const get: AppRouteHandler<typeof routes.get> = async (c) => {
  const { id } = c.req.valid("param");
  const row = await getDataset(c.env, id);
  if (!row) notFound(`No dataset "${id}".`);
  const [manifest, refresh] = await Promise.all([
    row.status === "ready" ? readManifest(c.env, id).then((m) => m ?? null) : null,
    datasetRefreshRecord(c.env, id),
  ]);
  return c.json(
    {
      dataset: summary(row),
      provenance: row.provenance ?? null,
      manifest: manifest as Record<string, unknown> | null,
      refresh,
    },
    200,
  );
};

export const patch: AppRouteHandler<typeof routes.patch> = async (c) => {
  const { id } = c.req.valid("param");
  await setVisibility(c.env, id, c.req.valid("json").visibility);
  const row = await getDataset(c.env, id);
  if (!row) notFound(`No dataset "${id}".`);
  return c.json({ dataset: summary(row) }, 200);
};

/** The validation hook of `patch`. */
export const patchHook = (result: { success: boolean }): undefined => {
  if (result.success) return undefined;
  const { error, data } = result as unknown as { error: z.ZodError; data?: { visibility?: unknown } };
  // A well-formed body naming a visibility there is not: 422 (a malformed one stays the 400 of every route).
  if (
    typeof data?.visibility === "string" &&
    error.issues.every((i) => i.path[0] === "visibility" && i.code === "invalid_value")
  ) {
    invalid(`visibility: must be one of ${VISIBILITIES.join(", ")}.`);
  }
  throw validationProblem(error);
};

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  const { id } = c.req.valid("param");
  const { objects } = await deleteDataset(c.env, id);
  return c.json({ deleted: id, objects }, 200);
};
