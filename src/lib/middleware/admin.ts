/**
 * Who a request is, and what its route lets it do. A bearer token is either the ADMIN_TOKEN Worker
 * secret (role `admin`) or a named token an admin created (`POST /v1/tokens`, stored as its SHA-256
 * in D1: src/lib/db/tokens.ts) with role `admin` or `submitter`. A route that needs a role says so with
 * `requireAdmin` or `requireSubmitter` (an admin may do everything a submitter may); the role a
 * route needs is also read back from that middleware (`roleOf`), so CORS and rate limits
 * (src/lib/middleware/edge.ts) class routes by the same declaration that guards them.
 *
 * No ADMIN_TOKEN configured means every guarded route is closed, named tokens included (unset the
 * secret to lock an instance). The secret is compared by hashing both values before a constant-time
 * comparison, so neither length nor content leaks through timing; a named token is looked up by the
 * SHA-256 of what was sent.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { TokenRole } from "../db/schema";
import { tokenBySecret } from "../db/tokens";
import type { AppEnv, Caller } from "../env";
import { ProblemError } from "../errors";

export type Role = TokenRole;

/** The roles a route needing `role` admits. */
const ADMITS: Record<Role, readonly Role[]> = { admin: ["admin"], submitter: ["admin", "submitter"] };

const encoder = new TextEncoder();

/** The challenge of every 401 (RFC 6750 §3). */
const REALM = 'Bearer realm="needlework"';

async function digest(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(value));
}

async function resolve(c: Context<AppEnv>): Promise<Caller> {
  const header = c.req.header("authorization");
  if (!header) return "anonymous";
  // Another scheme (Basic) is no bearer token: the caller is anonymous (RFC 6750 §3.1).
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1].trim();
  if (!token) return "anonymous";
  const secret = c.env.ADMIN_TOKEN;
  if (secret) {
    const [given, wanted] = await Promise.all([digest(token), digest(secret)]);
    if (crypto.subtle.timingSafeEqual(given, wanted)) return { id: "admin", role: "admin" };
  }
  const named = await tokenBySecret(c.env, token);
  return named ? { id: named.id, role: named.role } : "invalid";
}

/** The request's caller, resolved once per request (the rate limiter and the guard both ask). */
export function callerOf(c: Context<AppEnv>): Promise<Caller> {
  let caller = c.get("caller");
  if (!caller) c.set("caller", (caller = resolve(c)));
  return caller;
}

/** The 401 for a caller that is not an identity (RFC 9110 §11.6.1: it names its scheme). */
export function unauthorized(caller: "anonymous" | "invalid"): ProblemError {
  // RFC 6750 §3.1: `invalid_token` only when a bearer token was presented; none gets the bare challenge.
  return caller === "invalid"
    ? new ProblemError(
        "unauthorized",
        "The bearer token is not a token of this instance (mistyped, or revoked).",
        {},
        {
          "WWW-Authenticate": `${REALM}, error="invalid_token", error_description="The bearer token is not a token of this instance"`,
        },
      )
    : new ProblemError(
        "unauthorized",
        "Send a token as `Authorization: Bearer <token>`.",
        {},
        { "WWW-Authenticate": REALM },
      );
}

const ROLE_OF = new WeakMap<object, Role>();

function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.env.ADMIN_TOKEN) {
      throw new ProblemError(
        "admin-disabled",
        "This instance has no ADMIN_TOKEN secret configured, so token-guarded endpoints are closed.",
      );
    }
    const caller = await callerOf(c);
    if (typeof caller === "string") throw unauthorized(caller);
    if (!ADMITS[role].includes(caller.role)) {
      // RFC 6750 §3.1: a valid token without the privileges the request needs.
      throw new ProblemError(
        "forbidden",
        `This endpoint needs a token with role ${role}; the token sent has role ${caller.role}.`,
        { required_role: role },
        {
          "WWW-Authenticate": `${REALM}, error="insufficient_scope"`,
        },
      );
    }
    await next();
  });
  ROLE_OF.set(guard, role);
  return guard;
}

/** Routes for admins only: the ADMIN_TOKEN secret or a named `admin` token. */
export const requireAdmin = requireRole("admin");

/** Routes a `submitter` token may call (starting runs), and admins too. */
export const requireSubmitter = requireRole("submitter");

/** The role a handler of a route demands, when it is one of the guards above. */
export const roleOf = (handler: unknown): Role | undefined =>
  typeof handler === "function" ? ROLE_OF.get(handler) : undefined;
