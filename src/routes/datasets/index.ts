/**
 * The shared dataset endpoints: list, read (summary and manifest), change visibility and delete, whatever the family.
 * Each family's own import and task endpoints under `/v1/datasets/{id}/...` are its `Family.routes`.
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const datasetRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.get, handlers.get)
  .openapi(routes.patch, handlers.patch, handlers.patchHook)
  .openapi(routes.remove, handlers.remove);
