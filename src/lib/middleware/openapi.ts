/**
 * The kit every route definition is written with, shared by the core's routes (src/routes/) and the
 * families' own (`Family.routes`): the router factory whose validation failures answer with the
 * problem envelope, query-number parsing, the error schema, admin security, JSON bodies and
 * responses, and the dataset id and manifest schemas of the `/v1/datasets/{id}` routes.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { PROBLEMS, ProblemError } from "../errors";

/** The 400 problem for a failed validation (every router's, so every endpoint words it alike). */
export function validationProblem(error: z.ZodError): ProblemError {
  const errors = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = errors[0];
  return new ProblemError(
    "validation-error",
    first
      ? `${first.path || "body"}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`
      : "Invalid request.",
    { errors: errors.slice(0, 50) },
  );
}

/** A router whose validation failures answer with the problem envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });
}

/**
 * A validation hook for a body that is one of two request shapes (`z.union([a, b])` in the route,
 * so the OpenAPI document has both): a body failing both is reported against the shape `pick`
 * chooses for it, with that shape's own messages, not the union's.
 */
export function unionBodyHook(pick: (body: unknown) => z.ZodType) {
  // Typed without `data`, so the route's input type is inferred from its schema, not from here.
  return (result: { success: boolean }): undefined => {
    if (result.success) return undefined;
    // zod-validator hands the hook the raw input as `data` on failures too.
    const { data: raw, error } = result as unknown as { data?: unknown; error: z.ZodError };
    const again = pick(raw).safeParse(raw);
    throw validationProblem(again.success ? error : again.error);
  };
}

/**
 * Numbers in a query string are plain decimals, one rule for every endpoint (docs/api.md, "Errors"):
 * an optional '-', one or more digits, and for non-integers an optional '.' with one or more digits.
 * Refused (400): the empty string, whitespace, a leading '+', hex/octal/binary forms (`0x10`),
 * exponents (`1e3`), `Infinity`, `NaN`, a bare or trailing '.' (`.5`, `5.`). Leading zeros are
 * decimal and accepted (`007` is 7). `z.coerce.number()` would read '' as 0 and '0x10' as 16.
 */
export const QUERY_DECIMAL = /^-?\d+(?:\.\d+)?$/;
export const QUERY_INTEGER = /^-?\d+$/;

/** Parses one query value by the rule above; undefined when it does not follow it. */
export function parseQueryNumber(value: string, integer = false): number | undefined {
  if (!(integer ? QUERY_INTEGER : QUERY_DECIMAL).test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function queryNumberOf<T extends z.ZodType>(schema: T, integer: boolean) {
  return z.preprocess((value, ctx) => {
    // Absent stays absent (defaults apply); repeated parameters (arrays) fail the inner schema.
    if (typeof value !== "string") return value;
    const n = parseQueryNumber(value, integer);
    if (n === undefined) {
      ctx.addIssue({
        code: "custom",
        input: value,
        message: integer
          ? "must be a decimal integer (digits, optional leading '-')"
          : "must be a decimal number (digits, optional leading '-' and fraction)",
      });
      return z.NEVER;
    }
    return n;
  }, schema);
}

/** A query parameter read as a decimal number, then checked by `schema` (a z.number() chain). */
export const queryDecimal = <T extends z.ZodType>(schema: T) => queryNumberOf(schema, false);

/** A query parameter read as a decimal integer, then checked by `schema` (a z.number().int() chain). */
export const queryInteger = <T extends z.ZodType>(schema: T) => queryNumberOf(schema, true);

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

/**
 * Problem responses for the given statuses, in OpenAPI form; every route also lists 429 (each is
 * rate-limited: src/lib/middleware/rate-limit.ts).
 */
export function problemResponses(...statuses: number[]) {
  const out: Record<
    number,
    { description: string; content: { "application/problem+json": { schema: typeof ProblemSchema } } }
  > = {};
  for (const status of [...statuses, 429]) {
    const known = Object.values(PROBLEMS)
      .filter((p) => p.status === status)
      .map((p) => p.title);
    out[status] = {
      description: known.join("; ") || "Error",
      content: { "application/problem+json": { schema: ProblemSchema } },
    };
  }
  return out;
}

/**
 * Security requirements of guarded routes: the `token` bearer scheme with the role the route needs
 * (OpenAPI 3.1 lets a non-OAuth scheme list role names). An `admin` token may call `submitter` routes.
 */
export const ADMIN_SECURITY = [{ token: ["admin"] }];
export const SUBMITTER_SECURITY = [{ token: ["submitter"] }];

/** An integer field of a response schema (a count, a size), with its description when given. */
export const intSchema = (description?: string) =>
  description ? z.number().int().openapi({ description }) : z.number().int();

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { body: { required: true, description, content: { "application/json": { schema } } } };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A dataset id in a path (`{id}`), with an example of the caller's (a family's import routes show one of theirs). */
export const datasetIdParam = (example: string) =>
  z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9._-]{0,63}$/,
      "lower-case letters, digits, '.', '_' and '-', at most 64, starting with a letter or digit",
    )
    .openapi({ param: { name: "id", in: "path" }, example });

/** A dataset's manifest: what its import recorded, in its family's format. */
export const DatasetManifestSchema = z.record(z.string(), z.unknown()).openapi("DatasetManifest", {
  description: "What the dataset's import recorded (counts, versions, content sha256), in its family's format",
});
