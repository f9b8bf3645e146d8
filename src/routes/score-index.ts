/**
 * `POST /v1/datasets/{id}/score-index` (admin): writes the precomputed score indexes of a dataset
 * imported before they existed (src/benchmarks/repoqa/dataset/score-index.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { writeScoreIndexes } from "../benchmarks/repoqa/dataset/store";
import { requireAdmin } from "../middleware/admin";
import { ADMIN_SECURITY, createRouter, jsonResponse, problemResponses } from "./common";

const reindex = createRoute({
  method: "post",
  path: "/v1/datasets/{id}/score-index",
  tags: ["datasets"],
  summary: "Write the score indexes of a RepoQA dataset imported before they existed (scores do not change; cold requests get cheaper)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: z.string().min(1).max(128) }) },
  responses: {
    200: jsonResponse(
      z.object({ dataset: z.string(), repos: z.number().int(), objects: z.number().int(), bytes: z.number().int() }).openapi("ScoreIndexResult"),
      "Written",
    ),
    ...problemResponses(401, 403, 404, 422),
  },
});

export const scoreIndexRoutes = createRouter().openapi(reindex, async (c) => c.json(await writeScoreIndexes(c.env, c.req.valid("param").id), 200));
