/**
 * The shared dataset endpoints: list, read (summary and manifest), change visibility and delete, whatever the family.
 * Each family's own import and task endpoints under `/v1/datasets/{id}/...` are its `Family.routes`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { defaultBenchmark } from "../benchmarks/registry";
import { deleteDataset, getDataset, listDatasets, readManifest, type DatasetRow } from "../lib/datasets/store";
import { VISIBILITIES, VisibilitySchema, setVisibility } from "../lib/datasets/visibility";
import { invalid, notFound } from "../lib/errors";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import { requireAdmin } from "../lib/middleware/admin";
import {
  ADMIN_SECURITY,
  DatasetManifestSchema,
  createRouter,
  datasetIdParam,
  jsonBody,
  jsonResponse,
  problemResponses,
  validationProblem,
} from "../lib/middleware/openapi";

const DatasetId = datasetIdParam(defaultBenchmark().leaderboard?.defaultDataset ?? "demo");

const DatasetSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    benchmark: z.string(),
    status: z.enum(["importing", "ready"]),
    languages: z.array(z.string()),
    repos: z.number().int(),
    tasks: z.number().int(),
    content_sha256: z.string().nullable(),
    visibility: VisibilitySchema,
    born: z
      .object({
        earliest: z.string().nullable(),
        latest: z.string().nullable(),
        dated: z.number().int(),
        undated: z.number().int(),
      })
      .nullable()
      .openapi({
        description:
          "When its targets were born (docs/contamination.md: the earliest and latest day, how many are dated); null for an undated dataset",
      }),
    created_at: z.string(),
  })
  .openapi("DatasetSummary");

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

const list = createRoute({
  method: "get",
  path: "/v1/datasets",
  tags: ["datasets"],
  summary: "List datasets",
  responses: { 200: jsonResponse(z.object({ datasets: z.array(DatasetSummary) }), "All datasets") },
});

const get = createRoute({
  method: "get",
  path: "/v1/datasets/{id}",
  tags: ["datasets"],
  summary: "A dataset's summary and, once committed, its manifest",
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
      }),
      "The dataset",
    ),
    ...problemResponses(400, 404),
  },
});

const patch = createRoute({
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

const remove = createRoute({
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

export const datasetRoutes = createRouter()
  .openapi(list, async (c) => c.json({ datasets: (await listDatasets(c.env)).map(summary) }, 200))
  .openapi(get, async (c) => {
    const { id } = c.req.valid("param");
    const row = await getDataset(c.env, id);
    if (!row) notFound(`No dataset "${id}".`);
    const manifest = row.status === "ready" ? ((await readManifest(c.env, id)) ?? null) : null;
    return c.json(
      {
        dataset: summary(row),
        provenance: row.provenance ?? null,
        manifest: manifest as Record<string, unknown> | null,
      },
      200,
    );
  })
  .openapi(
    patch,
    async (c) => {
      const { id } = c.req.valid("param");
      await setVisibility(c.env, id, c.req.valid("json").visibility);
      const row = await getDataset(c.env, id);
      if (!row) notFound(`No dataset "${id}".`);
      return c.json({ dataset: summary(row) }, 200);
    },
    (result) => {
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
    },
  )
  .openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    const { objects } = await deleteDataset(c.env, id);
    return c.json({ deleted: id, objects }, 200);
  });
