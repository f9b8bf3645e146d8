import { createRoute, z } from "@hono/zod-openapi";
import { countReadyDatasets } from "../lib/datasets/store";
import { defaultBenchmark } from "../benchmarks/registry";
import { SERVICE_VERSION } from "../lib/version";
import { GRAMMARS, PARSER_RUNTIME } from "../lib/code/runtime";
import { createRouter, jsonResponse, problemResponses } from "../lib/middleware/openapi";

/** The tree-sitter runtime that parses code (health, run receipts). */
export const ParserRuntimeSchema = z
  .object({
    package: z.string(),
    version: z.string(),
    core: z.string(),
    sha256: z.string().openapi({ description: "The runtime's wasm as it runs (patched to read UTF-8)" }),
    input_encoding: z
      .literal("utf-8")
      .optional()
      .openapi({ description: "What the core reads code as: UTF-8, as the references' py-tree-sitter" }),
    package_sha256: z.string().optional().openapi({ description: "The package's own wasm, before the UTF-8 patch" }),
  })
  .openapi("ParserRuntime", {
    description:
      "The tree-sitter runtime that parses code (web-tree-sitter), the tree-sitter core version inside it and the encoding it reads",
  });

/** The grammar versions, by name (health, run receipts). */
export const GrammarsSchema = z
  .record(z.string(), z.object({ package: z.string(), version: z.string(), sha256: z.string() }))
  .openapi("Grammars");

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

const route = createRoute({
  method: "get",
  path: "/v1/health",
  tags: ["service"],
  summary: "Service, scorer, parser runtime and grammar versions, and the number of ready datasets",
  responses: { 200: jsonResponse(HealthSchema, "The service is up"), ...problemResponses(500) },
});

export const healthRoutes = createRouter().openapi(route, async (c) => {
  return c.json(
    {
      status: "ok" as const,
      service_version: SERVICE_VERSION,
      scorer_version: defaultBenchmark().scorerVersion,
      parser_runtime: { ...PARSER_RUNTIME },
      grammars: { ...GRAMMARS },
      datasets: await countReadyDatasets(c.env),
    },
    200,
  );
});
