/**
 * The HTML pages, rendered on the server (not in the OpenAPI document): the site's icon, the run
 * pages, the comparison pages, the leaderboard, its model pages and a dataset's page. Mounted last in src/app.ts,
 * after the API routes. Errors here answer in HTML (errors.tsx); `/v1/*` keeps the problem+json
 * envelope.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/env";
import { pageETag } from "../../lib/middleware/page-etag";
import * as board from "./board";
import * as compare from "./compare";
import * as datasets from "./datasets";
import { pageError } from "./errors";
import { favicon } from "./favicon";
import * as runs from "./runs";

export { pageNotFound } from "./errors";

export const pageRoutes = new Hono<AppEnv>()
  .get("/favicon.ico", favicon)
  .get("/runs", pageETag, runs.runList)
  .get("/runs/:id", pageETag, runs.runDetail)
  .get("/runs/:id/samples", pageETag, runs.runSamples)
  .get("/runs/:id/samples/:unit", pageETag, runs.runSample)
  .get("/compare", compare.comparison)
  .get("/compare/task", compare.comparisonTask)
  .get("/", pageETag, board.board)
  .get("/models/:slug", pageETag, board.model)
  .get("/models/:slug/samples", pageETag, board.modelSamples)
  .get("/datasets/:id", pageETag, datasets.dataset);

pageRoutes.onError(pageError);
