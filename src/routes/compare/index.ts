/** GET /v1/compare: a paired comparison of two runs or leaderboard entries (docs/compare.md). */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const compareRoutes = createRouter().openapi(routes.compare, handlers.compare);
