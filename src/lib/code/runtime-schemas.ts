/**
 * The OpenAPI schemas of what parses code (src/lib/code/runtime.ts): `GET /v1/health` reports them,
 * and every run's receipt records them.
 */
import { z } from "@hono/zod-openapi";

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
