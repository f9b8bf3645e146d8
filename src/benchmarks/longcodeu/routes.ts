/**
 * LongCodeU's own endpoints, mounted by the app beside the shared ones (`Family.routes`): the admin
 * import of a release built by its CLI, in one request or in parts (`/parts/{part}` then `/commit`;
 * import.ts).
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
  unionBodyHook,
} from "../../lib/middleware/openapi";
import {
  ContextsPartSchema,
  ExamplesPartSchema,
  PART_NAME,
  ReleaseHeaderSchema,
  LONGCODEU_LIMITS,
  ReleaseSchema as LongCodeUReleaseSchema,
  type ContextsPart,
  type ExamplesPart,
} from "./dataset/index";
import { importLongCodeU } from "./store/import";
import { commitLongCodeU } from "./store/import-commit";
import { listParts, partSha256, putContextsPart, putExamplesPart } from "./store/import-parts";

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
    query: z.object({ name: z.string().max(200).optional(), visibility: VisibilitySchema.optional() }),
    ...jsonBody(LongCodeUReleaseSchema.openapi("LongCodeURelease")),
  },
  responses: {
    201: jsonResponse(z.object({ manifest: DatasetManifestSchema }), "Imported"),
    ...problemResponses(400, 401, 403, 409, 413, 415, 422),
  },
});

const PartResultSchema = z
  .object({ part: z.string(), sha256: z.string(), items: z.number().int(), stored: z.boolean() })
  .openapi("LongCodeUPartResult");

const putPartRoute = createRoute({
  method: "put",
  path: "/v1/datasets/{id}/longcodeu/parts/{part}",
  tags: ["datasets"],
  summary: `Store one part of a LongCodeU release being imported: \`contexts-<nnnn>\` (up to ${LONGCODEU_LIMITS.contextsPerPart} contexts of one repository) or \`<TASK>-<nnnn>\` (that task's examples from position nnnn × ${LONGCODEU_LIMITS.examplesPerShard}, up to ${LONGCODEU_LIMITS.examplesPerShard}); bodies up to ${LIMITS.repoBody} bytes. The same part again is a no-op (200), another under the same name a 409`,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({
      id: DatasetId,
      part: z.string().regex(PART_NAME, "contexts-0000 ... or <TASK>-0000 ...").openapi({ example: "CU_P-0000" }),
    }),
    ...jsonBody(
      z.union([
        ContextsPartSchema.openapi("LongCodeUContextsPart"),
        ExamplesPartSchema.openapi("LongCodeUExamplesPart"),
      ]),
    ),
  },
  hook: unionBodyHook((body) =>
    body && typeof body === "object" && "task" in body ? ExamplesPartSchema : ContextsPartSchema,
  ),
  responses: {
    201: jsonResponse(PartResultSchema, "Stored"),
    200: jsonResponse(PartResultSchema, "Already stored with the same content"),
    ...problemResponses(400, 401, 403, 409, 413, 415, 422),
  },
});

const listPartsRoute = createRoute({
  method: "get",
  path: "/v1/datasets/{id}/longcodeu/parts",
  tags: ["datasets"],
  summary: "The parts of a LongCodeU import stored so far (what a resumed import skips)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: DatasetId }) },
  responses: {
    200: jsonResponse(
      z.object({ status: z.string(), parts: z.array(PartResultSchema.omit({ stored: true })) }),
      "The stored parts",
    ),
    ...problemResponses(401, 403, 404),
  },
});

const commitRoute = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/longcodeu/commit",
  tags: ["datasets"],
  summary:
    "Commit a LongCodeU import sent in parts: 409 naming what is missing unless every part is stored; then the dataset is ready",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.repoBody), requireJson] as const,
  request: {
    params: z.object({ id: DatasetId }),
    query: z.object({ name: z.string().max(200).optional(), visibility: VisibilitySchema.optional() }),
    ...jsonBody(ReleaseHeaderSchema.openapi("LongCodeUReleaseHeader")),
  },
  responses: {
    200: jsonResponse(z.object({ manifest: DatasetManifestSchema }), "Committed"),
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422),
  },
});

/** LongCodeU's routes, as `Family.routes`. */
export const longcodeuRoutes = createRouter()
  .openapi(importLongCodeURoute, async (c) => {
    const { id } = c.req.valid("param");
    const manifest = await importLongCodeU(c.env, id, c.req.valid("json"), c.req.valid("query"));
    return c.json({ manifest: manifest as unknown as Record<string, unknown> }, 201);
  })
  .openapi(putPartRoute, async (c) => {
    const { id, part: name } = c.req.valid("param");
    const body = c.req.valid("json");
    const sha256 = await partSha256(body);
    const result =
      "task" in body
        ? await putExamplesPart(c.env, id, name, body as ExamplesPart, sha256)
        : await putContextsPart(c.env, id, name, body as ContextsPart, sha256);
    return c.json(result, result.stored ? 201 : 200);
  })
  .openapi(listPartsRoute, async (c) => c.json(await listParts(c.env, c.req.valid("param").id), 200))
  .openapi(commitRoute, async (c) => {
    const manifest = await commitLongCodeU(c.env, c.req.valid("param").id, c.req.valid("json"), c.req.valid("query"));
    return c.json({ manifest: manifest as unknown as Record<string, unknown> }, 200);
  });
