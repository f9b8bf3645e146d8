/** The types every route handler is written with, on the app's env: an API route's typed from its contract, a page's from its path. */
import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Handler } from "hono";
import type { AppEnv } from "../lib/env";

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** An HTML page's handler: plain Hono (the pages are not in the OpenAPI document), its params read from `P`. */
export type PageHandler<P extends string> = Handler<AppEnv, P>;
