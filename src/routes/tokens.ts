/**
 * Named API tokens (admin only): create one with a role (its secret is in that response and
 * nowhere else, ever), list them without secrets, revoke one (it answers 401 from then on).
 * Storage: src/lib/db/tokens.ts; the check on each request: src/lib/middleware/admin.ts. docs/deploying.md, "Tokens".
 */
import { createRoute, z } from "@hono/zod-openapi";
import { TOKEN_ROLES } from "../lib/db/schema";
import { MAX_TOKENS, createToken, listTokens, revokeToken, tokenCount } from "../lib/db/tokens";
import { conflict, notFound } from "../lib/errors";
import { requireAdmin } from "../lib/middleware/admin";
import { LIMITS, limitBody, requireJson } from "../lib/middleware/body";
import { ADMIN_SECURITY, createRouter, jsonBody, jsonResponse, problemResponses } from "../lib/middleware/openapi";

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

const create = createRoute({
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

const list = createRoute({
  method: "get",
  path: "/v1/tokens",
  tags: ["tokens"],
  summary: "The named tokens, oldest first, without their secrets",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  responses: { 200: jsonResponse(z.object({ tokens: z.array(Token) }), "Tokens"), ...problemResponses(401, 403) },
});

const revoke = createRoute({
  method: "delete",
  path: "/v1/tokens/{id}",
  tags: ["tokens"],
  summary: "Revoke a named token: every request with it is a 401 from now on",
  security: ADMIN_SECURITY,
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: TokenId }) },
  responses: { 200: jsonResponse(z.object({ revoked: Token }), "Revoked"), ...problemResponses(400, 401, 403, 404) },
});

export const tokenRoutes = createRouter()
  .openapi(create, async (c) => {
    const { role, name } = c.req.valid("json");
    if ((await tokenCount(c.env)) >= MAX_TOKENS)
      conflict(`This instance already has ${MAX_TOKENS} tokens, its limit: revoke some first.`);
    const { secret, ...token } = await createToken(c.env, role, name);
    // The id and name only: the secret never reaches a log.
    console.log(`[${c.get("requestId")}] token ${token.id} created (${role}, ${JSON.stringify(name)})`);
    c.header("Cache-Control", "no-store");
    return c.json({ ...token, token: secret }, 201);
  })
  .openapi(list, async (c) => c.json({ tokens: await listTokens(c.env) }, 200))
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid("param");
    const revoked = await revokeToken(c.env, id);
    if (!revoked) notFound(`No token "${id}" (never created, or already revoked).`);
    console.log(`[${c.get("requestId")}] token ${id} revoked`);
    return c.json({ revoked }, 200);
  });
