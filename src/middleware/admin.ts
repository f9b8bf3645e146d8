/**
 * Admin endpoints require `Authorization: Bearer <ADMIN_TOKEN>`. No token configured means closed.
 * Both values are hashed before a constant-time comparison, so neither length nor content leaks
 * through timing.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ProblemError } from "../errors";

const encoder = new TextEncoder();

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
    throw new ProblemError("unauthorized", "Send the admin token as `Authorization: Bearer <token>`.");
  }
  await next();
});
