/** The comparison handler: the core's comparison, answered as JSON. */
import type { z } from "@hono/zod-openapi";
import { compare as compareSides, compareJson, withScopeOptions } from "../../core/compare/service";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";
import type { CompareSchema } from "./schemas";

export const compare: AppRouteHandler<typeof routes.compare> = async (c) =>
  // The scope options are fields of each side (SideSchema lists them by name).
  c.json(
    compareJson(await compareSides(c.env, withScopeOptions(c.req.valid("query")))) as z.infer<typeof CompareSchema>,
    200,
  );
