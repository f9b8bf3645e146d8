/** Shared pieces of route definitions: the router factory, the error schema, admin security. */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { PROBLEMS, ProblemError } from "../errors";

/** A router whose validation failures answer with the problem envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const errors = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
        const first = errors[0];
        throw new ProblemError(
          "validation-error",
          first ? `${first.path || "body"}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}` : "Invalid request.",
          { errors: errors.slice(0, 50) },
        );
      }
    },
  });
}

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: "urn:needlework:problem:not-found" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    request_id: z.string().nullable(),
  })
  .catchall(z.unknown())
  .openapi("Problem");

/** Problem responses for the given statuses, in OpenAPI form. */
export function problemResponses(...statuses: number[]) {
  const out: Record<number, { description: string; content: { "application/problem+json": { schema: typeof ProblemSchema } } }> = {};
  for (const status of statuses) {
    const known = Object.values(PROBLEMS).filter((p) => p.status === status).map((p) => p.title);
    out[status] = { description: known.join("; ") || "Error", content: { "application/problem+json": { schema: ProblemSchema } } };
  }
  return out;
}

export const ADMIN_SECURITY = [{ adminToken: [] }];

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { body: { required: true, description, content: { "application/json": { schema } } } };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
