/**
 * The comparison pages (docs/compare.md): `GET /compare` is the comparison of `a` and `b`, read by
 * `GET /v1/compare`'s schema and rendered from the same service's answer; without `b` it is the
 * picker ("compare with…" `a`, or with no side any two); `GET /compare/task` shows one task of a
 * comparison side by side. A problem is the site's HTML error page with the API's message.
 */
import type { z } from "@hono/zod-openapi";
import { candidateGroups, candidatesFor } from "../../core/compare/candidates";
import { CompareQuerySchema, CompareTaskSchema } from "../../core/compare/query";
import { compare, withScopeOptions } from "../../core/compare/service";
import { compareTask } from "../../core/compare/task";
import { comparePage } from "../../core/pages/compare";
import { compareWithPage, pickerPage } from "../../core/pages/compare-picker";
import { compareTaskPage } from "../../core/pages/compare-task";
import { Page } from "../../core/pages/layout";
import { validationProblem } from "../../lib/middleware/openapi";
import type { PageHandler } from "../types";

/** `a` alone: the picker's side A with the scope filters. */
const CompareWithSchema = CompareQuerySchema.omit({ b: true, threshold: true, page: true });

/** The query under `schema`, or the validation problem (a 400 page naming the field). */
function parsed<T extends z.ZodType>(schema: T, query: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(query);
  if (!result.success) throw validationProblem(result.error);
  return result.data;
}

export const comparison: PageHandler<"/compare"> = async (c) => {
  const query = c.req.query();
  // Runs finish and entries are re-imported: a comparison (and what can be compared) is as fresh as its sides.
  c.header("Cache-Control", "no-store");
  if (query.a === undefined && query.b === undefined)
    return c.html(<Page content={pickerPage(await candidateGroups(c.env))} section="compare" />, 200);
  if (query.b === undefined) {
    const { a, ...filters } = withScopeOptions(parsed(CompareWithSchema, query));
    return c.html(<Page content={compareWithPage(await candidatesFor(c.env, a, filters))} section="compare" />, 200);
  }
  return c.html(
    <Page
      content={comparePage(await compare(c.env, withScopeOptions(parsed(CompareQuerySchema, query))))}
      section="compare"
    />,
    200,
  );
};

export const comparisonTask: PageHandler<"/compare/task"> = async (c) => {
  const query = parsed(CompareTaskSchema, c.req.query());
  c.header("Cache-Control", "no-store");
  return c.html(
    <Page content={compareTaskPage(await compareTask(c.env, withScopeOptions(query)))} section="compare" />,
    200,
  );
};
