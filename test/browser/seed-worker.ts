/**
 * The Worker of the positional browser test: the real app (src/index.ts, every binding and Durable
 * Object as deployed) plus one admin-only route that writes verified entries through
 * publishVerifiedRun, the only way they are ever written, since Node cannot import it (the app's
 * modules load wasm the way only workerd does). Never deployed: wrangler runs it from here.
 */
import worker from "../../src/index";
import type { Env } from "../../src/lib/env";
import { publishVerifiedRun, type VerifiedRun } from "../../src/core/leaderboard/verified";

export { ModelLimiter, RunCoordinator } from "../../src/index";

export default {
  ...worker,
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (new URL(request.url).pathname === "/__test/publish" && request.method === "POST") {
      if (!env.ADMIN_TOKEN || request.headers.get("authorization") !== `Bearer ${env.ADMIN_TOKEN}`)
        return new Response("forbidden", { status: 403 });
      return Response.json(await publishVerifiedRun(env, await request.json<VerifiedRun>()));
    }
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env, unknown>;
