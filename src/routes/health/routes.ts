/** The contract of `GET /v1/health`. */
import { createRoute, z } from "@hono/zod-openapi";
import { GrammarsSchema, ParserRuntimeSchema } from "../../lib/code/runtime-schemas";
import { jsonResponse, problemResponses } from "../../lib/middleware/openapi";

const HealthSchema = z
  .object({
    status: z.literal("ok"),
    service_version: z.string(),
    scorer_version: z.string(),
    parser_runtime: ParserRuntimeSchema,
    grammars: GrammarsSchema,
    datasets: z.number().int().openapi({ description: "Datasets ready to score against" }),
  })
  .openapi("Health");

export const health = createRoute({
  method: "get",
  path: "/v1/health",
  tags: ["service"],
  summary: "Service, scorer, parser runtime and grammar versions, and the number of ready datasets",
  responses: { 200: jsonResponse(HealthSchema, "The service is up"), ...problemResponses(500) },
});
