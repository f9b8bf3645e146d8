/** The named-token handlers: the secret is in the creation's answer and nowhere else, ever (not in a log). */
import { MAX_TOKENS, createToken, listTokens, revokeToken, tokenCount } from "../../lib/db/tokens";
import { conflict, notFound } from "../../lib/errors";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const { role, name } = c.req.valid("json");
  if ((await tokenCount(c.env)) >= MAX_TOKENS)
    conflict(`This instance already has ${MAX_TOKENS} tokens, its limit: revoke some first.`);
  const { secret, ...token } = await createToken(c.env, role, name);
  // The id and name only: the secret never reaches a log.
  console.log(`[${c.get("requestId")}] token ${token.id} created (${role}, ${JSON.stringify(name)})`);
  c.header("Cache-Control", "no-store");
  return c.json({ ...token, token: secret }, 201);
};

export const list: AppRouteHandler<typeof routes.list> = async (c) => c.json({ tokens: await listTokens(c.env) }, 200);

export const revoke: AppRouteHandler<typeof routes.revoke> = async (c) => {
  const { id } = c.req.valid("param");
  const revoked = await revokeToken(c.env, id);
  if (!revoked) notFound(`No token "${id}" (never created, or already revoked).`);
  console.log(`[${c.get("requestId")}] token ${id} revoked`);
  return c.json({ revoked }, 200);
};
