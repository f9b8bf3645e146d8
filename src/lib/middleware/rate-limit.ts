/**
 * Rate limits per client with Cloudflare's Rate Limiting binding (`[[ratelimits]]` in
 * wrangler.toml; simulated in memory by miniflare under `wrangler dev` and in tests). Four classes,
 * each its own binding and counter: public reads (GET and HEAD: the API's reads and the pages),
 * public scoring (every public POST: /v1/score, /v1/score/batch, /v1/metrics/*), routes a submitter
 * may call (starting runs) and admin routes. A route's class comes from its guard (./access.ts).
 *
 * A client is its token's id when it sends a token of this instance, else its address
 * (`CF-Connecting-IP`; an IPv6 address counts by its /64, what one subscriber is usually given).
 * Over the limit: a 429 problem with `Retry-After` and the IETF draft's `RateLimit` and
 * `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers-10). The binding only answers
 * `success`, so the policy (limit, period) the headers state is read from the `RATE_LIMITS` var,
 * which must match the bindings (a test checks wrangler.toml), and `Retry-After` is the end of the
 * current window (windows are aligned to the clock). A limiter that fails lets the request through
 * (logged): limits protect the service, they never make it answer a 5xx. docs/limits.md, "Rate limits".
 */
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, Env } from "../env";
import { ProblemError } from "../errors";
import type { Access, RouteAccess } from "./access";
import { callerOf, unauthorized } from "./admin";

/** The classes, each with the binding that counts it. */
export const RATE_LIMIT_BINDINGS = {
  read: "RATE_LIMIT_READ",
  score: "RATE_LIMIT_SCORE",
  runs: "RATE_LIMIT_RUNS",
  admin: "RATE_LIMIT_ADMIN",
} as const satisfies Record<string, keyof Env>;

export type RateLimitClass = keyof typeof RATE_LIMIT_BINDINGS;

/** One class's policy: `limit` requests per `period` seconds per client (the binding allows 10 or 60). */
export const RateLimitPolicySchema = z
  .object({ limit: z.number().int().positive(), period: z.union([z.literal(10), z.literal(60)]) })
  .strict();
export const RateLimitPoliciesSchema = z
  .object({
    read: RateLimitPolicySchema,
    score: RateLimitPolicySchema,
    runs: RateLimitPolicySchema,
    admin: RateLimitPolicySchema,
  })
  .strict();
export type RateLimitPolicies = z.infer<typeof RateLimitPoliciesSchema>;

/** The class a request falls in, from its route's access and its method. */
export function rateLimitClass(access: Access, method: string): RateLimitClass {
  if (access === "admin") return "admin";
  if (access === "submitter") return "runs";
  return method === "GET" || method === "HEAD" ? "read" : "score";
}

const parsed = new WeakMap<object, RateLimitPolicies | undefined>();

/** The `RATE_LIMITS` var, checked once per value; undefined (and logged) when it is missing or wrong. */
function policies(env: Env): RateLimitPolicies | undefined {
  const value = env.RATE_LIMITS;
  if (typeof value !== "object" || value === null) return undefined;
  if (!parsed.has(value)) {
    const result = RateLimitPoliciesSchema.safeParse(value);
    if (!result.success)
      console.error(
        "RATE_LIMITS var does not match its schema; 429s carry no RateLimit-Policy",
        z.prettifyError(result.error),
      );
    parsed.set(value, result.success ? result.data : undefined);
  }
  return parsed.get(value);
}

/**
 * The client part of a rate-limit key: an IPv4 address as is, an IPv6 address's first 64 bits
 * (`2001:db8:1:2::/64`), `unknown` without the header (only outside Cloudflare: tests, local use).
 */
export function clientNetwork(address: string | undefined): string {
  const ip = address?.trim().toLowerCase();
  if (!ip) return "unknown";
  if (!ip.includes(":") || ip.includes(".")) return ip;
  const [head, tail] = ip.split("::", 2);
  const groups = (s: string | undefined) => (s ? s.split(":") : []);
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill("0"), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Seconds until the current window of `period` seconds ends: 1 to `period`. */
export const secondsToWindowEnd = (period: number, now = Date.now()) => period - (Math.floor(now / 1000) % period);

/** The limit no class may have above: Retry-After when the policy is unknown. */
const LONGEST_PERIOD = 60;

export function rateLimit(lookup: RouteAccess) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "OPTIONS") return next();
    const access = lookup(c.req.method, c.req.path) ?? "public";
    const cls = rateLimitClass(access, c.req.method);
    const caller = await callerOf(c);
    const binding = c.env[RATE_LIMIT_BINDINGS[cls]];
    if (binding) {
      const key =
        typeof caller === "object" ? `token:${caller.id}` : `ip:${clientNetwork(c.req.header("cf-connecting-ip"))}`;
      const policy = policies(c.env)?.[cls];
      let allowed = true;
      try {
        allowed = (await binding.limit({ key })).success;
      } catch (err) {
        console.error(
          `[${c.get("requestId") ?? "-"}] rate limiter ${RATE_LIMIT_BINDINGS[cls]} failed; request let through`,
          err,
        );
      }
      const policyField = policy ? `"${cls}";q=${policy.limit};w=${policy.period}` : undefined;
      if (policyField) c.res.headers.set("RateLimit-Policy", policyField);
      if (!allowed) {
        const retryAfter = secondsToWindowEnd(policy?.period ?? LONGEST_PERIOD);
        throw new ProblemError(
          "too-many-requests",
          `Too many ${cls} requests from this client${policy ? ` (the limit is ${policy.limit} per ${policy.period} s)` : ""}; retry after ${retryAfter} s.`,
          { limit_class: cls, retry_after: retryAfter, ...(policy ?? {}) },
          { "Retry-After": String(retryAfter), RateLimit: `"${cls}";r=0;t=${retryAfter}` },
        );
      }
    }
    // A public route does not need a token, but one that is not this instance's is refused, not ignored.
    if (caller === "invalid" && access === "public") throw unauthorized(caller);
    await next();
  });
}
