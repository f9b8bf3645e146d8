/**
 * A dataset's page (`GET /datasets/:id`): what GET /v1/datasets/{id} answers, rendered on the server
 * from the same reads (the dataset's row and the refresh window that built it).
 */
import { DATASET_ID } from "../../core/leaderboard/queries";
import { datasetPage } from "../../core/pages/dataset";
import { Page } from "../../core/pages/layout";
import { datasetRefreshRecord } from "../../core/refresh/views";
import { getDataset } from "../../lib/datasets/store";
import { notFound } from "../../lib/errors";
import type { PageHandler } from "../types";

/** Like the board: a minute in browsers and caches; the page's ETag is a hash of its HTML. */
const CACHE_CONTROL = "public, max-age=60";

export const dataset: PageHandler<"/datasets/:id"> = async (c) => {
  const id = c.req.param("id");
  const row = DATASET_ID.test(id) ? await getDataset(c.env, id) : undefined;
  if (!row) notFound(`No dataset "${id}" (GET /v1/datasets lists them).`);
  const refresh = await datasetRefreshRecord(c.env, id);
  c.header("Cache-Control", CACHE_CONTROL);
  return c.html(<Page content={datasetPage({ row, refresh })} section="leaderboards" />, 200);
};
