/**
 * Admin endpoints require `Authorization: Bearer <ADMIN_TOKEN>`. No token configured means closed.
 * Both values are hashed before a constant-time comparison, so neither length nor content leaks
 * through timing.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ProblemError } from "../errors";

const encoder = new TextEncoder();

/** The challenge of every 401 (RFC 6750 §3). */
const REALM = 'Bearer realm="needlework"';

async function digest(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(value));
}

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  if (!expected) {
    throw new ProblemError("admin-disabled", "This instance has no ADMIN_TOKEN secret configured, so admin endpoints are closed.");
  }
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const [given, wanted] = await Promise.all([digest(match?.[1].trim() ?? ""), digest(expected)]);
  if (!match || !crypto.subtle.timingSafeEqual(given, wanted)) {
    // RFC 9110 §11.6.1: a 401 names its scheme. RFC 6750 §3.1: `invalid_token` only when a bearer
    // token was presented; a request without one gets the bare challenge.
    const challenge = match ? `${REALM}, error="invalid_token", error_description="The bearer token is not this instance's admin token"` : REALM;
    throw new ProblemError("unauthorized", match ? "The bearer token is not this instance's admin token." : "Send the admin token as `Authorization: Bearer <token>`.", {}, { "WWW-Authenticate": challenge });
  }
  await next();
});
