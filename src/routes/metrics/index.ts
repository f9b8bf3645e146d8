/**
 * The metrics on their own, for callers that score elsewhere: `POST /v1/metrics/bleu` (smoothed
 * sentence BLEU) and `POST /v1/metrics/codebleu` (CodeBLEU), each metered like a score request.
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const metricRoutes = createRouter()
  .openapi(routes.bleu, handlers.bleu)
  .openapi(routes.codeBleu, handlers.codeBleu);
