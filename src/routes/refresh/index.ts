/**
 * The scheduled refresh over HTTP (docs/refresh.md): its windows and their records for everyone; a
 * window started now for an administrator. The engine: src/core/refresh/.
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const refreshRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.show, handlers.show)
  .openapi(routes.start, handlers.start);
