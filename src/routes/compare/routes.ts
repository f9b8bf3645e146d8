/** The contract of `GET /v1/compare`: its query is the core's (src/core/compare/query.ts), read by the comparison pages too. */
import { createRoute } from "@hono/zod-openapi";
import { CompareQuerySchema } from "../../core/compare/query";
import { jsonResponse, problemResponses } from "../../lib/middleware/openapi";
import { CompareSchema } from "./schemas";

export const compare = createRoute({
  method: "get",
  path: "/v1/compare",
  tags: ["compare"],
  summary: "Paired comparison of two runs or leaderboard entries on the same tasks",
  description:
    "Pass/fail benchmarks: the 2×2 table, McNemar's exact test and the difference of pass@1 with Newcombe's interval; graded ones: the mean paired difference with a paired-bootstrap interval (fixed seed, stated). Both sides must be the same benchmark and dataset. docs/compare.md.",
  request: { query: CompareQuerySchema },
  responses: { 200: jsonResponse(CompareSchema, "The comparison"), ...problemResponses(400, 404, 422) },
});
