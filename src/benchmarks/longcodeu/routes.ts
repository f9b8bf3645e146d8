/**
 * LongCodeU's own endpoint, mounted by the app beside the shared ones (`Family.routes`): the admin
 * import of a release built by its CLI.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "../../middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../middleware/body";
import { ADMIN_SECURITY, DatasetManifestSchema, createRouter, datasetIdParam, jsonBody, jsonResponse, problemResponses } from "../../middleware/openapi";
import { ReleaseSchema as LongCodeUReleaseSchema } from "./dataset";
import { importLongCodeU } from "./store";

const DatasetId = datasetIdParam("longcodeu-demo");

const importLongCodeURoute = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/longcodeu",
  tags: ["datasets"],
  summary: `Import a LongCodeU release built by \`npm run longcodeu -- build\` (one request, all or nothing; bodies up to ${LIMITS.repoBody} bytes)`,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({ name: z.string().max(200).optional() }),
    ...jsonBody(LongCodeUReleaseSchema.openapi("LongCodeURelease")),
  },
  responses: { 201: jsonResponse(z.object({ manifest: DatasetManifestSchema }), "Imported"), ...problemResponses(400, 401, 403, 409, 413, 415, 422) },
});

/** LongCodeU's routes, as `Family.routes`. */
export const longcodeuRoutes = createRouter()
  .openapi(importLongCodeURoute, async (c) => {
    const { id } = c.req.valid("param");
    const manifest = await importLongCodeU(c.env, id, c.req.valid("json"), { name: c.req.valid("query").name });
    return c.json({ manifest: manifest as unknown as Record<string, unknown> }, 201);
  });
