/** The contracts of the leaderboard routes: the board, one model, the import of published results, models' cutoffs. */
import { createRoute, z } from "@hono/zod-openapi";
import { LEADERBOARD_BENCHMARKS } from "../../core/leaderboard/queries";
import { requireAdmin } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { ADMIN_SECURITY, jsonBody, jsonResponse, problemResponses } from "../../lib/middleware/openapi";
import { importer } from "./boards";
import { CACHING, LIST_ABOUT } from "./descriptions";
import {
  BreakdownSchema,
  CutoffResult,
  LeaderboardQuerySchema,
  LeaderboardSchema,
  ModelParam,
  Params,
  Scope,
} from "./schemas";

const notModified = { 304: { description: "Not modified: the If-None-Match ETag is current" } };

export const list = createRoute({
  method: "get",
  path: "/v1/leaderboard",
  tags: ["leaderboard"],
  summary: "The leaderboard: pass@1 per model at one threshold, with 95 % Wilson intervals",
  description: LIST_ABOUT,
  request: { query: LeaderboardQuerySchema },
  responses: {
    200: {
      description: "The leaderboard",
      content: { "application/json": { schema: LeaderboardSchema }, "text/csv": { schema: z.string() } },
    },
    ...notModified,
    ...problemResponses(400),
  },
});

export const model = createRoute({
  method: "get",
  path: "/v1/leaderboard/models/{model}",
  tags: ["leaderboard"],
  summary: "One model: every threshold and language, and at `threshold` by needle depth, context length and both",
  description: `${CACHING} With kind=all the verified entry is shown when there is one.`,
  request: {
    params: z.object({
      model: z
        .string()
        .min(1)
        .max(300)
        .openapi({ param: { name: "model", in: "path" }, example: "Qwen--Qwen1.5-72B-Chat" }),
    }),
    query: z.object({ ...Scope, ...Params }),
  },
  responses: {
    200: jsonResponse(BreakdownSchema, "The model's breakdown"),
    ...notModified,
    ...problemResponses(400, 404),
  },
});

export const importReported = createRoute({
  method: "post",
  path: "/v1/leaderboard/import",
  tags: ["leaderboard"],
  summary: "Import published results (a <model>-SCORES.json or COMBINED-RESULTS.json) as reported entries",
  description: importer.reported.description,
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.leaderboardImportBody), requireJson] as const,
  request: jsonBody(importer.reported.schema(LEADERBOARD_BENCHMARKS)),
  responses: {
    200: jsonResponse(importer.reported.result, "Imported"),
    ...problemResponses(400, 401, 403, 413, 415, 422),
  },
});

export const putCutoff = createRoute({
  method: "put",
  path: "/v1/leaderboard/models/{model}/cutoff",
  tags: ["leaderboard"],
  summary: "Set or correct a model's training cutoff (the model of a leaderboard entry, by its slug)",
  description:
    "The cutoff as the model's provider states it, `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, stored with source `admin` and an optional `note` (where it comes from, e.g. the model card's URL); it replaces any earlier statement, and every board answers anew. The unseen view scores the model only on units born on or after the first day after the cutoff's period (docs/contamination.md#cutoffs).",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: {
    params: ModelParam,
    ...jsonBody(
      z
        .object({
          cutoff: z.string().max(10).openapi({ example: "2025-03" }),
          note: z.string().max(500).optional().openapi({ example: "https://example.org/model-card" }),
        })
        .strict(),
    ),
  },
  responses: {
    200: jsonResponse(CutoffResult, "The model's cutoff"),
    ...problemResponses(400, 401, 403, 404, 413, 415),
  },
});

export const deleteCutoff = createRoute({
  method: "delete",
  path: "/v1/leaderboard/models/{model}/cutoff",
  tags: ["leaderboard"],
  summary: "Remove a model's stated cutoff (unknown again: set apart from the unseen view)",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: ModelParam },
  responses: { 200: jsonResponse(CutoffResult, "The cutoff is gone"), ...problemResponses(400, 401, 403, 404) },
});
