/** The contracts of the named-token routes (admin only). */
import { createRoute, z } from "@hono/zod-openapi";
import { TOKEN_ROLES } from "../../lib/db/schema";
import { requireAdmin } from "../../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../../lib/middleware/body";
import { ADMIN_SECURITY, jsonBody, jsonResponse, problemResponses } from "../../lib/middleware/openapi";

const Token = z
  .object({
    id: z.string().openapi({ example: "tok_0123456789abcdef" }),
    name: z.string(),
    role: z.enum(TOKEN_ROLES),
    created_at: z.string(),
  })
  .openapi("Token", { description: "A named token, without its secret" });

const CreatedToken = Token.extend({
  token: z.string().openapi({
    description: "The secret: send it as `Authorization: Bearer <token>`. Shown in this response only; store it now",
    example: "nwt_…",
  }),
}).openapi("CreatedToken");

const TokenRequest = z
  .object({
    role: z
      .enum(TOKEN_ROLES)
      .openapi({ description: "`submitter`: may start runs, nothing else; `admin`: everything" }),
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[^\p{Cc}]*$/u, "no control characters")
      .openapi({ description: "Whose or what it is for (shown in lists and logs)", example: "ci-runner" }),
  })
  .strict()
  .openapi("TokenRequest");

const TokenId = z
  .string()
  .regex(/^tok_[0-9a-f]{16}$/, "a token id such as tok_0123456789abcdef")
  .openapi({ param: { name: "id", in: "path" }, example: "tok_0123456789abcdef" });

export const create = createRoute({
  method: "post",
  path: "/v1/tokens",
  tags: ["tokens"],
  summary: "Create a named token with a role; its secret is shown once, in this response",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin, limitBody(LIMITS.smallBody), requireJson] as const,
  request: jsonBody(TokenRequest),
  responses: {
    201: jsonResponse(CreatedToken, "Created (the secret is in `token`)"),
    ...problemResponses(400, 401, 403, 409, 413, 415),
  },
});

export const list = createRoute({
  method: "get",
  path: "/v1/tokens",
  tags: ["tokens"],
  summary: "The named tokens, oldest first, without their secrets",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  responses: { 200: jsonResponse(z.object({ tokens: z.array(Token) }), "Tokens"), ...problemResponses(401, 403) },
});

export const revoke = createRoute({
  method: "delete",
  path: "/v1/tokens/{id}",
  tags: ["tokens"],
  summary: "Revoke a named token: every request with it is a 401 from now on",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: TokenId }) },
  responses: { 200: jsonResponse(z.object({ revoked: Token }), "Revoked"), ...problemResponses(400, 401, 403, 404) },
});
