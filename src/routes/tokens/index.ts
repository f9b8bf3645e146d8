/**
 * Named API tokens (admin only): create one with a role (its secret is in that response and
 * nowhere else, ever), list them without secrets, revoke one (it answers 401 from then on).
 * Storage: src/lib/db/tokens.ts; the check on each request: src/lib/middleware/admin.ts. docs/deploying.md, "Tokens".
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const tokenRoutes = createRouter()
  .openapi(routes.create, handlers.create)
  .openapi(routes.list, handlers.list)
  .openapi(routes.revoke, handlers.revoke);
