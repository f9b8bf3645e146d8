/**
 * The SemTrace family's own endpoint, mounted by the app beside the shared ones (`Family.routes`):
 * the admin import of a suite built by its CLI.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { VisibilitySchema } from "../../lib/datasets/visibility";
import {
  ADMIN_SECURITY,
  DatasetManifestSchema,
  createRouter,
  datasetIdParam,
  jsonBody,
  jsonResponse,
  problemResponses,
} from "../../lib/middleware/openapi";
import { SuiteReleaseSchema } from "./dataset/index";
import { importSuite } from "./store";

const DatasetId = datasetIdParam("semtrace-demo");

const importSuiteRoute = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/suite",
  tags: ["datasets"],
  summary: `Import a SemTrace-family suite built by \`npm run semtrace -- build\` (one request, all or nothing; bodies up to ${LIMITS.repoBody} bytes)`,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({ name: z.string().max(200).optional(), visibility: VisibilitySchema.optional() }),
    ...jsonBody(SuiteReleaseSchema.openapi("SemTraceSuite")),
  },
  responses: {
    200: jsonResponse(DatasetManifestSchema, "The manifest"),
    ...problemResponses(400, 401, 403, 409, 413, 415, 422),
  },
});

/** The family's routes, as `Family.routes`. */
export const semtraceRoutes = createRouter().openapi(importSuiteRoute, async (c) => {
  const { id } = c.req.valid("param");
  const manifest = await importSuite(c.env, id, c.req.valid("json"), c.req.valid("query"));
  return c.json(manifest as unknown as Record<string, unknown>, 200);
});
