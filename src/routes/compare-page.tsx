/**
 * `GET /compare`: the comparison page (docs/compare.md, "The page"). The query is `GET /v1/compare`'s,
 * read by the same schema, and the page renders the same service's answer; a problem is the site's
 * HTML error page with the API's message.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { compare } from "../compare/service";
import { validationProblem } from "../middleware/openapi";
import { comparePage } from "../page/compare";
import { Page } from "../page/layout";
import { CompareQuerySchema } from "./compare";
import { pageError } from "./page";

export const comparePageRoutes = new Hono<AppEnv>();

comparePageRoutes.onError(pageError);

comparePageRoutes.get("/compare", async (c) => {
  const query = CompareQuerySchema.safeParse(c.req.query());
  if (!query.success) throw validationProblem(query.error);
  // Runs finish and entries are re-imported: a comparison is as fresh as its sides, like the API's answer.
  c.header("Cache-Control", "no-store");
  return c.html(<Page content={comparePage(await compare(c.env, query.data))} />, 200);
});
