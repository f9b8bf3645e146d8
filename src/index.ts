/** Worker entry: the HTTP app, the run queue's consumer, and the Durable Objects of runs. */
import { createApp } from "./app";
// Tree-sitter and every grammar are instantiated while the isolate starts (see the file).
import "./code/preload";
import type { Env } from "./env";
import { handleRunQueue } from "./runs/consumer";
import { endWarmUp, warmUp } from "./warmup";

export { RunCoordinator } from "./runs/coordinator";
export { ModelLimiter } from "./runs/limiter";

const app = createApp();
// hono builds its route matcher on the first request (a few ms in a cold isolate): build it at start-up.
app.router.match("GET", "/");
// And the rest of the scoring and page paths, against in-memory stand-ins (see the file).
void warmUp(app);

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    endWarmUp();
    return app.fetch(request, env, ctx);
  },
  queue(batch, env) {
    endWarmUp();
    return handleRunQueue(batch, env);
  },
} satisfies ExportedHandler<Env, unknown>;
