/** The type every route handler is written with: typed from its route's contract, on the app's env. */
import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/env";

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
