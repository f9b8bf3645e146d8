/**
 * What a route needs of its caller, read from the app's own router: the guard it was declared with
 * (`requireAdmin`, `requireSubmitter` in ./admin.ts), or nothing (a public route). CORS (./cors.ts)
 * and rate limits (./rate-limit.ts) class a request by it, so they never drift from the guards.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { type Role, roleOf } from "./admin";

/** A route's access: open to anyone, or guarded for a role. */
export type Access = "public" | Role;

/** The access of the route answering `method` at `path`; undefined when none does. */
export type RouteAccess = (method: string, path: string) => Access | undefined;

/** Methods a route can be declared for, in the order an `Allow` header lists them. */
export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * The app's route access lookup. A route counts when it was declared for that method (middleware
 * mounted for all methods does not); HEAD is GET's route (Hono answers HEAD with the GET handler).
 */
export function routeAccess(app: OpenAPIHono<AppEnv>): RouteAccess {
  return (method, path) => {
    const wanted = method === "HEAD" ? "GET" : method;
    const [matches] = app.router.match(wanted, path);
    let found = false;
    let role: Role | undefined;
    for (const [[handler, route]] of matches) {
      if (route.method !== wanted) continue;
      found = true;
      role ??= roleOf(handler);
    }
    return found ? (role ?? "public") : undefined;
  };
}

/** The methods answering at `path` with access `access` (`Allow` order, HEAD wherever GET is). */
export function methodsWith(lookup: RouteAccess, path: string, access: Access): string[] {
  return ROUTE_METHODS.filter((m) => m !== "OPTIONS" && lookup(m, path) === access);
}
