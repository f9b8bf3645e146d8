/**
 * `GET /v1/health`: the service, scorer, parser runtime and grammar versions, and the number of
 * ready datasets. The runtime's schemas are src/lib/code/runtime-schemas.ts (a run's receipt records them too).
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const healthRoutes = createRouter().openapi(routes.health, handlers.health);
