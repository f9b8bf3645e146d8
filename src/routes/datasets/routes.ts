/** The contracts of the shared dataset routes. */
import { createRoute, z } from "@hono/zod-openapi";
import { VisibilitySchema } from "../../lib/datasets/visibility";
import { requireAdmin } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import {
  ADMIN_SECURITY,
  DatasetManifestSchema,
  jsonBody,
  jsonResponse,
  problemResponses,
} from "../../lib/middleware/openapi";
import { RefreshWindowRecordSchema } from "../../core/refresh/schemas";
import { DatasetId, DatasetSummary } from "./schemas";

export const list = createRoute({
  method: "get",
  path: "/v1/datasets",
  tags: ["datasets"],
  summary: "List datasets",
  responses: { 200: jsonResponse(z.object({ datasets: z.array(DatasetSummary) }), "All datasets") },
});

export const get = createRoute({
  method: "get",
  path: "/v1/datasets/{id}",
  tags: ["datasets"],
  summary: "A dataset's summary, its provenance, once committed its manifest, and the refresh window that built it",
  request: { params: z.object({ id: DatasetId }) },
  responses: {
    200: jsonResponse(
      z.object({
        dataset: DatasetSummary,
        provenance: z.record(z.string(), z.unknown()).nullable().openapi({
          description:
            "Where its code came from and how its targets were dated: each part's source (repository and commit, or package versions with their integrity), the birth rules and the born range; null for an undated dataset (docs/contamination.md)",
        }),
        manifest: DatasetManifestSchema.nullable(),
        refresh: z.union([RefreshWindowRecordSchema, z.null()]).openapi({
          description:
            "For a dataset the scheduled refresh built: its window and every step's record (what was fetched, with its integrity; what was built or imported; why a source was skipped), as GET /v1/refresh/windows/{id} answers it; null for any other dataset (docs/refresh.md)",
        }),
      }),
      "The dataset",
    ),
    ...problemResponses(400, 404),
  },
});

export const patch = createRoute({
  method: "patch",
  path: "/v1/datasets/{id}",
  tags: ["datasets"],
  summary:
    "Change a dataset's visibility: `held-out` hides its answers, targets and run outputs from every response, page and export (docs/api.md#held-out-datasets)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: { params: z.object({ id: DatasetId }), ...jsonBody(z.object({ visibility: VisibilitySchema }).strict()) },
  responses: {
    200: jsonResponse(z.object({ dataset: DatasetSummary }), "The dataset as it is now"),
    ...problemResponses(400, 401, 403, 404, 413, 415, 422),
  },
});

export const remove = createRoute({
  method: "delete",
  path: "/v1/datasets/{id}",
  tags: ["datasets"],
  summary: "Delete a dataset: its index rows, then its stored shards",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: DatasetId }) },
  responses: {
    200: jsonResponse(z.object({ deleted: z.string(), objects: z.number().int() }), "Deleted"),
    ...problemResponses(401, 403, 404),
  },
});
