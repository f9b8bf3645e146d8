/**
 * Evaluation runs: create (admin), watch (JSON or server-sent events), cancel, page through samples,
 * results, re-score, publish, and export in the reference's file formats.
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";
import { RunProgressSchema } from "./schemas";

export const runRoutes = createRouter()
  .openapi(routes.create, handlers.create)
  .openapi(routes.putPart, handlers.putPart)
  .openapi(routes.parts, handlers.parts)
  .openapi(routes.list, handlers.list)
  .openapi(routes.read, handlers.read)
  .openapi(routes.events, handlers.events)
  .openapi(routes.cancel, handlers.cancel)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.samples, handlers.samples)
  .openapi(routes.results, handlers.results)
  .openapi(routes.rescore, handlers.rescore)
  .openapi(routes.publish, handlers.publish)
  .openapi(routes.outputs, handlers.outputs)
  .openapi(routes.log, handlers.log)
  .openapi(routes.scores, handlers.scores);

// The events' data: named in the document, though a stream's body has no JSON schema of its own.
runRoutes.openAPIRegistry.register("RunProgress", RunProgressSchema);
