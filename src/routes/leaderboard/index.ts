/**
 * The leaderboard API: one board (pass@1 per model with 95 % Wilson intervals, JSON or CSV, paged),
 * one model's breakdown, the import of published results as reported entries, and models' training
 * cutoffs (docs/leaderboard.md, docs/contamination.md). Each benchmark's board adds its own
 * parameters and fields (src/kit/leaderboard/family.ts).
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const leaderboardRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.model, handlers.model)
  .openapi(routes.importReported, handlers.importReported)
  .openapi(routes.putCutoff, handlers.putCutoff)
  .openapi(routes.deleteCutoff, handlers.deleteCutoff);
